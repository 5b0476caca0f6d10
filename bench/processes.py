"""The figures bench/run.py takes from fresh processes: wall time of a command, peak memory
(the kernel's high-water mark of one process), ``validate --jobs 1`` vs ``--jobs 2``, and the
bounded-work rows (empty variations); run.py's own figures are CPU time of its process.

On its own it compares builds on ``validate --jobs 1`` vs ``--jobs N`` (issue 34), the builds
interleaved run by run, wall and CPU time (of the whole process tree) side by side:

    python bench/processes.py jobs --mcn "A/bin/python -m mcn" --mcn "B/bin/python -m mcn" \
        [--games 1000] [--runs 9] [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def run_child(command: list[str], runs: int, warmup: int = 1) -> tuple[float, int]:
    """The median wall time of ``command`` as a fresh process, and its last exit status.

    ``warmup`` unmeasured runs come first, so a one-time cache fill (the grammar's) and a cold
    disk cache are not counted — what a user sees from the second call on.
    """
    times = []
    status = 0
    for index in range(warmup + runs):
        start = time.perf_counter()
        status = subprocess.run(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        ).returncode
        if index >= warmup:
            times.append(time.perf_counter() - start)
    return statistics.median(times), status


#: Runs a command in a fresh Python process and prints the largest RSS of its children in KiB:
#: ``getrusage(RUSAGE_CHILDREN)`` only counts children that have been waited for, so measuring
#: from a wrapper of its own isolates the one command from everything this run started before.
_RSS_WRAPPER = """
import resource, subprocess, sys, time
start = time.perf_counter()
status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode
elapsed = time.perf_counter() - start
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, status, elapsed)
"""


def peak_rss(command: list[str]) -> tuple[float, int, float]:
    """The RSS high-water mark of ``command`` in MB, its exit status and its wall time."""
    out = subprocess.run(
        [sys.executable, "-c", _RSS_WRAPPER, *command], capture_output=True, text=True, check=True
    ).stdout.split()
    return int(out[0]) / 1024, int(out[1]), float(out[2])


def _repeat_to(games: tuple[str, ...], size: int, path: Path) -> int:
    """Write ``games`` over and over to ``path`` until it holds ``size`` bytes; games written."""
    written = count = 0
    with path.open("w", encoding="utf-8") as out:
        while written < size:
            game = games[count % len(games)] + "\n"
            out.write(game)
            written += len(game.encode("utf-8"))
            count += 1
    return count


def jobs_figures(
    mcn_bin: str, games: tuple[str, ...], count: int, runs: int, work: Path
) -> dict[str, Any]:
    """``mcn validate --jobs 1`` vs ``--jobs 2`` on one file of ``count`` games (corpus games
    repeated): the median of the paired wall-time ratios, runs alternating after a warm-up."""
    path = work / "jobs.mcn"
    path.write_text("\n".join(games[i % len(games)] for i in range(count)), encoding="utf-8")
    one_times: list[float] = []
    two_times: list[float] = []
    status = 0
    for index in range(runs):
        # The pair's order alternates, so that a load drifting during a run weighs on --jobs 1
        # and --jobs 2 in turn, not always on the second.
        order = ("1", "2") if index % 2 == 0 else ("2", "1")
        seen = {
            jobs: run_child([mcn_bin, "validate", "--jobs", jobs, str(path)], 1, warmup=0)
            for jobs in order
        }
        (one, status_one), (two, status) = seen["1"], seen["2"]
        if status_one != status:
            raise SystemExit("validate --jobs 1 and --jobs 2 disagree on the exit status")
        one_times.append(one)
        two_times.append(two)
    ratios = [a / b for a, b in zip(one_times, two_times, strict=True)]
    path.unlink()
    return {
        "games": count,
        "runs": runs,
        "jobs1_s": round(statistics.median(one_times), 2),
        "jobs2_s": round(statistics.median(two_times), 2),
        "speedup": round(statistics.median(ratios), 3),
        "speedup_range": [round(min(ratios), 3), round(max(ratios), 3)],
        "exit_status": status,
    }


def memory_figures(
    mcn_bin: str, games: tuple[str, ...], sizes: dict[str, int], work: Path, workers: int = 1
) -> dict[str, Any]:
    """Peak RSS of ``mcn validate`` on archives of ``sizes`` MB (corpus games repeated), each
    in a wrapper process of its own, ``workers`` at a time."""

    def measure(label: str) -> dict[str, Any]:
        path = work / f"archive-{label}.mcn"
        count = _repeat_to(games, sizes[label] * 1_000_000, path)
        rss, status, elapsed = peak_rss([mcn_bin, "validate", str(path)])
        row = {
            "bytes": path.stat().st_size,
            "games": count,
            "peak_rss_mb": round(rss, 1),
            "exit_status": status,
            "seconds": round(elapsed, 1),
        }
        path.unlink()
        return row

    with ThreadPoolExecutor(max(1, workers)) as pool:
        return dict(zip(sizes, pool.map(measure, sizes), strict=True))


def empty_variations_figures(mcn_bin: str, work: Path) -> dict[str, Any]:
    """``mcn validate`` of one game with N empty variations ``()`` after one move (issue 11):
    at the limit of 1,000 (valid) and at 100,000 (refused: past the limit), wall time and
    peak RSS and CPU time of the whole command, start-up included (the CPU time is the figure
    to read on a busy machine)."""
    example = (ROOT / "examples" / "game-4p.mcn").read_text(encoding="utf-8")
    move = "B: bonus 10>II\n"
    out = {}
    for count in (1_000, 100_000):
        path = work / f"empty-{count}.mcn"
        path.write_text(example.replace(move, move[:-1] + " " + "()" * count + "\n", 1), "utf-8")
        rss, status, elapsed = peak_rss([mcn_bin, "validate", str(path)])
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([mcn_bin, "validate", str(path)], capture_output=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        out[str(count)] = {
            "bytes": path.stat().st_size,
            "seconds": round(elapsed, 3),
            "cpu_seconds": round(cpu, 3),
            "peak_rss_mb": round(rss, 1),
            "exit_status": status,
        }
    return out


def timed_child(command: list[str], cwd: Path | None = None) -> tuple[float, float, int]:
    """Wall time, CPU time (user + system of the process and every child it waited for: a
    parallel run's workers too) and exit status of ``command`` as one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    status = subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd, env=_CHILD_ENV
    ).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), status


#: Without ``PYTHONDONTWRITEBYTECODE``: an installed build has its bytecode (bench/cold_start.py).
_CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def jobs_paired(
    builds: list[list[str]], games: tuple[str, ...], count: int, runs: int, jobs: int, work: Path
) -> list[dict[str, Any]]:
    """:func:`jobs_figures` for several builds (command lines) in one run: per round, each build
    runs ``--jobs 1`` and ``--jobs N`` on the same file, the builds in turn (after one
    unmeasured round), in the scratch folder ``work`` (``python -m mcn`` puts its working
    directory first on sys.path). The median of the paired wall ratios with their range and
    quartiles, and the CPU times.

    Each round runs the builds in the other order, and each pair its two commands in the other
    order (1 then N, N then 1): on two cores a moment of other work (a daemon, the shell) costs
    ``--jobs N`` more than ``--jobs 1``, and a load that comes or goes during a run would
    otherwise fall on the same side of every pair. What is measured is unchanged: the wall time
    of whole fresh processes on one file, ``--jobs 1`` against ``--jobs N``."""
    path = work / "jobs.mcn"
    path.write_text("\n".join(games[i % len(games)] for i in range(count)), encoding="utf-8")
    times: list[dict[str, list[float]]] = [
        {"one": [], "many": [], "one_cpu": [], "many_cpu": []} for _ in builds
    ]
    for index in range(runs + 1):
        # The builds take turns, each round in the other order, and so do --jobs 1 and --jobs
        # N within a pair: a load that drifts during a run weighs on every side in turn.
        turn = list(zip(builds, times, strict=True))
        order = ("1", str(jobs)) if index % 2 else (str(jobs), "1")
        for build, seen in turn if index % 2 else reversed(turn):
            got = {
                n: timed_child([*build, "validate", "--jobs", n, str(path)], work) for n in order
            }
            (one, one_cpu, status_one), (many, many_cpu, status) = got["1"], got[str(jobs)]
            if status_one != status:
                raise SystemExit(f"validate --jobs 1 and --jobs {jobs} disagree on the exit status")
            if index:
                for key, value in zip(seen, (one, many, one_cpu, many_cpu), strict=True):
                    seen[key].append(value)
    path.unlink()
    out = []
    for seen in times:
        ratios = [a / b for a, b in zip(seen["one"], seen["many"], strict=True)]
        out.append(
            {
                "games": count,
                "runs": runs,
                "jobs": jobs,
                "jobs1_s": round(statistics.median(seen["one"]), 3),
                "jobsN_s": round(statistics.median(seen["many"]), 3),
                "jobs1_cpu_s": round(statistics.median(seen["one_cpu"]), 3),
                "jobsN_cpu_s": round(statistics.median(seen["many_cpu"]), 3),
                "speedup": round(statistics.median(ratios), 3),
                "speedup_range": [round(min(ratios), 3), round(max(ratios), 3)],
                "speedup_quartiles": _quartiles(ratios),
            }
        )
    return out


def _quartiles(values: list[float]) -> list[float]:
    """The first and third quartiles (the middle half of the pairs), or the range of fewer
    than four."""
    if len(values) < 4:
        return [round(min(values), 3), round(max(values), 3)]
    low, _, high = statistics.quantiles(values, n=4)
    return [round(low, 3), round(high, 3)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("what", choices=["jobs"])
    parser.add_argument("--mcn", action="append", help="an mcn command line (repeatable)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "bench"))
    import corpus

    games = corpus.mcn_corpus(min(options.games, 2000), seed=0).games
    builds = [shlex.split(each) for each in options.mcn or ["mcn"]]
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as work:
        rows = jobs_paired(builds, games, options.games, options.runs, options.jobs, Path(work))
    for build, row in zip(builds, rows, strict=True):
        print(
            f"{shlex.join(build)}: --jobs 1 {row['jobs1_s']:.3f} s (CPU {row['jobs1_cpu_s']:.3f}),"
            f" --jobs {row['jobs']} {row['jobsN_s']:.3f} s (CPU {row['jobsN_cpu_s']:.3f}):"
            f" {row['speedup']:.3f} ({row['speedup_range'][0]:.3f}-{row['speedup_range'][1]:.3f};"
            f" middle half {row['speedup_quartiles'][0]:.3f}-{row['speedup_quartiles'][1]:.3f})"
        )
    print(f"load average before the run: {load:.1f}, after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
