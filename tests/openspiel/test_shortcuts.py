"""The shortcuts of the search's hot paths (docs/openspiel.md, "Cost") give the answers of the
plain paths: the remembered information state strings, the steps a resampled history shares
with the original, and the random playouts run by the engine."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from mcn.openspiel.game import Play
from mcn.openspiel.ismcts import EngineRolloutEvaluator
from mcn.openspiel.views import information_state
from tests.openspiel.play import advance, load, random_action


def _fresh(state: Any, player: int) -> str:
    """The information state string built from nothing: no remembered string, no cached text."""
    play = state.play
    return information_state(
        play.path, [{} for _ in play.path], state.colours[player], state.colours, play.rooms
    )


def test_remembered_information_states_follow_every_change() -> None:
    # I-HID-5: what a player is told is the projection's, however the string was obtained.
    game = load(3)
    state = game.new_initial_state()
    rng = random.Random(5)
    seen_rooms = False
    while not state.is_terminal() and len(state.play.path) < 160:
        for player in range(3):
            assert state.information_state_string(player) == _fresh(state, player)
        twin = state.clone()  # a clone starts with the strings of its position
        assert twin.information_state_string(0) == state.information_state_string(0)
        seen_rooms = seen_rooms or bool(state.play.rooms)
        state.apply_action(random_action(state, rng))
        if not state.is_terminal():  # the clone's strings stay those of its own position
            assert twin.information_state_string(0) == _fresh(twin, 0)
    assert seen_rooms  # the room-card draw, card by card, was among the changes


def test_a_resampled_history_shares_the_steps_it_did_not_change() -> None:
    # R-BID-1, I-HID-2: the secrets are redrawn, the public steps are the original ones.
    state = advance(load(4).new_initial_state(), random.Random(11), 220)
    while state.is_chance_node():
        state.apply_action(random_action(state, random.Random(1)))
    player = state.current_player()
    draws = np.random.RandomState(3)
    for _ in range(5):
        world = state.resample_from_infostate(player, draws.uniform)
        assert isinstance(world.play, Play)
        shared = [new is old for new, old in zip(world.play.path, state.play.path, strict=True)]
        assert sum(shared) > len(shared) // 2
        for new, old, same in zip(world.play.path, state.play.path, shared, strict=True):
            if not same:  # a step made anew differs from the original, or has new events
                assert (new.action, new.events) != (old.action, old.events) or (
                    new.address != old.address
                )
        assert world.information_state_string(player) == _fresh(state, player)
        assert world.information_state_string(player) == _fresh(world, player)


def test_engine_playouts_end_the_game_with_its_returns() -> None:
    # R-END-3: the winners share 1.
    state = advance(load(4).new_initial_state(), random.Random(2), 100)
    before = (len(state.play.path), state.play.engine.pending_address())
    evaluator = EngineRolloutEvaluator(n_rollouts=3, seed=4)
    value = evaluator.evaluate(state)
    assert len(value) == 4
    assert abs(sum(value) - 1.0) < 1e-9
    assert all(0.0 <= v <= 1.0 for v in value)
    again = EngineRolloutEvaluator(n_rollouts=3, seed=4).evaluate(state)
    assert list(again) == list(value)  # seeded
    assert (len(state.play.path), state.play.engine.pending_address()) == before  # untouched


def test_engine_playouts_start_inside_the_room_card_draw() -> None:
    state = load(3).new_initial_state()
    rng = random.Random(8)
    while not state.play.rooms:
        state.apply_action(random_action(state, rng))
    drawn = list(state.play.rooms)
    rank = load(3, returns="rank").new_initial_state()
    rank.play = state.play
    value = EngineRolloutEvaluator(n_rollouts=1, seed=1).evaluate(rank)
    assert sorted(value)[0] >= 0.0 and max(value) == 1.0  # rank: every winner gets 1
    assert state.play.rooms == drawn


def test_engine_playouts_play_openspiels_random_policy() -> None:
    # The same policy as OpenSpiel's loop: near the end of a game both evaluators' mean
    # returns over many playouts agree within their sampling error.
    whole = advance(load(2).new_initial_state(), random.Random(21), 10_000)
    assert whole.is_terminal()
    rng = random.Random(21)
    state = load(2).new_initial_state()
    while len(state.play.path) < len(whole.play.path) * 3 // 4 or state.is_chance_node():
        state.apply_action(random_action(state, rng))
    n = 300
    ours = EngineRolloutEvaluator(n_rollouts=n, seed=2).evaluate(state)
    theirs = mcts.RandomRolloutEvaluator(n, np.random.RandomState(2)).evaluate(state)
    for a, b in zip(ours, theirs, strict=True):
        assert abs(a - b) < 4 * 0.5 * (2 / n) ** 0.5
