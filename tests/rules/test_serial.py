"""to_json/from_json round trips: a restored state is the same game (state.schema.json)."""

from __future__ import annotations

import random

from mcn.engine import CHANCE, GameState, new_game


def test_round_trip_at_every_decision_of_a_random_game() -> None:
    rng = random.Random(7)
    state = new_game(("R", "B", "G", "Y"), variant="standard")
    steps = 0
    while not state.is_terminal() and steps < 200:
        data = state.to_json()
        restored = GameState.from_json(data)
        assert restored.to_json() == data
        assert restored.decision.address == state.decision.address
        assert sorted(a.text for a in restored.legal_actions()) == sorted(
            a.text for a in state.legal_actions()
        )
        if state.current_players() == (CHANCE,):
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        events = state.apply(action)
        again = restored.apply(action)
        assert [e.to_json() for e in events] == [e.to_json() for e in again]
        steps += 1
    assert steps == 200 or state.is_terminal()


def test_clone_is_independent() -> None:
    state = new_game(("R", "B"))
    copy = state.clone()
    state.apply(state.sample_chance(random.Random(1)))
    assert copy.decision.address == "setup.1"
    assert state.decision.address != copy.decision.address
