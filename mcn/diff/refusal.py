"""The move a record's replay refused: where, what was written, why, and the rule.

A broken record is compared (``mcn diff``) and shown (``mcn replay --to``) up to the decision
before its error; the refused move itself belongs in the report too, not only on standard error
(issue 28): this module finds it in the record and describes it once for both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mcn.notation.model import Element, Game, Item, Move, Span
from mcn.replay import GameReplay
from mcn.views.projection import EVERYTHING, Viewer

__all__ = ["Refusal", "move_at", "refusal_of"]


@dataclass(frozen=True, slots=True)
class Refusal:
    """The move replay refused on a record's main line (``move`` as written, ``"?"`` when the
    record gives no move there), with the engine's reason and rule ID."""

    address: str
    move: str
    reason: str
    rule: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "address": self.address,
            "move": self.move,
            "reason": self.reason,
            "rule": self.rule,
        }

    def text(self) -> str:
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{self.move} (refused: {self.reason}{rule})"


def move_at(game: Game, span: Span | None) -> Move | None:
    """The move written at ``span`` (main line or any variation)."""
    if span is None:
        return None
    work: list[Element] = list(game.body)
    while work:
        element = work.pop()
        if isinstance(element, Item):
            for move in element.moves:
                if move.span == span:
                    return move
                for variation in move.variations:
                    work.extend(variation)
    return None


def refusal_of(replay: GameReplay, viewer: Viewer = EVERYTHING) -> Refusal | None:
    """The move the main line stopped at, or None when it did not stop at an error; as
    ``viewer`` may read the move and the reason (:mod:`mcn.views.seen_errors`: another player's
    secret is ``?``, and why his move was refused is not told)."""
    from mcn.views.seen_errors import seen_diagnostic, seen_move_text  # it reads records: no cycle

    main = replay.main
    error = main.error if main is not None else None
    if error is None or error.severity != "error" or error.address is None:
        return None
    move = move_at(replay.game, error.span)
    written = "?" if move is None else f"{move.actor}: {seen_move_text(move, viewer, replay)}"
    seen = seen_diagnostic(error, viewer, replay, lambda number: None)
    return Refusal(error.address, written, seen.message, seen.rule)
