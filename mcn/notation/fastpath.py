"""A fast path for plain MCN: whole lines of headers, markers and unannotated items.

The grammar (``grammar/mcn.lark``, read by Lark with :mod:`mcn.notation.builder`) defines
MCN, but most of any real file — and all that ``mcn random`` writes — is lines made of
nothing but headers, section markers and items without annotations. Their parse needs no
parser. This module folds the grammar's tokens of one move into one match: an item's first
move (``LABEL? HEAD ACTION``) and a later move (``";" HEAD? ACTION``), composed from the
grammar's own terminal patterns (taken from the loaded grammar, not copied), with
``MARKER``, ``HEADER`` and ``WS`` beside them. Each distinct piece of a line is cut and built
once and kept as a *template* (records repeat their pieces: headers, ``4. B: pass``,
``; visit 2``), from which the model is stamped out with the line number and the piece's
column filled in. A piece never seen that is made of first moves alone (the rooms and bids of
a round, rarely the same twice) is made word by word, each distinct word judged once with
the grammar's ``HEAD`` and ``ACTION`` (:meth:`PieceTemplates.items`).

A line is cut the same way alone as within the text because no token reaches over a line end
into a line that starts with a head (``R:``), a label (``3.``), ``;``, a marker or ``[``: a
token must be followed by whitespace or a delimiter, and none of those can continue an
action. Likewise a line is cut into pieces at every ``;``: in a plain line a ``;`` only ever
starts a later move, except inside a header's value, so a line with a ``"`` is one piece.
Anything else on a line — a comment, glyph, variation, checkpoint, a token broken over lines,
an error — makes :func:`parse_plain` give up and return None, and the caller parses the whole
text with Lark. Both give equal records, spans included: ``tests/notation/test_differential.py``
compares this reading with Lark's alone on the examples, engine-played records, the fuzz
corpus and mutated records. :func:`mcn.notation.outline.outline_plain` reads the same lines
the same way for the syntax-only check, building nothing but headers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, Final

from mcn.base.values import Fields
from mcn.notation.builder import RecordBuilder, TopElement
from mcn.notation.lexical import head_actor, move_tokens, words_tokens
from mcn.notation.model import Header, Item, Move, Section, Span
from mcn.notation.patterns import Words, move_parts, scanner

_TEMPLATES_LIMIT: Final = 1 << 16
_CACHED_LINE_LIMIT: Final = 160
#: An item actor that cannot occur: marks a headless move on a line that starts with ';'.
_INHERIT: Final = "<item actor>"
_SPACE: Final = " \t\r\n\f\v"
#: What no plain piece of words holds: anything but printable ASCII and the grammar's ``WS``
#: (among them what ``str.split`` cuts at but ``WS`` does not hold: ``\x1c``-``\x1f``, and
#: spaces outside ASCII).
_NOT_WORDS: Final = re.compile("[^\t-\r -~]")


@dataclass(slots=True, repr=False, eq=False)
class _Lexeme(Fields):
    """A token of one line as the builder expects it (line 1; columns within the line)."""

    type: str
    value: str
    line: int
    column: int
    end_line: int
    end_column: int


# A template entry is a tuple whose first element, its kind, says what it is (the kinds are
# public: mcn.notation.outline reads the same templates):
#   (FIRST_MOVE, label, item column, actor, tokens, raw, column, end column)  an item starts
#   (LATER_MOVE, actor or _INHERIT, tokens, raw, column, end column)      a move joins it
#   (OTHER_ELEMENT, element)                                              header or marker
FIRST_MOVE, LATER_MOVE, OTHER_ELEMENT = 0, 1, 2
Template = tuple[tuple[Any, ...], ...]


class PieceTemplates:
    """Piece templates, assembled from token templates made by the builder's own callbacks.

    A line is cut at every ``;`` into *pieces*: the first piece, and each later one with its
    ``;`` (a line holding a header, whose value may contain ``;``, is one piece). Pieces repeat
    far more than whole lines (``1. R: visit 5`` meets ``; B: guess 3`` in many lines), so
    even a corpus read for the first time mostly hits known pieces. A new piece is cut with
    the grammar's terminal patterns into tokens, whose templates are cached too (``Y: bid
    1+2``). All caches are bounded, and very long pieces and tokens are not kept, so
    streaming stays in bounded memory.
    """

    def __init__(self) -> None:
        self.builder = RecordBuilder()
        self.first: dict[str, Template] = {}
        self.next: dict[str, Template] = {}
        self.tokens: dict[str, tuple[Any, ...]] = {}
        self.words = Words()

    def clear(self) -> None:
        """Forget every template, and the memos of canonical tokens (for cold-cache
        measurements)."""
        self.first.clear()
        self.next.clear()
        self.tokens.clear()
        self.words.clear()
        self.builder.forget_tokens()

    def first_piece(self, piece: str) -> Template | None:
        """The template of the first piece of a line (None: not plain); cached."""
        template = (
            self.labelled(piece) or self.items(piece) or self.headed(piece) or self.make(piece)
        )
        return self._remember(self.first, piece, template)

    def labelled(self, piece: str) -> Template | None:
        """The template of a piece that begins with a label (``7. R: visit 2``), made from
        that of the rest of the piece (`` R: visit 2``): labels count up through every round,
        so the rest is known far more often than the whole piece. None when the piece has no
        label or its rest does not start with a new item.

        The label (one to nine ASCII digits and a dot, as ``LABEL``) may only be followed by
        the head and action of the same first move, so the piece is plain exactly when its
        rest begins with an unlabelled item, and cuts the same way.
        """
        dot = piece.find(".", 0, 10)
        digits = piece[:dot]
        if dot < 1 or not (digits.isascii() and digits.isdigit()):
            return None
        rest = piece[dot + 1 :]
        template = self.first.get(rest) or self.first_piece(rest)
        if not template or template[0][0] != FIRST_MOVE or template[0][1] is not None:
            return None
        shift = dot + 1
        _, _, _, actor, tokens, raw, column, end_column = template[0]
        head = (FIRST_MOVE, int(digits), 1, actor, tokens, raw, column + shift, end_column + shift)
        if len(template) == 1:  # the common case: no generator to make (mypyc)
            return (head,)
        return (head, *[_moved(entry, shift) for entry in template[1:]])

    def next_piece(self, piece: str) -> Template | None:
        """The template of a later piece, given without its ``;`` (None: not plain); cached.

        Its columns count from the ``;`` as column 0, so that they are columns of the line
        once the piece's offset in the line is added, as for the first piece."""
        return self._remember(self.next, piece, self.later(piece) or self.make(";" + piece, -1))

    def later(self, piece: str) -> Template | None:
        """The template of a later piece (without its ``;``) that is one move alone, an
        optional head and an action (``; B: guess 6``, ``; visit 2``), cut at its words as
        :meth:`items` cuts first moves; None for any other, which the patterns then cut."""
        if _NOT_WORDS.search(piece) is not None:
            return None  # str.split would cut where the grammar's WS does not
        words = piece.split()
        if not words:
            return None
        judged = self.words
        first = words[0]
        start = piece.find(first)  # the move's column, 0-based
        lead = start  # the action's
        actor, word = _INHERIT, ""
        if first[-1] == ":":
            word = first[:-1]
            actor = judged.heads.get(word) or judged.head(word)
            if not actor:
                return None  # not a head
            del words[0]
            if not words:
                return None  # a head without an action
            lead = piece.find(words[0], start + len(first))
        known = words[0] in judged.firsts and judged.arguments.issuperset(words)
        if not known and not judged.action(words):
            return None
        action = piece[lead:].rstrip(_SPACE)
        tokens = words_tokens(actor, word, action, words)
        return ((LATER_MOVE, actor, tokens, action, start + 1, lead + len(action) + 1),)

    @staticmethod
    def _remember(
        known: dict[str, Template], piece: str, template: Template | None
    ) -> Template | None:
        if template is not None and len(piece) <= _CACHED_LINE_LIMIT:
            if len(known) >= _TEMPLATES_LIMIT:
                known.clear()
            known[piece] = template
        return template

    def items(self, piece: str) -> Template | None:
        """The template of a piece of unlabelled first moves alone (``rooms: take-3 lust-2``,
        ``R: bid 5+2  B: bid 5+4``); None for any other, which the grammar's patterns then cut.

        Cut at its colons: a head ends with ``:``, which no action's word holds, so between two
        colons stand an action and the next head's name. Each distinct word is judged once
        (:class:`mcn.notation.patterns.Words`), so a new piece of known words is checked
        against sets with no pattern match, its tokens spelt from the cut words
        (:func:`mcn.notation.lexical.words_tokens`). It declines what it cannot tell: no space
        after a head, another colon, a marker or keyword, characters outside ASCII and ``WS``.
        """
        if _NOT_WORDS.search(piece) is not None:
            return None  # str.split would cut where the grammar's WS does not
        parts = piece.split(":")
        last = len(parts) - 1
        if last == 0:
            return None
        judged = self.words
        heads, firsts, arguments = judged.heads, judged.firsts, judged.arguments
        entries: list[tuple[Any, ...]] = []
        part = parts[0]
        name = part.lstrip(_SPACE)
        column = len(part) - len(name)  # of the head, 0-based
        offset = len(part) + 1  # where the next part starts
        index = 1
        while index <= last:
            actor = heads.get(name)
            if actor is None:
                actor = judged.head(name)
            if not actor:
                return None  # not a head
            word = name
            part = parts[index]
            words = part.split()
            if not words or part[0] not in _SPACE:
                return None  # nothing after the head, or no space after it
            width = len(part)
            if index < last:
                if part[-1] in _SPACE:
                    return None  # a colon after a space: no head
                name = words.pop()  # the next move's head, without its colon
                width -= len(name)
                if not words:
                    return None  # a head without an action
            known = words[0] in firsts and arguments.issuperset(words)  # each word judged
            if not known and not judged.action(words):
                return None
            lead = part.find(words[0])
            action = part[lead:width].rstrip(_SPACE)
            start = offset + lead
            entries.append(
                (
                    FIRST_MOVE,
                    None,
                    column + 1,
                    actor,
                    words_tokens(actor, word, action, words),
                    action,
                    column + 1,
                    start + len(action) + 1,
                )
            )
            column = offset + width
            offset += len(part) + 1
            index += 1
        return tuple(entries)

    def headed(self, piece: str) -> Template | None:
        """The template of a piece that is one item's first move and nothing else (``market:
        wine cloth``, ``  R: pass``); None for any other piece. The common kind of new
        piece, in short: it must be one first move, and the rest of it whitespace."""
        found = move_parts()[0].match(piece)
        if found is None or piece[found.end() :].strip(_SPACE):
            return None
        return (self.first_entry(found),)

    def first_entry(self, found: re.Match[str]) -> tuple[Any, ...]:
        """The template entry of a first move matched at column 1 (its leading whitespace
        included)."""
        label, head, action = found.group("label", "head", "action")
        start = found.start("head") if label is None else found.start("label")
        word = head[:-1]
        actor = head_actor(word)
        tokens = move_tokens(actor, word, action)
        return (
            FIRST_MOVE,
            None if label is None else int(label[:-1]),
            start + 1,
            actor,
            tokens,
            action,
            found.start("head") + 1,
            found.end() + 1,
        )

    def make(self, text: str, offset: int = 0) -> Template | None:
        """The entries of ``text`` (a piece), in columns counted from its start plus
        ``offset``; None if it is not made of plain tokens alone."""
        match = scanner().match
        entries: list[tuple[Any, ...]] = []
        position = 0
        while position < len(text):
            found = match(text, position)
            if found is None:
                return None
            kind, end = found.lastgroup, found.end()
            value = found.group()
            start = position
            position = end
            if kind == "WS":
                continue
            stripped = value.lstrip(_SPACE)
            shift = start + len(value) - len(stripped) + offset  # columns before the token
            token = self.tokens.get(stripped)
            if token is None:
                token = self.token(str(kind), stripped)
                if len(stripped) <= _CACHED_LINE_LIMIT:
                    if len(self.tokens) >= _TEMPLATES_LIMIT:
                        self.tokens.clear()
                    self.tokens[stripped] = token
            entries.append(_moved(token, shift))
        return tuple(entries)

    def token(self, kind: str, value: str) -> tuple[Any, ...]:
        """The template of one token (no leading whitespace) as if it began in column 1."""
        if kind == "FIRST":
            found = move_parts()[0].match(value)
            assert found is not None, value
            return self.first_entry(found)
        if kind == "NEXT":
            found = move_parts()[1].match(value)
            assert found is not None, value
            head, action = found.group("head", "action")
            if head is None:
                actor, word, start = _INHERIT, "", found.start("action")
            else:
                word = head[:-1]
                actor, start = head_actor(word), found.start("head")
            tokens = move_tokens(actor, word, action)
            return (LATER_MOVE, actor, tokens, action, start + 1, found.end() + 1)
        lexeme = _Lexeme(kind, value, 1, 1, 1, len(value) + 1)
        return (OTHER_ELEMENT, self.builder.element(lexeme))


def _moved(entry: tuple[Any, ...], shift: int) -> tuple[Any, ...]:
    """A template entry moved ``shift`` columns to the right."""
    if entry[0] == FIRST_MOVE:
        kind, label, item_column, actor, tokens, raw, column, end_column = entry
        return (
            kind,
            label,
            item_column + shift,
            actor,
            tokens,
            raw,
            column + shift,
            end_column + shift,
        )
    if entry[0] == LATER_MOVE:
        kind, actor, tokens, raw, column, end_column = entry
        return (kind, actor, tokens, raw, column + shift, end_column + shift)
    return (OTHER_ELEMENT, _shifted(entry[1], shift))


def _shifted(element: Header | Section, shift: int) -> Header | Section:
    """A header or marker of a token template, moved ``shift`` columns to the right."""
    span = element.span
    assert span is not None
    where = Span(span.line, span.column + shift, span.end_line, span.end_column + shift)
    if isinstance(element, Header):
        return Header(element.tag, element.value, element.raw, where)
    return Section(element.kind, element.number, where)


TEMPLATES = PieceTemplates()
"""The process-wide templates, shared by :func:`parse_plain` and
:func:`mcn.notation.outline.outline_plain` (reading is single-threaded); ``TEMPLATES.clear()``
forgets them, for cold-cache measurements."""


#: Whether the model's classes are mypyc native classes (docs/performance-history.md,
#: "Reading, compiled"): their own ``__init__`` is compiled and cheaper than anything else, so
#: :func:`parse_plain` calls it.
NATIVE_MODEL: Final = "__mypyc_attrs__" in vars(Move)


def _slot_setters(cls: type) -> tuple[Any, ...]:
    """The ``__set__`` of each field's slot of the dataclass ``cls``, in field order.

    A frozen dataclass's ``__init__`` stores each field with ``object.__setattr__(self, name,
    value)``, a generic call that looks the name up again every time; the slot's own member
    descriptor stores it directly, at half the cost, and only the code holding the setter can
    (the class stays frozen: ``move.actor = …`` still raises). The interpreted fast path builds
    moves and items this way (docs/performance-history.md, "No class swaps"); a field added to
    :class:`Move` or :class:`Item` fails :func:`parse_plain`'s unpacking at import.
    """
    return tuple(vars(cls)[field.name].__set__ for field in fields(cls))


_MOVE_SETTERS: Final = _slot_setters(Move)
_ITEM_SETTERS: Final = _slot_setters(Item)


def parse_plain(text: str, line_base: int = 0) -> list[TopElement] | None:
    """The elements of ``text`` if every line of it is plain, else None.

    Equal to what the LALR parser with the builder returns for the same text and
    ``line_base``. This loop is the hot path of reading a record: everything is local, the
    positions of moves and items are plain tuples (the model's ``where``, which the collector
    stops tracking), and moves and items are made by their compiled constructors when the
    model is native (:data:`NATIVE_MODEL`), else through their slots' setters
    (:func:`_slot_setters`).
    """
    new = object.__new__
    move_class, item_class = Move, Item
    first_kind, next_kind, inherit = FIRST_MOVE, LATER_MOVE, _INHERIT
    nothing: tuple[()] = ()
    native = NATIVE_MODEL
    (
        set_actor,
        set_tokens,
        set_glyphs,
        set_before,
        set_after,
        set_variations,
        set_raw,
        set_move_where,
        set_seal,
    ) = _MOVE_SETTERS
    set_moves, set_label, set_item_where = _ITEM_SETTERS
    templates = TEMPLATES
    known_first, known_next = templates.first, templates.next
    out: list[TopElement] = []
    append = out.append
    moves: list[Move] | None = None
    label: int | None = None
    item_column = end_column = 0
    item_line: Any = 0
    end_line: Any = 0
    item_actor = ""
    number = line_base
    for line in text.split("\n"):
        number += 1
        row: Any = number  # the line number as an object once per line (mypyc: not per span)
        base = 0  # where the piece starts in the line (0-based; columns are 1-based)
        later = False
        for piece in (line,) if '"' in line else line.split(";"):
            if later:  # a known piece's template may be empty (a blank line): not a miss
                template = known_next.get(piece)
                if template is None:
                    template = templates.next_piece(piece)
                    if template is None:
                        return None
            else:
                template = known_first.get(piece)
                if template is None:
                    template = templates.first_piece(piece)
                    if template is None:
                        return None
                later = True
            for entry in template:
                kind = entry[0]
                if kind == next_kind:
                    _, actor, tokens, raw, column, end = entry
                    if moves is None:
                        return None  # ';' with no item before it: the parser reports it
                    if actor is inherit:
                        actor = item_actor
                else:
                    if moves is not None:
                        where = (item_line, item_column, end_line, end_column)
                        if native:  # by name: mypyc calls a named native class directly
                            append(Item(tuple(moves), label, where))
                        else:
                            item = new(item_class)
                            set_moves(item, tuple(moves))
                            set_label(item, label)
                            set_item_where(item, where)
                            append(item)
                        moves = None
                    if kind != first_kind:
                        append(renumbered(entry[1], number, base))
                        continue
                    _, label, item_column, actor, tokens, raw, column, end = entry
                    item_column += base
                    item_line, item_actor, moves = row, actor, []
                end_column = end + base
                where = (row, column + base, row, end_column)
                if native:
                    moves.append(
                        Move(actor, tokens, nothing, nothing, nothing, nothing, raw, where)
                    )
                else:
                    move = new(move_class)
                    set_actor(move, actor)
                    set_tokens(move, tokens)
                    set_glyphs(move, nothing)
                    set_before(move, nothing)
                    set_after(move, nothing)
                    set_variations(move, nothing)
                    set_raw(move, raw)
                    set_move_where(move, where)
                    set_seal(move, "")
                    moves.append(move)
                end_line = row
            base += len(piece) + 1
    if moves is not None:
        append(Item(tuple(moves), label, (item_line, item_column, end_line, end_column)))
    return out


def renumbered(element: Header | Section, line: int, shift: int) -> Header | Section:
    """A header or marker of a template, with its span on ``line``, ``shift`` columns on
    (public: :mod:`mcn.notation.outline` stamps headers out of the same templates)."""
    span = element.span
    assert span is not None
    where = tuple.__new__(Span, (line, span.column + shift, line, span.end_column + shift))
    if isinstance(element, Header):
        return Header(element.tag, element.value, element.raw, where)
    return Section(element.kind, element.number, where)
