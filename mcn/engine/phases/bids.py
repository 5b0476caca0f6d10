"""The secret bids and their reveal: choice order, who keeps his taler, posts set
(R-BID-1..4, R-TIE-1, R-P2-1, I-BID-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine.actions import Action, Bid
from mcn.engine.constants import POST_MAX, colour_name
from mcn.engine.decision import Handler, Why, auto, decision
from mcn.engine.events import BidsRevealed
from mcn.engine.events.shared import bid_placed, money_moved, post_changed
from mcn.engine.step_types import (
    BIDS,
    CHOOSE_NEXT,
    REVEAL,
    BidsStep,
    OpenBidsStep,
    RevealStep,
)

if TYPE_CHECKING:
    from mcn.engine.state import GameState


# --- secret bids (R-BID-1..4) ---------------------------------------------------------------


@auto("open_bids")
def open_bids(s: GameState, step: OpenBidsStep) -> None:
    """Everybody bids at once (a simultaneous decision)."""
    s.phase = "bid"
    s.section = f"{s.round}.bid"
    s.counter = 0
    s.bids = dict.fromkeys(s.players)
    s.stack.append(BIDS)


def _bid_actors(s: GameState, step: BidsStep) -> tuple[str, ...]:
    # a plain loop, not a generator expression: replay asks who bids before every bid, and
    # the pure build makes and runs a generator per call
    bids = s.bids
    waiting: list[str] = []
    for colour in s.players:
        if bids.get(colour, 0) is None:
            waiting.append(colour)
    return tuple(waiting)


def _bid_candidates(s: GameState, step: BidsStep, actor: str) -> list[Action]:
    return [Bid(actor, n, t) for n in range(1, POST_MAX + 1) for t in range(s.money[actor] + 1)]


def _bid_why_not(s: GameState, step: BidsStep, action: Action) -> Why:
    assert isinstance(action, Bid)
    if not 1 <= action.notches <= POST_MAX:
        return "R-BID-1", f"A bid shows 1 to {POST_MAX} notches, not {action.notches}."
    if action.taler < 0:
        return "R-BID-1", f"A bid adds 0 or more taler, not {action.taler}."
    money = s.money[action.actor]
    if action.taler > money:
        return (
            "I-BID-5",
            f"{colour_name(action.actor)} has {money} taler and cannot bid {action.taler}.",
        )
    return None


def _bid_apply(s: GameState, step: BidsStep, action: Action) -> None:
    assert isinstance(action, Bid)
    s.counter -= 1  # bids are addressed per bidder, not counted (mcn.engine.state._carry_out)
    bids = s.bids
    bids[action.actor] = (action.notches, action.taler)
    s._events.append(bid_placed("R-BID-1", action.actor))
    if None not in bids.values():  # every bid is in (a bid is a pair, never None)
        s.stack.pop()
        s.stack.append(REVEAL)


def _bid_prompt(s: GameState, step: BidsStep) -> str:
    return "secret bids: notches 1-6 plus taler"


decision(
    Handler(
        kind="bid",
        rule="R-BID-1",
        classes=(Bid,),
        actors=_bid_actors,
        candidates=_bid_candidates,
        why_not=_bid_why_not,
        apply=_bid_apply,
        prompt=_bid_prompt,
        expects="bid N+T",
        exact=True,
    ),
    "bids",
)


@auto("reveal")
def reveal(s: GameState, step: RevealStep) -> None:
    """Reveal bids: choice order by value (ties: nearer Hell), the most notches keeps his
    taler, the others pay; posts keep the notches (R-BID-2..4, R-TIE-1, R-P2-1)."""
    bids: dict[str, tuple[int, int]] = {c: b for c, b in s.bids.items() if b is not None}
    # Compared as plain tuples, not with key functions (compiled, each key call was a generic
    # call back into the module): the same orders, ties kept in the players' order.
    pos = s.pos
    tie = s.tie
    keyed: list[tuple[int, int, int, str]] = []
    keeper = ""
    keeper_key = (0, 0)
    for i, c in enumerate(s.players):
        notches, taler = bids[c]
        hell = pos[c] * 8 + tie[c]
        keyed.append((-(notches + taler), -hell, i, c))
        if not keeper or (notches, hell) > keeper_key:
            keeper, keeper_key = c, (notches, hell)
    keyed.sort()
    order = [c for _, _, _, c in keyed]
    s._events.append(BidsRevealed("R-BID-2", tuple((c, *bids[c]) for c in order), keeper))
    for colour in order:
        notches, taler = bids[colour]
        if colour != keeper and taler:
            s.money[colour] -= taler
            s._events.append(money_moved("R-BID-3", colour, -taler, "bid"))
        before = s.post[colour]
        s.post[colour] = notches
        s._events.append(post_changed("R-BID-4", colour, before, notches, "bid"))
    s.bids = {}
    s.phase = "pick"
    s.section = f"{s.round}.pick"
    s.counter = 0
    s.choosers = [order[0], order[1], order[0], order[1]] if len(order) == 2 else order
    s.stack.append(CHOOSE_NEXT)
