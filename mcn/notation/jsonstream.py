"""Read the JSON form of a record one game at a time, so ``mcn import`` runs in flat memory.

``json.load`` of a 100 MB export holds the text and every object of every game at once — half a
gigabyte or more. The JSON form is one object whose ``games`` array holds the games; this
reader walks that envelope itself and hands each element of ``games`` to the standard
library's decoder (``raw_decode``) as soon as its text is buffered, so at most one game's
objects live at a time. It reads UTF-8 (a byte-order mark is dropped) in 1 MB pieces; an
element longer than the buffer makes it read on (doubling the piece) until the element is
whole. Errors say where, as ``json`` would: line and column from the start of the input.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from typing import IO, Any, Final

__all__ = ["JSONStreamError", "iter_json_games"]

_PIECE: Final = 1 << 20
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


class JSONStreamError(ValueError):
    """Text that is not JSON (or not the envelope of a record), located like ``json``'s errors.

    ``kind`` is ``invalid JSON``, or ``invalid record`` for JSON no record can hold (an
    integer too long to be a count, :func:`iter_json_games`'s ``max_digits``)."""

    def __init__(self, message: str, line: int, column: int, kind: str = "invalid JSON") -> None:
        super().__init__(f"{message}: line {line} column {column}")
        self.msg = message
        self.lineno = line
        self.colno = column
        self.kind = kind


class _LongInteger(ValueError):
    def __init__(self, digits: str) -> None:
        super().__init__(digits[:20])
        self.digits = digits


class _Reader:
    """A window on the decoded input: ``text[pos:]`` is what is not consumed yet."""

    def __init__(self, handle: IO[bytes], max_digits: int | None = None) -> None:
        self.handle = handle
        self.max_digits = max_digits
        self.decoder = _DECODER if max_digits is None else json.JSONDecoder(parse_int=self._int)
        self.text_decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.text = ""
        self.pos = 0
        self.eof = False
        self.line = 1  # line and column (from 1) of text[0]
        self.column = 1
        self.piece = _PIECE
        #: Whether the last value read had a ``\\uD…`` escape: only then can it hold a lone
        #: surrogate (raw UTF-8 cannot), so only then is it worth searching for one.
        self.surrogate_escape = False

    def fill(self) -> None:
        """Drop what is consumed and read one more piece (none once at the end)."""
        if self.pos:
            self.line, self.column = self.where(self.pos)
            self.text = self.text[self.pos :]
            self.pos = 0
        data = self.handle.read(self.piece)
        if not data:
            self.text += self.text_decoder.decode(b"", final=True)
            self.eof = True
        else:
            self.text += self.text_decoder.decode(data)

    def where(self, offset: int) -> tuple[int, int]:
        """Line and column (from 1) of ``text[offset]``."""
        before = self.text[:offset]
        newlines = before.count("\n")
        if newlines:
            return self.line + newlines, offset - before.rindex("\n")
        return self.line, self.column + offset

    def error(self, message: str, offset: int | None = None) -> JSONStreamError:
        return JSONStreamError(message, *self.where(self.pos if offset is None else offset))

    def peek(self) -> str:
        """The next character that is not whitespace ("" at the end)."""
        while True:
            self.pos = _WHITESPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.text) or self.eof:
                return self.text[self.pos : self.pos + 1]
            self.fill()

    def expect(self, character: str, what: str) -> None:
        if self.peek() != character:
            raise self.error(f"Expecting {what}")
        self.pos += 1

    def _int(self, digits: str) -> int:
        if self.max_digits is not None and len(digits.lstrip("-")) > self.max_digits:
            raise _LongInteger(digits)
        return int(digits)

    def value(self) -> Any:
        """The next JSON value, read whole (reading on while it is cut by the window)."""
        self.peek()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.text, self.pos)
            except _LongInteger as problem:
                if not self.eof and self.text.endswith(problem.digits):
                    self.fill()  # the number may go on in the next piece
                    continue
                offset = self.text.find(problem.digits, self.pos)
                raise JSONStreamError(
                    f"an integer of {len(problem.digits):,} digits (at most {self.max_digits})",
                    *self.where(max(offset, self.pos)),
                    kind="invalid record",
                ) from None
            except json.JSONDecodeError as problem:
                if self.eof:
                    raise self.error(problem.msg, problem.pos) from None
                self.piece *= 2
                self.fill()
                continue
            # A number that ends with the window may go on in the next piece.
            if end == len(self.text) and not self.eof:
                self.fill()
                continue
            self.surrogate_escape = (
                self.text.find("\\ud", self.pos, end) >= 0
                or self.text.find("\\uD", self.pos, end) >= 0
            )
            self.pos = end
            self.piece = _PIECE
            return value


def iter_json_games(
    handle: IO[bytes],
    envelope: dict[str, Any],
    *,
    max_digits: int | None = None,
    escapes: list[bool] | None = None,
) -> Iterator[Any]:
    """The elements of the ``games`` array of the JSON object in ``handle``, one at a time.

    The object's other members are stored in ``envelope`` as they are met (``format`` and
    ``version`` usually come first; a caller checks them once the iterator is exhausted).
    Raises :class:`JSONStreamError` for text that is not JSON, or not an object, and
    ``RecursionError`` for nesting deeper than Python's decoder goes. With ``max_digits``, an
    integer of more digits is an error (``int()`` of thousands of digits is slow and, past
    4,300, an exception). With ``escapes``, one flag is appended per game yielded: whether
    its text held a surrogate escape (``\\ud800``), the only way a lone surrogate gets in.
    """
    reader = _Reader(handle, max_digits)
    if reader.peek() != "{":
        value = reader.value()  # not an object: report the first JSON error, if any
        envelope["<document>"] = value
        if reader.peek():
            raise reader.error("Extra data")
        return
    reader.pos += 1
    first = True
    while True:
        character = reader.peek()
        if character == "}" and first:
            reader.pos += 1
            break
        if not first:
            if character == "}":
                reader.pos += 1
                break
            reader.expect(",", "',' delimiter")
            character = reader.peek()
        if character != '"':
            raise reader.error("Expecting property name enclosed in double quotes")
        key = reader.value()
        reader.expect(":", "':' delimiter")
        first = False
        if key != "games" or reader.peek() != "[":
            envelope[key] = reader.value()
            continue
        if "games" in envelope:
            raise reader.error("the member 'games' is given twice")
        envelope["games"] = []  # the games themselves are yielded, not kept
        reader.pos += 1
        if reader.peek() == "]":
            reader.pos += 1
            continue
        while True:
            value = reader.value()
            if escapes is not None:
                escapes.append(reader.surrogate_escape)
            yield value
            if reader.peek() == "]":
                reader.pos += 1
                break
            reader.expect(",", "',' delimiter")
    if reader.peek():
        raise reader.error("Extra data")
