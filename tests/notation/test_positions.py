"""Moves and items keep their position as a plain tuple (``where``) and show it as a
:class:`~mcn.notation.model.Span` (``span``): the cyclic collector stops tracking a plain tuple of
numbers once it has seen it, where it would track a named tuple for as long as it lives
(docs/performance-history.md, "Spans the collector does not track"). Both readings, the fast
path and the grammar's, store them so."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from mcn.notation import parse
from mcn.notation.model import Item, Move, Span, as_span
from mcn.notation.reference import parse_reference

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

PLAIN = """[Event "positions"]
[Site "?"]
[Date "????.??.??"]
[Red "a"]
[Blue "b"]
[Rules "de-2016"]
[Board "standard"]
[Variant "standard"]
[Result "*"]

round 1
market: wine cloth
R: bid 5+2  B: bid 5+4
3. R: visit 4; B: guess 2; room 1
"""


def _items(text: str, *, reference: bool) -> list[Item]:
    record = parse_reference(text) if reference else parse(text)
    return [element for game in record.games for element in game.body if isinstance(element, Item)]


@pytest.mark.parametrize("reference", [False, True], ids=["fast path", "grammar"])
def test_positions_are_plain_tuples_the_collector_lets_go(reference: bool) -> None:
    items = _items(PLAIN, reference=reference)
    gc.collect()  # a plain tuple of numbers is untracked at the first collection it survives
    positions = [item.where for item in items] + [m.where for i in items for m in i.moves]
    assert len(positions) == 4 + 6
    for where in positions:
        assert type(where) is tuple and len(where) == 4
        assert not gc.is_tracked(where)


@pytest.mark.parametrize("reference", [False, True], ids=["fast path", "grammar"])
def test_span_shows_the_stored_position(reference: bool) -> None:
    items = _items(PLAIN, reference=reference)
    market, red, blue, visit = items
    assert market.span == Span(12, 1, 12, 19) and market.moves[0].span == Span(12, 1, 12, 19)
    # a move's span runs from its head (``R:``) when it has one, an item's from its label
    assert red.span == red.moves[0].span == Span(13, 1, 13, 11)
    assert blue.span == blue.moves[0].span == Span(13, 13, 13, 23)
    assert visit.label == 3 and visit.span == Span(14, 1, 14, 34)
    assert [m.span for m in visit.moves] == [
        Span(14, 4, 14, 14),
        Span(14, 16, 14, 26),
        Span(14, 28, 14, 34),
    ]
    assert [str(m.span) for m in visit.moves] == ["14:4", "14:16", "14:28"]
    for item in items:
        assert type(item.span) is Span and item.span == item.where
        for move in item.moves:
            assert type(move.span) is Span and move.span == move.where


def test_a_span_given_is_kept_and_none_stays_none() -> None:
    given = Span(2, 3, 2, 9)
    move = Move("R", ("pass",), where=given)
    assert move.span is given and Item((move,), 1, given).span is given
    assert Move("R", ("pass",)).span is None and Item((Move("R", ("pass",)),)).span is None
    assert as_span((1, 2, 3, 4)) == Span(1, 2, 3, 4) and as_span(None) is None


@pytest.mark.parametrize("name", ["annotated-4p.mcn", "game-4p.mcn"])
def test_both_readings_agree_on_every_position(name: str) -> None:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    fast, grammar = parse(text), parse_reference(text)
    pairs = zip(fast.games, grammar.games, strict=True)
    for one, other in pairs:
        for a, b in zip(one.body, other.body, strict=True):
            if isinstance(a, Item):
                assert isinstance(b, Item) and a.where == b.where and a.span == b.span
                assert [m.where for m in a.moves] == [m.where for m in b.moves]
