"""The library at python-chess's level (issue 28): headers by tag, typed exports and
exceptions, file names in diagnostics, records built from a bot's actions, and the item rule
(an item's end carries no meaning: a bot's one-item-per-decision record is valid)."""

from __future__ import annotations

import pickle
import random
import typing
from pathlib import Path

import pytest

import mcn
from mcn.engine import ActionSyntaxError

ROOT = Path(__file__).resolve().parents[2]
GAME_4P = ROOT / "examples" / "game-4p.mcn"


def _random_actions(players: tuple[str, ...], seed: int) -> list[mcn.Action]:
    rng = random.Random(seed)
    state = mcn.new_game(players)
    actions = []
    while not state.is_terminal():
        if state.current_players() == (mcn.CHANCE,):
            action = state.sample_chance(rng)
        else:
            action = rng.choice(mcn.legal_actions(state))
        state.apply(action)
        actions.append(action)
    return actions


def test_headers_read_like_a_read_only_mapping() -> None:
    game = next(mcn.read_games(GAME_4P))
    assert game.headers["Result"] == "Y" == game.header("Result")
    assert "Red" in game.headers and "Purple" not in game.headers
    assert game.headers.get("Annotator") is None and game.headers.get("X", "-") == "-"
    assert dict(game.headers.items())["Event"] == "Thursday club night"
    assert game.headers.keys()[:3] == ["Event", "Site", "Date"]
    assert isinstance(game.headers[0], mcn.Header) and game.headers[0].span is not None
    with pytest.raises(KeyError):
        game.headers["Nope"]
    with pytest.raises(TypeError):
        game.headers["Result"] = "R"  # type: ignore[index]
    assert pickle.loads(pickle.dumps(game)).headers["Result"] == "Y"


def test_model_types_and_exceptions_are_exported_and_typed() -> None:
    for name in ("Line", "Move", "Header", "Headers", "Item", "File", "Step"):
        assert isinstance(getattr(mcn, name), type), name
    for name in (
        "NotationError",
        "ReplayError",
        "IllegalAction",
        "AddressError",
        "ActionSyntaxError",
        "PositionError",
        "RecordFormatError",
    ):
        assert issubclass(getattr(mcn, name), Exception), name
    hints = typing.get_type_hints(mcn.ReplayError.__init__)
    assert "Diagnostic" in str(hints["diagnostic"]) and "GameState" in str(hints["state"])
    assert mcn.ActionSyntaxError is ActionSyntaxError


def test_diagnostics_of_a_file_read_name_the_file(tmp_path: Path) -> None:
    # R-BUY-1: round 3's market has no jewel
    text = GAME_4P.read_text(encoding="utf-8").replace("2. B: donate 1>I 1>II", "2. B: buy jewel")
    path = tmp_path / "broken.mcn"
    path.write_text(text, encoding="utf-8")
    game = next(mcn.read_games(path))
    assert game.source == str(path)
    replayed = mcn.replay_game(game)
    assert replayed.diagnostics[-1].text().startswith(f"{path}:63:4: error: 3.2.1:")
    with pytest.raises(mcn.ReplayError, match=str(path)):
        mcn.state_after(game, "end")
    lenient = next(mcn.read_games_lenient(path))
    assert lenient.game is not None and lenient.game.source == str(path)


def test_a_record_from_a_bots_actions_is_valid_and_canonical() -> None:
    actions = _random_actions(("R", "B", "G"), 4)
    headers = {"Event": "Bots", "Site": "lab", "Date": "2026.11.26", "Red": "a", "Blue": "b"}
    headers["Green"] = "c"
    game = mcn.record_from_actions(actions, headers=headers)
    replayed = mcn.replay_game(game)
    assert replayed.valid and replayed.final is not None and replayed.final.is_terminal()
    assert game.headers["Result"] != "*"
    text = mcn.write_record(game)
    assert mcn.write_record(mcn.read_text(text)[0]) == text  # canonical: a fixed point
    # text moves are accepted too, and a refused one changes nothing
    writer = mcn.RecordWriter(players=("R", "B"))
    rng = random.Random(1)
    for _ in range(30):
        writer.apply(rng.choice(writer.state.legal_texts()))
    before = writer.text()
    with pytest.raises((mcn.IllegalAction, ActionSyntaxError)):
        writer.apply("R: juggle")
    assert writer.text() == before and writer.game().headers["Result"] == "*"


def test_one_item_per_decision_is_a_valid_record() -> None:
    # an item's end carries no meaning (docs/notation.md, "Items and moves")
    for seed in range(6):
        players = ("R", "B", "G", "Y")[: 2 + seed % 3]
        actions = _random_actions(players, seed)
        game = mcn.record_from_actions(actions, players=players, headers={"Event": "e"})
        # what a bot logs: every action it applied, one item each (turn ends included)
        lines = [
            f"{'*' if step.actor == mcn.CHANCE else step.actor}: {step.action.text}"
            for step in mcn.decisions(game)
        ]
        head = "\n".join(f'[{h.tag} "{h.value}"]' for h in game.headers)
        bot = mcn.read_text(head + "\n\n" + "\n".join(lines) + "\n")[0]
        replayed = mcn.replay_game(bot)
        assert replayed.valid, [d.text() for d in replayed.diagnostics][:3]
        assert (
            replayed.final is not None
            and replayed.final.to_json() == mcn.replay_game(game).final.to_json()
        )  # type: ignore[union-attr]
