"""A fast path for plain MCN: whole lines of headers, markers and unannotated items.

The LALR parser (``grammar/mcn.lark`` with :mod:`mcn.notation.builder`) defines MCN, but
most of any real file — and all that ``mcn random`` writes — is lines made of nothing but
headers, section markers and items without annotations. Their parse needs no parser: the
grammar's own terminal patterns (taken from the loaded grammar, not copied) cut each line
into ``HEADED``/``NEXT``/``MARKER``/``HEADER`` tokens, and the builder's own callbacks turn
the line's tokens into moves and items once; the result is kept as a *template* per distinct
line (records repeat most of their lines: headers, ``4. B: pass``, ``Y: choose pope``), from
which the model is stamped out with the line number filled in.

A line is cut the same way alone as within the text because no token reaches over a line end
into a line that starts with a head (``R:``), a label (``3.``), ``;``, a marker or ``[``: a
token must be followed by whitespace or a delimiter, and none of those can continue an
action. Anything else on a line — a comment, glyph, variation, checkpoint, a token broken over
lines, an error — makes :func:`parse_plain` give up and return None, and the caller parses
the whole text with the LALR parser. Both give equal records, spans included (tested on
corpora and fuzzed input in ``tests/fuzz/test_fastpath.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, Final

from mcn.notation.builder import RecordBuilder, TopElement
from mcn.notation.model import Header, Item, Move, Section, Span

#: The grammar's terminals a plain line is made of, in the contextual lexer's order of trial.
_PLAIN_TERMINALS: Final = ("HEADED", "NEXT", "MARKER", "HEADER", "WS")
_TEMPLATES_LIMIT: Final = 1 << 16
_CACHED_LINE_LIMIT: Final = 160
#: An item actor that cannot occur: marks a headless move on a line that starts with ';'.
_INHERIT: Final = "<item actor>"
_SPACE: Final = " \t\r\n\f\v"


@dataclass(slots=True)
class _Lexeme:
    """A token of one line as the builder expects it (line 1; columns within the line)."""

    type: str
    value: str
    line: int
    column: int
    end_line: int
    end_column: int


# A template entry is a tuple whose first element says what it is:
#   (_FIRST, label, item column, actor, tokens, raw, column, end column)  an item starts
#   (_NEXT, actor or _INHERIT, tokens, raw, column, end column)           a move joins it
#   (_OTHER, element)                                                     header or marker
_FIRST, _NEXT, _OTHER = 0, 1, 2
Template = tuple[tuple[Any, ...], ...]


@cache
def _scanner() -> re.Pattern[str]:
    from mcn.notation.grammar import shared

    parser, _ = shared()
    patterns = {terminal.name: terminal.pattern.to_regexp() for terminal in parser.terminals}
    return re.compile("|".join(f"(?P<{name}>{patterns[name]})" for name in _PLAIN_TERMINALS))


class _Templates:
    """Line templates, assembled from token templates made by the builder's own callbacks.

    Two caches: whole lines (a hit costs one lookup), and tokens (``1. G: visit 5``,
    ``; R: guess 3``, ``Y: bid 1+2``), which repeat far more often than the lines that combine
    them, so that a line seen for the first time is mostly assembled from known tokens
    instead of going through the builder. Both are bounded, and very long lines and tokens
    (comments' neighbours rarely repeat) are not kept, so streaming stays in bounded memory.
    """

    def __init__(self) -> None:
        self.builder = RecordBuilder()
        self.known: dict[str, Template | None] = {}
        self.tokens: dict[str, tuple[Any, ...]] = {}

    def clear(self) -> None:
        """Forget every template (for cold-cache measurements)."""
        self.known.clear()
        self.tokens.clear()

    def get(self, line: str) -> Template | None:
        template = self.known.get(line, False)
        if template is False:
            template = self.make(line)
            if len(line) <= _CACHED_LINE_LIMIT:
                if len(self.known) >= _TEMPLATES_LIMIT:
                    self.known.clear()
                self.known[line] = template
        return template  # type: ignore[return-value]

    def make(self, line: str) -> Template | None:
        match = _scanner().match
        entries: list[tuple[Any, ...]] = []
        position = 0
        while position < len(line):
            found = match(line, position)
            if found is None:
                return None
            kind, end = found.lastgroup, found.end()
            value = found.group()
            start = position
            position = end
            if kind == "WS":
                continue
            stripped = value.lstrip(_SPACE)
            shift = start + len(value) - len(stripped)  # columns before the token's first mark
            token = self.tokens.get(stripped)
            if token is None:
                token = self.token(str(kind), stripped)
                if len(stripped) <= _CACHED_LINE_LIMIT:
                    if len(self.tokens) >= _TEMPLATES_LIMIT:
                        self.tokens.clear()
                    self.tokens[stripped] = token
            if token[0] == _FIRST:
                _, label, item_column, actor, tokens, raw, column, end_column = token
                entries.append(
                    (
                        _FIRST,
                        label,
                        item_column + shift,
                        actor,
                        tokens,
                        raw,
                        column + shift,
                        end_column + shift,
                    )
                )
            elif token[0] == _NEXT:
                _, actor, tokens, raw, column, end_column = token
                entries.append((_NEXT, actor, tokens, raw, column + shift, end_column + shift))
            else:
                entries.append((_OTHER, _shifted(token[1], shift)))
        return tuple(entries)

    def token(self, kind: str, value: str) -> tuple[Any, ...]:
        """The template of one token (no leading whitespace) as if it began in column 1."""
        builder = self.builder
        lexeme = _Lexeme(kind, value, 1, 1, 1, len(value) + 1)
        if kind == "HEADED":
            accumulated = builder.item_first([lexeme])
            return (_FIRST, accumulated[0], accumulated[2][1], *_fields(accumulated[-1]))
        if kind == "NEXT":
            move = builder.item_next([[None, _INHERIT, (1, 1)], lexeme])[-1]
            return (_NEXT, *_fields(move))
        return (_OTHER, builder._element(lexeme))


def _fields(move: Move) -> tuple[Any, ...]:
    assert move.span is not None
    return move.actor, move.tokens, move.raw, move.span.column, move.span.end_column


def _shifted(element: Header | Section, shift: int) -> Header | Section:
    """A header or marker of a token template, moved ``shift`` columns to the right."""
    span = element.span
    assert span is not None
    where = Span(span.line, span.column + shift, span.end_line, span.end_column + shift)
    if isinstance(element, Header):
        return Header(element.tag, element.value, element.raw, where)
    return Section(element.kind, element.number, where)


_templates = _Templates()


def _setters(cls: type) -> list[Any]:
    """Slot setters of a frozen dataclass, in field order: building a model object with them
    costs a third of its generated ``__init__`` (which goes through ``object.__setattr__``)."""
    return [cls.__dict__[field.name].__set__ for field in fields(cls)]


def parse_plain(text: str, line_base: int = 0) -> list[TopElement] | None:
    """The elements of ``text`` if every line of it is plain, else None.

    Equal to what the LALR parser with the builder returns for the same text and
    ``line_base``. This loop is the hot path of reading a record: everything is local, and
    model objects are made with their slot setters.
    """
    new = object.__new__
    set_actor, set_tokens, set_glyphs, set_before, set_after, set_variations, set_raw, set_span = (
        _setters(Move)
    )
    set_line, set_column, set_end_line, set_end_column = _setters(Span)
    set_moves, set_label, set_item_span = _setters(Item)
    move_class, span_class, item_class = Move, Span, Item
    first, other, inherit = _FIRST, _OTHER, _INHERIT
    nothing: tuple[()] = ()
    known = _templates.known
    make = _templates.get
    out: list[TopElement] = []
    append = out.append
    moves: list[Move] | None = None
    label: int | None = None
    item_line = item_column = end_line = end_column = 0
    item_actor = ""
    number = line_base
    for line in text.split("\n"):
        number += 1
        template = known.get(line)
        if template is None:
            template = make(line)
            if template is None:
                return None
        for entry in template:
            kind = entry[0]
            if kind in (first, other):
                if moves is not None:
                    span = new(span_class)
                    set_line(span, item_line)
                    set_column(span, item_column)
                    set_end_line(span, end_line)
                    set_end_column(span, end_column)
                    item = new(item_class)
                    set_moves(item, tuple(moves))
                    set_label(item, label)
                    set_item_span(item, span)
                    append(item)
                    moves = None
                if kind == other:
                    append(_renumbered(entry[1], number))
                    continue
                _, label, item_column, actor, tokens, raw, column, end_column = entry
                item_line, item_actor, moves = number, actor, []
            else:
                _, actor, tokens, raw, column, end_column = entry
                if moves is None:
                    return None  # ';' with no item before it: the parser reports it
                if actor == inherit:
                    actor = item_actor
            span = new(span_class)
            set_line(span, number)
            set_column(span, column)
            set_end_line(span, number)
            set_end_column(span, end_column)
            move = new(move_class)
            set_actor(move, actor)
            set_tokens(move, tokens)
            set_glyphs(move, nothing)
            set_before(move, nothing)
            set_after(move, nothing)
            set_variations(move, nothing)
            set_raw(move, raw)
            set_span(move, span)
            moves.append(move)
            end_line = number
    if moves is not None:
        append(Item(tuple(moves), label, Span(item_line, item_column, end_line, end_column)))
    return out


def _renumbered(element: Header | Section, line: int) -> Header | Section:
    """A header or marker of a template, with its span on ``line``."""
    span = element.span
    assert span is not None
    where = Span(line, span.column, line, span.end_column)
    if isinstance(element, Header):
        return Header(element.tag, element.value, element.raw, where)
    return Section(element.kind, element.number, where)
