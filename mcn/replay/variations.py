"""Variations: the work item of one line of play, and the variations a move spawns, each from a
copy of the state before the move it replaces (queued, never recursed into: the walk's work
list, :mod:`mcn.replay.walk`)."""

from __future__ import annotations

from dataclasses import dataclass

from mcn.base.values import Fields
from mcn.engine import GameState
from mcn.notation.model import Comment, Element, Move
from mcn.replay.binding import forced_action
from mcn.replay.diagnostics import Diagnostics
from mcn.replay.model import Line

#: Variations nested deeper than this are reported, not replayed (see :meth:`Brancher.spawn`).
MAX_VARIATION_DEPTH = 100


@dataclass(slots=True, repr=False, eq=False)
class Frame(Fields):
    """Work for one line of play: its elements still to replay and its current state (the
    walk's work list, which the brancher extends with the variations a move spawns)."""

    line: Line
    state: GameState
    elements: tuple[Element, ...]


class Brancher:
    """Spawns the variations of a move into the walk's work list."""

    def __init__(self, diagnostics: Diagnostics) -> None:
        self.diagnostics = diagnostics

    def spawn(
        self, line: Line, state: GameState, move: Move, address: str, spawned: list[Frame]
    ) -> None:
        """Queue the variations of ``move``, each from a copy of the state before it.

        Variations nested more than :data:`MAX_VARIATION_DEPTH` deep are reported, not
        replayed: an address names every branch point above it, so the work of replaying
        (and of everything drawn from a replay) grows with the square of the depth.
        """
        if line.prefix.count("/") >= MAX_VARIATION_DEPTH:
            first = next((e for v in move.variations for e in v if e.span is not None), None)
            self.diagnostics.report(
                "error",
                "depth",
                f"variations nested more than {MAX_VARIATION_DEPTH} deep are not replayed",
                address=line.prefix + address,
                span=first.span if first is not None else move.span,
            )
            return
        # One copy of the state before the move is the start of every variation here: a
        # Line's start is never changed. A variation that holds no move, marker or checkpoint
        # (``()``, or comments only) changes nothing either, so unless a forced move would be
        # taken at its end it shares that copy too: thousands of empty variations must not
        # cost a state each (docs/notation.md, "Limits").
        start = state.clone()
        idle: bool | None = None
        for number, variation in enumerate(move.variations, 1):
            working = start
            if not all(isinstance(element, Comment) for element in variation):
                working = start.clone()
            else:
                if idle is None:
                    idle = forced_action(start) is None
                if not idle:
                    working = start.clone()
            child = Line(
                f"{line.prefix}{address}/{number}:",
                start,
                parent=line,
                number=number,
                branch_address=line.prefix + address,
                branch_index=len(line),
                unresolved={kind: set(players) for kind, players in line.unresolved.items()},
                unsure=line.unsure,
                guessed_supply=line.guessed_supply,
            )
            line.children.append(child)
            spawned.append(Frame(child, working, variation))
