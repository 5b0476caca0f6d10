"""From a position to a game state: the checked way back.

``position → state`` refuses a position that is broken (naming the field) or that hides
secrets, and proves that its pending decision can be pending. The other way, ``state →
position`` as one viewer sees it, goes through the one projection and lives with the views
(:mod:`mcn.views.positions`): replay starts records from positions, so this package stays
below replay and the projection above it.
"""

from __future__ import annotations

import random

from mcn.engine import GameState
from mcn.engine.constants import CHANCE
from mcn.position.checks import problems
from mcn.position.errors import PositionError
from mcn.position.model import (
    MASK,
    Position,
    is_hidden,
    is_masked,
    to_state_json,
)
from mcn.position.text import parse_position


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
