"""Cut MCN text into games lexically, one line at a time, without parsing it.

A game starts at a header (``[Tag …``) that follows body text; only comments and header values
can hide a ``[``, so tracking those two is enough. Working line by line keeps memory bounded by
the largest game, whatever the size of the file, and keeps the line numbers of each piece right.
A piece that starts in the middle of a line is padded with spaces so its columns stay right.

The same cut is the lenient parser's resynchronisation point: an error ends its game, and
the next game starts afresh at its headers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from mcn.base.values import Fields
from mcn.io.limits import MAX_GAME_CHARS

if TYPE_CHECKING:
    from mcn.notation.errors import NotationError

_SPECIAL: Final = re.compile(r"[\[{]")
_COMMENT_REST: Final = re.compile(r"[^\\}]*(?:\\[\s\S][^\\}]*)*\}")
_HEADER: Final = re.compile(
    r'\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]+"[^"\\\r\n]*(?:\\[^\r\n][^"\\\r\n]*)*"[ \t]*\]'
)
_HEADER_LIKE: Final = re.compile(r"\[[ \t]*[A-Za-z]")


@dataclass(slots=True, repr=False, eq=False)
class Chunk(Fields):
    """A piece of a file: its text, where it starts, and a decoding problem inside it, if any.

    ``prefix`` is the original start of the first line when the piece starts mid-line (the
    text has spaces there instead), so error displays show the line as written.
    """

    text: str
    first_line: int = 1
    prefix: str = ""
    decode_error: NotationError | None = field(default=None)
    # Where each line starts, and the lines asked for so far: every diagnostic of a game
    # shows its source line, and a game may hold thousands of diagnostics on one long line.
    # Looked up once and shared, a line costs its size once, not once per diagnostic.
    _starts: list[int] | None = field(default=None, init=False, repr=False, compare=False)
    _lines: dict[int, str] | None = field(default=None, init=False, repr=False, compare=False)

    def source_line(self, line: int) -> str | None:
        """Line ``line`` of the file (numbered in the file), if it is in this piece."""
        index = line - self.first_line
        if index < 0:
            return None
        lines = self._lines
        if lines is None:
            lines = self._lines = {}
        found = lines.get(index)
        if found is not None:
            return found
        starts = self._starts
        if starts is None:
            starts = self._starts = [0]
            text = self.text
            at = text.find("\n")
            while at >= 0:
                starts.append(at + 1)
                at = text.find("\n", at + 1)
        if index >= len(starts):
            return None
        start = starts[index]
        source = (
            self.text[start : starts[index + 1] - 1]
            if index + 1 < len(starts)
            else self.text[start:]
        )
        if index == 0 and self.prefix:
            source = self.prefix + source[len(self.prefix) :]
        lines[index] = source
        return source


class _Splitter:
    """The line-by-line state machine behind :func:`split_games`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.in_comment = False
        self.seen_body = False
        self.lines: list[str] = []
        self.size = 0
        self.over = False
        self.first_line = 1
        self.prefix = ""
        self.decode_error: NotationError | None = None

    def take(self) -> Chunk:
        chunk = Chunk("".join(self.lines), self.first_line, self.prefix, self.decode_error)
        self.lines, self.prefix, self.decode_error = [], "", None
        self.seen_body = False
        self.size, self.over = 0, False
        return chunk

    def keep(self, line: str, number: int) -> None:
        """Add line ``number`` to the game. Past :data:`~mcn.io.limits.MAX_GAME_CHARS` the lines
        are counted, not kept, and the piece reports the limit: memory stays bounded however
        long a game is, and the next game starts afresh."""
        self.size += len(line)
        if self.size <= MAX_GAME_CHARS:
            self.lines.append(line)
            return
        if not self.over:
            from mcn.notation.errors import NotationError

            self.over = True
            self.decode_error = NotationError(
                f"game longer than {MAX_GAME_CHARS:,} characters "
                f'(the limit; docs/notation.md, "Limits")',
                name=self.name,
                line=number,
                column=1,
            )

    def feed(self, line: str, number: int) -> Iterator[Chunk]:
        """Take line ``number``; yield the finished game when this line starts the next one."""
        position = 0
        if self.in_comment:
            end = _COMMENT_REST.match(line)
            if end is None:
                self.keep(line, number)
                return
            self.in_comment = False
            position = end.end()
        elif self.seen_body and "[" not in line and "{" not in line:
            self.keep(line, number)
            return
        while True:
            found = _SPECIAL.search(line, position)
            stop = len(line) if found is None else found.start()
            if not self.seen_body and line[position:stop].strip():
                self.seen_body = True
            if found is None:
                break
            start = found.start()
            if found.group() == "{":
                self.seen_body = True
                end = _COMMENT_REST.match(line, start + 1)
                if end is None:
                    self.in_comment = True
                    break
                position = end.end()
                continue
            if _HEADER_LIKE.match(line, start) is not None:
                if self.seen_body:
                    before = line[:start]
                    if before.strip():
                        self.lines.append(before + "\n")
                        yield self.take()
                        self.first_line, self.prefix = number, before
                        line = " " * start + line[start:]
                    else:
                        yield self.take()
                        self.first_line = number
                header = _HEADER.match(line, start)
                if header is not None:
                    position = header.end()
                else:  # malformed: its game reports it; skip to its end
                    close = line.find("]", start)
                    position = len(line) if close < 0 else close + 1
                continue
            self.seen_body = True
            position = start + 1
        self.keep(line, number)


def text_lines(text: str) -> Iterator[str]:
    """The lines of ``text``, each with its line end; only ``\\n`` ends a line, as for Lark."""
    start = 0
    while True:
        end = text.find("\n", start)
        if end < 0:
            if start < len(text):
                yield text[start:]
            return
        yield text[start : end + 1]
        start = end + 1


def split_games(
    lines: Iterable[tuple[str, NotationError | None]], name: str = "<string>"
) -> Iterator[Chunk]:
    """Cut ``lines`` (each with its line end, and a decoding problem found in it) into games.

    The piece holding a line with a decoding problem carries its first such problem; so does a
    game longer than :data:`~mcn.io.limits.MAX_GAME_CHARS` (``name`` is the file's, for that
    message). Pieces of blank text are dropped.
    """
    splitter = _Splitter(name)
    keep = splitter.keep
    for number, (line, problem) in enumerate(lines, start=1):
        if splitter.seen_body and not splitter.in_comment and "[" not in line and "{" not in line:
            keep(line, number)  # most lines: inside a game, nothing that could end it
        else:
            yield from splitter.feed(line, number)
        if problem is not None and splitter.decode_error is None:
            splitter.decode_error = problem
    chunk = splitter.take()
    if chunk.text.strip() or chunk.decode_error is not None:
        yield chunk
