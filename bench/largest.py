"""The largest records within the documented limits (docs/notation.md, "Limits"): peak RSS
and time of every command that replays, and the refusal just past the limit (issue 24).

    python bench/largest.py           # the table, and bench/results/largest.json

Records (built by tests/safety/growth.py, the shapes the memory test runs at n and 4n):

* **infractions** — META CULPA infractions by two players in turn, whose pending steps pile
  up (R-DEN-4, I-MET-5): as many as fit in 10,000 decisions (``MAX_DECISIONS``);
* **variations** — alternatives of three turns to one move, as many as fit in 10,000 decisions;
* **4 MiB of infractions** — the most text one game may hold: refused at 10,000 decisions.

Each command runs as a fresh process; its peak RSS is the kernel's (``getrusage`` of a
wrapper's child), its time the wall time and the CPU time (read the CPU time on a busy
machine). The targets: under 300 MB and 10 s for each.
"""

from __future__ import annotations

import json
import resource
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]

from processes import peak_rss  # noqa: E402

from tests.safety import growth  # noqa: E402

#: The command lines (``{a}``, ``{b}``: the record and a renamed copy, ``{out}``: scratch).
COMMANDS: dict[str, list[str]] = {
    "validate": ["validate", "{a}"],
    "replay": ["replay", "{a}"],
    "position": ["position", "{a}", "--at", "end"],
    "legal": ["legal", "{a}", "--at", "end"],
    "diff": ["diff", "{a}", "{b}"],
    "tree": ["tree", "{a}", "-o", "{out}.dot"],
    "html": ["html", "{a}", "-o", "{out}.html"],
}
#: Record name → text. The counts give just under 10,000 decisions (measured: 9,905 and
#: 9,968 with the replay's forced moves).
RECORDS: dict[str, Callable[[], str]] = {
    "infractions at the limit": lambda: growth.infractions(8_900),
    "variations at the limit": lambda: growth.variations(1_380),
    "4 MiB of infractions": lambda: growth.infractions(160_000),
}
RSS_LIMIT_MB = 300.0
SECONDS_LIMIT = 10.0


def _cpu(command: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def figures(mcn_bin: str, work: Path) -> dict[str, Any]:
    """Peak RSS, wall and CPU seconds and exit status of each command on each record."""
    out: dict[str, Any] = {}
    for name, build in RECORDS.items():
        text = build()
        a, b = work / "a.mcn", work / "b.mcn"
        a.write_text(text, encoding="utf-8")
        b.write_text(growth.renamed(text), encoding="utf-8")
        rows: dict[str, Any] = {"bytes": a.stat().st_size}
        for command, template in COMMANDS.items():
            args = [arg.format(a=a, b=b, out=work / "out") for arg in template]
            rss, status, seconds = peak_rss([mcn_bin, *args])
            rows[command] = {
                "peak_rss_mb": round(rss, 1),
                "seconds": round(seconds, 2),
                "cpu_seconds": round(_cpu([mcn_bin, *args]), 2),
                "exit_status": status,
            }
        out[name] = rows
    return out


def rows(results: dict[str, Any]) -> list[str]:
    """The table's lines for :func:`figures`."""
    lines = []
    for name, record in results.items():
        lines.append(f"{name} ({record['bytes'] / 1e6:.2f} MB)")
        for command in COMMANDS:
            row = record[command]
            met = row["peak_rss_mb"] < RSS_LIMIT_MB and row["seconds"] < SECONDS_LIMIT
            lines.append(
                f"  {command:10}{row['peak_rss_mb']:>8.1f} MB{row['seconds']:>8.2f} s"
                f"{row['cpu_seconds']:>8.2f} s CPU  exit {row['exit_status']}"
                f"  {'ok' if met else 'MISSED'}"
            )
    return lines


def main() -> int:
    mcn_bin = shutil.which("mcn") or str(Path(sys.executable).parent / "mcn")
    with tempfile.TemporaryDirectory() as scratch:
        results = figures(mcn_bin, Path(scratch))
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "largest.json").write_text(json.dumps(results, indent=1) + "\n")
    print("\n".join(rows(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
