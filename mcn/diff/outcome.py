"""Where and how a record's main line ends (the outcome compared by :mod:`mcn.diff`).

Split out of :mod:`mcn.diff` so that the outcome (pending decision or end, souls, winners) is
one small concept of its own, shared by the comparison and the report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mcn.replay import GameReplay


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where a record's main line ends: the pending decision (or ``end``), souls, winners."""

    address: str
    terminal: bool
    souls: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The ``outcome`` object of the diff schema."""
        return {
            "address": self.address,
            "terminal": self.terminal,
            "souls": [{"colour": c, "space": s} for c, s in self.souls],
            "winners": list(self.winners),
        }


def outcome_of(replay: GameReplay) -> Outcome | None:
    """Where the main line of ``replay`` ends, and how."""
    final = replay.final
    if final is None:
        return None
    terminal = final.is_terminal()
    return Outcome(
        "end" if terminal else final.decision.address,
        terminal,
        tuple(final.souls()),
        tuple(final.winners()),
    )
