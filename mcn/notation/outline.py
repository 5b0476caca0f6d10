"""The syntax-only reading of plain MCN: the fast path's pieces and templates
(:mod:`mcn.notation.fastpath`), counting moves and keeping headers instead of building a record.

``mcn validate --syntax-only`` and :func:`mcn.notation.check_syntax` read plain games this way
(anything else goes to the grammar); split from the fast path so each module stays one concept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from mcn.base.values import Fields
from mcn.notation.fastpath import FIRST_MOVE, LATER_MOVE, OTHER_ELEMENT, TEMPLATES, renumbered
from mcn.notation.model import Header, Span


@dataclass(slots=True, repr=False, eq=False)
class Outline(Fields):
    """What a syntax check keeps of one game read by :func:`outline_plain`: its headers (the
    only objects made), its moves, and where its body starts when that is before any header."""

    headers: list[Header]
    moves: int = 0
    stray: Span | None = None


def outline_plain(text: str, line_base: int = 0) -> list[Outline] | None:
    """The games of ``text`` as outlines if every line of it is plain, else None.

    The same pieces, templates and acceptance as :func:`parse_plain`, but no move, item or
    marker is built: a move is counted, a header is kept (its game's header rules need it),
    and games are cut where :func:`mcn.notation.games.group_games` cuts them — at a header
    after body elements.
    """
    first_kind, next_kind, other_kind = FIRST_MOVE, LATER_MOVE, OTHER_ELEMENT
    header_class = Header
    templates = TEMPLATES
    known_first, known_next = templates.first, templates.next
    make_first, make_next = templates.first_piece, templates.next_piece
    game = Outline([])
    games = [game]
    in_item = body = False
    moves = 0
    number = line_base
    for line in text.split("\n"):
        number += 1
        base = 0
        later = False
        for piece in (line,) if '"' in line else line.split(";"):
            if later:  # a known piece's template may be empty (a blank line): not a miss
                template = known_next.get(piece)
                if template is None:
                    template = make_next(piece)
                    if template is None:
                        return None
            else:
                template = known_first.get(piece)
                if template is None:
                    template = make_first(piece)
                    if template is None:
                        return None
                later = True
            for entry in template:
                kind = entry[0]
                if kind == next_kind:
                    if not in_item:
                        return None  # ';' with no item before it: the parser reports it
                    moves += 1
                    continue
                if kind == other_kind and entry[1].__class__ is header_class:
                    in_item = False
                    if body:
                        game.moves, moves = moves, 0
                        game = Outline([])
                        games.append(game)
                        body = False
                    game.headers.append(cast(Header, renumbered(entry[1], number, base)))
                    continue
                if kind == first_kind:
                    in_item = True
                    moves += 1
                    column = entry[2]
                else:
                    in_item = False
                    column = entry[1].span.column
                if not body:
                    body = True
                    if not game.headers:
                        game.stray = Span(number, column + base, number, column + base)
            base += len(piece) + 1
    game.moves = moves
    if not game.headers and not body:
        games.pop()  # blank text: no game
    return games
