"""Redaction: a record as one player saw it.

* the redacted record parses, validates (notes at most) and ends with the recorded result;
* the viewer's own moves are unchanged, other players' secrets are ``?``;
* changing a secret of another player in the full record never changes the viewer's
  redacted record before the rules reveal that secret (the next ``<chest …>`` reveal for a
  compartment, the ``<letters …>`` reveal at the end for a letter's colour).
"""

from __future__ import annotations

import random

import pytest

from mcn.engine import COLOURS
from mcn.engine.actions import Action, Bonus, BuyLetter, Donate, FreeStone, Give
from mcn.engine.events import Donated, Event, LetterMoved
from mcn.notation import parse, write
from mcn.notation.model import Game, Item, Move
from mcn.replay import replay_game
from mcn.views.projection import EVERYTHING, action_tokens, event_json
from mcn.views.redact import redact_game
from tests.replay.games import EXAMPLES, record

SEEDS = range(12)


def _redacted_text(game: Game, viewer: str | None) -> tuple[str, bool]:
    redacted, replay = redact_game(game, viewer)
    return write(redacted), replay.valid


@pytest.mark.parametrize("players", [2, 3, 4])
def test_redacted_records_validate(players: int) -> None:
    for seed in SEEDS[:4]:
        game = record(players, seed)
        for viewer in (*COLOURS[:players], None):
            text, valid = _redacted_text(game, viewer)
            assert valid
            redacted = parse(text).games[0]
            replay = replay_game(redacted)
            errors = [d.text() for d in replay.diagnostics if d.severity == "error"]
            assert not errors, (seed, viewer, errors)
            assert redacted.header("Redacted") == (viewer or "spectator")
            assert redacted.header("Result") == game.header("Result")
            assert "<chest I " in text and "<letters " in text
            hidden_moves = [m for m in redacted.moves() if "?" in m.text]
            assert all(m.actor != viewer for m in hidden_moves)
            # the viewer's own moves are all there, unchanged and in order (a redaction may
            # write out forced moves the full record left implicit)
            shown = iter(m.text for m in redacted.moves() if m.actor == viewer)
            assert all(
                any(text == other for other in shown)
                for text in (m.text for m in game.moves() if m.actor == viewer)
            )


def _secrets(game: Game, viewer: str) -> list[tuple[int, tuple[str, ...]]]:
    """Written moves of other players that hide something, with another value for it."""
    replay = replay_game(game)
    assert replay.main is not None
    out = []
    position = {id(move): index for index, move in enumerate(game.moves())}
    for step in replay.main.steps:
        action, move = step.action, step.move
        if move is None or action.actor == viewer:
            continue
        tokens = move.tokens
        if isinstance(action, Donate) or (isinstance(action, Bonus) and ">" in action.text):
            last = tokens[-1]
            item, _, compartment = last.partition(">")
            flipped = f"{item}>{'II' if compartment == 'I' else 'I'}"
            out.append((position[id(move)], (*tokens[:-1], flipped)))
    return out  # letters from the supply are public (I-HID-4): tests/secrets covers the rest


def _with_move(game: Game, target: int, tokens: tuple[str, ...]) -> Game:
    body, count = [], 0
    for element in game.body:
        if isinstance(element, Item):
            moves = []
            for move in element.moves:
                if count == target:
                    move = Move(move.actor, tokens)
                moves.append(move)
                count += 1
            element = Item(tuple(moves), element.label)
        body.append(element)
    return Game(game.headers, tuple(body))


def _until_reveal(text: str, start_line: int, reveal: str) -> str:
    """``text`` before the reveal: up to the item (one line) that the first ``reveal``
    checkpoint at or after ``start_line`` follows — the evaluation began in that item."""
    lines = text.splitlines()
    for number in range(start_line, len(lines)):
        if lines[number].startswith(reveal):
            return "\n".join(lines[: max(number - 1, start_line)])
    return text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_another_players_secret_does_not_show_before_its_reveal(players: int) -> None:
    # I-HID-2: compartments are revealed at their evaluation, letters when they are scored
    tested = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        game = record(players, seed)
        viewer = rng.choice(COLOURS[:players])
        options = _secrets(game, viewer)
        target, tokens = rng.choice(options)
        changed = _with_move(game, target, tokens)
        original, _ = _redacted_text(game, viewer)
        other, _ = _redacted_text(changed, viewer)
        line = _line_of_move(original, target, game)
        reveal = "<letters" if tokens[0] in ("letter", "free") else "<chest"
        before = _until_reveal(original, line, reveal)
        assert _until_reveal(other, line, reveal)[: len(before)] == before, (seed, viewer, tokens)
        tested += 1
    assert tested == len(SEEDS)


def _line_of_move(redacted_text: str, target: int, game: Game) -> int:
    """The 0-based line of the redacted record holding the ``target``-th move of ``game``
    (the same actor and verb, counted in order)."""
    move = list(game.moves())[target]
    same = [
        m
        for m in list(game.moves())[:target]
        if m.actor == move.actor and m.tokens[0] == move.tokens[0]
    ]
    redacted = parse(redacted_text).games[0]
    found = [m for m in redacted.moves() if m.actor == move.actor and m.tokens[0] == move.tokens[0]]
    span = found[len(same)].span
    assert span is not None
    return span.line - 1


def action_text(action: Action, viewer: str | None, events: list[Event]) -> str:
    return " ".join(action_tokens(action, viewer, events))


def test_what_a_viewer_may_see_of_actions_and_events() -> None:
    # I-HID-4: a letter taken from the supply is public (bought, swapped, picked); only the
    # Emperor's gift passes from hand to hand in secret
    donate = Donate("B", (("jewel", "I"), ("5", "II")))
    assert action_text(donate, "B", []) == "donate jewel>I 5>II"
    assert action_text(donate, "R", []) == "donate jewel>? 5>?"
    assert action_text(donate, None, []) == "donate jewel>? 5>?"
    assert action_text(donate, EVERYTHING, []) == "donate jewel>I 5>II"
    assert action_text(BuyLetter("G", "red"), "R", []) == "letter red"
    assert action_text(FreeStone("G", "indulgence", "green"), "R", []) == "free indulgence>green"
    assert action_text(FreeStone("G", "wine"), "R", []) == "free wine"
    bought = LetterMoved("R-BUY-2", "G", "red", 1, "the supply")
    assert event_json(bought, "R")["colour"] == "red"
    assert event_json(bought, None)["colour"] == "red"
    assert event_json(bought, "G")["colour"] == "red"
    picked = LetterMoved("R-EVA-2", "G", "red", 1, "the evaluation display")
    assert event_json(picked, "R")["colour"] == "red"
    gift = Give("R", "blue")
    given = [LetterMoved("R-HOP-3", "G", "blue", 1, "Red")]
    assert action_text(gift, "B", given) == "give ?"
    assert action_text(gift, "G", given) == action_text(gift, "R", given) == "give blue"
    assert event_json(given[0], "B", gift)["colour"] == "?"
    assert event_json(given[0], "G", gift)["colour"] == "blue"
    pope_yellow = LetterMoved("R-HOP-3", "G", "yellow", 1, "Red")  # the pope-yellow card
    assert event_json(pope_yellow, "B", None)["colour"] == "yellow"
    donated = Donated("R-DON-1", "B", "jewel", "II")
    assert event_json(donated, "R")["compartment"] == "?"
    assert event_json(donated, "B")["compartment"] == "II"


def test_annotations_are_dropped_or_redacted_too() -> None:
    annotated = parse((EXAMPLES / "annotated-4p.mcn").read_text(encoding="utf-8")).games[0]
    plain, _ = redact_game(annotated, "G")
    # comments by someone who saw everything go; the viewer's own are his (R-HID-1)
    assert not any(m.variations for m in plain.moves() if m.actor != "G")
    assert not any(m.before or m.after for m in plain.moves() if m.actor != "G")
    assert any(m.after for m in plain.moves() if m.actor == "G")
    # the viewer's own variations are his too (the same rule as mcn html --as)
    for viewer in ("R", "B"):
        own, _ = redact_game(annotated, viewer)
        written = [m for m in annotated.moves() if m.actor == viewer and m.variations]
        assert written, viewer
        assert [len(m.variations) for m in own.moves() if m.variations] == [
            len(m.variations) for m in written
        ]
        assert all(m.actor == viewer for m in own.moves() if m.variations)
        again = replay_game(parse(write(own)).games[0])
        assert not [d for d in again.diagnostics if d.severity == "error"], viewer
    kept, _ = redact_game(annotated, "G", keep_annotations=True)
    text = write(kept)
    assert "(" in text and "{" in text
    inside = [
        move
        for item_move in kept.moves()
        for variation in item_move.variations
        for element in variation
        if isinstance(element, Item)
        for move in element.moves
    ]
    donations = [m for m in inside if m.tokens[0] == "donate" and m.actor != "G"]
    assert donations and all(t.endswith(">?") for m in donations for t in m.tokens[1:])
    replay = replay_game(parse(text).games[0])
    assert not [d for d in replay.diagnostics if d.severity == "error"]
