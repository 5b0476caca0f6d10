"""The plain-line fast path agrees with the LALR parser, or declines.

``mcn.notation.fastpath.parse_plain`` must return exactly what the grammar and builder return
— equal records *and* equal spans, raw texts and labels — whenever it returns anything, and
must decline (None) every text the parser rejects. Checked on random records, the bundled
examples, hand-picked layouts at the edge of "plain", and hypothesis-mutated records.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from mcn.notation.fastpath import parse_plain
from mcn.notation.grammar import shared
from mcn.notation.model import Item
from tests.fuzz.mutators import mutate
from tests.fuzz.seeds import ROOT, seeds


def _described(elements: list[Any]) -> list[tuple[Any, ...]]:
    """Everything about top-level elements, layout included (equality ignores spans)."""
    out: list[tuple[Any, ...]] = []
    for element in elements:
        out.append((type(element).__name__, element, element.span, getattr(element, "raw", None)))
        if isinstance(element, Item):
            out.append(("label", element.label))
            out.extend((move, move.span, move.raw, move.actor) for move in element.moves)
    return out


def _lalr(text: str, line_base: int) -> list[Any] | None:
    parser, builder = shared()
    builder.line_base = line_base
    try:
        elements: list[Any] = parser.parse(text)  # type: ignore[assignment]
    except UnexpectedInput:
        return None
    return elements


def check_agrees(text: str, line_base: int = 0) -> bool:
    """Assert the fast path agrees with the parser on ``text``; whether it took ``text``."""
    plain = parse_plain(text, line_base)
    if plain is None:
        return False
    reference = _lalr(text, line_base)
    assert reference is not None, "the fast path accepted a text the parser rejects"
    assert _described(plain) == _described(reference)
    return True


def test_random_records_take_the_fast_path() -> None:
    for name, record in seeds():
        if name.startswith("random"):
            assert check_agrees(record.decode(), line_base=0), name
            assert check_agrees(record.decode(), line_base=41), name


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "examples").rglob("*.mcn")),
    ids=lambda path: path.name,
)
def test_examples_agree_or_decline(path: Path) -> None:
    check_agrees(path.read_bytes().decode("utf-8", "replace"))


HEADERS = '[Event "x"]\n[Site "?"]\n[Date "?"]\n[Red "a"]\n[Blue "b"]\n'


@pytest.mark.parametrize(
    ("body", "plain"),
    [
        ("setup\nsouls: Y B\nR: bonus blue\n", True),
        ("SETUP\r\n\tsouls:   Y  B \r\nr: BONUS blue\r\n", True),
        ("  round 1\n market: bread wine\n", True),
        ("round 1\n1. R: buy wine; sell bread\n2. B: pass\n", True),
        ("round 1\n1. R: buy wine\n; sell bread\n  ; B: pick red\n", True),
        ("round 1\n1.R:buy wine;B:pick red;do\n", True),
        ("round 1\nR: bid 1+2  B: bid ?+?\n*: souls Y B\n", True),
        ("round 1\n1. R: buy\nwine\n", False),
        ("round\n1\n", False),
        ("round 1\n1. R: buy wine {good}\n", False),
        ("round 1\n1. R: buy wine!\n", False),
        ("round 1\n1. R: buy wine (1. R: pass)\n", False),
        ("round 1\n<souls R 3>\n", False),
        ("round 1\n; sell bread\n", False),
        ("round 1\n1. R: 3 wine\n", False),
        ("round 1\n1. R: buy wine;\n", False),
        ("round 1\n1. R: setup\n", False),
        ("round 1\n1. R: buy wine\u00a0\n", False),
        ("round 1\n12.R:buy wine;sell bread\n  7. B: pass ; visit 2;G:do\n", True),
        ("round 1\n007. R: pass\n7. R: pass\n", True),
        ('round 1\n1. R: pass [Event "a;b"] [Site "c"]\n', True),
        ("round 1\n1.2. R: pass\n", False),
        ("round 1\n1234567890. R: pass\n", False),
        ("round 1\n1. setup\n", False),
        ("round 1\nR: pass; round 2\n", False),
    ],
)
def test_edges_of_plain(body: str, plain: bool) -> None:
    assert check_agrees(HEADERS + body, line_base=3) is plain


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(index=st.integers(min_value=0), rng=st.randoms(use_true_random=False))
def test_mutated_records_agree_or_decline(index: int, rng: random.Random) -> None:
    name, record = seeds()[index % len(seeds())]
    data, applied = mutate(record, rng)
    note(f"{name}, {applied}")
    check_agrees(data.decode("utf-8", "replace"), line_base=index % 5)


def test_fast_path_objects_are_plain_model_objects() -> None:
    """Moves and items built as drafts are ordinary frozen model objects."""
    import dataclasses
    import pickle

    from mcn.notation.model import Move, Span

    elements = parse_plain(HEADERS + "round 1\n1. R: buy wine; sell bread\n")
    assert elements is not None
    item = elements[-1]
    assert type(item) is Item and item.label == 1 and item.span == Span(7, 1, 7, 27)
    move = item.moves[1]
    assert type(move) is Move and move.tokens == ("sell", "bread") and move.actor == "R"
    assert type(move.span) is Span and str(move.span) == "7:17"
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.actor = "B"  # type: ignore[misc]
    assert dataclasses.replace(move, raw="x") == move
    assert pickle.loads(pickle.dumps(item)) == item and hash(move) == hash(item.moves[1])
