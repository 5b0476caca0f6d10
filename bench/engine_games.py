"""Engine stress run: N seeded random games per player count.

    python bench/engine_games.py                # 10,000 games per count (2, 3, 4 players)
    python bench/engine_games.py -n 500 --check # fewer games, invariants after every decision

Prints, per player count: games/s, decisions/s of whole random games (legal_actions, the
random choice and the checked apply), applies/s of re-applying the recorded decisions with the
checked ``apply`` alone, the median and maximum decisions per game, and the invariant
violations found (``--check``: after every decision; otherwise at each game's end).
Rates are per second of this process's CPU time (``time.process_time``), so a busy machine
does not distort them. Exits 1 if a game fails to finish or breaks an invariant.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from mcn.engine import new_game, play_random_game


def run(players: int, games: int, first_seed: int, check: bool) -> tuple[dict[str, float], int]:
    """Play ``games`` games; return the figures and the number of violations."""
    lengths: list[int] = []
    violations = 0
    histories = []
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        try:
            state, history = play_random_game(players, seed=seed, check_invariants=check)
        except AssertionError as error:  # an invariant broke during the game
            print(f"  seed {seed}: {error}", file=sys.stderr)
            violations += 1
            continue
        problems = state.check_invariants()
        if problems or not state.winners():
            print(f"  seed {seed}: {problems or 'no winner'}", file=sys.stderr)
            violations += 1
        lengths.append(len(history))
        histories.append((state.players, [entry.action for entry in history]))
    played = time.process_time() - start
    start = time.process_time()
    applies = 0
    for colours, actions in histories:
        replay = new_game(colours)
        for action in actions:
            replay.apply(action)
        applies += len(actions)
    replayed = time.process_time() - start
    figures = {
        "games_per_s": games / played,
        "decisions_per_s": sum(lengths) / played,
        "applies_per_s": applies / replayed if replayed else 0.0,
        "median": statistics.median(lengths) if lengths else 0,
        "max": max(lengths) if lengths else 0,
    }
    return figures, violations


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--games", type=int, default=10_000, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--check", action="store_true", help="invariants after every decision")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    total = 0
    print(
        f"{'players':>7} {'games/s':>8} {'decisions/s':>12} {'applies/s':>10} "
        f"{'median':>7} {'max':>5} {'violations':>10}"
    )
    for players in args.players:
        figures, violations = run(players, args.games, args.seed, args.check)
        total += violations
        print(
            f"{players:>7} {figures['games_per_s']:>8.1f} {figures['decisions_per_s']:>12,.0f} "
            f"{figures['applies_per_s']:>10,.0f} {figures['median']:>7.0f} "
            f"{figures['max']:>5.0f} {violations:>10}"
        )
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
