"""Broken logs all the way (issue 28): the range asked for, the refused move in diff's text and
JSON, the state where replay stopped at and after the failing decision, and an address for
every decision that can fail, a refused bid included, in the CLI and the library alike."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

import mcn
from mcn.cli import cli
from tests.positions.game import GAME_4P

ROOT = Path(__file__).resolve().parents[2]
BID_ROW = "Y: bid 1+0  R: bid 1+0  B: bid 6+3  G: bid 2+1"
LETTER = "2. B: donate 1>I 1>II"


def _copy(tmp: Path, old: str, new: str, name: str) -> Path:
    text = GAME_4P.read_text(encoding="utf-8")
    assert old in text
    path = tmp / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def bad_bid(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # R-BID-1: a bid shows 1 to 6 notches; Red's 9 in round 3 is refused
    tmp = tmp_path_factory.mktemp("broken")
    return _copy(tmp, BID_ROW, BID_ROW.replace("R: bid 1+0", "R: bid 9+0"), "bid.mcn")


@pytest.fixture(scope="module")
def bad_buy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # R-BUY-1: the market of round 3 has no jewel
    tmp = tmp_path_factory.mktemp("broken")
    return _copy(tmp, LETTER, "2. B: buy jewel; buy jewel", "buy.mcn")


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_replay_lists_exactly_the_range_on_a_broken_record(bad_buy: Path) -> None:
    code, out, _ = _run("replay", str(bad_buy), "--from", "3.1", "--to", "3.2.1", "--events")
    assert code == 1
    log = out[out.index("EVENTS") :]
    assert "3.1.1  R: visit 6" in log and "setup.1" not in log and "2.1.1" not in log
    assert "REFUSED AT 3.2.1\nB: buy jewel\n" in out and "[R-BUY-1]" in out
    code, out, _ = _run(
        "replay", str(bad_buy), "--from", "3.1", "--to", "3.2.1", "--format", "json"
    )
    data = json.loads(out)
    assert [entry["address"] for entry in data["log"]] == ["3.1.1", "3.1.2", "3.1.3"]
    assert data["refused"]["rule"] == "R-BUY-1"


def test_replay_past_the_error_says_where_it_stopped(bad_buy: Path) -> None:
    code, out, err = _run("replay", str(bad_buy), "--to", "4")
    assert code == 1
    assert "replay stopped at 3.2.1 (an error), before reaching 4" in err
    assert "the record ends at" not in out + err
    assert "REFUSED AT 3.2.1" in out


def test_diff_shows_the_refused_move_with_reason_and_rule(bad_buy: Path) -> None:
    code, out, _ = _run("diff", str(GAME_4P), str(bad_buy))
    assert code == 1
    assert "  B: B: buy jewel (refused: The market has no jewel. [R-BUY-1])" in out
    assert "(record ends)" not in out
    code, out, _ = _run("diff", str(GAME_4P), str(bad_buy), "--format", "json")
    data = json.loads(out)
    schema = json.loads((ROOT / "schemas" / "diff.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema)
    assert data["refused"] == {
        "a": None,
        "b": {
            "address": "3.2.1",
            "move": "B: buy jewel",
            "reason": "The market has no jewel.",
            "rule": "R-BUY-1",
        },
    }
    assert data["divergence"]["address"] == "3.2.1" and data["divergence"]["b"] is None


def test_a_refused_bid_has_an_address_everywhere(bad_bid: Path) -> None:
    # R-BID-1: Red's refused bid is 3.bid.R for legal, position, replay and the library
    code, out, err = _run("legal", str(bad_bid), "--at", "3.bid.R")
    assert code == 1 and "R: bid 6+0" in out and "stopped before 3.bid.R" in err
    code, out, _ = _run("legal", str(bad_bid), "--at", "3.bid.R", "--try", "R: bid 9+0")
    assert code == 1 and "is not legal" in out and "[R-BID-1]" in out
    code, out, _ = _run("position", str(bad_bid), "--at", "3.bid.R")
    assert code == 1 and out.split()[6].startswith("3.bid")
    for target in ("3.bid.R", "3.bid"):
        code, out, _ = _run("replay", str(bad_bid), "--to", target)
        assert code == 1 and "REFUSED AT 3.bid.R\nR: bid 9+0\n" in out, target
    game = next(mcn.read_games(bad_bid))
    before = mcn.state_before(game, "3.bid.R")
    assert "R" in before.current_players()
    with pytest.raises(mcn.ReplayError) as caught:
        mcn.state_after(game, "3.bid.R")
    error = caught.value
    assert error.diagnostic is not None and error.diagnostic.address == "3.bid.R"
    assert error.diagnostic.rule == "R-BID-1"
    assert error.state is not None and error.state.to_json() == before.to_json()
    with pytest.raises(mcn.ReplayError):
        mcn.state_before(game, "4.1.1")


def test_position_and_legal_after_the_error_show_where_replay_stopped(bad_buy: Path) -> None:
    code, out, err = _run("position", str(bad_buy), "--at", "3.5.1")
    assert code == 1 and out.startswith("mcnpos/1 ") and " 3.2.1 " in out
    assert "replay stopped at 3.2.1 (an error), before 3.5.1" in err
    code, out, err = _run("legal", str(bad_buy), "--at", "4")
    assert code == 1 and out.startswith("3.2.1: ") and "B: donate 1>I 1>II" in out
