"""From a state to a position and back: the checked round trip.

``state → position`` reads the engine's state JSON (the whole state, or one viewer's view as
the one projection, :func:`mcn.views.projection.state_json`, masks it); ``position → state`` refuses
a position that is broken (naming the field) or that hides secrets, and proves that its pending
decision can be pending.
"""

from __future__ import annotations

import random

from mcn.engine import GameState
from mcn.engine.constants import CHANCE
from mcn.knowledge.memory import Memory
from mcn.position.checks import problems
from mcn.position.errors import PositionError
from mcn.position.model import (
    MASK,
    Position,
    from_state_json,
    is_hidden,
    is_masked,
    to_state_json,
)
from mcn.position.text import format_position, parse_position
from mcn.views.projection import EVERYTHING, state_json

ALL = EVERYTHING
"""The viewer that sees everything (the full position)."""


def position_of(
    state: GameState, viewer: str | None = ALL, memory: Memory | None = None
) -> Position:
    """The position of ``state`` as ``viewer`` sees it: :data:`ALL` (everything), a colour, or
    None (a spectator); what the viewer cannot know is :data:`~mcn.position.model.MASK`.
    ``memory`` is what the viewer remembers of the game before it
    (:func:`mcn.views.projection.memory_of`, I-HID-5); without it only the state itself is known."""
    return from_state_json(state_json(state, viewer, memory))


def position_text(state: GameState, viewer: str | None = ALL, memory: Memory | None = None) -> str:
    """The canonical position text of ``state`` as ``viewer`` sees it."""
    return format_position(position_of(state, viewer, memory))


def _masked_field(position: Position) -> str:
    for colour, seat in position["seats"].items():
        for key in ("money", "goods", "letters", "chest"):
            if is_hidden(seat[key]):
                return f"seats.{colour}.{key}"
    for colour, bid in position["bids"].items():
        if bid == MASK:
            return f"bids.{colour}"
    return "pope_die"


def state_from_position(position: Position) -> GameState:
    """The game state a full position stands for; :class:`PositionError` naming the field at
    fault when it is broken, hides a secret, or its pending decision could not be pending."""
    found = problems(position)
    if found:
        first = found[0]
        more = f" (and {len(found) - 1} more problems)" if len(found) > 1 else ""
        raise PositionError(first.field, first.message + more)
    if is_masked(position):
        raise PositionError(
            _masked_field(position),
            "a viewer's position hides this ('?'); only a full position can be played on",
        )
    state = GameState.from_json(to_state_json(position), validate=False)
    try:
        _check_pending(state)
        broken = state.check_invariants()
    except PositionError:
        raise
    except Exception as error:  # a hand-made stack the engine cannot run: bad input, not a bug
        raise PositionError("stack", f"the pending step cannot be decided ({error})") from None
    if broken:
        raise PositionError("position", "; ".join(broken))
    return state


def _check_pending(state: GameState) -> None:
    """The pending decision must have someone to decide it and something to decide."""
    if state.is_terminal():
        return
    decision = state.decision
    actors = state.current_players()
    if not actors:
        raise PositionError("stack", f"nobody can take the pending decision {decision.address}")
    if actors == (CHANCE,):
        problem: Exception | None
        try:
            problem = state.judge(state.sample_chance(random.Random(0))).refusal
        except (ValueError, IndexError) as error:
            problem = error
        if problem is not None:
            raise PositionError(
                "stack", f"chance cannot decide {decision.address} ({decision.prompt}): {problem}"
            ) from None
        return
    if not state.legal_actions():
        raise PositionError(
            "stack",
            f"the pending decision {decision.address} ({decision.prompt}) has no legal action",
        )


def state_from_text(text: str) -> GameState:
    """The game state of a full position text (:class:`PositionError` names the field)."""
    return state_from_position(parse_position(text))
