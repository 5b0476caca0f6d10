"""The page for everyone reads its states from the engine's state directly
(:func:`mcn.html.compact.compact_everything`); this holds that reading equal to the one
projection's full view reduced by :func:`mcn.html.compact.compact_state`, value for value, type
for type and key order for key order, at every decision of every example record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcn.engine import GameState
from mcn.html.compact import compact_everything, compact_state
from mcn.notation.parser import parse
from mcn.replay import replay_game
from mcn.views.projection import EVERYTHING, state_json

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted(path for path in (ROOT / "examples").rglob("*.mcn") if "invalid" not in path.parts)


def states_of(path: Path) -> list[GameState]:
    """The start and the state after every decision of every line of every game in ``path``."""
    out: list[GameState] = []
    for number, game in enumerate(parse(path.read_text(encoding="utf-8")).games, start=1):
        replay = replay_game(game, file=path.name, index=number, keep_states=True)
        if replay.main is None:
            continue
        out.append(replay.main.start)
        for line in replay.lines():
            out.extend(step.state for step in line.steps if step.state is not None)
    return out


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_the_full_views_encoding_read_from_the_state_is_the_projections(path: Path) -> None:
    states = states_of(path)
    assert states, f"{path.name} replays to no state"
    for state in states:
        direct = compact_everything(state)
        projected = compact_state(state_json(state, EVERYTHING, stack=False))
        assert direct == projected, state.decision.address
        assert json.dumps(direct) == json.dumps(projected)  # the same keys in the same order
