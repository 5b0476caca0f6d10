"""The canonical writer: one layout for every record, so formatting is idempotent.

Layout (docs/notation.md, "Canonical form"): headers one per line in roster order, then unknown
tags in their order; a blank line; then one body element per line — except that the bids of a
round share one line — with variations, comments and glyphs inline where they belong. Games are
separated by a blank line. Tokens are already canonically spelt in the model.

The writer is a :class:`~mcn.notation.visitor.Visitor`, so deep variations are written without
recursion. Its output always parses back to an equal record (tested as a property).
"""

from __future__ import annotations

from dataclasses import dataclass

from mcn.base.plain import PlainFields
from mcn.notation.lexical import ANY_WORD, CHANCE, WORD, escape_comment, escape_value
from mcn.notation.model import Checkpoint, Comment, File, Game, Header, Item, Move, Section
from mcn.notation.visitor import Role, Visitor, walk


@dataclass(slots=True, repr=False, eq=False)
class _Level(PlainFields):
    """An element list being written: the main line of a game or one variation."""

    inline: bool
    count: int = 0
    last_bid: bool = False


def _is_bid(item: Item) -> bool:
    return item.label is None and len(item.moves) == 1 and item.moves[0].tokens[0] == "bid"


def head_and_text(move: Move) -> tuple[str, tuple[str, ...]]:
    """The head a move is written with (``R:``, ``market:``, ``*:``) and the tokens after it."""
    if move.actor != CHANCE:
        return f"{move.actor}:", move.tokens
    tokens = move.tokens
    # `market: bread …` only when what follows the head word is itself a word (an action's
    # text begins with one); otherwise the chance head `*:`.
    if len(tokens) >= 2 and WORD.fullmatch(tokens[0]) and ANY_WORD.fullmatch(tokens[1]):
        return f"{tokens[0]}:", tokens[1:]
    return "*:", move.tokens


def comment_text(comment: Comment) -> str:
    """A comment as written: braces around its escaped text."""
    return "{" + escape_comment(comment.text) + "}"


def header_text(header: Header) -> str:
    """A header as written: ``[Tag "value"]`` with the value escaped."""
    return f'[{header.tag} "{escape_value(header.value)}"]'


class CanonicalWriter(Visitor):
    """Collects the canonical text of what it visits; read it from :attr:`text`."""

    def __init__(self) -> None:
        self._out: list[str] = []
        self._levels: list[_Level] = []

    @property
    def text(self) -> str:
        """Everything written so far."""
        return "".join(self._out)

    # ---- games and headers ------------------------------------------------------------------

    def visit_game(self, game: Game, number: int) -> None:
        if number > 1:
            self._out.append("\n")
        self._levels.append(_Level(inline=False))
        return None

    def visit_header(self, header: Header) -> None:
        self._out.append(header_text(header))
        self._out.append("\n")

    def leave_game(self, game: Game, number: int) -> None:
        level = self._levels.pop()
        if level.count:
            self._out.append("\n")

    # ---- body elements ----------------------------------------------------------------------

    def _start_element(self, bid: bool = False) -> None:
        level = self._levels[-1]
        out = self._out
        if level.inline:
            if level.count:
                out.append(" ")
        elif level.count == 0:
            out.append("\n")
        elif bid and level.last_bid:
            out.append("  ")
        else:
            out.append("\n")
        level.count += 1
        level.last_bid = bid

    def visit_section(self, section: Section) -> None:
        self._start_element()
        self._out.append(str(section))

    def visit_checkpoint(self, checkpoint: Checkpoint) -> None:
        self._start_element()
        self._out.append(f"<{checkpoint.text}>")

    def visit_comment(self, comment: Comment, role: Role) -> None:
        if role is Role.GAME:
            self._start_element()
            self._out.append(comment_text(comment))

    def visit_item(self, item: Item) -> None:
        self._start_element(_is_bid(item))
        if item.label is not None:
            self._out.append(f"{item.label}. ")
        return None

    # ---- moves and variations ---------------------------------------------------------------

    def visit_move(self, move: Move, item: Item, index: int) -> None:
        out = self._out
        if index:
            out.append("; ")
        tokens = move.tokens
        if index == 0 or move.actor != item.actor:
            head, tokens = head_and_text(move)
            out.append(head)
            out.append(" ")
        for comment in move.before:
            out.append(comment_text(comment))
            out.append(" ")
        out.append(" ".join(tokens))
        if move.seal:
            out.append(" #")
            out.append(move.seal)
        for position, glyph in enumerate(move.glyphs):
            # The first !/? glyph sticks to the action: `bid ?` is a secret, `bid?` a glyph.
            # After a commitment it stands apart (`bid ? #3f…a ?`: no action continues there).
            if position or glyph[0] == "$" or move.seal:
                out.append(" ")
            out.append(glyph)
        for comment in move.after:
            out.append(" ")
            out.append(comment_text(comment))
        return None

    def visit_variation_start(self, move: Move, index: int) -> None:
        self._out.append(" (")
        self._levels.append(_Level(inline=True))
        return None

    def visit_variation_end(self, move: Move, index: int) -> None:
        self._levels.pop()
        self._out.append(")")


def write(target: File | Game) -> str:
    """The canonical MCN text of a file or a single game."""
    writer = CanonicalWriter()
    walk(target, writer)
    return writer.text
