"""Ranking players: points first, then the tie-breaks an organiser chose, in order.

Every criterion gives a value where *more is better*; players are ordered by points, and each
group still level is split by the next tie-break, computed *within that group* (head-to-head
counts only the games among the tied players). Players level on every criterion share a rank
(competition style: two players 3rd, then 5th) and are listed by name.

The tie-breaks (docs/standings.md, "Ranks and tie-breaks"):

``wins``
    More games won (place 1, shared places included).
``places``
    Countback: more 1st places, then more 2nd places, then more 3rd places. A 4th place — the
    worst place there is — never helps: a player is never ranked higher for having lost more.
``average-place``
    A better (lower) average place.
``head-to-head``
    Among the players still level only: in every game two or more of them played together,
    one point per tied opponent placed below, a half per tied opponent sharing the place.
``buchholz``
    Opponents' points (the multiplayer Buchholz): the sum, over the player's games, of the
    final points of every opponent in that game — who met the stronger field ranks higher.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Protocol

WINS: Final = "wins"
PLACES: Final = "places"
AVERAGE_PLACE: Final = "average-place"
HEAD_TO_HEAD: Final = "head-to-head"
BUCHHOLZ: Final = "buchholz"
#: Points always decide first; naming them in ``--tie-break`` is allowed and changes nothing.
POINTS: Final = "points"

#: The tie-breaks and how each is described in every human output.
DESCRIPTIONS: Final = {
    WINS: "more wins",
    PLACES: "more 1st, then 2nd, then 3rd places (countback; a 4th place never helps)",
    AVERAGE_PLACE: "better average place",
    HEAD_TO_HEAD: "head-to-head among the tied (1 per tied opponent placed below, 1/2 shared)",
    BUCHHOLZ: "opponents' points (sum over the games of every opponent's points)",
}
DEFAULT: Final = (WINS, PLACES, AVERAGE_PLACE)

#: One game as the ranking needs it: each player's key and place.
GamePlaces = Sequence[tuple[str, int]]


class Ranked(Protocol):
    """What a ranked line needs (mcn.archive.standings.Row)."""

    key: str
    points: Fraction
    wins: int
    places: list[int]
    games: int
    rank: int


@dataclass(frozen=True, slots=True)
class TieBreaks:
    """The tie-breaks applied after points, in order."""

    order: tuple[str, ...] = DEFAULT

    def describe(self) -> str:
        """``points, then more wins, then …`` for the human outputs."""
        return "; ".join(["points"] + [f"then {DESCRIPTIONS[name]}" for name in self.order])

    def to_json(self) -> list[str]:
        return list(self.order)


def parse_tie_breaks(text: str) -> TieBreaks:
    """A comma-separated list of tie-break names (``wins,head-to-head``); ``points`` may lead
    and is implied anyway. ValueError naming what is wrong."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if names and names[0] == POINTS:
        names = names[1:]
    known = ", ".join(DESCRIPTIONS)
    for name in names:
        if name == POINTS:
            raise ValueError("points always decide first: name them first or not at all")
        if name not in DESCRIPTIONS:
            raise ValueError(f"unknown tie-break '{name}' (known: {known})")
    if len(set(names)) != len(names):
        raise ValueError("a tie-break is named twice")
    return TieBreaks(tuple(names))


def rank(rows: Sequence[Ranked], games: Sequence[GamePlaces], ties: TieBreaks) -> list[Any]:
    """``rows`` ordered by points and then ``ties``; ``row.rank`` set (equal lines share it)."""
    points = {row.key: row.points for row in rows}
    opponents = _opponents_points(games, points)
    groups: list[list[Ranked]] = [sorted(rows, key=lambda r: r.key)]
    for criterion in (POINTS, *ties.order):
        split: list[list[Ranked]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            value = _criterion(criterion, group, games, opponents)
            ordered = sorted(group, key=value, reverse=True)  # stable: names stay ascending
            run: list[Ranked] = []
            for row in ordered:
                if run and value(run[0]) != value(row):
                    split.append(run)
                    run = []
                run.append(row)
            split.append(run)
        groups = split
    out: list[Any] = []
    for group in groups:
        first = len(out) + 1
        for row in group:
            row.rank = first
            out.append(row)
    return out


def _opponents_points(games: Sequence[GamePlaces], points: dict[str, Fraction]) -> dict[str, Any]:
    total: dict[str, Fraction] = {}
    for game in games:
        for key, _ in game:
            for other, _ in game:
                if other != key:
                    total[key] = total.get(key, Fraction(0)) + points.get(other, Fraction(0))
    return total


def _criterion(
    name: str,
    group: Sequence[Ranked],
    games: Sequence[GamePlaces],
    opponents: dict[str, Fraction],
) -> Callable[[Ranked], Any]:
    """The value (more is better) of criterion ``name`` for the rows of ``group``."""
    if name == POINTS:
        return lambda row: row.points
    if name == WINS:
        return lambda row: row.wins
    if name == PLACES:
        return lambda row: tuple(row.places[:-1])
    if name == AVERAGE_PLACE:
        return lambda row: -_average(row)
    if name == BUCHHOLZ:
        return lambda row: opponents.get(row.key, Fraction(0))
    tied = {row.key for row in group}
    scores = {key: Fraction(0) for key in tied}
    for game in games:
        among = [(key, place) for key, place in game if key in tied]
        for key, place in among:
            for other, other_place in among:
                if other != key:
                    if place < other_place:
                        scores[key] += 1
                    elif place == other_place:
                        scores[key] += Fraction(1, 2)
    return lambda row: scores[row.key]


def _average(row: Ranked) -> Fraction:
    if not row.games:
        return Fraction(0)
    total = sum(place * count for place, count in enumerate(row.places, 1))
    return Fraction(total, row.games)
