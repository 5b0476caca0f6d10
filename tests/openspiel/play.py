"""Helpers of the OpenSpiel tests: seeded random play through the OpenSpiel API."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is the optional extra mcn[openspiel]; it is not installed"
)

import mcn.openspiel.game  # noqa: E402, F401  (registers python_mea_culpa)


def load(players: int = 4, **params: Any) -> Any:
    """The game with ``players`` seats and ``params``."""
    return pyspiel.load_game("python_mea_culpa", {"players": players, **params})


def random_action(state: Any, rng: random.Random) -> int:
    """A chance outcome drawn by its probability, or a uniformly random legal action."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]  # type: ignore[no-any-return]
    return rng.choice(state.legal_actions())  # type: ignore[no-any-return]


def advance(state: Any, rng: random.Random, steps: int) -> Any:
    """``state`` after up to ``steps`` random actions (it stops at the end of the game)."""
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    return state
