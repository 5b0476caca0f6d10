"""`mcn analyse` measured (docs/analysis.md): the planted blunder over ten seeds, the good move
in its place over the same seeds (nothing may be flagged there), and the row of a whole record
at the default budget on 2 cores: `mcn analyse examples/game-4p.mcn --as R --jobs 2`, run
twice with one seed (the wall time, the CPU time of the two workers, the flags, and whether
both outputs are the same byte for byte; nothing may be flagged on noise).

    nice -n 10 python bench/analysis.py [--seeds 10] [--record examples/game-4p.mcn --as R]
                                        [--jobs 2] [--json bench/results/analysis.json]

``--seeds 0`` skips the planted blunder. The planted blunder (tests/openspiel/blunder.py): a
random 3-player game in which Red, as the Petty Sinner, visits room 2 where Suite 6 was his;
only that decision is analysed per seed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import resource
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
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--json", help="write the figures to this file")
    options = parser.parse_args()
    figures: dict[str, object] = {"simulations": SIMULATIONS, "jobs": options.jobs}
    if options.seeds:
        start = time.perf_counter()
        bad = planted(BLUNDER, options.seeds)
        good = planted(GOOD, options.seeds)
        figures["planted"] = {"blunder": bad, "good": good}
        print(
            f"planted blunder ({BLUNDER} at {AT}, {SIMULATIONS} simulations): flagged in "
            f"{sum(1 for g in bad if g)} of {options.seeds} seeds {bad}; the good move ({GOOD}) "
            f"flagged in {sum(1 for g in good if g)} of {options.seeds} "
            f"({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    outputs = []
    runs = []
    for _ in range(options.runs):
        load = os.getloadavg()[0]
        begin = time.perf_counter()
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
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
        wall = time.perf_counter() - begin
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime
        outputs.append(done.stdout)
        try:
            decisions = json.loads(done.stdout)["decisions"]
        except (ValueError, KeyError):
            print(done.stderr, file=sys.stderr)
            raise SystemExit(1) from None
        flagged = [f"{d['address']} {d['move']}{d['glyph']}" for d in decisions if d["glyph"]]
        runs.append(
            {
                "wall_s": round(wall, 1),
                "cpu_s": round(used, 1),
                "decisions": len(decisions),
                "flagged": flagged,
                "load_before": round(load, 1),
            }
        )
        print(
            f"{options.record} --as {options.viewer} --jobs {options.jobs}: {wall:.0f} s wall, "
            f"{used:.0f} s CPU, {len(decisions)} decisions, {len(flagged)} flagged {flagged} "
            f"(load average {load:.1f})",
            flush=True,
        )
    same = all(out == outputs[0] for out in outputs)
    figures["record"] = {"file": options.record, "as": options.viewer, "runs": runs, "same": same}
    print(f"same output every run: {same}")
    if options.json:
        Path(options.json).parent.mkdir(parents=True, exist_ok=True)
        Path(options.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
