"""Integer actions for OpenSpiel: a fixed vocabulary of every player action, and the encoding
of the three chance events.

OpenSpiel numbers actions ``0 .. num_distinct_actions - 1`` with one meaning per number in
every state, so the engine's action texts are enumerated once, from the game's fixed vocabulary
(:mod:`mcn.engine.constants`), in a stable order: the bonuses, the bids, the characters'
choices and preliminaries, the turn actions, the room-card effects, the picks. Every text is
the engine's canonical text (``parse_action(...).text``), so an engine action maps to its
number by its text. ``tests/openspiel/test_encoding.py`` plays random games of every size and
variant and checks that every legal action the engine offers is in the vocabulary.

A bid's taler are bounded by :data:`MAX_BID_TALER`: a player richer than that is offered no
bid above it (docs/openspiel.md; the richest player of 10,000 random games held far less).

Chance outcomes (docs/openspiel.md, "Chance"):

* the soul order: the index of the order among ``itertools.permutations(players)``;
* the market draw: one node; the outcome is the index of the drawn counts (bread, wine,
  cloth, jewel, indulgence) among all count vectors of at most :data:`MARKET_DRAW` stones
  (:data:`MARKET_VECTORS`), with the engine's exact hypergeometric probability;
* the room cards: the engine's one event with up to 24,024 card sequences is split into four
  chance nodes, one card per room, each with its conditional probability (the pile, and after
  it runs out the reshuffled discard, I-SET-7). The product of the four is exactly the
  engine's probability of the sequence, and the engine applies the four cards at once.
"""

from __future__ import annotations

from itertools import permutations
from typing import Final

from mcn.engine import parse_action
from mcn.engine.constants import (
    CARD_IDS,
    CHARACTERS,
    COINS,
    COLOURS,
    COMPARTMENTS,
    DENS,
    GOODS,
    LETTERS,
    MARKET_DRAW,
    POST_MAX,
    ROOMS,
    SITES,
    STONES,
)

#: The largest taler of a bid the OpenSpiel game offers (see the module docstring).
MAX_BID_TALER: Final = 200


def _items() -> list[str]:
    """Every single donated item with its compartment: ``bread>I`` … ``10>II``."""
    things = [*GOODS, *(str(c) for c in COINS)]
    return [f"{thing}>{comp}" for thing in things for comp in COMPARTMENTS]


def _vocabulary() -> tuple[str, ...]:
    texts: list[str] = []
    for first in COMPARTMENTS:
        for second in COMPARTMENTS:
            texts.append(f"bonus bread>{first} wine>{second}")
    texts += [f"bonus jewel>{c}" for c in COMPARTMENTS]
    texts += [f"bonus 10>{c}" for c in COMPARTMENTS]
    texts.append("bonus blue")
    texts += [f"bid {n}+{t}" for n in range(1, POST_MAX + 1) for t in range(MAX_BID_TALER + 1)]
    texts += [f"choose {c}" for c in CHARACTERS]
    texts += [f"pope-stone {a}>{b}" for a in DENS for b in DENS if a != b]
    texts.append("skip")
    texts += [f"crew {site}" for site in range(1, SITES + 1)]
    texts += [f"crew {a}>{b}" for a in range(1, SITES + 1) for b in range(1, SITES + 1) if a != b]
    texts += [f"visit {room}" for room in range(1, 7)]
    texts += ["pass", "end", "do", "decline"]
    for verb in ("buy", "greedy", "sell", "take"):
        texts += [f"{verb} {good}" for good in GOODS]
    texts += [f"letter {colour}" for colour in LETTERS]
    items = _items()
    texts += [f"donate {item}" for item in items]
    texts += [f"donate {a} {b}" for i, a in enumerate(items) for b in items[i:]]
    texts += [f"free {good}" for good in GOODS]
    texts += [f"free indulgence>{colour}" for colour in LETTERS]
    texts += [f"guess {room}" for room in range(1, 7)]
    texts += [f"room {room}" for room in range(1, ROOMS + 1)]
    texts += [f"steal {colour}" for colour in COLOURS]
    texts += [f"give {colour}" for colour in LETTERS]
    texts += [f"empty {den}" for den in DENS]
    texts += [f"pick {colour}" for colour in LETTERS]
    canonical: dict[str, None] = {}
    for text in texts:
        canonical[parse_action("R", text).text] = None
    return tuple(canonical)


#: Every player action text, by its OpenSpiel number.
VOCABULARY: Final = _vocabulary()
#: An action text's OpenSpiel number.
ACTION_ID: Final = {text: index for index, text in enumerate(VOCABULARY)}


def _market_vectors() -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == len(STONES):
            out.append(prefix)
            return
        for n in range(left + 1):
            extend((*prefix, n), left - n)

    extend((), MARKET_DRAW)
    return tuple(out)


#: Every market draw as counts by stone, by its chance outcome number.
MARKET_VECTORS: Final = _market_vectors()
MARKET_ID: Final = {vector: index for index, vector in enumerate(MARKET_VECTORS)}
#: The room cards by their chance outcome number (one card per chance node).
CARD_ID: Final = {card: index for index, card in enumerate(CARD_IDS)}
#: The largest number of outcomes of one chance node.
MAX_CHANCE_OUTCOMES: Final = max(len(MARKET_VECTORS), len(CARD_IDS), 24)


def soul_orders(players: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The soul orders by their chance outcome number."""
    return list(permutations(players))


def market_vector(stones: tuple[str, ...]) -> tuple[int, ...]:
    """The counts by stone of a market draw."""
    return tuple(stones.count(stone) for stone in STONES)


__all__ = [
    "ACTION_ID",
    "CARD_ID",
    "MARKET_ID",
    "MARKET_VECTORS",
    "MAX_BID_TALER",
    "MAX_CHANCE_OUTCOMES",
    "VOCABULARY",
    "market_vector",
    "soul_orders",
]
