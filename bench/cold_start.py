"""Cold start of every kind of command, as fresh processes (issues 28 and 34).

Each row is the wall time and the CPU time (user + system, of the process and its children)
of one ``mcn`` command on a small input, run as a fresh process: ``--version``; ``validate``,
``replay`` and ``html`` of one game; ``position`` and ``legal`` of a position given as text. One
unmeasured warm-up run fills the grammar cache (what a user sees from the second call on); then
the median and the minimum of ``runs`` runs. On a loaded machine the CPU time is the honest
figure (wall time waits for the other jobs) and the minimum the better estimate of an idle one;
the targets (<= 0.15 s every row, issue 34; <= 0.25 s for position and legal, issue 28) are
about wall time on an idle machine.

``--mcn`` may be given more than once (a path, or a command line such as ``env PYTHONPATH=old
python -m mcn``): the builds are then measured in one run, interleaved run by run, so that a
change of load falls on all of them alike.

The same run also measures the host's floor, which no change to mcn moves: an interpreter that
starts and does nothing (``python -c pass``) and one that imports Click (``python -c "import
click"``), with the first build's interpreter. A row is only as fast as that floor allows: on
2026-11-28 the host started ``import click`` in 0.08 s where it had taken about 0.03 s the day
before, and every row of both builds slowed alike. The floor is the row's peer, the way
python-chess is the replay's: it tells a slow host from a slow start.

``--instructions`` also counts the instructions of one more run of every row and of the floor
(valgrind's callgrind, ``PYTHONHASHSEED=0``): a count does not move with the host's speed or
load, so a build measured on a slow host compares exactly with one timed on a fast host another
day (2026-11-28: main's rows counted within 0.16 % of the build timed at <= 0.109 s the day
before, on a host that ran them at 0.12-0.25 s).

    python bench/cold_start.py [--mcn PATH ...] [--runs N] [--instructions] [--json OUT]

Used by bench/run.py for its "cold start" rows; on its own it also prints a table.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "examples" / "game-4p.mcn"

#: Row name -> the command's arguments; ``{game}``, ``{position}`` and ``{out}`` are filled in.
ROWS: dict[str, list[str]] = {
    "version": ["--version"],
    "validate_one_game": ["validate", "{game}"],
    "position_text": ["position", "{position}"],
    "legal_text": ["legal", "{position}"],
    "replay_one_game": ["replay", "{game}", "--to", "2"],
    "html_one_game": ["html", "{game}", "-o", "{out}"],
}


#: The host's floor (row name -> the interpreter's arguments), measured beside the rows.
REFERENCE_ROWS: dict[str, list[str]] = {
    "python_start": ["-c", "pass"],
    "click_import": ["-c", "import click"],
}


def interpreter_of(build: list[str]) -> list[str]:
    """The interpreter a build runs on: the ``python`` beside an installed ``mcn`` script, else
    the one running this bench (a command line such as ``env PYTHONPATH=… python -m mcn``)."""
    if len(build) == 1:
        beside = Path(build[0]).with_name("python")
        if beside.exists():
            return [str(beside)]
    return [sys.executable]


def position_text_of(mcn: list[str], game: Path, address: str = "3.2.1") -> str:
    """The position at ``address`` of ``game`` (through the command line, as a user gets it)."""
    return subprocess.run(
        [*mcn, "position", str(game), "--at", address],
        capture_output=True,
        text=True,
        check=True,
        env=CHILD_ENV,
    ).stdout.strip()


#: The environment of the measured processes: this one's without ``PYTHONDONTWRITEBYTECODE``,
#: which would make every start compile every module from source again (an installed wheel
#: ships its bytecode, and an editable install writes it on the first run): with it set,
#: a start measured 0.32 s of CPU where it takes 0.18 s (2026-11-27, issue 34).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str], cwd: str | None = None) -> tuple[float, float, int]:
    """Wall time, CPU time (user + system of the process and its children) and exit status of
    one fresh process, run in ``cwd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)  # microseconds, not clock ticks
    start = time.perf_counter()
    status = subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=CHILD_ENV, cwd=cwd
    ).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, status


def instructions(command: list[str], cwd: str) -> int:
    """Instructions one fresh process executes, counted by valgrind's callgrind (children and
    ``exec`` followed, so that ``env … python -m mcn`` counts the interpreter it starts); string
    hashing seeded, so that a second count of one build comes out within about 0.1 %."""
    with tempfile.TemporaryDirectory(dir=cwd) as scratch:
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--trace-children=yes",
                f"--callgrind-out-file={scratch}/callgrind.%p",
                *command,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**CHILD_ENV, "PYTHONHASHSEED": "0"},
            cwd=cwd,
        )
    counts = [int(found) for found in re.findall(r"Collected : (\d+)", done.stderr)]
    if not counts:
        raise RuntimeError(f"callgrind counted nothing for {shlex.join(command)}: {done.stderr}")
    return sum(counts)


def counted(
    commands: list[list[str]], rows: dict[str, list[str]], work: str
) -> list[dict[str, int]]:
    """Every row's instruction count for every command (one run each, after the timed runs
    have warmed the grammar cache)."""
    return [
        {name: instructions([*command, *arguments], work) for name, arguments in rows.items()}
        for command in commands
    ]


def _row(walls: list[float], cpus: list[float], status: int) -> dict[str, Any]:
    return {
        "median_s": round(statistics.median(walls), 4),
        "min_s": round(min(walls), 4),
        "cpu_median_s": round(statistics.median(cpus), 4),
        "cpu_min_s": round(min(cpus), 4),
        "exit_status": status,
    }


def _measure(
    commands: list[list[str]], rows: dict[str, list[str]], runs: int, work: str
) -> list[dict[str, Any]]:
    """Every row for every command (the row's arguments after it), the commands interleaved run
    by run after one unmeasured warm-up of each, run in the scratch directory ``work``."""
    out: list[dict[str, Any]] = [{} for _ in commands]
    for name, arguments in rows.items():
        walls: list[list[float]] = [[] for _ in commands]
        cpus: list[list[float]] = [[] for _ in commands]
        statuses = [0 for _ in commands]
        for index in range(runs + 1):
            for number, command in enumerate(commands):
                # in the scratch directory: ``python -m mcn`` puts its working directory first
                # on sys.path, so run from a checkout it would import that checkout's mcn
                # whatever PYTHONPATH a build names (both sides then measure one tree)
                wall, cpu, statuses[number] = timed([*command, *arguments], cwd=work)
                if index:
                    walls[number].append(wall)
                    cpus[number].append(cpu)
        for number in range(len(commands)):
            out[number][name] = _row(walls[number], cpus[number], statuses[number])
    return out


def compare(
    builds: list[list[str]], runs: int, game: Path = GAME, count: bool = False
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every row for every build (a command line each), the builds interleaved run by run
    after one unmeasured warm-up of each; and the host's floor (:data:`REFERENCE_ROWS`, with
    the first build's interpreter), measured first in the same run. With ``count``, each row
    (the floor's too) also gets ``instructions``: the count of one more run."""
    with tempfile.TemporaryDirectory() as work:
        fill = {"game": str(game), "position": position_text_of(builds[0], game)}
        fill["out"] = str(Path(work) / "page.html")
        interpreter = [interpreter_of(builds[0])]
        floor = _measure(interpreter, REFERENCE_ROWS, runs, work)[0]
        filled = {
            name: [argument.format(**fill) for argument in arguments]
            for name, arguments in ROWS.items()
        }
        measured = _measure(builds, filled, runs, work)
        if count:
            for rows, counts in zip(
                [floor, *measured],
                counted(interpreter, REFERENCE_ROWS, work) + counted(builds, filled, work),
                strict=True,
            ):
                for name, total in counts.items():
                    rows[name]["instructions"] = total
        return measured, floor


def figures(mcn: str, runs: int, game: Path = GAME) -> dict[str, Any]:
    """Median and minimum wall and CPU time of every row of one build, with its exit status;
    the host's floor measured in the same run under ``"reference"``."""
    measured, floor = compare([shlex.split(mcn)], runs, game)
    return {**measured[0], "reference": floor}


def _count(row: dict[str, Any]) -> str:
    """A row's instruction count for the table, in millions, when it was counted."""
    return f"{row['instructions'] / 1e6:>10.1f} M instr" if "instructions" in row else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mcn", action="append", help="an mcn to measure (repeatable)")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count each row's instructions (one run under valgrind's callgrind)",
    )
    options = parser.parse_args(argv)
    if options.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind on PATH (Debian's package valgrind)")
    builds = [
        shlex.split(each) for each in options.mcn or [str(Path(sys.executable).with_name("mcn"))]
    ]
    load = os.getloadavg()[0]
    results = []
    measured, floor = compare(builds, options.runs, count=options.instructions)
    print(f"the host's floor ({shlex.join(interpreter_of(builds[0]))}), in the same run:")
    for name, row in floor.items():
        times = f"{row['median_s']:>8.3f}s{row['min_s']:>8.3f}s (median, min)"
        print(f"  {name:20}{times}{_count(row)}")
    for build, rows in zip(builds, measured, strict=True):
        version = subprocess.run(  # not in a checkout: ``python -m mcn`` would import its mcn
            [*build, "--version"],
            capture_output=True,
            text=True,
            check=True,
            cwd=tempfile.gettempdir(),
        ).stdout.strip()
        results.append({"mcn": shlex.join(build), "version": version, "rows": rows})
        print(f"{shlex.join(build)}: {version}; {options.runs} runs per row after a warm-up")
        print(f"{'command':22}{'median':>9}{'min':>9}{'cpu med':>9}{'cpu min':>9}")
        for name, row in rows.items():
            print(
                f"{name:22}{row['median_s']:>8.3f}s{row['min_s']:>8.3f}s"
                f"{row['cpu_median_s']:>8.3f}s{row['cpu_min_s']:>8.3f}s{_count(row)}"
            )
    print(f"load average before the run: {load:.1f}, after: {os.getloadavg()[0]:.1f}")
    if options.json:
        document: dict[str, Any] = results[0] if len(results) == 1 else {"builds": results}
        document["reference"] = floor
        options.json.write_text(json.dumps(document, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
