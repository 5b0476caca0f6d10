"""Chance decisions: the soul order (R-SET-1), the market draw (R-RND-2, I-RND-2) and the room
cards (R-RND-2, I-SET-7).

Chance is a player (``CHANCE``): its outcomes are actions like any other. This module gives the
exact outcome distribution (:func:`outcomes`: hypergeometric for the market; sequential draws
with the reshuffle rule for the rooms), a cheap sampler (:func:`sample`) and the direct check of
a proposed outcome.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations
from math import comb, factorial
from typing import TYPE_CHECKING

from mcn.engine.actions import Action, MarketDraw, RoomCards, SoulOrder
from mcn.engine.constants import CARD_IDS, CHANCE, MARKET_DRAW, ROOMS, STONE_INDEX, STONES
from mcn.engine.decision import Handler, Why, decision
from mcn.engine.events import MarketDrawn, SoulsPlaced
from mcn.engine.events.shared import cards_moved
from mcn.engine.step_types import BonusStep, MarketStep, RoomsStep, SoulsStep, Step

if TYPE_CHECKING:
    from mcn.engine.state import GameState


def _chance(s: GameState, step: Step) -> tuple[str, ...]:
    return (CHANCE,)


# --- soul order ---------------------------------------------------------------------------------


def _souls_candidates(s: GameState, step: SoulsStep, actor: str) -> list[Action]:
    return [SoulOrder(CHANCE, order) for order in permutations(s.players)]


def _souls_why_not(s: GameState, step: SoulsStep, action: Action) -> Why:
    assert isinstance(action, SoulOrder)
    if sorted(action.order) != sorted(s.players):
        return "R-SET-1", "The soul order must list every player of this game exactly once."
    return None


def _souls_apply(s: GameState, step: SoulsStep, action: Action) -> None:
    assert isinstance(action, SoulOrder)
    s.stack.pop()
    for i, colour in enumerate(action.order):
        s.tie[colour] = i
    s._events.append(SoulsPlaced("R-SET-1", action.order))
    s._push(
        *(BonusStep("bonus", colour) for colour in action.order)
    )  # R-SET-4: nearest Heaven first


decision(
    Handler(
        kind="souls",
        rule="R-SET-1",
        classes=(SoulOrder,),
        actors=_chance,
        candidates=_souls_candidates,
        why_not=_souls_why_not,
        apply=_souls_apply,
        prompt=lambda s, st: "chance decides the order of the souls on space 0",
        expects="souls COLOURS",
        exact=True,
    ),
    "souls",
)


# --- market -----------------------------------------------------------------------------------


def draw_size(s: GameState) -> int:
    """7 stones, or all that are left in the bag (I-RND-2)."""
    return min(MARKET_DRAW, sum(s.bag))


def _market_vectors(bag: list[int], size: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], left: int) -> None:
        i = len(prefix)
        if i == len(bag) - 1:
            if left <= bag[i]:
                out.append((*prefix, left))
            return
        for n in range(min(left, bag[i]) + 1):
            extend((*prefix, n), left - n)

    extend((), size)
    return out


def _draw_action(counts: tuple[int, ...] | list[int]) -> MarketDraw:
    return MarketDraw(
        CHANCE, tuple(STONES[i] for i in range(len(STONES)) for _ in range(counts[i]))
    )


def _market_candidates(s: GameState, step: MarketStep, actor: str) -> list[Action]:
    return [_draw_action(v) for v in _market_vectors(s.bag, draw_size(s))]


def _market_why_not(s: GameState, step: MarketStep, action: Action) -> Why:
    assert isinstance(action, MarketDraw)
    size = draw_size(s)
    if len(action.stones) != size:
        left = "" if size == MARKET_DRAW else " (all that is left in the bag, I-RND-2)"
        return "R-RND-2", f"The market draw takes {size} stones{left}, not {len(action.stones)}."
    for name in set(action.stones):
        have = s.bag[STONE_INDEX[name]]
        if action.stones.count(name) > have:
            return "R-RND-2", f"The bag holds only {have} {name}."
    return None


def _market_apply(s: GameState, step: MarketStep, action: Action) -> None:
    assert isinstance(action, MarketDraw)
    s.stack.pop()
    for name in action.stones:
        i = STONE_INDEX[name]
        s.bag[i] -= 1
        s.market[i] += 1
    s._events.append(MarketDrawn("R-RND-2", action.stones))


decision(
    Handler(
        kind="market",
        rule="R-RND-2",
        classes=(MarketDraw,),
        actors=_chance,
        candidates=_market_candidates,
        why_not=_market_why_not,
        apply=_market_apply,
        prompt=lambda s, st: f"chance draws {draw_size(s)} stones to the market",
        expects="market STONES",
        exact=True,
    ),
    "market",
)


# --- room cards -------------------------------------------------------------------------------


def _rooms_sequences(
    pile: dict[str, int], discard: dict[str, int], exact: bool = True
) -> list[tuple[tuple[str, ...], Fraction]]:
    """Every card sequence for rooms 1-4 with its probability (I-SET-7): draws from the
    pile; when it is empty, the discard pile becomes the new pile. Without ``exact`` the
    probabilities are left at 1 (cheap enumeration of the outcomes only)."""
    out: list[tuple[tuple[str, ...], Fraction]] = []
    one = Fraction(1)

    def draw(
        prefix: tuple[str, ...], p: Fraction, pile: dict[str, int], discard: dict[str, int]
    ) -> None:
        if len(prefix) == ROOMS:
            out.append((prefix, p))
            return
        if not any(pile.values()):
            pile, discard = discard, {}
        total = sum(pile.values())
        for card in CARD_IDS:
            n = pile.get(card, 0)
            if n:
                rest = dict(pile)
                rest[card] = n - 1
                draw((*prefix, card), p * Fraction(n, total) if exact else one, rest, discard)

    draw((), one, dict(pile), dict(discard))
    return out


def _rooms_candidates(s: GameState, step: RoomsStep, actor: str) -> list[Action]:
    return [RoomCards(CHANCE, cards) for cards, _p in _rooms_sequences(s.pile, s.discard, False)]


def _rooms_why_not(s: GameState, step: RoomsStep, action: Action) -> Why:
    assert isinstance(action, RoomCards)
    if len(action.cards) != ROOMS:
        return "R-RND-2", f"Four cards are drawn into rooms 1-4, not {len(action.cards)}."
    pile = dict(s.pile)
    reshuffled = False
    for card in action.cards:
        if not any(pile.values()):
            pile = dict(s.discard)
            reshuffled = True
        if not pile.get(card):
            if reshuffled:
                return "I-SET-7", f"After the reshuffle the new deck has no {card} card left."
            left = sum(pile.values())
            if left < ROOMS:
                return (
                    "I-SET-7",
                    f"The {left} cards left in the deck come first (before the reshuffle); "
                    f"{card} is not among them.",
                )
            return "R-RND-2", f"The deck has no {card} card left."
        pile[card] -= 1
    return None


def _rooms_apply(s: GameState, step: RoomsStep, action: Action) -> None:
    assert isinstance(action, RoomCards)
    s.stack.pop()
    for room, card in enumerate(action.cards):
        if not any(s.pile.values()):
            s._events.append(
                cards_moved(
                    "I-SET-7",
                    "reshuffled",
                    tuple(c for c in CARD_IDS for _ in range(s.discard.get(c, 0))),
                )
            )
            s.pile = s.discard
            s.discard = {}
        s.pile[card] -= 1
        s.rooms[room] = card
    s.pile = {c: n for c, n in s.pile.items() if n}
    s._events.append(cards_moved("R-RND-2", "drawn", action.cards))


decision(
    Handler(
        kind="rooms",
        rule="R-RND-2",
        classes=(RoomCards,),
        actors=_chance,
        candidates=_rooms_candidates,
        why_not=_rooms_why_not,
        apply=_rooms_apply,
        prompt=lambda s, st: "chance draws 4 cards into rooms 1-4",
        expects="rooms CARD CARD CARD CARD",
        exact=True,
    ),
    "rooms",
)


# --- distribution and sampling ------------------------------------------------------------------


def outcomes_exact(s: GameState) -> list[tuple[Action, Fraction]]:
    """Every outcome of the pending chance decision with its exact probability."""
    if not s.stack or s.stack[-1][0] not in ("souls", "market", "rooms"):
        raise ValueError("the pending decision is not a chance decision")
    tag = s.stack[-1][0]
    if tag == "souls":
        p = Fraction(1, factorial(len(s.players)))
        return [(SoulOrder(CHANCE, order), p) for order in permutations(s.players)]
    if tag == "market":
        size = draw_size(s)
        total = comb(sum(s.bag), size)
        out: list[tuple[Action, Fraction]] = []
        for vector in _market_vectors(s.bag, size):
            ways = 1
            for have, take in zip(s.bag, vector, strict=True):
                ways *= comb(have, take)
            out.append((_draw_action(vector), Fraction(ways, total)))
        return out
    return [(RoomCards(CHANCE, cards), p) for cards, p in _rooms_sequences(s.pile, s.discard)]


def outcomes(s: GameState) -> list[tuple[Action, float]]:
    """:func:`outcomes_exact` with float probabilities."""
    return [(action, float(p)) for action, p in outcomes_exact(s)]


def _pick(rng: random.Random, counts: dict[str, int]) -> str:
    r = rng.randrange(sum(counts.values()))
    for card in CARD_IDS:
        n = counts.get(card, 0)
        if r < n:
            return card
        r -= n
    raise AssertionError("unreachable: r < total")


def sample(s: GameState, rng: random.Random) -> Action:
    """A random outcome of the pending chance decision (same distribution as outcomes)."""
    tag = s.stack[-1][0] if s.stack else ""
    if tag == "souls":
        return SoulOrder(CHANCE, tuple(rng.sample(s.players, len(s.players))))
    if tag == "market":
        population = [i for i, n in enumerate(s.bag) for _ in range(n)]
        drawn = sorted(rng.sample(population, draw_size(s)))
        return MarketDraw(CHANCE, tuple(STONES[i] for i in drawn))
    if tag == "rooms":
        pile = dict(s.pile)
        discard = dict(s.discard)
        cards: list[str] = []
        for _ in range(ROOMS):
            if not any(pile.values()):
                pile, discard = discard, {}
            card = _pick(rng, pile)
            pile[card] -= 1
            cards.append(card)
        return RoomCards(CHANCE, tuple(cards))
    raise ValueError("the pending decision is not a chance decision")


def forced(s: GameState) -> bool:
    """Whether the pending chance decision has exactly one outcome (cheap, no enumeration)."""
    tag = s.stack[-1][0] if s.stack else ""
    if tag == "souls":
        return len(s.players) == 1
    if tag == "market":
        return draw_size(s) == sum(s.bag) or sum(1 for n in s.bag if n) <= 1
    if tag == "rooms":
        kinds = sum(1 for n in s.pile.values() if n)
        left = sum(s.pile.values())
        if left >= ROOMS or kinds > 1:
            return kinds == 1
        return sum(1 for n in s.discard.values() if n) == 1
    raise ValueError("the pending decision is not a chance decision")
