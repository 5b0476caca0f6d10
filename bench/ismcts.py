"""How the ISMCTS player (mcn.openspiel.ismcts, `mcn bot ismcts`) plays against the reference
bots: 4-player games of one ISMCTS seat against three random or three greedy players, the
ISMCTS seat rotating R B G Y, chance seeded. It plays in one process through OpenSpiel (the
same player `mcn bot ismcts` runs, without the protocol's rebuild of the game), so the CPU
goes to the search. Prints the ISMCTS seat's wins (a shared win counts), its rate with a 95 %
Wilson interval against the fair share of 25 %, and the time per decision.

    nice -n 19 python bench/ismcts.py --opponent random --games 12 --simulations 10 [--seed 1]

The budget of a run is games x decisions of the ISMCTS seat (about 80 with a choice) x
simulations x (one resample + one random playout: 30-60 ms on one core).
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import mcn.openspiel.game  # noqa: F401  (registers python_mea_culpa)
from mcn.bots.players import greedy_score
from mcn.bots.results import wilson
from mcn.openspiel.encoding import VOCABULARY
from mcn.openspiel.ismcts import IsmctsPlayer


def _reference(state: object, rng: random.Random, kind: str) -> int:
    legal: list[int] = state.legal_actions()  # type: ignore[attr-defined]
    if kind == "random":
        return rng.choice(legal)
    best = max(greedy_score(VOCABULARY[a]) for a in legal)
    return rng.choice([a for a in legal if greedy_score(VOCABULARY[a]) == best])


def play(
    game: object, seat: int, player: IsmctsPlayer, kind: str, seed: int
) -> tuple[float, int, float]:
    """One game: the ISMCTS seat's return, its decisions with a choice and their seconds."""
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    decisions = 0
    seconds = 0.0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        elif state.current_player() == seat and len(state.legal_actions()) > 1:
            start = time.perf_counter()
            action = player.choose(state)
            seconds += time.perf_counter() - start
            decisions += 1
        else:
            action = _reference(state, rng, kind)
        state.apply_action(action)
    return state.returns()[seat], decisions, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--opponent", choices=("random", "greedy"), default="random")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--simulations", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    game = pyspiel.load_game("python_mea_culpa", {"players": 4})
    wins = 0.0
    decided = 0
    spent = 0.0
    for number in range(options.games):
        seat = number % 4
        player = IsmctsPlayer(game, options.simulations, options.seed * 1000 + number)
        value, decisions, seconds = play(
            game, seat, player, options.opponent, options.seed + number
        )
        wins += value
        decided += decisions
        spent += seconds
        print(f"game {number + 1}: ISMCTS as {'RBGY'[seat]}: {value:.2f}", flush=True)
    low, high = wilson(round(wins), options.games)
    print(
        f"ISMCTS ({options.simulations} simulations) vs 3 {options.opponent}: "
        f"{wins:.1f} wins in {options.games} games = {wins / options.games:.1%} "
        f"(95 % CI {low:.1%} - {high:.1%}; fair share 25 %); "
        f"{spent / max(1, decided):.2f} s per decision over {decided} decisions"
    )


if __name__ == "__main__":
    main()
