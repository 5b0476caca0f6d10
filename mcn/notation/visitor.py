"""Walk a record with a visitor, iteratively.

:func:`walk` calls the :class:`Visitor` methods in document order. It keeps its own stack, so
variations nested 10,000 deep or games of 100,000 moves never touch Python's recursion limit.

Order of calls for a move: ``visit_move``, then ``visit_comment`` for its before-comments and
its after-comments, then for each variation ``visit_variation_start``, the variation's elements,
``visit_variation_end``; finally ``leave_move``. Returning :data:`SKIP` from ``visit_file``,
``visit_game``, ``visit_item``, ``visit_move`` or ``visit_variation_start`` skips what is inside
(headers and body, moves, comments and variations, elements); the matching ``leave_*`` /
``visit_variation_end`` is still called, so visitors that keep a stack stay balanced.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Final

from mcn.notation.model import Checkpoint, Comment, File, Game, Header, Item, Move, Section


class _Skip:
    """The type of :data:`SKIP`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "SKIP"


#: Return this from a ``visit_*`` method to skip what is inside the visited node.
SKIP: Final = _Skip()


class Role(Enum):
    """Where a comment stands."""

    GAME = "game"  #: a body element of its own
    BEFORE = "before"  #: between a move's actor and its action
    AFTER = "after"  #: after a move's action


class Visitor:
    """Override what you need; every method does nothing by default."""

    def visit_file(self, file: File) -> _Skip | None:
        """Before the games of ``file``."""
        return None

    def leave_file(self, file: File) -> None:
        """After the games of ``file``."""

    def visit_game(self, game: Game, number: int) -> _Skip | None:
        """Before game ``number`` (1-based) of the file."""
        return None

    def leave_game(self, game: Game, number: int) -> None:
        """After game ``number``."""

    def visit_header(self, header: Header) -> None:
        """Each header, in the game's (canonical) order."""

    def visit_section(self, section: Section) -> None:
        """A ``setup`` or ``round N`` marker."""

    def visit_checkpoint(self, checkpoint: Checkpoint) -> None:
        """A checkpoint ``<…>``."""

    def visit_comment(self, comment: Comment, role: Role) -> None:
        """A comment: a body element (``Role.GAME``) or a move's (``BEFORE``/``AFTER``)."""

    def visit_item(self, item: Item) -> _Skip | None:
        """Before the moves of ``item``."""
        return None

    def leave_item(self, item: Item) -> None:
        """After the moves of ``item``."""

    def visit_move(self, move: Move, item: Item, index: int) -> _Skip | None:
        """Move ``index`` (0-based) of ``item``."""
        return None

    def leave_move(self, move: Move, item: Item, index: int) -> None:
        """After the move, its comments and its variations."""

    def visit_variation_start(self, move: Move, index: int) -> _Skip | None:
        """Before variation ``index`` (0-based) of ``move``."""
        return None

    def visit_variation_end(self, move: Move, index: int) -> None:
        """After variation ``index`` of ``move``."""


# Operations on the walk's stack: (operation, node, extra).
_GAME, _LEAVE_GAME, _LEAVE_FILE, _ELEMENT, _LEAVE_ITEM, _MOVE, _LEAVE_MOVE = range(7)
_VARIATION, _VARIATION_END = 7, 8


def walk(target: File | Game, visitor: Visitor) -> None:
    """Call ``visitor`` on everything in ``target`` in document order, without recursion."""
    stack: list[tuple[int, Any, Any]] = []
    if isinstance(target, File):
        stack.append((_LEAVE_FILE, target, None))
        if visitor.visit_file(target) is not SKIP:
            games = target.games
            for number in range(len(games), 0, -1):
                stack.append((_GAME, games[number - 1], number))
    else:
        stack.append((_GAME, target, 1))
    push = stack.append
    while stack:
        operation, node, extra = stack.pop()
        if operation == _ELEMENT:
            if isinstance(node, Item):
                push((_LEAVE_ITEM, node, None))
                if visitor.visit_item(node) is not SKIP:
                    moves = node.moves
                    for index in range(len(moves) - 1, -1, -1):
                        push((_MOVE, moves[index], (node, index)))
            elif isinstance(node, Section):
                visitor.visit_section(node)
            elif isinstance(node, Checkpoint):
                visitor.visit_checkpoint(node)
            else:
                visitor.visit_comment(node, Role.GAME)
        elif operation == _MOVE:
            item, index = extra
            push((_LEAVE_MOVE, node, extra))
            if visitor.visit_move(node, item, index) is SKIP:
                continue
            for comment in node.before:
                visitor.visit_comment(comment, Role.BEFORE)
            for comment in node.after:
                visitor.visit_comment(comment, Role.AFTER)
            for number in range(len(node.variations) - 1, -1, -1):
                push((_VARIATION, node, number))
        elif operation == _LEAVE_MOVE:
            item, index = extra
            visitor.leave_move(node, item, index)
        elif operation == _LEAVE_ITEM:
            visitor.leave_item(node)
        elif operation == _VARIATION:
            push((_VARIATION_END, node, extra))
            if visitor.visit_variation_start(node, extra) is not SKIP:
                elements = node.variations[extra]
                for position in range(len(elements) - 1, -1, -1):
                    push((_ELEMENT, elements[position], None))
        elif operation == _VARIATION_END:
            visitor.visit_variation_end(node, extra)
        elif operation == _GAME:
            push((_LEAVE_GAME, node, extra))
            if visitor.visit_game(node, extra) is not SKIP:
                body = node.body
                for position in range(len(body) - 1, -1, -1):
                    push((_ELEMENT, body[position], None))
                for header in node.headers:
                    visitor.visit_header(header)
        elif operation == _LEAVE_GAME:
            visitor.leave_game(node, extra)
        else:
            visitor.leave_file(node)
