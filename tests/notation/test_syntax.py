"""``check_syntax`` and ``iter_syntax`` read exactly the language of ``parse``.

Differential properties: on random records (tidy and untidy), every bundled example (valid and
invalid), hand-made header problems and hypothesis-mutated records, ``check_syntax`` accepts a
text exactly when ``parse`` does, reports the same first error (message, file:line:col, game,
source line), the same errors as ``parse_lenient`` and the same game and move counts; the
streaming ``iter_syntax`` agrees game by game with ``iter_results`` on the raw bytes (undecodable
bytes included); and the plain-line outline declines exactly the texts the plain-line parse
declines.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from mcn.notation import (
    File,
    NotationError,
    check_syntax,
    iter_results,
    iter_syntax,
    parse,
    parse_lenient,
    write,
)
from mcn.notation.fastpath import parse_plain
from mcn.notation.outline import outline_plain
from tests.fuzz.mutators import mutate
from tests.fuzz.seeds import ROOT, seeds
from tests.notation.strategies import messy, records

NAME = "record.mcn"
SETTINGS = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
EXAMPLES = sorted((ROOT / "examples").rglob("*.mcn"))


def _moves(record: File) -> int:
    return sum(1 for game in record.games for _ in game.moves())


def _errors(errors: tuple[NotationError, ...]) -> list[str]:
    """Everything an error says: headline (file:line:col, message, game) and source line."""
    return [str(error) for error in errors]


def check_agrees(text: str) -> bool:
    """Assert that the syntax check and the parser agree on ``text``; whether it is valid."""
    report = check_syntax(text, name=NAME)
    try:
        record = parse(text, name=NAME)
    except NotationError as error:
        assert not report.ok
        assert str(report.errors[0]) == str(error)
        assert report.errors[0].game == error.game
    else:
        assert report.ok, _errors(report.errors)
        assert (report.games, report.moves) == (len(record.games), _moves(record))
    _, errors = parse_lenient(text, name=NAME)
    assert _errors(report.errors) == _errors(errors)
    for line_base in (0, 7):
        assert (outline_plain(text, line_base) is None) is (parse_plain(text, line_base) is None)
    return report.ok


def check_stream_agrees(data: bytes) -> None:
    """Assert that ``iter_syntax`` and ``iter_results`` agree game by game on ``data``."""
    checked = list(iter_syntax(io.BytesIO(data), name=NAME))
    results = list(iter_results(io.BytesIO(data), name=NAME))
    assert [game.number for game in checked] == [result.number for result in results]
    for game, result in zip(checked, results, strict=True):
        assert _errors(game.errors) == _errors(result.errors)
        assert game.parsed is (result.game is not None)
        assert game.ok is result.ok
        if result.game is not None:
            assert game.moves == sum(1 for _ in result.game.moves())


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_examples(path: Path) -> None:
    data = path.read_bytes()
    valid = check_agrees(data.decode("utf-8", "replace"))
    check_stream_agrees(data)
    if "invalid" not in path.parts:
        assert valid


def test_random_records_are_counted_without_a_record() -> None:
    texts = [record.decode() for name, record in seeds() if name.startswith("random")]
    report = check_syntax("\n".join(texts), name=NAME)
    record = parse("\n".join(texts))
    assert report.ok and report.games == len(texts) == len(record.games)
    assert report.moves == _moves(record) > 100


HEADERS = '[Event "x"]\n[Site "?"]\n[Date "?"]\n[Red "a"]\n[Blue "b"]\n'
TAIL = '[Rules "de-2016"]\n[Board "standard"]\n[Variant "standard"]\n[Result "*"]\n'


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n  \n",
        "\ufeff" + HEADERS + TAIL + "setup\nR: bonus blue\n",
        HEADERS + TAIL + "setup\n",
        HEADERS + "setup\nR: bonus blue\n",  # lacks Rules, Board, Variant, Result
        HEADERS + TAIL + '[Site "again"]\nsetup\n',  # a duplicate
        HEADERS.replace('[Blue "b"]\n', "") + TAIL,  # one player
        HEADERS + TAIL.replace('[Variant "standard"]', '[Variant "meta-culpa"]'),
        "setup\n" + HEADERS + TAIL,  # body before the headers
        "  R: pass\n" + HEADERS + TAIL,
        HEADERS + TAIL + "setup\n" + HEADERS + "round 1\n",  # the second game lacks headers
        HEADERS + TAIL + "setup\nR: pass\n" + HEADERS + TAIL + "setup {note}\n",
        HEADERS + TAIL + "setup\n; visit 1\n",  # ';' with no item
        HEADERS + TAIL + "setup\nR: pass\n; visit 1\n",
        HEADERS + TAIL + "setup\nR: pass\n; visit 1 round 2\n",
        HEADERS + TAIL + "round 1\n3. R: buy wine; B: pick red  G: pass; round 2\n",
        HEADERS + TAIL + "round 1\n12.R:buy wine;sell bread\n1234567890. R: pass\n",
        HEADERS + TAIL + "round 1\n1.2. R: pass\n",
        HEADERS + TAIL + 'round 1\nR: pass [Event "a;b"]\n[Site "c;d"] setup\n',
        HEADERS + TAIL + "setup\nR: bonus blue\u00a0\n",
        HEADERS + TAIL + "setup\nR: bonus blue\r\nround 1 ; R: pass\n",
    ],
)
def test_edges(text: str) -> None:
    check_agrees(text)
    check_stream_agrees(text.encode("utf-8"))


@settings(SETTINGS, max_examples=60)
@given(records(depth=1), st.data())
def test_untidy_records(record: File, data: st.DataObject) -> None:
    text = messy(record, data)
    assert check_agrees(text)
    assert check_agrees(write(record))


@settings(SETTINGS, max_examples=120)
@given(index=st.integers(min_value=0), rng=st.randoms(use_true_random=False))
def test_mutated_records(index: int, rng: random.Random) -> None:
    name, record = seeds()[index % len(seeds())]
    data, applied = mutate(record, rng)
    note(f"{name}, {applied}")
    check_agrees(data.decode("utf-8", "replace"))
    check_stream_agrees(data)


@settings(SETTINGS, max_examples=40)
@given(
    st.lists(st.sampled_from([name for name, _ in seeds()]), min_size=1, max_size=3),
    st.lists(st.integers(0, 400), max_size=3),
)
def test_multi_game_files_with_lines_dropped(names: list[str], dropped: list[int]) -> None:
    """Several games in a file, with some lines removed (headers go missing, items lose
    their head): errors in later games must carry the right game numbers."""
    chosen = dict(seeds())
    lines = "\n".join(chosen[name].decode() for name in names).split("\n")
    for line in sorted(set(dropped), reverse=True):
        if line < len(lines):
            del lines[line]
    check_agrees("\n".join(lines))


def test_plain_records_build_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain record is checked by its pieces alone: the parser does not run, and no piece
    or token is cut or built anew once its template is known (observed from outside, so
    that the test holds for the compiled fast path too, whose functions cannot be patched)."""
    import mcn.notation.fastpath as fastpath
    import mcn.notation.syntax as syntax

    def refuse(*args: object) -> None:
        raise AssertionError("built or parsed")

    texts = [record.decode() for name, record in seeds() if name.startswith("random")]
    text = "\n".join(texts)
    check_syntax(text)  # templates are made once, with the builder
    templates = fastpath.TEMPLATES
    known = (dict(templates.first), dict(templates.next), dict(templates.tokens))
    monkeypatch.setattr(syntax, "parse_chunk", refuse)
    report = check_syntax(text)
    assert report.ok and report.moves > 100
    assert (templates.first, templates.next, templates.tokens) == known
    broken = text.replace('[Date "????.??.??"]\n', "", 1)
    assert 'Date "' in text and not check_syntax(broken).ok
    games = list(iter_syntax(io.BytesIO(text.encode())))
    assert len(games) == len(texts) and all(game.ok for game in games)
