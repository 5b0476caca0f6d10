"""Secrets are declared once, by the engine (mcn.engine.secrets): a new secret kind is one
declaration, and every view masks it — the projection's moves and events, ``replay --as`` text
and JSON, ``redact``, the lines of an error — with no other module touched (R-HID-1).

The test-only kind: the colour of a letter bought from the supply, secret to its buyer. (The
rules make it public, I-HID-4; this pretends an edition did not, to show the mechanism.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.engine import new_game, secret_readers, secrets
from mcn.engine.actions import Action, BuyLetter, Sell
from mcn.engine.events import Event, LetterMoved
from mcn.engine.serial import view
from mcn.notation import parse
from mcn.notation.errors import NotationError
from mcn.notation.writer import write
from mcn.replay import replay_game
from mcn.views.projection import Projection, path_to
from mcn.views.redact import redact_game
from mcn.views.seen_errors import seen_notation_error
from tests.replay.games import EXAMPLES

RECORD = EXAMPLES / "game-4p.mcn"
#: Green's purchase in round 4 ("4. G: visit 4; decline; letter green") and Yellow's.
GREEN = "4. G: visit 4; decline; letter green"
YELLOW = "4. Y: letter green; donate 2>I"


def _bought(event: Event, action: Action | None) -> bool:
    return isinstance(action, BuyLetter)


def _text(event: Event, masked: str) -> str:
    return "a letter is bought from the supply"


@pytest.fixture
def bought_letters() -> Iterator[None]:
    undo = [
        secrets.declare(secrets.ActionSecret("bought-letter", BuyLetter, secrets.ARGUMENT)),
        secrets.declare(
            secrets.EventSecret(
                "bought-letter", LetterMoved, "colour", secrets.ARGUMENT, holds=_bought, text=_text
            )
        ),
    ]
    yield
    for take_back in undo:
        take_back()


def _steps(text: str) -> tuple[Projection, Projection, list[int]]:
    replay = replay_game(parse(text).games[0])
    main = replay.main
    assert main is not None and main.error is None
    path = path_to(main, len(main.steps) - 1)
    bought = [i for i, s in enumerate(path) if isinstance(s.action, BuyLetter)]
    assert bought
    return Projection(path, "B"), Projection(path, "G"), bought


def _events(seen: Sequence[dict[str, object]]) -> list[dict[str, object]]:
    return [e for e in seen if e["kind"] == "letter"]


def test_a_declared_kind_is_masked_in_the_projection(bought_letters: None) -> None:
    # R-HID-1: the declaration alone makes the purchase the buyer's secret
    text = RECORD.read_text(encoding="utf-8")
    blue, green, bought = _steps(text)
    for index in bought:
        seen = blue.move(index)
        assert seen.tokens == ("letter", "?") and seen.hidden
        for event in _events(seen.events):
            assert event["colour"] == "?" and event["text"] == "a letter is bought from the supply"
        own = green.move(index)
        if own.actor == "G":  # the buyer reads his own purchase
            assert own.tokens == ("letter", "green") and not own.hidden
            assert all(e["colour"] == "green" for e in _events(own.events))
        else:
            assert own.tokens == ("letter", "?")
    assert any(green.move(i).actor == "G" for i in bought)


def test_a_declared_kind_is_masked_in_every_command(bought_letters: None) -> None:
    # R-HID-1: replay --as (text, events, JSON), redact and export --as all read the declaration
    runner = CliRunner()
    path = str(RECORD)
    events = runner.invoke(cli, ["replay", path, "--events", "--as", "B"]).output
    assert "G: letter ?" in events and "Y: letter ?" in events
    assert "letter green" not in events
    data = json.loads(
        runner.invoke(cli, ["replay", path, "--events", "--as", "B", "--format", "json"]).output
    )
    actions = {entry["action"] for entry in data["log"] if entry["actor"] in "GY"}
    assert "letter ?" in actions and "letter green" not in actions
    redacted = runner.invoke(cli, ["redact", path, "--as", "B"]).output
    assert "G: visit 4; decline; letter ?" in redacted and "Y: letter ?; donate 2>?" in redacted
    own = runner.invoke(cli, ["redact", path, "--as", "G"]).output
    assert GREEN in own and "Y: letter ?; donate 2>?" in own
    exported = runner.invoke(cli, ["export", path, "--as", "B"]).output
    assert '"letter",\n        "?"' in exported and '"letter",\n        "green"' not in exported


def test_a_declared_kind_is_masked_in_an_unreadable_line(bought_letters: None) -> None:
    # R-HID-1: a line that could not be read is masked by its text, by the declared verbs
    error = NotationError("expected ';'", name="x.mcn", line=1, column=1, source_line=YELLOW)
    assert "letter ?" in seen_notation_error(error)


def test_without_the_declaration_the_purchase_is_public() -> None:
    # I-HID-4: the letter bought from the supply is public, as the rules say
    blue, _, bought = _steps(RECORD.read_text(encoding="utf-8"))
    assert all(blue.move(i).tokens == ("letter", "green") for i in bought)
    redacted = write(redact_game(parse(RECORD.read_text(encoding="utf-8")).games[0], "B")[0])
    assert YELLOW.replace("2>I", "2>?") in redacted


def _position(viewer: str) -> dict[str, object]:
    """The state after the last move of the example, as ``viewer`` sees it (its JSON)."""
    final = replay_game(parse(RECORD.read_text(encoding="utf-8")).games[0]).final
    assert final is not None
    return view(final, viewer)


def _seats(data: dict[str, object]) -> dict[str, dict[str, dict[str, object]]]:
    seats = data["seats"]
    assert isinstance(seats, dict)
    return seats


def test_a_declared_part_of_the_state_is_masked_in_every_view_of_a_state() -> None:
    # R-HID-1, I-HID-5: which parts of the state a view masks is the declaration's
    # ``held_in`` (a test-only kind: sales make the purse behind the screen secret)
    public = _seats(_position("B"))
    assert all("value" in seat["money"] for seat in public.values())  # I-HID-5: public
    undo = secrets.declare(secrets.ActionSecret("purse", Sell, secrets.ARGUMENT, held_in="money"))
    try:
        assert "money" in secret_readers.secret_parts()
        seats = _seats(_position("B"))
        for colour, seat in seats.items():
            if colour == "B":
                assert seat["money"] == public["B"]["money"]
            else:
                assert seat["money"] == {"secret": colour, "masked": True}
            assert seat["goods"] == public[colour]["goods"]  # no other part changes
    finally:
        undo()
    assert _seats(_position("B")) == public


def test_a_part_no_declaration_holds_is_shown_in_every_view() -> None:
    # R-BID-2, I-HID-5: without the bid's declaration, pending bids are no longer masked:
    # the state views hold no mask of their own
    state = new_game(("R", "B"))
    while not state.simultaneous():
        state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions("R")[-1])
    assert view(state, "B")["bids"]["R"] == {"secret": "R", "masked": True}
    bid = next(s for s in secrets.ACTION_SECRETS if s.name == "bid")
    secrets.ACTION_SECRETS.remove(bid)
    try:
        assert secrets.BIDS not in secret_readers.secret_parts()
        assert "value" in view(state, "B")["bids"]["R"]
    finally:
        secrets.ACTION_SECRETS.insert(0, bid)
    assert view(state, "B")["bids"]["R"] == {"secret": "R", "masked": True}
