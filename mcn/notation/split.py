"""Cut MCN text into games lexically, without parsing it.

A game starts at a header (``[Tag …``) that follows body text; only comments and header values
can hide a ``[``, so tracking those two is enough. The text comes in pieces of whole lines (a
block read from a file), and only the lines that may change where a game ends are looked at one
by one: a line holding a ``[`` or ``{`` in a game's body, the line where a comment closes, the
first line of a body. The runs of lines between (a game's moves, a long comment, its headers
and blank lines) are kept whole, found with one search over the piece. Memory stays bounded by
the largest game and the size of a piece, whatever the size of the file, and the line numbers
of each game are counted in each run. A game that starts in the middle of a line is padded with
spaces so its columns stay right.

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
#: Lines before a game's body that cannot end it: blank lines (spaces, tabs, carriage returns)
#: and lines of one well-formed header between such blanks. Every other line before the body
#: goes through :meth:`Splitter.feed`. (The blanks are one class before the line end so that a
#: long line of spaces is matched in linear time.)
_PREAMBLE: Final = re.compile(r"(?:[ \t]*(?:" + _HEADER.pattern + r"[ \t\r]*|\r*)\n)+")


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


class Splitter:
    """The state machine behind :func:`split_games`: :meth:`block` takes pieces of many
    lines, :meth:`feed` one line (the reference the blocks are tested against); the games
    they finish wait in ``done``."""

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
        self.done: list[Chunk] = []

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

    def keep_run(self, text: str, start: int, end: int, number: int) -> int:
        """Add lines ``number`` onwards, ``text[start:end]`` (whole lines), to the game; the
        number of the line after them. :meth:`keep` line by line only where the run passes the
        game's limit, to report the line that does."""
        run = text[start:end]
        size = self.size + len(run)
        if size <= MAX_GAME_CHARS:
            self.size = size
            self.lines.append(run)
            return number + run.count("\n") + (not run.endswith("\n"))
        for line in text_lines(run):
            self.keep(line, number)
            number += 1
        return number

    def block(self, text: str, number: int) -> int:
        """Take ``text``, whole lines from line ``number`` on (the games it finishes go to
        ``done``); the number of the line after them.

        Each line is either in a run that cannot end a game (kept whole with
        :meth:`keep_run`) or fed to :meth:`feed`: in a comment, everything up to the line
        where it closes; in a game's body, everything up to the next line with a ``[`` or a
        ``{``; before the body, blank and header lines (:data:`_PREAMBLE`).
        """
        position = 0
        end = len(text)
        # the next [ and { at or after position (end: none), each searched for again only once
        # passed: one scan of the text for each, where a search for either would scan on to
        # the next of both every time
        bracket = brace = -1
        while position < end:
            if self.in_comment:
                closed = _COMMENT_REST.match(text, position)
                if closed is None:
                    return self.keep_run(text, position, end, number)
                start = text.rfind("\n", position, closed.end()) + 1
            elif self.seen_body:
                if bracket < position:
                    bracket = text.find("[", position)
                    bracket = end if bracket < 0 else bracket
                if brace < position:
                    brace = text.find("{", position)
                    brace = end if brace < 0 else brace
                found = min(bracket, brace)
                if found == end:
                    return self.keep_run(text, position, end, number)
                start = text.rfind("\n", position, found) + 1
            else:
                blank = _PREAMBLE.match(text, position)
                start = position if blank is None else blank.end()
            if start > position:
                number = self.keep_run(text, position, start, number)
                position = start
                if position >= end:
                    return number
            stop = text.find("\n", position) + 1
            if stop == 0:
                stop = end
            self.feed(text[position:stop], number)
            number += 1
            position = stop
        return number if text else number + 1  # an empty piece stands for a line

    def feed(self, line: str, number: int) -> None:
        """Take line ``number``; the game before it is done when this line starts the next."""
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
                        self.done.append(self.take())
                        self.first_line, self.prefix = number, before
                        line = " " * start + line[start:]
                    else:
                        self.done.append(self.take())
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
    pieces: Iterable[tuple[str, NotationError | None]], name: str = "<string>"
) -> Iterator[Chunk]:
    """Cut ``pieces`` into games: each piece is one or more whole lines, each with its line
    end (the last line of the input may have none), and a decoding problem found in it (a
    piece with a problem is one line).

    The piece holding a line with a decoding problem carries its first such problem; so does a
    game longer than :data:`~mcn.io.limits.MAX_GAME_CHARS` (``name`` is the file's, for that
    message). Pieces of blank text are dropped.
    """
    splitter = Splitter(name)
    number = 1
    for text, problem in pieces:
        number = splitter.block(text, number)
        if splitter.done:
            done, splitter.done = splitter.done, []
            yield from done
        if problem is not None and splitter.decode_error is None:
            splitter.decode_error = problem
    chunk = splitter.take()
    if chunk.text.strip() or chunk.decode_error is not None:
        yield chunk
