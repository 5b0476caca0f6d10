"""Read MCN from files and streams, one game at a time, in constant memory.

Bytes are decoded line by line: UTF-8 by default (a leading byte-order mark is dropped), or the
encoding given. Undecodable bytes are reported with their line, column and byte offset, as an
error of the game that holds them; the other games are still read. Games are cut lexically
(:mod:`mcn.notation.split`) and parsed one by one, so a 100 MB archive never sits in memory whole.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Any, Final, cast

from mcn.io.limits import MAX_GAME_CHARS
from mcn.notation.errors import NotationError
from mcn.notation.model import File, Game
from mcn.notation.parser import GameResult, iter_chunk_results
from mcn.notation.split import Chunk, split_games, text_lines

Source = str | os.PathLike[str] | IO[bytes] | IO[str]

_BOM = b"\xef\xbb\xbf"


def _too_long(name: str, number: int) -> NotationError:
    """The error of line ``number``, longer than a game may be (``/dev/zero`` has no line
    end): it ends the reading (docs/notation.md, "Limits")."""
    return NotationError(
        f"line longer than {MAX_GAME_CHARS:,} characters (the limit; "
        'docs/notation.md, "Limits"): the rest of the file is not read',
        name=name,
        line=number,
        column=1,
    )


# Each reader below is one generator that reads, bounds and checks its text itself: a
# generator layer costs as much per step as the check it would hold (docs/performance-history.md,
# "Reading, compiled"). The UTF-8 reader and the reader of an in-memory text read blocks and
# yield them as pieces of whole lines (:func:`mcn.notation.split.split_games` takes either), so
# that nothing is done per line here: a line is decoded, bounded and checked alone only in a
# block where something is wrong.

#: The bytes (or characters) asked for at a time. Small enough that a stream is not read far
#: ahead of the game being checked (a pipe gives what it holds), big enough that a block holds
#: hundreds of lines.
_BLOCK: Final = 1 << 14


def _utf8_lines(handle: IO[bytes], name: str) -> Iterator[tuple[str, NotationError | None]]:
    reader = getattr(handle, "read1", None)  # what a pipe holds, without waiting for more
    read: Callable[[int], bytes] = handle.read if reader is None else reader
    readline = handle.readline
    offset = number = 0  # the bytes and the lines before the next block
    while raw := read(_BLOCK):
        if not raw.endswith(b"\n"):  # the block's last line, to its end (at most past the limit)
            raw += readline(MAX_GAME_CHARS + 1)
        start = len(_BOM) if number == 0 and raw.startswith(_BOM) else 0
        # a block no longer than a line may be holds no line too long
        text = _decoded(raw[start:] if start else raw) if len(raw) <= MAX_GAME_CHARS else None
        if text is not None:
            yield text, None
            number += raw.count(b"\n") + (not raw.endswith(b"\n"))
            offset += len(raw)
            continue
        for line in _byte_lines(raw):  # an undecodable or over-long line in it: line by line
            number += 1
            if len(line) > MAX_GAME_CHARS:
                yield "", _too_long(name, number)
                return
            yield _utf8_line(line, number, offset, name)
            offset += len(line)


def _decoded(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _byte_lines(raw: bytes) -> Iterator[bytes]:
    """The lines of ``raw``, each with its line end."""
    start = 0
    while start < len(raw):
        end = raw.find(b"\n", start) + 1 or len(raw)
        yield raw[start:end]
        start = end


def _utf8_line(raw: bytes, number: int, offset: int, name: str) -> tuple[str, NotationError | None]:
    """Line ``number`` (``offset`` bytes into the file) decoded, with the error of a byte that
    is no UTF-8; a byte-order mark in front of the first line is dropped."""
    if number == 1 and raw.startswith(_BOM):
        raw = raw[len(_BOM) :]
        offset += len(_BOM)
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as problem:
        good = raw[: problem.start].decode("utf-8", "replace")
        text = raw.decode("utf-8", "replace")
        return text, NotationError(
            f"invalid UTF-8: byte 0x{raw[problem.start]:02x} at byte offset "
            f"{offset + problem.start} (use --encoding if the file is not UTF-8)",
            name=name,
            line=number,
            column=len(good) + 1,
            source_line=text,
        )


def _encoded_lines(
    handle: IO[bytes], name: str, encoding: str
) -> Iterator[tuple[str, NotationError | None]]:
    try:
        reader = io.TextIOWrapper(handle, encoding=encoding, newline="\n")
    except (LookupError, ValueError):  # rot13, hex, zlib; a name with a NUL character
        yield "", NotationError(f"'{encoding}' is not a text encoding", name=name)
        return
    number = 0
    try:
        while line := reader.readline(MAX_GAME_CHARS + 1):
            number += 1
            if len(line) > MAX_GAME_CHARS:
                yield "", _too_long(name, number)
                return
            yield line, _surrogate_error(line, number, name, encoding)
    except UnicodeError as problem:  # punycode and its kind raise the base class
        yield (
            "",
            NotationError(
                f"cannot decode as {encoding}: {getattr(problem, 'reason', problem)} "
                f"(after line {number})",
                name=name,
                line=number + 1,
                column=1,
            ),
        )
    finally:
        # the handle stays the caller's; a generator closed late (by the garbage collector,
        # after the caller closed the handle) finds it closed: nothing left to detach
        if not handle.closed:
            reader.detach()


def _text_lines(
    handle: IO[str], name: str, number: int = 0
) -> Iterator[tuple[str, NotationError | None]]:
    """The lines of a text handle from line ``number + 1`` on, read one by one: its own
    newline mode says where a line ends."""
    readline = handle.readline
    yield from _checked_lines(iter(lambda: readline(MAX_GAME_CHARS + 1), ""), name, number)


def _checked_lines(
    lines: Iterable[str], name: str, number: int
) -> Generator[tuple[str, NotationError | None], None, int]:
    """``lines`` (from line ``number + 1`` on) with their problems, a byte-order mark dropped
    from line 1; ends at a line over the limit, with its message. Returns the last line's
    number, or -1 when a line over the limit ended the reading."""
    for line in lines:
        number += 1
        if len(line) > MAX_GAME_CHARS:
            yield "", _too_long(name, number)
            return -1
        if number == 1 and line.startswith("\ufeff"):
            line = line[1:]
        yield line, _problem_of(line, number, name)
    return number


def _memory_lines(handle: io.StringIO, name: str) -> Iterator[tuple[str, NotationError | None]]:
    """The lines of an in-memory text in blocks (:func:`_utf8_lines`' way). Its lines end at
    ``\\n`` unless it was made with another newline mode and holds a ``\\r``: then from that
    block on, line by line as the handle says (:func:`_text_lines`)."""
    read = handle.read
    readline = handle.readline
    number = 0
    where = handle.tell()  # where the next block starts
    newline: str | None = "?"  # the handle's newline mode, asked for when a \r shows up
    while raw := read(_BLOCK):
        if not raw.endswith("\n"):
            raw += readline(MAX_GAME_CHARS + 1)
        if "\r" in raw:
            if newline == "?":
                newline = cast("tuple[Any, ...]", handle.__getstate__())[1]
            if newline not in ("\n", None):  # "\r" or "\r\n" may end lines: as the handle says
                handle.seek(where)
                yield from _text_lines(handle, name, number)
                return
        where += len(raw)
        if len(raw) <= MAX_GAME_CHARS and (raw.isascii() or _SURROGATE.search(raw) is None):
            yield raw[1:] if number == 0 and raw.startswith("\ufeff") else raw, None
            number += raw.count("\n") + (not raw.endswith("\n"))
            continue
        # a lone surrogate or an over-long line in it
        number = yield from _checked_lines(text_lines(raw), name, number)
        if number < 0:
            return


def _problem_of(line: str, number: int, name: str) -> NotationError | None:
    # An ASCII line (most of them: a flag of the string, no scan) holds no surrogate.
    if line.isascii() or _SURROGATE.search(line) is None:
        return None
    return _surrogate_error(line, number, name, None)


#: A lone surrogate (spelt with chr(): mypyc refuses surrogates in string literals).
_SURROGATE = re.compile(f"[{chr(0xD800)}-{chr(0xDFFF)}]")


def _surrogate_error(
    line: str, number: int, name: str, encoding: str | None
) -> NotationError | None:
    """A lone surrogate (``unicode_escape`` decodes ``\\ud800`` to one) is no character: it
    cannot be printed or written as UTF-8, so it is an error where it stands."""
    found = _SURROGATE.search(line)
    if found is None:
        return None
    how = f" (decoded as {encoding})" if encoding else ""
    return NotationError(
        f"lone surrogate U+{ord(found.group()):04X}{how} is not a character",
        name=name,
        line=number,
        column=found.start() + 1,
        source_line=line,
    )


def _lines(
    handle: IO[Any], name: str, encoding: str | None
) -> Iterator[tuple[str, NotationError | None]]:
    if isinstance(handle.read(0), str):
        if type(handle) is io.StringIO:
            return _memory_lines(handle, name)
        return _text_lines(handle, name)
    if encoding is None or encoding.lower().replace("_", "-") in ("utf-8", "utf8"):
        return _utf8_lines(handle, name)
    return _encoded_lines(handle, name, encoding)


def iter_results(
    source: Source, *, encoding: str | None = None, name: str | None = None
) -> Iterator[GameResult]:
    """Every game of ``source`` (a path or an open file), leniently: errors do not stop it.

    ``name`` is used in messages (default: the path or the file's name).
    """
    with source_chunks(source, encoding, name) as (chunks, label):
        yield from iter_chunk_results(chunks, label)


def iter_results_with_lines(
    source: Source, *, encoding: str | None = None, name: str | None = None
) -> Iterator[tuple[GameResult, Callable[[int], str | None]]]:
    """:func:`iter_results`, each game with a lookup of its file's lines by number (for the
    source line and caret of a replay diagnostic); only the game's own piece is kept."""
    current: list[Chunk] = []

    def tracked(chunks: Iterator[Chunk]) -> Iterator[Chunk]:
        for chunk in chunks:
            current[:] = [chunk]
            yield chunk

    with source_chunks(source, encoding, name) as (chunks, label):
        for result in iter_chunk_results(tracked(chunks), label):
            yield result, current[0].source_line


def file_lines(path: str, encoding: str | None = None) -> Callable[[int], str | None]:
    """A lookup of ``path``'s lines by number, reading the file only when first asked (to
    show the source line of a diagnostic found after the reading); None for ``-``."""
    cache: list[str] = []

    def line(number: int) -> str | None:
        if path == "-":
            return None
        if not cache:
            try:
                with open(path, "rb") as handle:
                    for text, _ in _lines(handle, path, encoding):  # pieces of whole lines
                        cache.extend(text_lines(text) if text else (text,))
            except OSError:
                return None
        return cache[number - 1].rstrip("\r\n") if 0 < number <= len(cache) else None

    return line


@contextmanager
def source_chunks(
    source: Source, encoding: str | None, name: str | None
) -> Iterator[tuple[Iterator[Chunk], str]]:
    """The games of ``source`` cut into chunks, read lazily (a path is opened and closed
    here), and the name for messages: what every streaming reader starts from."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        with open(path, "rb") as handle:
            yield split_games(_lines(handle, name or path, encoding), name or path), name or path
        return
    label = name or _name_of(source)
    yield split_games(_lines(source, label, encoding), label), label


def iter_games(
    source: Source, *, encoding: str | None = None, name: str | None = None
) -> Iterator[Game]:
    """The games of ``source``, one at a time; raises the first :class:`NotationError`."""
    for result in iter_results(source, encoding=encoding, name=name):
        if result.errors:
            raise result.errors[0]
        assert result.game is not None
        yield result.game


def read_file(
    source: Source, *, encoding: str | None = None, name: str | None = None
) -> tuple[File, tuple[NotationError, ...]]:
    """All readable games of ``source`` and all its errors (lenient)."""
    games: list[Game] = []
    errors: list[NotationError] = []
    for result in iter_results(source, encoding=encoding, name=name):
        if result.game is not None:
            games.append(result.game)
        errors.extend(result.errors)
    return File(tuple(games), name or _name_of(source)), tuple(errors)


def _name_of(source: Source) -> str:
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    return str(getattr(source, "name", "<stream>"))
