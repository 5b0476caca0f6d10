"""The ISMCTS player: OpenSpiel's own ``ISMCTSBot`` (information-set Monte Carlo tree search,
Cowling, Powley and Whitehouse 2011) with its random-rollout evaluator, on
``python_mea_culpa`` — from Python (:class:`IsmctsPlayer`) and over the bot protocol
(``mcn bot ismcts --simulations N``, :func:`serve`).

Each simulation takes a world the player cannot tell from the true one
(``resample_from_infostate``), walks the tree of the player's information states with UCT, and
finishes the game with random playouts; the move played is the most visited. What a
simulation costs (docs/openspiel.md, "Cost"): one world draw (a resample replays the whole
history; with ``worlds`` set, the bot draws that many per decision and reuses them, as
OpenSpiel's ``max_world_samples`` does), a few information state strings, and ``rollouts``
random playouts of the rest of the game. The playouts are OpenSpiel's random-rollout
evaluator's, run by the engine directly (:class:`EngineRolloutEvaluator`): the same uniform
policy, without the OpenSpiel encoding of every step.
"""

from __future__ import annotations

import random
import sys
from typing import IO, Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from mcn.bots.players import greedy_score
from mcn.engine import CHANCE, GameState
from mcn.openspiel.analysis import playout
from mcn.openspiel.belief import Inconsistent, Table
from mcn.openspiel.encoding import ACTION_ID, VOCABULARY
from mcn.openspiel.game import SHORT_NAME, MeaCulpaState, final_returns

#: The default number of simulations per decision.
SIMULATIONS: Final = 100
#: The UCT exploration constant (returns lie in [0, 1]).
UCT_C: Final = 1.0
#: The default number of worlds drawn per decision (None: a fresh one every simulation).
WORLDS: Final[int | None] = None
#: The default number of playouts per evaluated leaf.
ROLLOUTS: Final = 1
#: The default playout policy (:data:`EVALUATORS`).
PLAYOUT: Final = "random"
#: How the move is chosen from the root's statistics (OpenSpiel's final policy): the most
#: visited, ties at random (OpenSpiel's default); the best mean return; or the most visited,
#: ties broken by the greedy bot's preference (:func:`~mcn.bots.players.greedy_score`; ties
#: left then at random). With fewer simulations than moves every move tried is visited once,
#: and the first rule plays a random one of them.
FINAL_POLICIES: Final = {
    "visits": ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    "value": ismcts.ISMCTSFinalPolicyType.MAX_VALUE,
    "visits-greedy": ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
}
#: The default final-move selection.
FINAL: Final = "visits"


class EngineRolloutEvaluator(mcts.RandomRolloutEvaluator):  # type: ignore[misc]
    """OpenSpiel's random-rollout evaluator (uniform priors; a leaf's value is the mean return
    of ``n_rollouts`` playouts in which every player takes a uniformly random legal action and
    chance draws by its probabilities), with the playout run by the engine: OpenSpiel's own
    loop encodes, records and decodes every step of the playout (the path, the action numbers,
    the room cards one by one), which nobody reads. Uniform over the same actions: those the
    game offers (:mod:`mcn.openspiel.encoding`, bids up to its largest taler)."""

    def __init__(self, n_rollouts: int = ROLLOUTS, seed: int = 0) -> None:
        super().__init__(n_rollouts=n_rollouts, random_state=np.random.RandomState(seed))
        self.rng = random.Random(seed)

    def evaluate(self, state: MeaCulpaState) -> Any:
        total = np.zeros(len(state.colours))
        for _ in range(self.n_rollouts):
            if state.play.rooms:  # inside the room-card draw: finish it the game's way
                working = state.clone()
                while working.play.rooms:
                    outcomes = working.chance_outcomes()
                    working.apply_action(
                        self.rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                    )
                engine = working.play.engine.clone()
            else:
                engine = state.play.engine.clone()
            self.finish(engine)
            total += final_returns(engine, state.colours, state.returns_kind)
        return total / self.n_rollouts

    def finish(self, engine: GameState) -> None:
        """Play ``engine`` (a clone) to the end: every player a uniformly random legal action
        among those the game offers, chance by its probabilities."""
        rng = self.rng
        while not engine.is_terminal():
            actor = engine.current_players()[0]
            if actor == CHANCE:
                engine.apply(engine.sample_chance(rng))
                continue
            legal = engine.legal_actions(actor)
            if engine.stack[-1][0] == "bids":  # the game offers bids up to MAX_BID_TALER
                legal = [a for a in legal if a.text in ACTION_ID]
            engine.apply(rng.choice(legal))


class GreedyRolloutEvaluator(EngineRolloutEvaluator):
    """The random-rollout evaluator with another playout policy: every player takes the action
    the greedy reference bot would (:func:`mcn.openspiel.analysis.playout`: the highest
    :func:`~mcn.bots.players.greedy_score`, ties broken at random), chance still by its
    probabilities. Priors stay uniform and a leaf's value is still the mean return of
    ``n_rollouts`` playouts: only whom the playouts imitate changes. Random playouts value a
    position as if everyone played at random; against players who donate and take letters
    every turn that is the wrong model of the table (docs/openspiel.md, "Playouts")."""

    def finish(self, engine: GameState) -> None:
        """Play ``engine`` (a clone) to the end by the greedy reference policy."""
        playout(engine, self.rng)


#: The playout policies of the evaluator, by name (``mcn bot ismcts --playout``).
EVALUATORS: Final[dict[str, type[EngineRolloutEvaluator]]] = {
    "random": EngineRolloutEvaluator,
    "greedy": GreedyRolloutEvaluator,
}


class IsmctsPlayer:
    """Chooses a move for the player to move of a :class:`MeaCulpaState` with ISMCTS.

    ``seed`` makes the choices repeatable (the world draws, the playouts and the tie breaks).
    """

    def __init__(
        self,
        game: Any,
        simulations: int = SIMULATIONS,
        seed: int = 0,
        uct_c: float = UCT_C,
        worlds: int | None = WORLDS,
        rollouts: int = ROLLOUTS,
        playout: str = PLAYOUT,
        final: str = FINAL,
    ) -> None:
        if simulations < 1:
            raise ValueError("simulations must be at least 1")
        if worlds is not None and worlds < 1:
            raise ValueError("worlds must be at least 1")
        if rollouts < 1:
            raise ValueError("rollouts must be at least 1")
        if playout not in EVALUATORS:
            raise ValueError(f"playout must be one of {', '.join(EVALUATORS)}")
        if final not in FINAL_POLICIES:
            raise ValueError(f"final must be one of {', '.join(FINAL_POLICIES)}")
        self.game = game
        self.simulations = simulations
        self.final = final
        self.ties = random.Random(seed + 3)
        evaluator = EVALUATORS[playout](rollouts, seed)
        self.bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c,
            simulations,
            max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES if worlds is None else worlds,
            random_state=np.random.RandomState(seed + 1),
            final_policy_type=FINAL_POLICIES[final],
            # The legal actions can tell a player more than his information state: a room
            # card whose condition fails offers only ``decline`` (I-CRD-1, I-HOP-7), and the
            # condition may be about letters behind the other screens. So two worlds a player
            # cannot tell apart may offer him different actions further down the tree; this
            # OpenSpiel option keeps each node's statistics and picks among the actions legal
            # in the world at hand.
            allow_inconsistent_action_sets=True,
        )
        # The bot's own world draws take their seed from pyspiel's UniformProbabilitySampler,
        # which is seeded afresh in every process: draw them from the player's seed instead.
        draws = np.random.RandomState(seed + 2)
        self.bot.set_resampler(
            lambda state, player: state.resample_from_infostate(player, draws.uniform)
        )

    def choose(self, state: MeaCulpaState) -> int:
        """The OpenSpiel action to play at ``state`` (a decision of a player, not chance)."""
        if state.is_chance_node() or state.is_terminal():
            raise ValueError("ISMCTS chooses a player's move, not chance's")
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        if self.final != "visits-greedy":
            return int(self.bot.step(state))
        tied = [int(a) for a, p in self.bot.get_policy(state) if p > 0]
        best = max(greedy_score(VOCABULARY[a]) for a in tied)
        return self.ties.choice([a for a in tied if greedy_score(VOCABULARY[a]) == best])

    def choose_text(self, state: MeaCulpaState) -> str:
        """The move as the engine's action text (``donate jewel>I``)."""
        return VOCABULARY[self.choose(state)]


def load_game(players: int, ruleset: str, variant: str, board: str) -> Any:
    """``python_mea_culpa`` with these parameters."""
    params = {"players": players, "ruleset": ruleset, "variant": variant, "board": board}
    return pyspiel.load_game(SHORT_NAME, params)


def _state_for(game: Any, table: Table) -> MeaCulpaState:
    """The seat's rebuilt game as an OpenSpiel state at its decision. During the bids, the
    bidders before the seat in the game's order who have not bid get any bid: bids are
    simultaneous and secret, so the seat's decision cannot depend on them (R-BID-1)."""
    state: MeaCulpaState = game.new_initial_state()
    state.play = table.rebuild()
    seat = table.players.index(table.seat)
    while (
        not state.is_terminal()
        and not state.is_chance_node()
        and state.current_player() != seat
        and state.play.engine.simultaneous()
    ):
        state.apply_action(state.legal_actions()[0])
    return state


def serve(
    simulations: int = SIMULATIONS,
    seed: int | None = None,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    uct_c: float = UCT_C,
    worlds: int | None = WORLDS,
    playout: str = PLAYOUT,
    final: str = FINAL,
) -> None:
    """Play over the bot protocol (docs/bots.md) until ``quit`` or the end of input."""
    import json

    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout
    rng = random.Random(seed)
    table: Table | None = None
    player: IsmctsPlayer | None = None
    game: Any = None
    for line in source:
        message = json.loads(line)
        kind = message["type"]
        if kind == "quit":
            return
        if kind == "game":
            table = Table.from_game_message(message)
            game = load_game(len(table.players), table.ruleset, table.variant, table.board)
            player = IsmctsPlayer(
                game, simulations, rng.randrange(2**31), uct_c, worlds, playout=playout, final=final
            )
        elif kind == "decide" and table is not None and player is not None:
            table.add(message["moves"], message)
            legal: list[str] = message["legal"]
            try:
                text = player.choose_text(_state_for(game, table))
            except Inconsistent as error:  # never expected: say so, and still answer
                print(f"mcn bot ismcts: {error}; playing a random move", file=sys.stderr)
                text = rng.choice(legal)
            if text not in legal:
                print(f"mcn bot ismcts: {text!r} is not legal here; random move", file=sys.stderr)
                text = rng.choice(legal)
            sink.write(json.dumps({"action": text}) + "\n")
            sink.flush()


__all__ = [
    "EVALUATORS",
    "FINAL",
    "FINAL_POLICIES",
    "PLAYOUT",
    "ROLLOUTS",
    "SIMULATIONS",
    "UCT_C",
    "WORLDS",
    "EngineRolloutEvaluator",
    "GreedyRolloutEvaluator",
    "IsmctsPlayer",
    "load_game",
    "serve",
]
