"""Build the record model while the LALR parser reduces (Lark's ``transformer=`` callbacks).

No parse tree is ever built and nothing recurses over one: each reduction of a named rule of
the grammar (``grammar/mcn.lark``) calls the method of the same name here with the rule's
children, which are tokens and what earlier calls returned; Lark splices the children of the
``_inline`` rules and of the ``*``/``+`` repetitions into them, and drops the anonymous
literals (``;``, ``(``, ``)``). Deeply nested variations only grow the parser's explicit stack.

A parse returns the flat list of top-level elements, ``Header`` objects included;
:mod:`mcn.notation.games` groups them into games (a header after body text begins the next
game, as the grammar's ``game`` rule says).
"""

from __future__ import annotations

import re
from typing import Any, Final, Protocol

from mcn.notation.lexical import (
    canonical_tokens,
    forget_canonical_tokens,
    head_actor,
    move_tokens,
    unescape_comment,
    unescape_value,
)
from mcn.notation.model import Checkpoint, Comment, Element, Header, Item, Move, Section, Span

_HEADER_PARTS: Final = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"(.*)"[ \t]*\]', re.S)

TopElement = Element | Header


class Lexeme(Protocol):
    """A token as the lexer hands it over: its positions are always set."""

    type: str
    value: str
    line: int
    column: int
    end_line: int
    end_column: int


class _MoveParts:
    """What the ``move`` rule read: the action and its comments and annotations. The item
    rule, which knows the move's head, makes the :class:`Move`."""

    __slots__ = ("action", "after", "before", "glyphs", "seal", "variations")

    def __init__(self, before: tuple[Comment, ...], action: Lexeme) -> None:
        self.before = before
        self.action = action
        self.seal = ""
        self.glyphs: list[str] = []
        self.after: list[Comment] = []
        self.variations: list[tuple[Element, ...]] = []


class RecordBuilder:
    """The parser's callbacks. ``line_base`` shifts line numbers when parsing part of a file."""

    def __init__(self) -> None:
        self.line_base = 0

    # ---- spans and tokens -------------------------------------------------------------------

    def _span(self, first: Lexeme, last: Lexeme) -> Span:
        base = self.line_base
        return Span(first.line + base, first.column, last.end_line + base, last.end_column)

    def forget_tokens(self) -> None:
        """Forget the memos of canonical tokens (for cold-cache measurements)."""
        forget_canonical_tokens()

    def split(self, text: str) -> tuple[str, ...]:
        """Canonical tokens of an action text (memoised: records repeat their moves)."""
        return canonical_tokens(text)

    def move_tokens(self, actor: str, word: str, raw: str) -> tuple[str, ...]:
        """The canonical tokens of a move of ``actor`` with head word ``word`` (a chance head
        word like ``market`` becomes the first token) and action text ``raw``."""
        return move_tokens(actor, word, raw)

    def _comment(self, token: Lexeme) -> Comment:
        return Comment(unescape_comment(token.value[1:-1]), self._span(token, token))

    def element(self, token: Lexeme) -> TopElement:
        """The element of a COMMENT, MARKER or HEADER token."""
        kind = token.type
        if kind == "COMMENT":
            return self._comment(token)
        if kind == "MARKER":
            words = token.value.split()
            span = self._span(token, token)
            if len(words) == 1:
                return Section("setup", None, span)
            return Section("round", int(words[1]), span)
        match = _HEADER_PARTS.fullmatch(token.value)
        assert match is not None, token
        return Header(match[1], unescape_value(match[2]), token.value, self._span(token, token))

    # ---- files, games, bodies ---------------------------------------------------------------

    def file(self, children: list[Any]) -> list[TopElement]:
        """``body (HEADER body)*``: the run of headers and body elements, in file order."""
        elements: list[TopElement] = children[0]
        for child in children[1:]:
            if child.__class__ is list:
                elements.extend(child)
            else:
                elements.append(self.element(child))
        return elements

    def body(self, children: list[Any]) -> list[TopElement]:
        """Comments and markers are still tokens here; items and checkpoints are made."""
        element = self.element
        return [
            element(child)
            if child.__class__ is not Item and child.__class__ is not Checkpoint
            else child
            for child in children
        ]

    def variation(self, children: list[Any]) -> tuple[Element, ...]:
        return tuple(children[0])

    def checkpoint(self, children: list[Any]) -> Checkpoint:
        opening, action, closing = children
        tokens = self.split(action.value)
        return Checkpoint(tokens[0], tokens[1:], self._span(opening, closing))

    # ---- items and moves --------------------------------------------------------------------

    def move(self, children: list[Any]) -> _MoveParts:
        """``COMMENT* ACTION SEAL? _annotation*``."""
        index = 0
        while children[index].type == "COMMENT":
            index += 1
        parts = _MoveParts(tuple([self._comment(c) for c in children[:index]]), children[index])
        for annotation in children[index + 1 :]:
            if isinstance(annotation, tuple):
                parts.variations.append(annotation)
            elif annotation.type == "GLYPH":
                parts.glyphs.append(annotation.value)
            elif annotation.type == "SEAL":
                parts.seal = annotation.value[1:].lower()
            else:
                parts.after.append(self._comment(annotation))
        return parts

    def item(self, children: list[Any]) -> Item:
        """``LABEL? HEAD move (";" HEAD? move)*`` (the ``;`` are dropped): a move takes the
        head just before it, else the item's actor; its span runs from its head (or its
        action) to the end of its action."""
        first: Lexeme = children[0]
        label = None
        if first.type == "LABEL":
            label = int(first.value[:-1])
        base = self.line_base
        moves = []
        item_actor = ""
        head: Lexeme | None = None
        for child in children:
            if child.__class__ is not _MoveParts:
                if child.type == "HEAD":
                    head = child
                continue
            action: Lexeme = child.action
            if head is None:
                actor, word, start = item_actor, "", action
            else:
                word = head.value[:-1]
                actor, start = head_actor(word), head
                if not item_actor:
                    item_actor = actor
                head = None
            raw = action.value
            where = (start.line + base, start.column, action.end_line + base, action.end_column)
            moves.append(
                Move(
                    actor,
                    self.move_tokens(actor, word, raw),
                    tuple(child.glyphs),
                    child.before,
                    tuple(child.after),
                    tuple(child.variations),
                    raw,
                    where,
                    child.seal,
                )
            )
        end = moves[-1].where
        assert end is not None
        return Item(tuple(moves), label, (first.line + base, first.column, end[2], end[3]))
