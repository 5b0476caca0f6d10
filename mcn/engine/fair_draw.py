"""Draws derived from a seed: the chance model of :mod:`mcn.engine.chance`, made deterministic.

Under the commit-reveal chance protocol (docs/fair-play.md) no player draws: every player
contributes a random value, and the draw is a fixed function of the combined seed and of the
state. This module is that function, written so that anybody can re-implement it in a few
lines (``tests/fairplay/test_draw_derivation.py`` does, independently):

* **Numbers.** Block ``k`` (k = 0, 1, 2, …) is ``SHA-256(seed || k)``, ``k`` as 8 bytes
  big-endian; each block gives four 64-bit unsigned integers (bytes 0-7, 8-15, …, big-endian),
  read in order. ``below(n)`` takes the next integer ``x``; if ``x >= 2**64 - 2**64 % n`` it is
  thrown away and the next one taken (so that every result is equally likely), else the result
  is ``x % n``.
* **Soul order (R-SET-1).** The players in seating order (the roster: R B G Y, those who play);
  repeatedly ``below(len(left))`` picks the next soul nearest Heaven from those left, which
  are kept in their order.
* **Market (R-RND-2, I-RND-2).** The bag as a list, stone kinds in the order bread wine cloth
  jewel indulgence, each repeated as often as the bag holds it; for each stone drawn (7, or
  what is left) ``below(len(list))`` picks one, which leaves the list. The draw is written in
  the canonical order.
* **Room cards (R-RND-2, I-SET-7).** For rooms 1 to 4 in turn: when the deck is empty the
  discard pile becomes the deck; ``below(cards in the deck)`` gives ``r``, and the card is the
  one where ``r`` falls when the deck's cards are counted out kind by kind in the order of the
  card list (``CARD_IDS``: ``emperor-letter pope-yellow hell-3 …``); it leaves the deck.

Every outcome has the probability the physical draw gives it (the same model as
:func:`mcn.engine.chance.sample`), and no single contribution decides it.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Final

from mcn.engine.actions import Action, MarketDraw, RoomCards, SoulOrder
from mcn.engine.chance import draw_size
from mcn.engine.constants import CARD_IDS, CHANCE, ROOMS, STONES

if TYPE_CHECKING:
    from mcn.engine.state import GameState

_SPAN: Final = 1 << 64


class SeedStream:
    """Uniform integers from a seed, by SHA-256 in counter mode (see the module's docstring)."""

    def __init__(self, seed: bytes) -> None:
        self.seed = seed
        self.block = 0
        self.pending: list[int] = []

    def next_integer(self) -> int:
        """The next 64-bit unsigned integer of the stream."""
        if not self.pending:
            digest = hashlib.sha256(self.seed + self.block.to_bytes(8, "big")).digest()
            self.block += 1
            self.pending = [int.from_bytes(digest[i : i + 8], "big") for i in range(24, -1, -8)]
        return self.pending.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling: no bias)."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        limit = _SPAN - _SPAN % n
        while True:
            x = self.next_integer()
            if x < limit:
                return x % n


def derived_draw(state: GameState, seed: bytes) -> Action:
    """The outcome of the pending chance decision of ``state`` that ``seed`` gives."""
    stream = SeedStream(seed)
    tag = state.stack[-1][0] if state.stack else ""
    if tag == "souls":
        left = list(state.players)
        order: list[str] = []
        while left:
            order.append(left.pop(stream.below(len(left))))
        return SoulOrder(CHANCE, tuple(order))
    if tag == "market":
        bag = [i for i, n in enumerate(state.bag) for _ in range(n)]
        drawn = [bag.pop(stream.below(len(bag))) for _ in range(draw_size(state))]
        return MarketDraw(CHANCE, tuple(STONES[i] for i in sorted(drawn)))
    if tag == "rooms":
        deck = dict(state.pile)
        discard = dict(state.discard)
        cards: list[str] = []
        for _ in range(ROOMS):
            if not any(deck.values()):
                deck, discard = discard, {}
            r = stream.below(sum(deck.values()))
            for card in CARD_IDS:
                n = deck.get(card, 0)
                if r < n:
                    deck[card] = n - 1
                    cards.append(card)
                    break
                r -= n
        return RoomCards(CHANCE, tuple(cards))
    raise ValueError("the pending decision is not a chance decision")


__all__ = ["SeedStream", "derived_draw"]
