"""Duplicate submissions: the same game handed in twice.

Two games are the same submission when their main lines make the same moves (the move
fingerprint of :func:`mcn.verdict.fingerprint`, blind to layout, comments and headers), or when
they name the same event, the same round and the same players (names compared case- and
white-space-insensitively, colours ignored) — a table that can only have played that round once.
The second key is used only when the game has a ``[Round]`` header: without one, the same
players may meet several times at one event. The first submission seen counts; each later one is
reported as a warning pointing at the first.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcn.notation.model import Span
from mcn.replay import Diagnostic
from mcn.verdict import GameReport, name_key


@dataclass(frozen=True, slots=True)
class Duplicate:
    """A later submission of a game already seen, and why it is one."""

    file: str
    game: int
    first_file: str
    first_game: int
    reason: str

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "game": self.game,
            "same_as": {"file": self.first_file, "game": self.first_game},
            "reason": self.reason,
        }


def table_key(report: GameReport) -> tuple[str, str, tuple[str, ...]] | None:
    """The event, round and players of a game, or None without a ``[Round]`` header."""
    if not report.round or not report.round.strip():
        return None
    names = tuple(sorted(name_key(name) for name in report.roster.values()))
    return (name_key(report.event or ""), name_key(report.round), names)


class Duplicates:
    """Remembers the games seen; :meth:`check` says whether a game repeats an earlier one."""

    def __init__(self) -> None:
        self.moves: dict[str, tuple[str, int]] = {}
        self.tables: dict[tuple[str, str, tuple[str, ...]], tuple[str, int]] = {}

    def check(self, report: GameReport) -> Duplicate | None:
        """The earlier game ``report`` repeats (and remember ``report`` when it is new)."""
        here = (report.file, report.game)
        table = table_key(report)
        found: Duplicate | None = None
        if report.fingerprint is not None:
            first = self.moves.setdefault(report.fingerprint, here)
            if first != here:
                found = Duplicate(*here, *first, "the same moves")
        if table is not None:
            first = self.tables.setdefault(table, here)
            if first != here and found is None:
                found = Duplicate(*here, *first, "the same event, round and players")
        return found

    def see(self, report: GameReport) -> list[Diagnostic]:
        """:meth:`check` as a warning for the report (empty when the game is new)."""
        found = self.check(report)
        if found is None:
            return []
        message = (
            f"duplicate submission: {found.reason} as game {found.first_game} of {found.first_file}"
        )
        line = report.line or 1
        span = Span(line, 1, line, 1)
        return [Diagnostic("warning", "duplicate", message, report.file, report.game, None, span)]
