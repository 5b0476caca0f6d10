"""Sealed random games for the fair-play tests: engine-played records in their sealed form
(every secret committed and opened where the rules reveal it), with seeded salts, and random
games under the commit-reveal chance protocol. Each is built once per process."""

from __future__ import annotations

import random
from functools import cache

from mcn.fairplay.sealing import play_fair_game, seal_game
from mcn.notation.model import Game
from mcn.notation.writer import write
from tests.replay.games import record


def seeded_salts(seed: int) -> object:
    rng = random.Random(seed)
    return lambda actor, address: f"{rng.getrandbits(128):032x}"


@cache
def sealed(players: int, seed: int) -> Game:
    """The seeded random game of ``players`` players, sealed."""
    return seal_game(record(players, seed), seeded_salts(seed))  # type: ignore[arg-type]


@cache
def fair(players: int, seed: int) -> Game:
    """A seeded random game under the chance protocol, its secret moves sealed too."""
    return seal_game(play_fair_game(players, seed), seeded_salts(seed))  # type: ignore[arg-type]


@cache
def text(kind: str, players: int, seed: int) -> str:
    return write(sealed(players, seed) if kind == "sealed" else fair(players, seed))
