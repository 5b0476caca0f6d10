"""How the greedy reference bot plays against the random one (docs/bots.md): 4-player games
of two greedy bots against two random ones, seats rotating, through the real referee and bot
processes. Prints the greedy bots' share of the wins and each bot's table.

    python bench/bots.py --games 400 [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time

from mcn.bots.process import BotProcess
from mcn.bots.referee import play_match
from mcn.bots.results import table, tally, wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    python = sys.executable
    bots = [
        BotProcess("greedy-1", f"{python} -m mcn bot greedy --seed 1"),
        BotProcess("random-1", f"{python} -m mcn bot random --seed 2"),
        BotProcess("greedy-2", f"{python} -m mcn bot greedy --seed 3"),
        BotProcess("random-2", f"{python} -m mcn bot random --seed 4"),
    ]
    start = time.perf_counter()
    outcomes = play_match(bots, options.games, options.seed, 30.0)
    seconds = time.perf_counter() - start
    results = tally(outcomes, [b.name for b in bots])
    print(table(results, len(outcomes)))
    greedy = sum(r.wins for r in results if r.name.startswith("greedy"))
    played = sum(1 for o in outcomes if o.forfeit is None)
    won = sum(1 for o in outcomes if o.forfeit is None and o.winners)
    share = greedy / max(1, sum(r.wins for r in results))
    low, high = wilson(greedy, max(1, sum(r.wins for r in results)))
    print(
        f"greedy bots' share of the wins: {share:.1%} (95 % CI {low:.1%} - {high:.1%}); "
        f"{played} games played to the end ({won} with a winner) in {seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
