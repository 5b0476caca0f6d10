"""Streaming: games one at a time, in bounded memory, with right positions and decoding."""

from __future__ import annotations

import gc
import io
import tracemalloc
from pathlib import Path

from mcn.notation import Comment, iter_games, iter_results, parse, read_file
from tests.notation.helpers import HEADERS

FILLER = "x" * 10_000


def _game(index: int) -> str:
    return HEADERS + f"{{Game {index} {FILLER}}}\nsetup\nR: pass\n\n"


class _Games(io.RawIOBase):
    """A byte stream that makes its games only when they are read."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.made = 0
        self._pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        while len(self._pending) < len(buffer) and self.made < self.count:
            self._pending += _game(self.made).encode("utf-8")
            self.made += 1
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size


def _read_all(count: int) -> tuple[int, int]:
    """Read ``count`` games as a stream: (games read, peak traced memory in bytes)."""
    source = _Games(count)
    games = iter_games(io.BufferedReader(source), name="big.mcn")
    first = next(games)
    assert first.body[0] == Comment(f"Game 0 {FILLER}")
    assert source.made < 5  # nothing like the whole stream was read for the first game
    gc.collect()
    tracemalloc.start()
    try:
        read, last = 1, first
        for last in games:  # noqa: B007 - the last game is checked below
            read += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert last.body[0] == Comment(f"Game {count - 1} {FILLER}")
    lines_per_game = _game(0).count("\n")
    assert last.span is not None and last.span.line == (count - 1) * lines_per_game + 1
    return read, peak


def test_games_come_one_at_a_time_in_bounded_memory() -> None:
    total = sum(len(_game(index)) for index in range(600))
    read, peak = _read_all(600)
    _, small_peak = _read_all(150)
    assert read == 600 and total > 6_000_000
    assert peak < total / 5
    assert peak < 1.5 * small_peak + 200_000  # four times the input, not four times the memory


def test_invalid_utf8_is_located_by_line_column_and_byte_offset() -> None:
    good = _game(0).encode("utf-8")
    bad = (HEADERS + "R: pass {café}\n").encode("utf-8").replace("é".encode(), b"\xe9")
    results = list(iter_results(io.BytesIO(good + bad + good), name="mixed.mcn"))
    assert [result.ok for result in results] == [True, False, True]
    (error,) = results[1].errors
    line = good.count(b"\n") + 10
    offset = len(good) + bad.index(b"\xe9")
    assert error.headline == (
        f"mixed.mcn:{line}:13: error: invalid UTF-8: byte 0xe9 at byte offset {offset}"
        " (use --encoding if the file is not UTF-8) (game 2)"
    )
    assert error.source_line is not None and error.source_line.startswith("R: pass {caf")


def test_other_encodings(tmp_path: Path) -> None:
    text = HEADERS + "R: pass {café}\n"
    for encoding in ("latin-1", "utf-16", "cp1252"):
        path = tmp_path / f"{encoding}.mcn"
        path.write_bytes(text.encode(encoding))
        record, errors = read_file(path, encoding=encoding)
        assert errors == ()
        (game,) = record.games
        assert next(game.moves()).after[0].text == "café"
    broken = tmp_path / "broken.mcn"
    broken.write_bytes(text.encode("utf-16")[:-1])
    _, errors = read_file(broken, encoding="utf-16")
    assert errors and "cannot decode as utf-16" in errors[0].message


def test_bom_and_text_handles(tmp_path: Path) -> None:
    path = tmp_path / "bom.mcn"
    path.write_bytes(b"\xef\xbb\xbf" + (HEADERS + "R: pass\n").encode("utf-8"))
    record, errors = read_file(path)
    assert errors == () and record.name == str(path)
    assert record.games == parse(HEADERS + "R: pass\n").games
    record, errors = read_file(io.StringIO("\ufeff" + HEADERS + "R: pass\n"))
    assert errors == () and len(record.games) == 1


def test_a_game_may_begin_in_the_middle_of_a_line() -> None:
    text = HEADERS + "R: pass " + HEADERS.replace("\n", " ") + "B: pass\tG: oops )\n"
    results = list(iter_results(io.StringIO(text), name="mid.mcn"))
    assert [result.number for result in results] == [1, 2]
    assert results[0].ok
    (error,) = results[1].errors
    column = len("R: pass " + HEADERS.replace("\n", " ") + "B: pass\tG: oops ") + 1
    assert (error.line, error.column, error.game) == (10, column, 2)
    assert error.source_line is not None and error.source_line.startswith("R: pass [Event")


def test_header_values_and_comments_hide_brackets_and_braces() -> None:
    text = HEADERS.replace("Vienna", "Vi{enna") + 'R: pass {a\n[Event "b"]\n}\n' + _game(1)
    results = list(iter_results(io.StringIO(text)))
    assert [result.ok for result in results] == [True, True]
    assert results[0].game is not None and results[0].game.header("Site") == "Vi{enna"
