"""Broken logs still show what they can: replay, diff, tree, position and legal work up to the
decision before the error, say where they stopped and why, and exit 1 (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from tests.positions.game import GAME_4P

RUNNER = CliRunner()
#: The broken copy: at 4.11.1 Yellow buys two jewel greedily, but the market has one (R-BUY-3).
ERROR = "4.11.1: A greedy purchase needs two jewel in the market; it has 1. [R-BUY-3]"


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    text = GAME_4P.read_text(encoding="utf-8")
    line = "11. Y: greedy wine; sell cloth"
    assert line in text
    path = tmp_path_factory.mktemp("broken") / "broken.mcn"
    path.write_text(text.replace(line, line.replace("greedy wine", "greedy jewel")), "utf-8")
    return path


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_diff_shows_the_first_difference_and_the_error(broken: Path) -> None:
    # R-BUY-3: the refused greedy purchase is where the copy stops
    code, out, err = _run("diff", str(GAME_4P), str(broken))
    assert code == 1
    assert "first divergence at 4.11.1" in out and "A: Y: greedy wine" in out
    assert "stopped before 4.11.1" in err and ERROR in err
    assert "greedy jewel" in err  # the source line with its caret, as validate prints it


def test_tree_draws_up_to_the_decision_before_the_error(broken: Path, tmp_path: Path) -> None:
    out = tmp_path / "tree.dot"
    code, _out, err = _run("tree", str(broken), "-o", str(out))
    assert code == 1 and ERROR in err
    dot = out.read_text(encoding="utf-8")
    assert "4.9.1 R: visit 5" in dot and "4.10.1 B: pass" in dot
    assert "4.11.2" not in dot and "5.prep" not in dot


def test_replay_to_the_failing_address_shows_the_state_before_and_the_refused_move(
    broken: Path,
) -> None:
    code, out, err = _run("replay", str(broken), "--to", "4.11.1")
    assert code == 1
    assert "after 4.10.1 (B: pass (implicit))" in out.splitlines()[0]
    assert "REFUSED AT 4.11.1\nY: greedy jewel\n" in out and "[R-BUY-3]" in out
    assert ERROR in err
    code, out, _err = _run("replay", str(broken), "--to", "4.11.1", "--format", "json")
    data = json.loads(out)
    assert data["address"] == "4.10.1"
    assert data["refused"] == {
        "address": "4.11.1",
        "move": "Y: greedy jewel",
        "reason": "A greedy purchase needs two jewel in the market; it has 1.",
        "rule": "R-BUY-3",
    }


def test_position_and_legal_work_up_to_the_error(broken: Path) -> None:
    code, out, err = _run("position", str(broken), "--at", "4.11.1")
    assert code == 1 and out.startswith("mcnpos/1 ") and " 4.11.1 " in out
    assert "stopped before 4.11.1" in err and ERROR in err
    code, out, err = _run("legal", str(broken), "--at", "4.11.1", "--try", "Y: greedy jewel")
    assert code == 1 and "is not legal" in out and "[R-BUY-3]" in out
    # past the error: the state where replay stopped, and a note that says so (issue 28)
    code, out, err = _run("position", str(broken), "--at", "5.1.1")
    assert code == 1 and out.startswith("mcnpos/1 ") and " 4.11.1 " in out
    assert "replay stopped at 4.11.1 (an error), before 5.1.1" in err and ERROR in err
    code, out, err = _run("legal", str(broken), "--at", "6")
    assert code == 1 and out.startswith("4.11.1: ") and "replay stopped at 4.11.1" in err


def test_events_over_a_range_name_their_causes() -> None:
    # R-ACT-5: the Merchant's free stone; R-BUY-3: greedy purchase
    code, out, _err = _run("replay", str(GAME_4P), "--from", "2.3", "--to", "2.3", "--events")
    assert code == 0
    log = out[out.index("EVENTS") :]
    assert "2.2.1" not in log and "2.4.1" not in log
    assert "2.3.1  G: buy jewel" in log
    assert "Green takes 1 green from the supply (Merchant's privilege, R-ACT-5)" in log
    code, out, _err = _run("replay", str(GAME_4P), "--from", "4.11", "--to", "4.11", "--events")
    assert "Yellow places 1 sin stone in greed (greedy purchase, R-BUY-3)" in out
    code, out, _err = _run(
        "replay", str(GAME_4P), "--from", "2.3.2", "--to", "2.3.3", "--format", "json"
    )
    assert [s["address"] for s in json.loads(out)["log"]] == ["2.3.2", "2.3.3"]
    assert _run("replay", str(GAME_4P), "--from", "5", "--to", "3")[0] == 2
