"""What the explorer takes from each game, where the game is replayed.

Both examiners run inside :mod:`mcn.archive.checking` (in the worker with ``--jobs`` or ``--dask``),
so only a small answer crosses back, never the replay: the moves played at the queried decision
(:class:`AtDecision`), or the first ``depth`` moves of the game (:class:`Opening`) for the merged
tree. They are module-level classes of plain fields, so they pickle to the workers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mcn.explore.moves import Seen, SeenLine, colour_rank, follow
from mcn.replay import GameReplay
from mcn.views.projection import Viewer


@dataclass(frozen=True, slots=True)
class Reached:
    """A game at the queried decision: the moves made there (several for a round's bids),
    or none when the game ends there."""

    moves: tuple[Seen, ...]


@dataclass(frozen=True, slots=True)
class AtDecision:
    """The moves at one decision: ``at`` (an address; ``N.bid`` stands for every bid of round
    N) or, without it, the decision reached after the moves ``after`` (the first decision of
    the game when they are empty)."""

    viewer: Viewer
    at: str | None = None
    after: tuple[str, ...] = ()

    def __call__(self, game: Any, replay: GameReplay) -> Reached | None:
        line = SeenLine(replay, self.viewer)
        if self.at is not None:
            return self._at(line)
        index = follow(replay, line, self.after)
        if index is None:
            return None
        if index >= len(line):
            return Reached(())
        return Reached((line[index],))

    def _at(self, line: SeenLine) -> Reached | None:
        at = self.at
        assert at is not None
        block = at + "." if at.endswith(".bid") else None
        found = [
            i
            for i, step in enumerate(line.steps)
            if step.address == at or (block is not None and step.address.startswith(block))
        ]
        if not found:
            return None
        return Reached(tuple(sorted((line.at_step(i) for i in found), key=_colour_first)))


def _colour_first(seen: Seen) -> tuple[int, str]:
    return colour_rank(seen.actor), seen.address


@dataclass(frozen=True, slots=True)
class Opening:
    """The first ``depth`` moves of the game as the viewer reads them (the merged tree), and
    whether the game ends within them."""

    viewer: Viewer
    depth: int

    def __call__(self, game: Any, replay: GameReplay) -> tuple[tuple[Seen, ...], bool]:
        line = SeenLine(replay, self.viewer)
        moves = tuple(line[: self.depth])
        return moves, len(line) <= self.depth
