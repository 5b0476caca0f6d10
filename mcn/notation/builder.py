"""Build the record model while the LALR parser reduces (Lark's ``transformer=`` callbacks).

No parse tree is ever built and nothing recurses over one: each reduction of the grammar
(``grammar/mcn.lark``) calls one method here with the reduced symbols, and the left-recursive
rules append to a list in place. Deeply nested variations only grow the parser's explicit stack.

The method names are the grammar's rule aliases; the shapes of their ``children`` lists are
fixed by the grammar's alternatives. A parse returns the flat list of top-level elements,
``Header`` objects included; :mod:`mcn.notation.games` groups them into games.
"""

from __future__ import annotations

import re
from typing import Any, Final, Protocol, cast

from lark import Token

from mcn.notation.lexical import CHANCE, canonical_token, unescape_comment, unescape_value
from mcn.notation.model import Checkpoint, Comment, Element, Header, Item, Move, Section, Span

_HEADER_PARTS: Final = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"(.*)"[ \t]*\]', re.S)
_PLAYER_HEADS: Final = {"r": "R", "b": "B", "g": "G", "y": "Y"}
_TOKENS_LIMIT: Final = 1 << 16

TopElement = Element | Header


class Lexeme(Protocol):
    """A token as the lexer hands it over: its positions are always set."""

    type: str
    value: str
    line: int
    column: int
    end_line: int
    end_column: int


def _skip_space(text: str, index: int) -> int:
    """The index of the first non-whitespace character of ``text`` at or after ``index``."""
    length = len(text)
    while index < length and text[index] in " \t\r\n\f\v":
        index += 1
    return index


def _relative(token: Lexeme, offset: int) -> tuple[int, int]:
    """Line and column (as the lexer counts them) of character ``offset`` of ``token``."""
    if offset == 0:
        return token.line, token.column
    value = token.value
    newline = value.rfind("\n", 0, offset)
    if newline < 0:
        return token.line, token.column + offset
    return token.line + value.count("\n", 0, offset), offset - newline


class _Part:
    """One move of an ITEM or NEXTS token, shaped as the HEADED or NEXT token it would be."""

    __slots__ = ("column", "end_column", "end_line", "line", "type", "value")

    def __init__(self, token: Lexeme, kind: str, start: int, text: str) -> None:
        self.type = kind
        self.value = text
        self.line, self.column = _relative(token, start)
        self.end_line, self.end_column = _relative(token, start + len(text))


def _cut(token: Lexeme) -> list[Any]:
    """The moves of an ITEM (`R: a; b`) or NEXTS (`; a; B: b`) token, as HEADED/NEXT parts.

    No ';' can occur inside a head or an action, so splitting at every ';' is exact; each part
    ends where its action ends (whitespace before the next ';' is not part of it).
    """
    parts: list[Any] = []
    position = 0
    for index, piece in enumerate(token.value.split(";")):
        if index == 0:
            if piece:  # ITEM: the first move; NEXTS begins with ';'
                parts.append(_Part(token, "HEADED", 0, piece.rstrip()))
        else:
            parts.append(_Part(token, "NEXT", position - 1, ";" + piece.rstrip()))
        position += len(piece) + 1
    return parts


def _rest(children: list[Any], index: int) -> Any:
    """The annotation list at ``children[index]``, or None when the move has none."""
    return children[index] if len(children) > index else None


class RecordBuilder:
    """The parser's callbacks. ``line_base`` shifts line numbers when parsing part of a file."""

    def __init__(self) -> None:
        self.line_base = 0
        self._tokens: dict[str, tuple[str, ...]] = {}

    # ---- spans and tokens -------------------------------------------------------------------

    def _span(self, first: Lexeme, last: Lexeme) -> Span:
        base = self.line_base
        return Span(first.line + base, first.column, last.end_line + base, last.end_column)

    def _split(self, text: str) -> tuple[str, ...]:
        """Canonical tokens of an action text (memoised: records repeat their moves)."""
        tokens = self._tokens.get(text)
        if tokens is None:
            tokens = tuple([canonical_token(token) for token in text.split()])
            if len(self._tokens) >= _TOKENS_LIMIT:
                self._tokens.clear()
            self._tokens[text] = tokens
        return tokens

    def _element(self, token: Lexeme) -> TopElement:
        kind = token.type
        if kind == "COMMENT":
            return Comment(unescape_comment(token.value[1:-1]), self._span(token, token))
        if kind == "MARKER":
            words = token.value.split()
            span = self._span(token, token)
            if len(words) == 1:
                return Section("setup", None, span)
            return Section("round", int(words[1]), span)
        match = _HEADER_PARTS.fullmatch(token.value)
        assert match is not None, token
        return Header(match[1], unescape_value(match[2]), token.value, self._span(token, token))

    # ---- sequences --------------------------------------------------------------------------

    def file(self, children: list[Any]) -> list[TopElement]:
        elements: list[TopElement] = children[0]
        return elements

    def seq_empty(self, children: list[Any]) -> list[TopElement]:
        return []

    def seq_append(self, children: list[Any]) -> list[TopElement]:
        elements: list[TopElement] = children[0]
        element: Any = children[1]
        if isinstance(element, Token):
            elements.append(self._element(cast(Lexeme, element)))
        else:
            elements.append(element)
        return elements

    def seq_item(self, children: list[Any]) -> list[TopElement]:
        elements: list[TopElement] = children[0]
        elements.append(self._item(children[1]))
        return elements

    def variation(self, children: list[Any]) -> tuple[Element, ...]:
        return tuple(children[1])

    def list_start(self, children: list[Any]) -> list[Any]:
        return children

    def list_append(self, children: list[Any]) -> list[Any]:
        items: list[Any] = children[0]
        items.append(children[1])
        return items

    # ---- items and moves --------------------------------------------------------------------
    # An item is accumulated as [label, item actor, (line, column), Move, Move, ...] and becomes
    # an Item when the enclosing sequence takes it. Heads are folded into the action tokens
    # (HEADED: `1. B: buy wine` with the whitespace before it; NEXT: `; B: pick red`), so the
    # head is cut out here with plain string operations: an action text never contains ':'
    # and a label always ends in '.'.

    def item_first(self, children: list[Any]) -> list[Any]:
        first: Lexeme = children[0]
        if first.type == "ITEM":
            parts = _cut(first)
            accumulated = self.item_first([parts[0]])
            for part in parts[1:-1]:
                self.item_next([accumulated, part])
            return self.item_next([accumulated, parts[-1], *children[1:]])
        if first.type == "HEADED":
            label, start, head_start, word, actor, raw = self.headed(first.value)
            line, column = self._position(first, head_start)
            move = self._move(actor, word, raw, None, _rest(children, 1), line, column, first)
            return [label, actor, self._position(first, start), move]
        index = 0
        label = None
        if first.type == "LABEL":
            label = int(first.value[:-1])
            index = 1
        head: Lexeme = children[index]
        action: Lexeme = children[index + 2]
        word = head.value[:-1]
        actor = _PLAYER_HEADS.get(word.lower(), CHANCE)
        line, column = self._position(head, 0)
        start_position = self._position(first, 0)
        move = self._move(
            actor,
            word,
            action.value,
            children[index + 1],
            _rest(children, index + 3),
            line,
            column,
            action,
        )
        return [label, actor, start_position, move]

    @staticmethod
    def headed(value: str) -> tuple[int | None, int, int, str, str, str]:
        """The parts of a ``HEADED`` token's text: its label, the offsets where the item and
        its head start, the head word, the actor and the action text as written."""
        colon = value.index(":")
        head_start = start = _skip_space(value, 0)
        label = None
        if value[start].isdigit():
            dot = value.index(".")
            label = int(value[start:dot])
            head_start = _skip_space(value, dot + 1)
        word = value[head_start:colon]
        actor = _PLAYER_HEADS.get(word.lower(), CHANCE)
        return label, start, head_start, word, actor, value[colon + 1 :].lstrip()

    def move_tokens(self, actor: str, word: str, raw: str) -> tuple[str, ...]:
        """The canonical tokens of a move of ``actor`` with head word ``word`` (a chance head
        word like ``market`` becomes the first token) and action text ``raw``."""
        tokens = self._split(raw)
        if actor == CHANCE and word and word != CHANCE:
            tokens = (canonical_token(word), *tokens)
        return tokens

    def item_next(self, children: list[Any]) -> list[Any]:
        accumulated: list[Any] = children[0]
        item_actor: str = accumulated[1]
        token: Lexeme = children[1]
        if token.type == "NEXTS":
            parts = _cut(token)
            for part in parts[:-1]:
                self.item_next([accumulated, part])
            return self.item_next([accumulated, parts[-1], *children[2:]])
        if token.type == "NEXT":
            value = token.value
            colon = value.find(":")
            if colon < 0:
                start = _skip_space(value, 1)
                actor, word, raw = item_actor, "", value[start:]
            else:
                start = _skip_space(value, 1)
                word = value[start:colon]
                actor = _PLAYER_HEADS.get(word.lower(), CHANCE)
                raw = value[colon + 1 :].lstrip()
            line, column = self._position(token, start)
            annotations = _rest(children, 2)
            accumulated.append(self._move(actor, word, raw, None, annotations, line, column, token))
            return accumulated
        # SEMI [HEAD] befores ACTION [annots]
        index = 2
        actor, word = item_actor, ""
        start_token: Lexeme = children[3]  # the action, unless a head comes first
        if not isinstance(children[2], list):  # a HEAD, not the before-comments
            start_token = children[2]
            word = start_token.value[:-1]
            actor = _PLAYER_HEADS.get(word.lower(), CHANCE)
            index = 3
        action: Lexeme = children[index + 1]
        line, column = self._position(start_token, 0)
        accumulated.append(
            self._move(
                actor,
                word,
                action.value,
                children[index],
                _rest(children, index + 2),
                line,
                column,
                action,
            )
        )
        return accumulated

    def _item(self, accumulated: list[Any]) -> Item:
        line, column = accumulated[2]
        moves: tuple[Move, ...] = tuple(accumulated[3:])
        end = moves[-1].span
        assert end is not None
        span = Span(line, column, end.end_line, end.end_column)
        return Item(moves, accumulated[0], span)

    def _position(self, token: Lexeme, offset: int) -> tuple[int, int]:
        """Line and column in the file of character ``offset`` of ``token``'s text."""
        line, column = _relative(token, offset)
        return line + self.line_base, column

    def _move(
        self,
        actor: str,
        word: str,
        raw: str,
        before_tokens: list[Lexeme] | None,
        annotations: list[Any] | None,
        line: int,
        column: int,
        end: Lexeme,
    ) -> Move:
        """A move of ``actor``; ``word`` is its head word (a chance head becomes a token)."""
        tokens = self.move_tokens(actor, word, raw)
        span = Span(line, column, end.end_line + self.line_base, end.end_column)
        before = () if before_tokens is None else tuple(self._comment(c) for c in before_tokens)
        if annotations is None:
            return Move(actor, tokens, (), before, (), (), raw, span)
        glyphs = []
        after = []
        variations = []
        for annotation in annotations:
            if isinstance(annotation, tuple):
                variations.append(annotation)
            elif annotation.type == "GLYPH":
                glyphs.append(annotation.value)
            else:
                after.append(self._comment(annotation))
        return Move(
            actor, tokens, tuple(glyphs), before, tuple(after), tuple(variations), raw, span
        )

    def _comment(self, token: Lexeme) -> Comment:
        return Comment(unescape_comment(token.value[1:-1]), self._span(token, token))

    # ---- checkpoints ------------------------------------------------------------------------

    def checkpoint(self, children: list[Any]) -> Checkpoint:
        opening, action, closing = children
        tokens = self._split(action.value)
        return Checkpoint(tokens[0], tokens[1:], self._span(opening, closing))
