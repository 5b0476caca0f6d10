"""How the movers of one move placed: games, wins and places, with 95 % intervals.

A win is a first place (a shared first place is a win for each player sharing it, as
``mcn standings`` and ``mcn match`` count it). The win rate's interval is Wilson's score
interval (:func:`mcn.bots.results.wilson`: sound for small counts and rates near 0 or 1, where
lichess's explorer shows raw percentages); the average place's is the normal interval of a
mean, ``mean ± 1.96·s/√n`` with the sample standard deviation (kept within the places the tables
have), given from two games on. Only finished games have places; an unfinished one counts in
``games`` only.

A tally can take a game back (:meth:`Tally.remove`): the archive's judgement decides which
copy of a game counts only once the whole archive is read, so a game is counted as it comes and
taken back if it turns out to be a duplicate or a conflict.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from mcn.bots.results import Z95, wilson


@dataclass(slots=True)
class Tally:
    """Games through a move; of the finished ones, the mover's wins and places."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    places: int = 0
    squares: int = 0
    #: The most players at a table of these games (the worst place an interval can reach).
    seats: int = 2

    def add(self, place: int | None, sign: int = 1, seats: int = 4) -> None:
        """Count one game (``place``: the mover's place, None when unfinished or no mover;
        ``seats``: the players at its table); ``sign=-1`` takes it back."""
        self.games += sign
        if place is None:
            return
        self.seats = max(self.seats, seats)
        self.finished += sign
        self.wins += sign * (place == 1)
        self.places += sign * place
        self.squares += sign * place * place

    def remove(self, place: int | None) -> None:
        self.add(place, -1)

    def reach(self, finished: bool, sign: int = 1) -> None:
        """Count one game that reaches a decision (no mover: no wins, no places)."""
        self.games += sign
        self.finished += sign * finished

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.finished if self.finished else None

    @property
    def win_interval(self) -> tuple[float, float] | None:
        return wilson(self.wins, self.finished) if self.finished else None

    @property
    def average_place(self) -> float | None:
        return self.places / self.finished if self.finished else None

    @property
    def place_interval(self) -> tuple[float, float] | None:
        n = self.finished
        if n < 2:
            return None
        mean = self.places / n
        variance = max(0.0, (self.squares - n * mean * mean) / (n - 1))
        spread = Z95 * math.sqrt(variance / n)
        return max(1.0, mean - spread), min(float(self.seats), mean + spread)

    def to_json(self, mover: bool = True) -> dict[str, Any]:
        """The figures (with ``mover``: the placing figures too; chance has no mover)."""
        data: dict[str, Any] = {"games": self.games}
        if not mover:
            return data
        data.update(
            {
                "finished": self.finished,
                "wins": self.wins,
                "win_rate": _round(self.win_rate),
                "win_interval": _pair(self.win_interval),
                "average_place": _round(self.average_place),
                "place_interval": _pair(self.place_interval),
            }
        )
        return data


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _pair(pair: tuple[float, float] | None) -> list[float] | None:
    return None if pair is None else [round(pair[0], 4), round(pair[1], 4)]


def percent(value: float | None) -> str:
    """``30.0%`` (``-`` for no value)."""
    return "-" if value is None else f"{100 * value:.1f}%"


def win_text(tally: Tally) -> str:
    """``30.0% [18.1-45.4]``: the win rate and its interval (``-`` without a finished game)."""
    interval = tally.win_interval
    if interval is None:
        return "-"
    low, high = interval
    return f"{percent(tally.win_rate)} [{100 * low:.1f}-{100 * high:.1f}]"


def place_text(tally: Tally) -> str:
    """``2.41 [2.10-2.72]``: the average place and its interval."""
    mean = tally.average_place
    if mean is None:
        return "-"
    interval = tally.place_interval
    if interval is None:
        return f"{mean:.2f}"
    return f"{mean:.2f} [{interval[0]:.2f}-{interval[1]:.2f}]"
