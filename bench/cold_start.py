"""Cold start of every kind of command, as fresh processes (issues 28 and 34).

Each row is the wall time of one ``mcn`` command on a small input, run as a fresh process:
``--version``; ``validate``, ``replay`` and ``html`` of one game; ``position`` and ``legal`` of a
position given as text. One unmeasured warm-up run fills the grammar cache (what a user sees from
the second call on); then the median and the minimum of ``runs`` runs. On a loaded machine the
minimum is the better estimate of an idle one; the targets (<= 0.15 s every row, issue 34;
<= 0.25 s for position and legal, issue 28) are about an idle machine.

    python bench/cold_start.py [--mcn PATH] [--runs N] [--json OUT]

Used by bench/run.py for its "cold start" rows; on its own it also prints a table.
"""

from __future__ import annotations

import argparse
import json
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


def position_text_of(mcn: str, game: Path, address: str = "3.2.1") -> str:
    """The position at ``address`` of ``game`` (through the command line, as a user gets it)."""
    return subprocess.run(
        [mcn, "position", str(game), "--at", address], capture_output=True, text=True, check=True
    ).stdout.strip()


def wall_times(command: list[str], runs: int) -> tuple[list[float], int]:
    """Wall times of ``runs`` fresh processes after one unmeasured warm-up, and the last status."""
    times: list[float] = []
    status = 0
    for index in range(runs + 1):
        start = time.perf_counter()
        status = subprocess.run(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        ).returncode
        if index:
            times.append(time.perf_counter() - start)
    return times, status


def figures(mcn: str, runs: int, game: Path = GAME) -> dict[str, Any]:
    """Median and minimum wall time of every row, with its exit status."""
    with tempfile.TemporaryDirectory() as work:
        fill = {"game": str(game), "position": position_text_of(mcn, game)}
        fill["out"] = str(Path(work) / "page.html")
        out: dict[str, Any] = {}
        for name, arguments in ROWS.items():
            command = [mcn, *(argument.format(**fill) for argument in arguments)]
            times, status = wall_times(command, runs)
            out[name] = {
                "median_s": round(statistics.median(times), 4),
                "min_s": round(min(times), 4),
                "exit_status": status,
            }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mcn", default=str(Path(sys.executable).with_name("mcn")))
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--json", type=Path)
    options = parser.parse_args(argv)
    version = subprocess.run(
        [options.mcn, "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    rows = figures(options.mcn, options.runs)
    print(f"{version}; {options.runs} runs per row after a warm-up")
    print(f"{'command':22}{'median':>9}{'min':>9}")
    for name, row in rows.items():
        print(f"{name:22}{row['median_s']:>8.3f}s{row['min_s']:>8.3f}s")
    if options.json:
        options.json.write_text(json.dumps({"version": version, "rows": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
