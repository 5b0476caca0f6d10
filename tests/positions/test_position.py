"""Positions (docs/notation.md, "Positions"): the text, its JSON twin, the invariants named by
field, and records that start from a position and replay to the same end as the whole record."""

from __future__ import annotations

import copy
from functools import cache

import pytest

from mcn.engine import GameState, new_game
from mcn.notation import parse, write
from mcn.notation.model import Game, Header
from mcn.position import (
    PositionError,
    format_position,
    parse_position,
    state_from_position,
    state_from_text,
)
from mcn.position.checks import problems, schema_problems
from mcn.records.transcript import Decision, implicit_decisions, transcribe
from mcn.replay import replay_game, state_digest
from mcn.views.positions import position_of, position_text
from mcn.views.projection import memory_of
from tests.positions.game import decisions, game, replayed


@cache
def _judged() -> tuple[list[bool], GameState]:
    """Which decisions a record leaves implicit (judged forward only, so a record from any
    decision on leaves out the same ones), and the final state."""
    main = replayed().main
    assert main is not None
    return implicit_decisions([Decision(s.address, s.action) for s in main.steps], main.start)


def _record_from(state: GameState, index: int) -> Game:
    """The record that starts at the position of ``state`` and plays the rest of the game."""
    steps = replayed().main.steps[index:]  # type: ignore[union-attr]
    implicit, final = _judged()
    history = [(s.address, s.action) for s in steps]
    body, _ = transcribe(history, state, judged=(implicit[index:], final))
    headers = (*tuple(game().headers), Header("Position", position_text(state)))
    return Game(headers, body)


def test_every_decision_of_the_example_round_trips_through_a_record_from_its_position() -> None:
    """Acceptance: position at any address -> record from there -> the same final digest."""
    final = replayed().final
    assert final is not None
    digest = state_digest(final)
    checked = 0
    for index, (step, before) in enumerate(decisions()):
        text = position_text(before)
        back = state_from_text(text)
        assert back.to_json() == before.to_json(), step.address
        assert format_position(parse_position(text)) == text
        result = replay_game(_record_from(back, index))
        errors = [d.text() for d in result.diagnostics if d.severity == "error"]
        assert errors == [], (step.address, errors)
        assert result.final is not None
        assert state_digest(result.final) == digest, step.address
        assert result.final.to_json() == final.to_json(), step.address
        checked += 1
    assert checked == len(replayed().main.steps) > 200  # type: ignore[union-attr]


def test_a_record_from_a_position_survives_writing_and_reading() -> None:
    _step, before = decisions()[120]
    record = _record_from(before, 120)
    text = write(record)
    again = parse(text).games[0]
    assert again.header("Position") == position_text(before)
    result = replay_game(again)
    assert result.valid, [d.text() for d in result.diagnostics]
    assert state_digest(result.final) == state_digest(replayed().final)  # type: ignore[arg-type]


def test_the_text_starts_with_its_version_tag_and_has_34_fields() -> None:
    text = position_text(new_game())
    assert text.startswith("mcnpos/1 RBGY de-2016 standard standard - setup.1 0 setup ")
    assert len(text.split(" ")) == 34
    assert text.endswith(" setup_done/souls")


def test_the_json_twin_matches_its_schema_and_the_text() -> None:
    for _step, before in decisions()[::20]:
        twin = position_of(before)
        assert schema_problems(twin) == []
        assert parse_position(format_position(twin)) == twin


def test_a_viewers_position_masks_what_he_cannot_see_r_hid_1() -> None:
    # R-HID-1: compartments and bids are secret; I-HID-5: money and goods behind a screen are
    # not (every change was public), letters are known by what the viewer remembers
    steps = [s for s, _ in decisions()]
    index, before = next((i, b) for i, (s, b) in enumerate(decisions()) if s.address == "3.3.2")
    full = position_of(before)
    alone = position_of(before, "B")  # the state alone: no memory of where letters came from
    blue = position_of(before, "B", memory_of(steps[:index], before, "B"))
    assert blue["seats"]["B"] == full["seats"]["B"]
    for colour in "RGY":
        seat, known = blue["seats"][colour], full["seats"][colour]
        assert (seat["money"], seat["goods"]) == (known["money"], known["goods"])
        # I-HID-5: without the history the colours are unknown, but not how many letters
        count = sum(known["letters"])
        unknown = {"known": [0] * 4, "unknown": count}
        assert alone["seats"][colour]["letters"] == (unknown if count else [0] * 4)
        assert seat["letters"] == known["letters"]  # every letter came from the open supply
        assert seat["chest"] == ("?" if any(known["shown"]) else [0] * 5)
        assert seat["shown"] == known["shown"]  # donations were public
    assert problems(blue) == []
    with pytest.raises(PositionError) as caught:
        state_from_position(blue)
    assert caught.value.field == "seats.R.chest"


def test_a_pending_bid_is_masked_for_the_others() -> None:
    _step, before = next((s, b) for s, b in decisions() if s.address == "3.bid.B")
    full = position_of(before)
    bidder = next(c for c, bid in full["bids"].items() if bid is not None)
    other = next(c for c in full["players"] if c != bidder)
    assert position_of(before, other)["bids"][bidder] == "?"
    assert position_of(before, bidder)["bids"][bidder] == full["bids"][bidder]


def _broken(mutate: object) -> PositionError:
    _step, before = decisions()[160]  # 4.2.1: an action turn, three steps on the stack
    twin = copy.deepcopy(position_of(before))
    mutate(twin)  # type: ignore[operator]
    with pytest.raises(PositionError) as caught:
        state_from_text(format_position(twin))
    return caught.value


@pytest.mark.parametrize(
    ("mutate", "field", "words"),
    [
        # R-SUP-1: goods are conserved
        (lambda p: p["bag"].__setitem__(0, p["bag"][0] + 1), "bag", "bread stones"),
        # R-SUP-2: letters are conserved
        (lambda p: p["supply"].__setitem__(2, p["supply"][2] - 1), "supply", "red letters"),
        # R-SUP-5: 4 crews, 24 cards, 3 Pope stones
        (lambda p: p.__setitem__("hut", p["hut"] + 1), "hut", "crews"),
        (lambda p: p["pile"].__setitem__("take-7", 3), "pile", "take-7"),
        (lambda p: p["pope_stones"].__setitem__(0, 3), "pope_stones", "Pope stones"),
        (lambda p: p["seats"]["R"].__setitem__("post", 7), "seats.R.post", "maximum"),
        (lambda p: p.__setitem__("finished", 3), "finished", "levels"),
        (lambda p: p.__setitem__("phase", "bid"), "phase", "action phase"),
        (lambda p: p["stack"].append(["turn"]), "stack", "not a decision"),
        (lambda p: p["stack"][-1].append(9), "stack.2", "arguments"),
    ],
)
def test_a_broken_position_is_rejected_naming_the_field(
    mutate: object, field: str, words: str
) -> None:
    error = _broken(mutate)
    assert error.field == field, error
    assert words in str(error)


def test_one_conservation_error_names_the_field_and_the_rule() -> None:
    # R-SUP-1: acceptance — one conservation error, the field named
    error = _broken(lambda p: p["market"].__setitem__(1, p["market"][1] + 1))
    assert error.field == "bag"
    assert "wine stones in play" in error.message and "R-SUP-1" in error.message


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("mcnpos/2 RBGY", "version"),
        ("fen RBGY", "version"),
        ("mcnpos/1 RBGY de-2016", "board"),
    ],
)
def test_a_position_text_that_cannot_be_read_names_the_field(text: str, field: str) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert caught.value.field == field


def test_a_syntax_error_in_a_field_gives_its_column() -> None:
    text = position_text(new_game())
    fields = text.split(" ")
    fields[19] = "4.x.2"  # the bag
    with pytest.raises(PositionError) as caught:
        parse_position(" ".join(fields))
    assert caught.value.field == "bag"
    assert caught.value.column == len(" ".join(fields[:19])) + 3


def test_a_broken_position_header_is_a_header_error_naming_the_field() -> None:
    _step, before = decisions()[40]
    twin = position_of(before)
    twin["supply"][0] += 1
    headers = (*tuple(game().headers), Header("Position", format_position(twin)))
    result = replay_game(Game(headers, ()))
    (error,) = [d for d in result.diagnostics if d.severity == "error"]
    assert error.code == "header"
    assert "[Position] is broken: field 'supply'" in error.message
    assert error.span is None or error.span.line > 0


def test_the_headers_must_agree_with_the_position() -> None:
    _step, before = decisions()[40]
    headers = [h for h in game().headers if h.tag != "Rules"]
    headers += [Header("Rules", "de-2016x"), Header("Position", position_text(before))]
    result = replay_game(Game(tuple(headers), ()))
    assert not result.valid
    assert "[Rules] say 'de-2016x'" in result.diagnostics[0].message


def test_a_position_at_the_end_is_over() -> None:
    final = replayed().final
    assert final is not None
    back = state_from_text(position_text(final))
    assert back.is_terminal() and back.winners() == final.winners()


def test_every_step_the_engine_knows_has_a_shape_and_is_in_the_schema() -> None:
    from mcn.engine.decision import AUTO, DECISIONS
    from mcn.engine.serial import compiled
    from mcn.position.checks import STEP_ARGS

    steps = set(DECISIONS) | set(AUTO)
    assert set(STEP_ARGS) == steps
    schema = compiled("position").schema
    assert set(schema["properties"]["stack"]["items"]["prefixItems"][0]["enum"]) == steps


def test_redacting_a_record_from_a_position_masks_the_position_r_hid_1() -> None:
    """The [Position] header holds every secret: a redacted record carries the viewer's
    position instead (I-HID-4: what the viewer saw, '?' for the rest)."""
    from mcn.views.redact import redact_game

    main = replayed().main
    assert main is not None
    index = 40  # some decisions into the game: money and letters behind the screens
    full = main.steps[index - 1].state
    assert full is not None
    record = _record_from(full, index)
    redacted, _ = redact_game(record, "R")
    seen = redacted.header("Position")
    assert seen is not None and seen != record.header("Position")
    assert seen == position_text(full, "R")
    assert "?" in seen
