"""The bot's rebuilt game (mcn.openspiel.belief): from nothing but what the bot protocol tells a
seat, a game that projects for that seat exactly as the true one, standing at the decision it
is asked (R-HID-1: the seat is never told a secret, I-HID-2: compartments shown only by the
evaluations, R-EVA-4: what goes back at the end of one)."""

from __future__ import annotations

import random

import pytest

from mcn.bots.protocol import decide_message, game_message
from mcn.engine import CHANCE, new_game
from mcn.openspiel.belief import Table
from mcn.replay.model import Step
from tests.openspiel.play import load


def _play_and_check(players: int, seed: int, seat: str = "R") -> int:
    """A random game; at each of ``seat``'s decisions, rebuild its game from the protocol's
    messages and compare it with the truth. Returns the number of decisions checked."""
    colours = ("R", "B", "G", "Y")[:players]
    state = new_game(colours)
    rng = random.Random(seed)
    steps: list[Step] = []
    table = Table.from_game_message(game_message(state, seat, 1, None))
    game = load(players)
    told = 0
    checked = 0
    while not state.is_terminal():
        actors = state.current_players()
        if actors == (CHANCE,):
            action = state.sample_chance(rng)
        else:
            options = state.legal_actions(actors[0])
            if actors[0] == seat and len(options) > 1:
                message = decide_message(state, steps, seat, told, 1)
                told = len(steps)
                table.add(message["moves"], message)
                rebuilt = game.new_initial_state()
                rebuilt.play = table.rebuild()
                truth = game.new_initial_state()
                truth.play.path = list(steps)
                truth.play.caches = [{} for _ in steps]
                truth.play.engine = state
                index = colours.index(seat)
                assert rebuilt.information_state_string(index) == (
                    truth.information_state_string(index)
                )
                assert rebuilt.observation_string(index) == truth.observation_string(index)
                engine = rebuilt.play.engine
                assert seat in engine.current_players()
                assert sorted(a.text for a in engine.legal_actions(seat)) == sorted(
                    message["legal"]
                )
                checked += 1
            action = rng.choice(options)
        address = state.address_of(action)
        steps.append(Step(address, action, None, state.apply(action)))
    return checked


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_the_rebuilt_game_projects_for_the_seat_exactly_as_the_true_one(
    players: int, seed: int
) -> None:
    assert _play_and_check(players, seed) > 20


def test_a_seat_other_than_red_rebuilds_too() -> None:
    assert _play_and_check(3, 5, seat="G") > 20
