"""Dens of Sin, Pope stones and atonement (R-DEN-1..4). META CULPA is in :mod:`mcn.engine.meta`.

Placing sins is an automatic step ``("sins", colour, den, count, rule)``: it places what the
player has and, if he is short, asks him which den to empty (R-DEN-4, interpretation I-DEN-5)
before placing the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine import meta, track
from mcn.engine.actions import Action, EmptyDen, MovePopeStone
from mcn.engine.constants import DEN_INDEX, DENS, SIN_STONES, colour_name
from mcn.engine.decision import Handler, Why, auto, decision, first_actor
from mcn.engine.events import Atonement
from mcn.engine.events.shared import pope_stone_moved, sins_placed, sins_returned
from mcn.engine.shared_steps import empty_step, sins_step
from mcn.engine.step_types import EmptyStep, SinsStep

if TYPE_CHECKING:
    from mcn.engine.state import GameState


@auto("sins")
def place_sins(s: GameState, step: SinsStep) -> None:
    """Place ``count`` own stones in a den; when short, empty a den first (R-DEN-4)."""
    _, colour, den, count, rule = step
    own = s.sins[colour]
    placed = min(SIN_STONES - sum(own), count)
    if placed:
        own[den] += placed
        s._events.append(sins_placed(rule, colour, DENS[den], placed))
        if rule != meta.RULE:  # stones placed when caught cannot be left undone again
            meta.owe(s, colour, "sin", placed, den)
    if placed < count:
        # the den emptied first, then the rest placed
        s.stack.append_two(sins_step(colour, den, count - placed, rule), empty_step(colour))


def _empty_candidates(s: GameState, step: EmptyStep, actor: str) -> list[Action]:
    return [EmptyDen(actor, den) for den in DENS]


def _empty_why_not(s: GameState, step: EmptyStep, action: Action) -> Why:
    assert isinstance(action, EmptyDen)
    if s.sins[action.actor][DEN_INDEX[action.den]] == 0:
        return "R-DEN-4", f"{colour_name(action.actor)} has no sin stones in the {action.den} den."
    return None


def _empty_apply(s: GameState, step: EmptyStep, action: Action) -> None:
    assert isinstance(action, EmptyDen)
    s.stack.pop()
    colour = action.actor
    den = DEN_INDEX[action.den]
    count = s.sins[colour][den]
    s.sins[colour][den] = 0
    s._events.append(sins_returned("R-DEN-4", colour, action.den, count, "out of sin stones"))
    track.to_hell(s, colour, count, "emptied a den", "R-DEN-4")


def _empty_prompt(s: GameState, step: EmptyStep) -> str:
    return f"{colour_name(step.colour)} is out of sin stones and must empty a den"


decision(
    Handler(
        kind="empty-den",
        rule="R-DEN-4",
        classes=(EmptyDen,),
        actors=first_actor,
        candidates=_empty_candidates,
        why_not=_empty_why_not,
        apply=_empty_apply,
        prompt=_empty_prompt,
        expects="empty DEN",
    ),
    "empty",
)


# --- Pope stones --------------------------------------------------------------------------


def pope_stone_options(s: GameState, actor: str) -> list[Action]:
    """Every Pope-stone move: from a den with a stone to another den."""
    return [
        MovePopeStone(actor, DENS[a], DENS[b])
        for a in range(3)
        if s.pope_stones[a]
        for b in range(3)
        if b != a
    ]


def why_not_pope_stone(s: GameState, action: MovePopeStone, rule: str) -> Why:
    """R-CHR-1 / pope-stone card: a stone must stand beside the source den."""
    if action.source == action.target:
        return rule, f"{colour_name(action.actor)} must move the Pope stone to another den."
    if s.pope_stones[DEN_INDEX[action.source]] == 0:
        return rule, f"No Pope stone stands beside the {action.source} den."
    return None


def move_pope_stone(s: GameState, mover: str, source: str, target: str, rule: str) -> None:
    """Move a Pope stone; three beside one den atone the other two dens (R-DEN-3)."""
    stones = s.pope_stones
    src, dst = DEN_INDEX[source], DEN_INDEX[target]
    stones[src] -= 1
    stones[dst] += 1
    s._events.append(pope_stone_moved(rule, mover, source, target))
    if stones[dst] < 3:
        return  # R-DEN-2
    s._events.append(Atonement("R-DEN-3", target, mover))
    moves: dict[str, int] = {}
    for colour in s.hell_order():
        own = s.sins[colour]
        total = 0
        for den in range(3):
            if den != dst and own[den]:
                s._events.append(sins_returned("R-DEN-3", colour, DENS[den], own[den], "atoned"))
                total += own[den]
                own[den] = 0
        if colour != mover:
            moves[colour] = total
    track.several_to_hell(s, moves, "atonement", "R-DEN-3")
    s.pope_stones = [1, 1, 1]
