"""From a flat run of headers and body elements to games, and the header rules of a game.

The grammar sees a file as one sequence of headers and body elements; a run of headers after
body elements starts the next game. A game's headers must name the required roster (Event,
Site, Date, at least two players, Rules, Board, Variant, Result; Infractions for the META
CULPA variant) with no tag twice. These checks are shared by the parser and the JSON importer,
so both accept exactly the same records.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from mcn.notation.lexical import (
    COLOUR_TAGS,
    META_CULPA,
    REQUIRED_TAGS,
    ROSTER,
    TAG,
)
from mcn.notation.model import Element, Game, Header, Span

_RANK: Final = {tag: index for index, tag in enumerate(ROSTER)}

#: A problem found in a game: a message and where (None when the game has no position).
Problem = tuple[str, Span | None]

#: The problem of body text before a game's first header.
NO_HEADERS: Final = 'a game begins with its headers, like [Event "…"]'


def canonical_order(headers: Iterable[Header]) -> tuple[Header, ...]:
    """Roster tags in roster order, then unknown tags in their given order."""
    return tuple(sorted(headers, key=lambda header: _RANK.get(header.tag, len(ROSTER))))


def check_headers(headers: Sequence[Header], where: Span | None = None) -> list[Problem]:
    """Problems with a game's headers (``where`` locates problems of the game as a whole)."""
    problems: list[Problem] = []
    seen: set[str] = set()
    for header in headers:
        if TAG.fullmatch(header.tag) is None:
            problems.append((f"invalid header tag '{header.tag}'", header.span))
        if header.tag in seen:
            problems.append((f"duplicate header [{header.tag}]", header.span))
        seen.add(header.tag)
    missing = [tag for tag in REQUIRED_TAGS if tag not in seen]
    if missing:
        names = ", ".join(f"[{tag}]" for tag in missing)
        noun = "header" if len(missing) == 1 else "headers"
        problems.append((f"the game lacks the required {noun} {names}", where))
    players = [tag for tag in COLOUR_TAGS.values() if tag in seen]
    if len(players) < 2:
        problems.append(
            ("a game names at least two players: [Red], [Blue], [Green] or [Yellow]", where)
        )
    variant = next((header for header in headers if header.tag == "Variant"), None)
    if variant is not None and variant.value == META_CULPA and "Infractions" not in seen:
        message = f'a [Variant "{META_CULPA}"] game lists its agreed [Infractions]'
        problems.append((message, variant.span or where))
    return problems


def _extent(headers: Sequence[Header], body: Sequence[Element]) -> Span | None:
    first = headers[0].span if headers else (body[0].span if body else None)
    last_element = body[-1] if body else (headers[-1] if headers else None)
    last = None if last_element is None else last_element.span
    if first is None or last is None:
        return None
    return Span(first.line, first.column, last.end_line, last.end_column)


def make_game(headers: Sequence[Header], body: Sequence[Element]) -> tuple[Game, list[Problem]]:
    """A game from headers in source order and its body, with the problems of its headers."""
    span = _extent(headers, body)
    where = headers[0].span if headers else span
    problems = check_headers(headers, where)
    return Game(canonical_order(headers), tuple(body), span), problems


def group_games(
    elements: Sequence[Element | Header],
) -> list[tuple[Game, list[Problem]]]:
    """Split a flat element run into games; body elements before any header are a problem."""
    games: list[tuple[Game, list[Problem]]] = []
    headers: list[Header] = []
    body: list[Element] = []
    stray: Element | None = None
    for element in elements:
        # type(…) is, not isinstance: most elements are not headers, and in the pure build an
        # isinstance that answers no looks the object's __class__ up by name
        if type(element) is Header:
            if body or (not headers and stray is not None):
                games.append(_finish(headers, body, stray))
                headers, body, stray = [], [], None
            headers.append(element)
        elif headers:
            body.append(element)
        else:
            stray = stray or element
            body.append(element)
    if headers or body:
        games.append(_finish(headers, body, stray))
    return games


def _finish(
    headers: list[Header], body: list[Element], stray: Element | None
) -> tuple[Game, list[Problem]]:
    game, problems = make_game(headers, body)
    if stray is not None:
        # Text before any header: that the headers are missing says it all.
        problems = [(NO_HEADERS, stray.span)]
    return game, problems


def outline_problems(headers: Sequence[Header], stray: Span | None) -> list[Problem]:
    """The problems :func:`group_games` reports for a game with ``headers`` whose body starts
    at ``stray`` when that is before any header — for the syntax check, which builds no body.
    """
    if stray is not None:
        return [(NO_HEADERS, stray)]
    return check_headers(headers, headers[0].span if headers else None)
