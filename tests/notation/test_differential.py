"""The fast readers equal the reference reading: the grammar alone, read by Lark.

``grammar/mcn.lark`` defines MCN. :func:`mcn.notation.parse` and friends read most texts
without Lark (the plain-line fast path, :mod:`mcn.notation.fastpath`, which folds a move's
tokens into one match), and ``check_syntax`` reads them without building a record. Here each
of them is compared with :mod:`mcn.notation.reference` — the same pipeline with Lark and the
grammar alone — on the bundled examples (valid and invalid), engine-played records, the fuzz
corpus and its regressions, mutated records and random token soups: the same records with
every span, raw text and label for a valid text, the same errors (message, line, column, game,
source line) for an invalid one, strict and lenient.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcn.notation import File, Item, NotationError, check_syntax, parse, parse_lenient
from mcn.notation.fastpath import parse_plain
from mcn.notation.parser import reference_elements
from mcn.notation.reference import parse_lenient_reference, parse_reference
from tests.fuzz.mutators import mutate
from tests.fuzz.seeds import ROOT, random_record, seeds
from tests.notation.helpers import HEADERS
from tests.notation.strategies import messy, records

NAME = "record.mcn"
REGRESSIONS = ROOT / "tests" / "fuzz" / "regressions"
FILES = sorted((ROOT / "examples").rglob("*.mcn")) + sorted(REGRESSIONS.glob("*.mcn"))


def layout(record: File) -> list[Any]:
    """Everything a record says and where: model equality ignores spans and raw texts, so
    they are listed explicitly. Iteratively, and each move by its own parts only (comparing
    whole moves would compare their variations again at every level of a deep nesting)."""
    out: list[Any] = [record]
    pending: list[Any] = []
    for game in record.games:
        out.append(("game", game.span))
        pending.extend(reversed(game.headers + game.body))
    while pending:
        element = pending.pop()
        if not isinstance(element, Item):
            out.append((element, element.span, getattr(element, "raw", None)))
            continue
        out.append(("item", element.label, element.span))
        for move in element.moves:
            comments = [(c, c.span) for c in (*move.before, *move.after)]
            out.append((move.actor, move.tokens, move.glyphs, move.span, move.raw, comments))
            out.append(("variations", len(move.variations)))
            for variation in reversed(move.variations):
                pending.extend(reversed(variation))
    return out


def _said(errors: tuple[NotationError, ...]) -> list[tuple[Any, ...]]:
    return [(e.message, e.name, e.line, e.column, e.game, e.source_line) for e in errors]


def check_same(text: str) -> bool:
    """Assert that every fast reading of ``text`` equals the reference; whether it is valid."""
    try:
        expected: File | NotationError = parse_reference(text, name=NAME)
    except NotationError as error:
        expected = error
    try:
        seen: File | NotationError = parse(text, name=NAME)
    except NotationError as error:
        seen = error
    if isinstance(expected, NotationError):
        assert isinstance(seen, NotationError), "the fast reader accepted an invalid text"
        assert _said((seen,)) == _said((expected,))
    else:
        assert isinstance(seen, File), f"the fast reader rejected a valid text: {seen}"
        assert layout(seen) == layout(expected)
    reference, reference_errors = parse_lenient_reference(text, name=NAME)
    lenient, errors = parse_lenient(text, name=NAME)
    assert _said(errors) == _said(reference_errors)
    assert layout(lenient) == layout(reference)
    report = check_syntax(text, name=NAME)
    assert _said(report.errors) == _said(reference_errors)
    assert report.moves == sum(1 for game in reference.games for _ in game.moves())
    return not isinstance(expected, NotationError)


@cache
def engine_records() -> tuple[str, ...]:
    """Engine-played games: the fuzz seeds' (whole and cut) and two more, one file of both."""
    played = [record.decode() for name, record in seeds() if name.startswith("random")]
    played += [random_record(3, seed=31).decode(), random_record(4, seed=32).decode()]
    return (*played, "\n".join(played[-2:]))


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_bundled_files(path: Path) -> None:
    check_same(path.read_bytes().decode("utf-8", "replace"))


def test_engine_played_records() -> None:
    for text in engine_records():
        assert parse_plain(text) is not None  # the fast path's own ground
        assert check_same(text)


def test_plain_reading_at_a_line_offset() -> None:
    """Games cut from a file are read with their line numbers shifted: the same shift."""
    for text in engine_records()[:2]:
        plain = parse_plain(text, 17)
        assert plain is not None
        reference = reference_elements(text, 17)
        assert [(e, e.span) for e in plain] == [(e, e.span) for e in reference]


def test_fuzz_corpus_mutated() -> None:
    """Mutated seeds (the fuzzer's corpus and mutators, a fixed stream of them)."""
    rng = random.Random(18)
    corpus = seeds()
    valid = 0
    for index in range(160):
        _, record = corpus[index % len(corpus)]
        data, _ = mutate(record, rng)
        valid += check_same(data.decode("utf-8", "replace"))
    assert 0 < valid < 160  # both kinds were compared


#: Pieces of MCN, right and wrong, for token soups that reach every parser state.
ATOMS = (
    "R:", "b:", "*:", "market:", "1.", "12.", ";", "pass", "buy wine", "bid 3+5", "bid ?",
    "bid?", "?", "!", "!?", "$1", "{c}", "{", "}", "(", ")", "<", ">", "<souls R 3>", "setup",
    "round 2", "round", '[Event "x"]', "[X", "x>y", "5", "-", "_x", ":", ".", "#", "\n", " ",
)  # fmt: skip


def test_token_soups() -> None:
    rng = random.Random(7)
    valid = 0
    for _ in range(400):
        parts = [rng.choice(ATOMS) + rng.choice(("", " ", "\n")) for _ in range(rng.randint(1, 9))]
        valid += check_same(HEADERS + "".join(parts))
    assert 0 < valid < 400


@settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_annotated_records_in_any_layout(data: st.DataObject) -> None:
    """Generated records with comments, glyphs, variations and checkpoints, laid out
    untidily; plain lines among them take the fast path."""
    record = data.draw(records())
    assert check_same(messy(record, data))


def test_archives_mixing_plain_and_annotated_games() -> None:
    """A text with a game that is not plain is read game by game, plain games by the fast
    path: the same as the grammar reading the whole text, errors and their game numbers too."""
    annotated = (ROOT / "examples" / "annotated-4p.mcn").read_text(encoding="utf-8")
    plain = engine_records()[:2]
    assert check_same("\n".join((plain[0], annotated, plain[1])))
    broken = annotated.replace("sell wine) (1. B:", "sell wine (1. B:", 1)
    assert broken != annotated
    headless = plain[1].replace('[Result "', '[Outcome "', 1)
    assert not check_same("\n".join((plain[0], headless, broken, plain[1])))
    with pytest.raises(NotationError) as caught:
        parse("\n".join((plain[0], broken, headless)), name=NAME)
    assert caught.value.game == 2 and caught.value.message.startswith("unclosed")
