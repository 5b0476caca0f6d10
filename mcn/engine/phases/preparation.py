"""A round's start and its fixed preparation: characters back, the Pope die, the Emperor's crew,
Suite 6, last round's room cards discarded (R-RND-1, R-RND-2, I-RND-2); the chance draws between
are :mod:`mcn.engine.chance`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine.constants import YELLOW
from mcn.engine.decision import auto
from mcn.engine.events.shared import cards_moved, prepared, round_started
from mcn.engine.step_types import (
    MARKET,
    OPEN_BIDS,
    PREP,
    ROOMS,
    PrepStep,
    RoundStep,
)

if TYPE_CHECKING:
    from mcn.engine.state import GameState


# --- round preparation (R-RND-2) ---------------------------------------------------------------


@auto("round")
def start_round(s: GameState, step: RoundStep) -> None:
    """A new round: market draw, fixed preparations, room cards, then secret bids."""
    s.round += 1
    s.phase = "prep"
    s.section = f"{s.round}.prep"
    s.counter = 0
    s._events.append(round_started("R-RND-1", s.round))
    s._push(MARKET, PREP, ROOMS, OPEN_BIDS)


@auto("prep")
def prepare(s: GameState, step: PrepStep) -> None:
    """Characters back, Pope die on its card, a crew on the Emperor card, Suite 6 refilled,
    Suite 5 welcoming, last round's room cards discarded (R-RND-2, I-RND-2, I-SUP-5)."""
    s.holders = [None, None, None, None]
    s.pope_die = 0
    if not s.card_crew:
        if s.hut:
            s.hut -= 1
            s.card_crew = 1
            s._events.append(prepared("R-RND-2", "A crew goes from the hut onto the Emperor card"))
        else:
            s._events.append(prepared("I-RND-2", "The hut is empty: the Emperor card gets no crew"))
    if not s.suite6 and s.supply[YELLOW]:
        s.supply[YELLOW] -= 1
        s.suite6 = 1
        s._events.append(prepared("R-RND-2", "A yellow letter goes into Suite 6"))
    s.visited = [False] * 7
    left = [card for card in s.rooms if card is not None]
    for card in left:
        s.discard[card] = s.discard.get(card, 0) + 1
    s.rooms = [None, None, None, None]
    if left:
        s._events.append(cards_moved("R-RND-2", "discarded", tuple(left)))
