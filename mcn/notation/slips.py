"""Where a person slipped, when the reader notices only later.

An action runs over whitespace, line breaks included (grammar/mcn.lark: ``ACTION``), so a new
line typed without its ``B:`` (``B choose pope``, ``B; choose pope``, ``5 R: pass``) is read as
more arguments of the move before it, and the engine refuses that move on the line *before*
the slip. A comment runs to the next ``}``, so a ``{`` left open swallows the lines after it
up to the next comment's end, and the parser stumbles somewhere further down. These functions
find the place the person slipped, so that the error can point there; they only relocate and
explain an error that is already certain, never turn accepted text into an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from mcn.base.plain import PlainValue
from mcn.notation.model import Span

#: The start of a line that begins a new item or move but was read as arguments: a colour
#: initial or colour word (the ':' forgotten, or ';' typed for it), or an item number without
#: its full stop.
_NEW_ITEM: Final = re.compile(r"(?i:[RBGY]|red|blue|green|yellow|[0-9]{1,9})(?![A-Za-z0-9>+-])")


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class RunOn(PlainValue):
    """A move that runs on into the next line: where that line's text starts, and the part
    of the move on its own line (what the person meant as the whole move)."""

    span: Span
    meant: str
    first_line: int


def run_on(raw: str, span: Span | None) -> RunOn | None:
    """The slip in a refused move whose text (``raw``, as written) runs on into a line that
    looks like the start of a new item; None when the move is on one line or the next line
    does not begin like an item."""
    if span is None or "\n" not in raw:
        return None
    lines = raw.split("\n")
    meant = lines[0].strip()
    for offset, text in enumerate(lines[1:], 1):
        stripped = text.lstrip()
        if not stripped:
            continue
        if not meant or _NEW_ITEM.match(stripped) is None:
            return None
        column = len(text) - len(stripped) + 1
        line = span.line + offset
        return RunOn(Span(line, column, line, column + len(stripped.rstrip())), meant, span.line)
    return None


def run_on_message(found: RunOn, message: str) -> str:
    """The refusal of a run-on move, told at the line it ran on into."""
    return f"the move '{found.meant}' (line {found.first_line}) runs on into this line: {message}"


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class OpenComment(PlainValue):
    """A comment that spans lines and holds another ``{``: most likely its own ``}`` was left
    out, and it ends only at the next comment's ``}``."""

    line: int
    column: int
    closed_line: int
    closed_column: int


def open_comment(text: str, before: int) -> OpenComment | None:
    """The last comment that ends before offset ``before`` of ``text``, spans lines and holds
    an inner ``{`` (comments do not nest, so that ``{`` began a comment of its own); None if
    there is none. Header lines (``[Tag "…"]``) are skipped: a brace in a value is text."""
    found: OpenComment | None = None
    line, column = 1, 1
    index = 0
    opened: tuple[int, int] | None = None
    inner = False
    multiline = False
    at_line_start = True
    limit = min(before, len(text))
    while index < limit:
        char = text[index]
        if opened is None and at_line_start and text.startswith("[", _skip_blanks(text, index)):
            end = text.find("\n", index)
            if end < 0 or end >= limit:
                break
            index, line, column, at_line_start = end + 1, line + 1, 1, True
            continue
        at_line_start = False
        if opened is None:
            if char == "{":
                opened, inner, multiline = (line, column), False, False
        elif char == "\\":
            index += 1
            column += 1
        elif char == "{":
            inner = True
        elif char == "}":
            if inner and multiline:
                found = OpenComment(opened[0], opened[1], line, column)
            opened = None
        if index < len(text) and text[index] == "\n":
            line, column, at_line_start = line + 1, 1, True
            if opened is not None:
                multiline = True
        else:
            column += 1
        index += 1
    return found


def _skip_blanks(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t":
        index += 1
    return index
