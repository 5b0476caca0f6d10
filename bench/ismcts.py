"""How the ISMCTS player (mcn.openspiel.ismcts, `mcn bot ismcts`) plays against the reference
bots: 4-player games of one ISMCTS seat against three random or three greedy players, the
ISMCTS seat rotating R B G Y (game ``k`` seats it at ``k mod 4``), chance and the opponents
seeded by the game's number, so that a game's result does not depend on how the games are
split. It plays in one process per worker through OpenSpiel (the same player `mcn bot ismcts`
runs, without the protocol's rebuild of the game), so the CPU goes to the search.

Prints one line per game and a summary: the games the ISMCTS seat won (a shared win counts as
a win, as `mcn match` counts it), the rate with a 95 % Wilson interval against the fair share
of 25 %, the mean share of the win (1 split by the winners), CPU seconds per decision, the wall
time and the load average. ``--first-game``/``--games`` select the games (two runs on two
machines or two halves give the same games as one run), ``--workers`` plays them in that many
processes, ``--json`` writes the per-game results, one JSON line per game as it ends (a run
stopped early keeps the games it finished; ``--summary FILE...`` sums such files).

    nice -n 10 python bench/ismcts.py --opponent random --games 200 --simulations 40 --workers 2

The budget of a run is games x decisions of the ISMCTS seat (about 70 with a choice) x
simulations x the cost of a simulation (docs/openspiel.md, "Cost").
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

import pyspiel

import mcn.openspiel.game  # noqa: F401  (registers python_mea_culpa)
from mcn.bots.players import greedy_score
from mcn.bots.results import wilson
from mcn.openspiel.encoding import VOCABULARY
from mcn.openspiel.ismcts import EVALUATORS, FINAL_POLICIES, IsmctsPlayer

SEATS = "RBGY"


@dataclass(frozen=True)
class Settings:
    """What every game of a run shares."""

    opponent: str
    simulations: int
    seed: int
    uct_c: float
    worlds: int | None
    rollouts: int
    returns: str
    playout: str = "random"
    final: str = "visits"


@dataclass(frozen=True)
class Result:
    """One game, seen from the ISMCTS seat."""

    number: int
    seat: str
    won: bool
    share: float
    decisions: int
    cpu: float


def _reference(state: Any, rng: random.Random, kind: str) -> int:
    legal: list[int] = state.legal_actions()
    if kind == "random":
        return rng.choice(legal)
    best = max(greedy_score(VOCABULARY[a]) for a in legal)
    return rng.choice([a for a in legal if greedy_score(VOCABULARY[a]) == best])


def play(number: int, settings: Settings) -> Result:
    """Game ``number`` of a run with ``settings``."""
    game = pyspiel.load_game("python_mea_culpa", {"players": 4, "returns": settings.returns})
    seat = number % 4
    player = IsmctsPlayer(
        game,
        settings.simulations,
        settings.seed * 1000 + number,
        settings.uct_c,
        settings.worlds,
        settings.rollouts,
        settings.playout,
        settings.final,
    )
    rng = random.Random(settings.seed + number)
    state = game.new_initial_state()
    decisions = 0
    cpu = 0.0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        elif state.current_player() == seat and len(state.legal_actions()) > 1:
            start = time.process_time()
            action = player.choose(state)
            cpu += time.process_time() - start
            decisions += 1
        else:
            action = _reference(state, rng, settings.opponent)
        state.apply_action(action)
    winners = state.play.engine.winners()
    won = SEATS[seat] in winners
    share = 1.0 / len(winners) if won else 0.0
    return Result(number, SEATS[seat], won, share, decisions, cpu)


def _play(job: tuple[int, Settings]) -> Result:
    return play(*job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--opponent", choices=("random", "greedy"), default="random")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--first-game", type=int, default=0)
    parser.add_argument("--simulations", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--uct-c", type=float, default=1.0)
    parser.add_argument("--worlds", type=int, default=None, help="max world samples")
    parser.add_argument("--rollouts", type=int, default=1)
    parser.add_argument("--returns", choices=("win", "rank"), default="win")
    parser.add_argument("--playout", choices=tuple(EVALUATORS), default="random")
    parser.add_argument("--final", choices=tuple(FINAL_POLICIES), default="visits")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", help="append the per-game results to this file (JSON lines)")
    parser.add_argument("--summary", nargs="+", help="only sum the games of these --json files")
    options = parser.parse_args()
    if options.summary:
        summary(options.summary)
        return
    settings = Settings(
        options.opponent,
        options.simulations,
        options.seed,
        options.uct_c,
        options.worlds,
        options.rollouts,
        options.returns,
        options.playout,
        options.final,
    )
    jobs = [(n, settings) for n in range(options.first_game, options.first_game + options.games)]
    load_before = os.getloadavg()
    start = time.perf_counter()
    results: list[Result] = []
    with ProcessPoolExecutor(options.workers) as pool:
        for result in pool.map(_play, jobs):
            results.append(result)
            if options.json:
                with open(options.json, "a", encoding="utf-8") as out:
                    out.write(json.dumps({**asdict(settings), **asdict(result)}) + "\n")
            print(
                f"game {result.number}: ISMCTS as {result.seat}: "
                f"{'won' if result.won else 'lost'} ({result.share:.2f}), "
                f"{result.cpu / max(1, result.decisions):.2f} s CPU per decision",
                flush=True,
            )
    wall = time.perf_counter() - start
    games = len(results)
    wins = sum(1 for r in results if r.won)
    low, high = wilson(wins, games)
    decided = sum(r.decisions for r in results)
    cpu = sum(r.cpu for r in results)
    load_after = os.getloadavg()
    print(
        f"ISMCTS ({options.simulations} simulations, worlds {options.worlds or 'unlimited'}, "
        f"uct_c {options.uct_c}, {options.rollouts} {options.playout} playout(s), returns "
        f"{options.returns}, final by {options.final}) vs 3 "
        f"{options.opponent}, games {options.first_game}-{options.first_game + games - 1}: "
        f"won {wins} of {games} = {wins / max(1, games):.1%} (95 % CI {low:.1%} - {high:.1%}; "
        f"fair share 25 %); mean share {sum(r.share for r in results) / max(1, games):.3f}; "
        f"{cpu / max(1, decided):.3f} s CPU per decision over {decided} decisions; "
        f"{wall:.0f} s wall with {options.workers} worker(s); load average "
        f"{load_before[0]:.1f} before, {load_after[0]:.1f} after"
    )


def summary(files: list[str]) -> None:
    """The games of ``--json`` files, summed per setting."""
    runs: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for name in files:
        with open(name, encoding="utf-8") as lines:
            for line in lines:
                game = json.loads(line)
                game.setdefault("playout", "random")  # files written before these settings
                game.setdefault("final", "visits")
                key = tuple(game[f] for f in Settings.__dataclass_fields__)
                runs.setdefault(key, []).append(game)
    for key, games in runs.items():
        won = sum(1 for g in games if g["won"])
        low, high = wilson(won, len(games))
        seats = {s: sum(1 for g in games if g["seat"] == s) for s in SEATS}
        decisions = sum(g["decisions"] for g in games)
        print(
            f"{dict(zip(Settings.__dataclass_fields__, key, strict=True))}: won {won} of "
            f"{len(games)} = {won / len(games):.1%} (95 % CI {low:.1%} - {high:.1%}); seats "
            f"{seats}; {sum(g['cpu'] for g in games) / max(1, decisions):.3f} s CPU per "
            f"decision over {decisions} decisions"
        )


if __name__ == "__main__":
    main()
