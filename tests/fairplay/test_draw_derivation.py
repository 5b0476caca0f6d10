"""The chance protocol's draw derivation, re-implemented here from docs/fair-play.md alone and
compared with the engine's on 1,000 draws (souls, market and room cards, reshuffles
included); and the commitment forms, recomputed with hashlib from their documented text."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from typing import Any

from mcn.engine import CHANCE, COLOURS, GameState, new_game
from mcn.engine.constants import CARD_IDS
from mcn.engine.fair_draw import SeedStream, derived_draw
from mcn.notation.commitments import contribution_digest, draw_seed, seal_digest
from tests.replay.games import played

STONE_ORDER = ["bread", "wine", "cloth", "jewel", "indulgence"]


def numbers(seed: bytes) -> Iterator[int]:
    """The documented stream: SHA-256(seed || k), four 64-bit integers per block."""
    k = 0
    while True:
        block = hashlib.sha256(seed + k.to_bytes(8, "big")).digest()
        k += 1
        for i in range(0, 32, 8):
            yield int.from_bytes(block[i : i + 8], "big")


def below(stream: Iterator[int], n: int) -> int:
    while True:
        x = next(stream)
        if x < 2**64 - 2**64 % n:
            return x % n


def independent_draw(
    kind: str, contents: dict[str, Any], players: list[str], seed: bytes
) -> list[str]:
    s = numbers(seed)
    if kind == "souls":
        left = list(players)
        return [left.pop(below(s, len(left))) for _ in players]
    if kind == "market":
        bag = [g for g in STONE_ORDER for _ in range(contents["bag"][g])]
        size = min(7, len(bag))
        drawn = [bag.pop(below(s, len(bag))) for _ in range(size)]
        return sorted(drawn, key=STONE_ORDER.index)
    deck, discard, cards = dict(contents["pile"]), dict(contents["discard"]), []
    for _ in range(4):
        if not any(deck.values()):
            deck, discard = discard, {}
        r = below(s, sum(deck.values()))
        for card in CARD_IDS:
            if r < deck.get(card, 0):
                deck[card] -= 1
                cards.append(card)
                break
            r -= deck.get(card, 0)
    return cards


def _chance_states() -> Iterator[GameState]:
    """Every chance decision of some random games, with the state before it."""
    for players in (2, 3, 4):
        for seed in range(12):
            _, history = played(players, seed)
            state = new_game(COLOURS[:players])
            for entry in history:
                if entry.action.actor == CHANCE:
                    yield state.clone()
                state.apply(entry.action)


def test_the_documented_derivation_agrees_on_a_thousand_draws() -> None:
    # R-SET-1 (soul order), R-RND-2 and I-RND-2 (market), I-SET-7 (room cards, reshuffles)
    rng = random.Random(2026)
    states = list(_chance_states())
    assert len(states) > 200
    kinds = set()
    for n in range(1000):
        state = states[n % len(states)]
        seed = rng.randbytes(32)
        kind = state.decision.kind
        kinds.add(kind)
        contents = {"bag": _bag(state), "pile": dict(state.pile), "discard": dict(state.discard)}
        ours = independent_draw(kind, contents, list(state.players), seed)
        theirs = derived_draw(state, seed).text.split()[1:]
        assert ours == theirs, (n, kind)
    assert kinds == {"souls", "market", "rooms"}


def _bag(state: GameState) -> dict[str, int]:
    return dict(zip(STONE_ORDER, state.bag, strict=True))


def test_every_outcome_is_reachable_and_roughly_fair() -> None:
    """2,400 seeds over a 2-player soul order: both orders come up about equally often."""
    state = new_game(("R", "B"))
    counts: dict[str, int] = {}
    for n in range(2400):
        order = derived_draw(state, n.to_bytes(4, "big")).text
        counts[order] = counts.get(order, 0) + 1
    assert set(counts) == {"souls R B", "souls B R"}
    assert all(1000 < c < 1400 for c in counts.values()), counts


def test_below_never_exceeds_its_bound() -> None:
    stream = SeedStream(b"x")
    assert {stream.below(3) for _ in range(300)} == {0, 1, 2}


def test_the_commitment_forms_are_the_documented_text() -> None:
    salt = "0123456789abcdef" * 2
    form = f"mcn-seal-1\nR\nbid 3+5\n{salt}".encode()
    assert seal_digest("R", "bid  3+5", salt) == hashlib.sha256(form).hexdigest()
    value = "f" * 32
    form = f"mcn-chance-1\nB\n{value}".encode()
    assert contribution_digest("B", value) == hashlib.sha256(form).hexdigest()
    form = f"mcn-draw-1\n3.prep.1\nR:{value}\nG:{salt}".encode()
    assert draw_seed("3.prep.1", {"G": salt, "R": value}) == hashlib.sha256(form).digest()
