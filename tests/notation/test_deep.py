"""Size and depth: 10,000-deep variations and a 100,000-move game, without recursion."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator

import pytest

from mcn.notation import (
    SKIP,
    Item,
    Move,
    Visitor,
    iter_games,
    parse,
    record_from_json,
    record_to_json,
    walk,
    write,
)
from tests.notation.helpers import HEADERS

DEPTH = 10_000


@pytest.fixture
def low_recursion_limit() -> Iterator[None]:
    """Make any recursion over the record's depth fail loudly (the default limit is 1000)."""
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(400)
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


class _Depth(Visitor):
    def __init__(self) -> None:
        self.depth = self.deepest = self.moves = 0

    def visit_move(self, move: Move, item: Item, index: int) -> None:
        self.moves += 1

    def visit_variation_start(self, move: Move, index: int) -> None:
        self.depth += 1
        self.deepest = max(self.deepest, self.depth)

    def visit_variation_end(self, move: Move, index: int) -> None:
        self.depth -= 1


def _nested(depth: int) -> str:
    return HEADERS + "R: pass " + "(B: pass {deeper} " * depth + ")" * depth + "\nG: pass\n"


def test_ten_thousand_nested_variations(low_recursion_limit: None) -> None:
    text = _nested(DEPTH)
    record = parse(text)
    counter = _Depth()
    walk(record, counter)
    assert (counter.deepest, counter.moves) == (DEPTH, DEPTH + 2)
    canonical = write(record)
    again = parse(canonical)
    assert again == record and hash(again.games[0].body[0]) == hash(record.games[0].body[0])
    assert write(again) == canonical
    exported = record_to_json(record)
    assert len(exported["games"][0]["variations"]) == DEPTH
    # The schema validator takes a millisecond per element: validate a shallower one.
    assert record_from_json(json.loads(json.dumps(exported)), validate=False) == record
    shallow = parse(_nested(500))
    assert record_from_json(json.loads(json.dumps(record_to_json(shallow)))) == shallow
    assert "variations=1" in repr(record.games[0].body[0])
    changed = parse(_nested(DEPTH).replace("{deeper} )", "{deepest} )", 1))
    assert changed != record


def test_skip_cuts_deep_walks_short(low_recursion_limit: None) -> None:
    class Shallow(_Depth):
        def visit_variation_start(self, move: Move, index: int) -> object:
            super().visit_variation_start(move, index)
            return SKIP if self.depth >= 3 else None

    counter = Shallow()
    walk(parse(_nested(DEPTH)), counter)
    assert (counter.deepest, counter.depth, counter.moves) == (3, 0, 4)


def _long_game(moves: int) -> str:
    lines = [HEADERS, "setup\nsouls: Y G B R\n"]
    count = 1
    number = 0
    while count < moves:
        number += 1
        lines.append(f"round {number}\nmarket: bread wine cloth\nR: bid 3+5  B: bid 4+7\n")
        lines.append("R: choose sinner; visit 1; do\n")
        count += 6
        for turn in range(1, 9):
            lines.append(f"{turn}. B: buy wine; sell bread\n")
            count += 2
    text = "".join(lines)
    return text


def test_a_hundred_thousand_moves(low_recursion_limit: None) -> None:
    text = _long_game(100_000)
    (game,) = parse(text).games
    moves = sum(1 for _ in game.moves())
    assert moves >= 100_000
    counter = _Depth()
    walk(game, counter)
    assert counter.moves == moves
    canonical = write(game)
    assert parse(canonical).games == (game,)
    (streamed,) = iter_games(io.StringIO(text))
    assert streamed == game
    last = game.body[-1]
    assert last.span is not None and last.span.line == text.count("\n")
