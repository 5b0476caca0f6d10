"""Reading in blocks: the games cut from pieces of many lines are the games cut line by line.

The readers of UTF-8 bytes and of in-memory text hand :func:`split_games` blocks of whole lines,
and the splitter keeps the runs of lines that cannot end a game whole. Each test here holds that
to the line-by-line reading: the same chunks (text, first line, padding, problem), the same
messages with their line, column and byte offset, the same limits.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcn.io.limits import MAX_GAME_CHARS
from mcn.notation import iter_results, read_file
from mcn.notation.errors import NotationError
from mcn.notation.split import Chunk, Splitter, split_games, text_lines
from mcn.notation.stream import file_lines, source_chunks
from tests.notation.helpers import HEADERS

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: The characters and words that decide where a game ends, and some that do not.
ATOMS = [
    '[Event "x"]',
    '[Site "a{b"]',
    '[T "v\\"]"]',
    ' [ Tag  "v" ] ',
    "[Bad",
    "]",
    "[",
    "{",
    "}",
    "{c}",
    "{two\n",
    "\\",
    "\\}",
    "R: pass",
    "setup",
    "B: bid 5+2",
    " ",
    "\t",
    "\r",
    "\n",
    "\n",
    "\n",
    "\r\n",
    "é",
    "\x0b",
    "\u2028",
]
texts = st.lists(st.sampled_from(ATOMS), max_size=80).map("".join)

Shape = tuple[str, int, str, str | None]


def _shape(chunks: Iterable[Chunk]) -> list[Shape]:
    return [
        (c.text, c.first_line, c.prefix, None if c.decode_error is None else str(c.decode_error))
        for c in chunks
    ]


def _line_by_line(lines: Iterable[tuple[str, NotationError | None]]) -> Iterator[Chunk]:
    """The reference: every line through the splitter's line-by-line state machine."""
    splitter = Splitter("f.mcn")
    for number, (line, problem) in enumerate(lines, start=1):
        splitter.feed(line, number)
        yield from splitter.done
        splitter.done = []
        if problem is not None and splitter.decode_error is None:
            splitter.decode_error = problem
    last = splitter.take()
    if last.text.strip() or last.decode_error is not None:
        yield last


def _pieces(lines: list[str], cuts: list[int]) -> list[tuple[str, NotationError | None]]:
    """``lines`` joined into pieces, a new piece at each line index in ``cuts``."""
    out: list[tuple[str, NotationError | None]] = []
    start = 0
    for cut in [*sorted({c % (len(lines) + 1) for c in cuts}), len(lines)]:
        if cut > start:
            out.append(("".join(lines[start:cut]), None))
            start = cut
    return out


@SETTINGS
@given(texts, st.lists(st.integers(min_value=0, max_value=200), max_size=6))
def test_pieces_of_many_lines_cut_as_line_by_line(text: str, cuts: list[int]) -> None:
    lines = list(text_lines(text))
    expected = _shape(_line_by_line((line, None) for line in lines))
    assert _shape(split_games(_pieces(lines, cuts), "f.mcn")) == expected
    assert _shape(split_games([(text, None)], "f.mcn")) == expected
    assert _shape(split_games(((line, None) for line in lines), "f.mcn")) == expected


@SETTINGS
@given(texts, st.integers(min_value=0, max_value=60))
def test_a_problem_goes_to_the_game_of_its_line(text: str, at: int) -> None:
    lines = list(text_lines(text)) or [""]
    problem = NotationError("planted", name="f.mcn", line=at % len(lines) + 1, column=1)
    marked = [(line, problem if i == at % len(lines) else None) for i, line in enumerate(lines)]
    before, after = "".join(lines[: at % len(lines)]), "".join(lines[at % len(lines) + 1 :])
    pieces = [(before, None), marked[at % len(lines)], (after, None)]
    pieces = [piece for piece in pieces if piece[0] or piece[1] is not None]
    assert _shape(split_games(pieces, "f.mcn")) == _shape(_line_by_line(marked))


def _chunks(handle: io.IOBase, encoding: str | None = None) -> list[Shape]:
    with source_chunks(handle, encoding, "f.mcn") as (chunks, _):  # type: ignore[arg-type]
        return _shape(chunks)


@SETTINGS
@given(texts.map(lambda text: text.replace("é", "e").replace("\u2028", " ")))
def test_utf8_blocks_read_as_lines(text: str) -> None:
    """The UTF-8 reader against the line-by-line reader of ``utf-8-sig`` (a byte-order mark
    dropped the same way; the texts are ASCII so that every line is as long either way)."""
    data = text.encode()
    reference = _chunks(io.BytesIO(data), "utf-8-sig")
    assert _chunks(io.BytesIO(data)) == reference
    assert _chunks(io.BytesIO(b"\xef\xbb\xbf" + data)) == reference


class _LineByLine(io.StringIO):
    """Not exactly a StringIO: read line by line, as any text handle is."""


@SETTINGS
@given(texts, st.sampled_from([None, "", "\n", "\r", "\r\n"]))
def test_memory_text_blocks_read_as_its_lines(text: str, newline: str | None) -> None:
    """An in-memory text in blocks against the same text read line by line, in every newline
    mode: where ``\\r`` may end a line, the handle's lines are followed."""
    assert _chunks(io.StringIO(text, newline=newline)) == _chunks(
        _LineByLine(text, newline=newline)
    )


def test_a_carriage_return_line_end_is_a_line_where_the_handle_says_so() -> None:
    text = HEADERS + "R: pass\rB: pass\r" + HEADERS + "R: pass )\n"
    for newline in ("", "\r"):
        results = list(iter_results(io.StringIO(text, newline=newline), name="cr.mcn"))
        reference = list(iter_results(_LineByLine(text, newline=newline), name="cr.mcn"))
        assert [[(str(e), e.line, e.column) for e in r.errors] for r in results] == [
            [(str(e), e.line, e.column) for e in r.errors] for r in reference
        ]
        assert [r.ok for r in results] == [True, False]


def _game(index: int) -> str:
    return HEADERS + f"{{Game {index}}}\nsetup\nR: pass\n\n"


def test_an_invalid_byte_far_into_the_file_has_its_line_and_offset() -> None:
    good = "".join(_game(i) for i in range(400)).encode()
    assert len(good) > 40_000  # well past the first blocks
    bad = (HEADERS + "R: pass {café}\n").encode().replace("é".encode(), b"\xe9")
    results = list(iter_results(io.BytesIO(good + bad + good), name="far.mcn"))
    assert [r.number for r in results if not r.ok] == [401]
    (error,) = results[400].errors
    assert (error.line, error.column) == (good.count(b"\n") + 10, 13)
    offset = len(good) + bad.index(b"\xe9")
    assert f"at byte offset {offset} " in error.message
    assert len(results) == 801


def test_an_invalid_byte_in_the_first_line_after_a_byte_order_mark() -> None:
    data = b"\xef\xbb\xbf" + b'[Event "caf\xe9"]\n' + (HEADERS + "R: pass\n").encode()
    (result, *_) = iter_results(io.BytesIO(data), name="bom.mcn")
    (error, *_) = result.errors
    assert (error.line, error.column) == (1, 12)
    assert "byte 0xe9 at byte offset 14 " in error.message


def test_a_line_at_and_past_the_limit_between_blocks() -> None:
    """Lines of exactly the limit and one past it (line end included), after other games:
    the games before are read, and the error names the line."""
    before = "".join(_game(i) for i in range(3))
    lines_before = before.count("\n")
    at = "{" + "x" * (MAX_GAME_CHARS - 3) + "}\n"  # MAX_GAME_CHARS with its line end
    _, errors = read_file(io.BytesIO((before + at).encode()), name="at.mcn")
    assert not any(e.message.startswith("line longer") for e in errors)
    past = "{" + "x" * (MAX_GAME_CHARS - 2) + "}\n"
    for handle in (io.BytesIO((before + past).encode()), io.StringIO(before + past)):
        record, errors = read_file(handle, name="past.mcn")
        assert len(record.games) == 2  # the third game holds the line: it reports it
        (error,) = errors
        assert error.message.startswith("line longer than 4,194,304 characters")
        assert error.line == lines_before + 1


def test_a_game_past_the_limit_inside_a_run_of_lines() -> None:
    """A game longer than the limit made of short lines (kept as runs): the error names the
    line where it passes the limit, and the next game is read as usual."""
    line = "R: pass B: pass G: pass Y: pass\n"
    count = MAX_GAME_CHARS // len(line) + 5
    head = HEADERS + "setup\n"
    text = head + line * count + HEADERS + "R: pass\n"
    for handle in (io.BytesIO(text.encode()), io.StringIO(text)):
        record, errors = read_file(handle, name="long.mcn")
        (error,) = errors
        assert error.message.startswith("game longer than 4,194,304 characters")
        passing = (MAX_GAME_CHARS - len(head)) // len(line) + 1  # the line that passes it
        assert error.line == head.count("\n") + passing
        assert len(record.games) == 1


def test_a_stream_is_read_a_block_at_a_time(tmp_path: object) -> None:
    """A pipe gives what it holds: the first game is read without waiting for the rest."""
    read: list[int] = []

    class Pipe(io.RawIOBase):
        def __init__(self) -> None:
            self.data = "".join(_game(i) for i in range(200)).encode()

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
            size = min(len(buffer), 1000, len(self.data))  # a pipe: 1,000 bytes at a time
            buffer[:size] = self.data[:size]
            self.data = self.data[size:]
            read.append(size)
            return size

    results = iter_results(io.BufferedReader(Pipe()), name="pipe.mcn")
    first = next(results)
    assert first.ok and sum(read) < 3_000
    assert sum(1 for _ in results) == 199


def test_file_lines_are_the_lines_of_the_file(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "lines.mcn"
    data = "".join(_game(i) for i in range(300)).encode() + b"last \xff line"
    path.write_bytes(data)
    line = file_lines(str(path))
    expected = data.decode("utf-8", "replace").split("\n")
    assert [line(n) for n in range(1, len(expected) + 1)] == expected
    assert line(0) is None and line(len(expected) + 1) is None
