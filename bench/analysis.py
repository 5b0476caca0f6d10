"""`mcn analyse` measured (docs/analysis.md): the planted blunder over ten seeds, the good move
in its place over the same seeds (nothing may be flagged there), and the time of a whole
record at the default budget, analysed twice with one seed (same output, flags counted).

    nice -n 19 python bench/analysis.py [--seeds 10] [--record examples/game-4p.mcn --as R]

The planted blunder (tests/openspiel/blunder.py): a random 3-player game in which Red, as the
Petty Sinner, visits room 2 where Suite 6 was his; only that decision is analysed per seed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mcn.commands.analyse import run_task, tasks_of
from mcn.openspiel.analysis import SIMULATIONS
from mcn.replay import replay_game
from tests.openspiel.blunder import AT, BLUNDER, GOOD, blunder_game


def planted(move: str, seeds: int) -> list[str]:
    """The glyph given to ``move`` at the planted decision, per seed."""
    replay = replay_game(blunder_game(move), keep_states=False)
    assert replay.main is not None
    task = next(
        t
        for t in tasks_of(replay.main.steps, replay.main.start, "R", SIMULATIONS, 0, 0.10)
        if t.address == AT
    )
    return [run_task(dataclasses.replace(task, seed=f"{s}:{AT}")).glyph for s in range(seeds)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--record", default="examples/game-4p.mcn")
    parser.add_argument("--as", dest="viewer", default="R")
    parser.add_argument("--jobs", type=int, default=1)
    options = parser.parse_args()
    start = time.perf_counter()
    bad = planted(BLUNDER, options.seeds)
    good = planted(GOOD, options.seeds)
    print(
        f"planted blunder ({BLUNDER} at {AT}, {SIMULATIONS} simulations): flagged in "
        f"{sum(1 for g in bad if g)} of {options.seeds} seeds {bad}; the good move ({GOOD}) "
        f"flagged in {sum(1 for g in good if g)} of {options.seeds} "
        f"({time.perf_counter() - start:.0f} s)",
        flush=True,
    )
    outputs = []
    for _ in range(2):
        begin = time.perf_counter()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "mcn",
                "analyse",
                options.record,
                "--as",
                options.viewer,
                "--jobs",
                str(options.jobs),
                "--format",
                "json",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        outputs.append(done.stdout)
        try:
            decisions = json.loads(done.stdout)["decisions"]
        except (ValueError, KeyError):
            print(done.stderr, file=sys.stderr)
            raise SystemExit(1) from None
        flagged = [f"{d['address']} {d['move']}{d['glyph']}" for d in decisions if d["glyph"]]
        print(
            f"{options.record} --as {options.viewer}: {time.perf_counter() - begin:.0f} s, "
            f"{len(decisions)} decisions, {len(flagged)} flagged {flagged}",
            flush=True,
        )
    print(f"same output twice: {outputs[0] == outputs[1]}")


if __name__ == "__main__":
    main()
