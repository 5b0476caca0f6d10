"""The ISMCTS player's playout policies (mcn.openspiel.ismcts.EVALUATORS): the greedy playouts
take the greedy reference bot's moves to the end of the game, seeded, without touching the
state evaluated; a player with them chooses legal moves repeatably; `mcn bot ismcts --playout`
picks them and belongs to the ismcts bot only."""

from __future__ import annotations

import random
from typing import Any

import pytest
from click.testing import CliRunner

from mcn.bots.players import greedy_score
from mcn.cli import cli
from mcn.engine import CHANCE
from mcn.openspiel.ismcts import (
    EVALUATORS,
    EngineRolloutEvaluator,
    GreedyRolloutEvaluator,
    IsmctsPlayer,
)
from tests.openspiel.play import advance, load


class Watched:
    """An engine state that records every player's decision of a playout: the legal actions
    offered and the one taken."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.decisions: list[tuple[list[str], str]] = []
        self._offered: list[str] = []

    def is_terminal(self) -> bool:
        return bool(self.engine.is_terminal())

    def current_players(self) -> Any:
        return self.engine.current_players()

    def sample_chance(self, rng: random.Random) -> Any:
        self._offered = []
        return self.engine.sample_chance(rng)

    def legal_actions(self, actor: str) -> Any:
        actions = self.engine.legal_actions(actor)
        self._offered = [a.text for a in actions]
        return actions

    def apply(self, action: Any) -> Any:
        if self.engine.current_players() != (CHANCE,):
            self.decisions.append((self._offered, action.text))
        return self.engine.apply(action)


def test_greedy_playouts_take_the_greedy_bots_moves_to_the_end() -> None:
    state = advance(load(4).new_initial_state(), random.Random(5), 80)
    watched = Watched(state.play.engine.clone())
    GreedyRolloutEvaluator(seed=3).finish(watched)  # type: ignore[arg-type]
    assert watched.engine.is_terminal()
    assert len(watched.decisions) > 20
    for offered, taken in watched.decisions:
        assert taken in offered
        assert greedy_score(taken) == max(greedy_score(a) for a in offered), (offered, taken)


def test_greedy_playouts_are_seeded_and_leave_the_state_alone() -> None:
    # R-END-3: the winners share 1.
    state = advance(load(3).new_initial_state(), random.Random(9), 60)
    before = (len(state.play.path), state.play.engine.pending_address())
    value = GreedyRolloutEvaluator(n_rollouts=4, seed=2).evaluate(state)
    assert len(value) == 3
    assert abs(sum(value) - 1.0) < 1e-9
    assert list(GreedyRolloutEvaluator(n_rollouts=4, seed=2).evaluate(state)) == list(value)
    assert (len(state.play.path), state.play.engine.pending_address()) == before
    # The random evaluator stays what it was: OpenSpiel's uniform policy.
    assert {"random": EngineRolloutEvaluator, "greedy": GreedyRolloutEvaluator} == EVALUATORS


def test_a_player_with_greedy_playouts_chooses_legal_moves_repeatably() -> None:
    state = advance(load(4).new_initial_state(), random.Random(11), 50)
    rng = random.Random(11)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        advance(state, rng, 1)
    game = state.get_game()
    moves = [
        IsmctsPlayer(game, 6, seed=4, worlds=2, playout="greedy", final=final).choose(state)
        for final in ("visits", "visits", "value")
    ]
    assert moves[0] == moves[1]
    assert all(move in state.legal_actions() for move in moves)
    assert isinstance(
        IsmctsPlayer(game, 2, playout="greedy").bot._evaluator, GreedyRolloutEvaluator
    )
    for bad in ({"playout": "smart"}, {"final": "votes"}):
        with pytest.raises(ValueError, match="must be one of"):
            IsmctsPlayer(game, 2, **bad)  # type: ignore[arg-type]


def test_playout_and_final_are_options_of_the_ismcts_bot_only() -> None:
    result = CliRunner().invoke(cli, ["bot", "greedy", "--playout", "greedy"])
    assert result.exit_code == 2
    assert "--playout is an option of the ismcts bot" in result.output
    result = CliRunner().invoke(cli, ["bot", "random", "--final", "value"])
    assert result.exit_code == 2
    assert "--final is an option of the ismcts bot" in result.output
    result = CliRunner().invoke(cli, ["bot", "ismcts", "--playout", "smart"])
    assert result.exit_code == 2
    assert "'smart' is not one of 'random', 'greedy'" in result.output
