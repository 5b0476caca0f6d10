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
#: The broken copy: at 3.3.2 Green buys two jewel greedily, but the market has none (R-BUY-3).
ERROR = "3.3.2: A greedy purchase needs two jewel in the market; it has 0. [R-BUY-3]"


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    text = GAME_4P.read_text(encoding="utf-8")
    line = "3. G: donate 5>I; greedy wine; free indulgence>green"
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
    assert "first divergence at 3.3.2" in out and "A: G: greedy wine" in out
    assert "stopped before 3.3.2" in err and ERROR in err
    assert "greedy jewel" in err  # the source line with its caret, as validate prints it


def test_tree_draws_up_to_the_decision_before_the_error(broken: Path, tmp_path: Path) -> None:
    out = tmp_path / "tree.dot"
    code, _out, err = _run("tree", str(broken), "-o", str(out))
    assert code == 1 and ERROR in err
    dot = out.read_text(encoding="utf-8")
    assert "3.3.1 G: donate 5&gt;I" in dot or "3.3.1 G: donate 5>I" in dot
    assert "3.3.3" not in dot and "4.prep" not in dot


def test_replay_to_the_failing_address_shows_the_state_before_and_the_refused_move(
    broken: Path,
) -> None:
    code, out, err = _run("replay", str(broken), "--to", "3.3.2")
    assert code == 1
    assert "after 3.3.1 (G: donate 5>I)" in out.splitlines()[0]
    assert "REFUSED AT 3.3.2\nG: greedy jewel\n" in out and "[R-BUY-3]" in out
    assert ERROR in err
    code, out, _err = _run("replay", str(broken), "--to", "3.3.2", "--format", "json")
    data = json.loads(out)
    assert data["address"] == "3.3.1"
    assert data["refused"] == {
        "address": "3.3.2",
        "move": "G: greedy jewel",
        "reason": "A greedy purchase needs two jewel in the market; it has 0.",
        "rule": "R-BUY-3",
    }


def test_position_and_legal_work_up_to_the_error(broken: Path) -> None:
    code, out, err = _run("position", str(broken), "--at", "3.3.2")
    assert code == 1 and out.startswith("mcnpos/1 ") and " 3.3.2 " in out
    assert "stopped before 3.3.2" in err and ERROR in err
    code, out, err = _run("legal", str(broken), "--at", "3.3.2", "--try", "G: greedy jewel")
    assert code == 1 and "is not legal" in out and "[R-BUY-3]" in out
    # past the error: the state where replay stopped, and a note that says so (issue 28)
    code, out, err = _run("position", str(broken), "--at", "4.1.1")
    assert code == 1 and out.startswith("mcnpos/1 ") and " 3.3.2 " in out
    assert "replay stopped at 3.3.2 (an error), before 4.1.1" in err and ERROR in err
    code, out, err = _run("legal", str(broken), "--at", "5")
    assert code == 1 and out.startswith("3.3.2: ") and "replay stopped at 3.3.2" in err


def test_events_over_a_range_name_their_causes() -> None:
    # R-ACT-5: the Merchant's free stone; R-BUY-3: greedy purchase
    code, out, _err = _run("replay", str(GAME_4P), "--from", "3.3", "--to", "3.3", "--events")
    assert code == 0
    log = out[out.index("EVENTS") :]
    assert "3.2.2" not in log and "3.4.1" not in log
    assert "3.3.1  G: donate 5>I" in log
    assert "Green takes 1 green from the supply (Merchant's privilege, R-ACT-5)" in log
    assert "Green places 1 sin stone in greed (greedy purchase, R-BUY-3)" in log
    code, out, _err = _run(
        "replay", str(GAME_4P), "--from", "3.3.2", "--to", "3.3.3", "--format", "json"
    )
    assert [s["address"] for s in json.loads(out)["log"]] == ["3.3.2", "3.3.3"]
    assert _run("replay", str(GAME_4P), "--from", "5", "--to", "3")[0] == 2
