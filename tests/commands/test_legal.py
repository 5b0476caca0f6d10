"""``mcn legal``: the engine's legal actions at every decision, described; chance counted;
``--try`` with the engine's reason and rule ID; ``--as`` hides other players' options."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from mcn.cli import cli
from mcn.commands import replayed as replayed_module
from mcn.engine import new_game
from mcn.engine.serial import compiled
from mcn.views.legal import legal_at, try_move
from mcn.views.positions import position_text
from tests.positions.game import GAME_4P, decisions, replayed

RUNNER = CliRunner()


def _run(*args: str) -> Any:
    return RUNNER.invoke(cli, list(args), catch_exceptions=False)


def test_legal_at_every_decision_lists_exactly_the_engines_actions(replayed_once: None) -> None:
    """Acceptance: `mcn legal --format json` at every address of examples/game-4p.mcn."""
    seen = set()
    for step, before in decisions():
        result = _run("legal", str(GAME_4P), "--at", step.address, "--format", "json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["address"] == before.decision.address
        assert data["decision"] == before.decision.kind
        assert data["actors"] == list(before.current_players())
        if data["chance"] is not None:
            assert data["actions"] == []
            if data["decision"] != "rooms":  # tens of thousands: counted by the tree's test
                assert data["chance"]["outcomes"] == len(before.legal_actions())
            continue
        listed = [a["action"] for a in data["actions"]]
        engine = [f"{a.actor}: {a.text}" for a in before.legal_actions()]
        assert listed == engine, step.address
        assert all(a["description"] for a in data["actions"])
        seen.add(data["decision"])
    assert {"bonus", "bid", "choose", "action", "guess", "pick"} <= seen


def test_the_text_listing_describes_each_action(replayed_once: None) -> None:
    result = _run("legal", str(GAME_4P), "--at", "6.3.2")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "6.3.2: Red as the Merchant: second action (or end) of turn 3"
    assert "decides: Red" in lines
    buy = next(line for line in lines if line.strip().startswith("R: buy wine"))
    assert "Red pays 3 taler" in buy


def test_a_chance_decision_is_counted_not_listed(replayed_once: None) -> None:
    result = _run("legal", str(GAME_4P), "--at", "3.prep.2", "--format", "json")
    data = json.loads(result.output)
    assert data["decision"] == "rooms" and data["actions"] == []
    assert data["chance"]["outcomes"] > 10_000 and data["chance"]["draws"] == 4
    _step, before = next((s, b) for s, b in decisions() if s.address == "3.prep.2")
    assert sum(data["chance"]["from"].values()) == sum(before.pile.values())


def test_try_gives_the_engines_reason_and_rule(replayed_once: None) -> None:
    # R-ACT-1: turn order — it is Red's turn, not Blue's
    result = _run("legal", str(GAME_4P), "--at", "6.3.1", "--try", "B: letter red")
    assert result.exit_code == 1
    assert "is not legal: It is Red's decision" in result.output
    assert result.output.rstrip().endswith("[R-ACT-1]")
    legal = _run("legal", str(GAME_4P), "--at", "6.3.2", "--try", "letter red")
    assert legal.exit_code == 0 and "R: letter red is legal" in legal.output


def test_try_a_letter_without_money_r_buy_2() -> None:
    # R-BUY-2: a letter costs 4
    _step, before = next((s, b) for s, b in decisions() if s.address == "6.3.2")
    poor = before.clone()
    poor.money["R"] = 3
    verdict = try_move(poor, "R: letter red")
    assert not verdict.legal and verdict.rule == "R-BUY-2"


def test_as_a_player_other_players_options_are_hidden(replayed_once: None) -> None:
    # R-HID-1: what another player may do depends on his secrets
    result = _run("legal", str(GAME_4P), "--at", "6.3.2", "--as", "B", "--format", "json")
    data = json.loads(result.output)
    assert data["actions"] == [] and data["hidden"] == ["R"]
    own = _run("legal", str(GAME_4P), "--at", "6.3.2", "--as", "R", "--format", "json")
    assert len(json.loads(own.output)["actions"]) == 20


def test_legal_from_a_position_string() -> None:
    _step, before = next((s, b) for s, b in decisions() if s.address == "3.3.2")
    result = _run("legal", position_text(before), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [a["action"] for a in data["actions"]] == [
        f"{a.actor}: {a.text}" for a in before.legal_actions()
    ]


def test_legal_at_the_start_is_the_soul_order() -> None:
    legal = legal_at(new_game())
    assert legal.chance is not None and legal.chance.count == 24  # R-SET-1: 4! orders


def test_replayed_helper_reports_no_stops_for_a_sound_record() -> None:
    assert replayed_module.stops_of(replayed()) == []


def test_the_json_report_matches_its_schema(replayed_once: None) -> None:
    validator = compiled("legal")
    for address in ("setup.1", "3.prep.2", "3.bid.B", "3.3.2", "end"):
        for viewer in ([], ["--as", "R"]):
            result = _run("legal", str(GAME_4P), "--at", address, "--format", "json", *viewer)
            validator.validate(json.loads(result.output))
