"""The long kill run: SIGKILL ``mcn fmt -i`` at random moments on a large record.

    python bench/kill.py --kills 200 --games 2000   # the figures in docs/robustness.md

The method is ``tests/safety/killing.py`` (the CI test runs it with 20 kills on a smaller
record): after every kill the file must be exactly the old text or exactly ``mcn fmt``'s
output computed beforehand, a new inode when new, and a reader that opened it before the kill
must still read the old bytes. Exit status 1 when any of that failed even once. The figures
go to ``bench/results/kill.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from tests.safety.killing import kill_loop  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--games", type=int, default=2000, help="games in the record")
    parser.add_argument("--seed", type=int, default=11)
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="mcn-kill-") as folder:
        report = kill_loop(options.kills, options.games, options.seed, Path(folder))
    print(json.dumps(asdict(report), indent=1))
    out = HERE / "results" / "kill.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(asdict(report), indent=1) + "\n", encoding="utf-8")
    for failure in report.failures():
        print(f"kill: {failure}", file=sys.stderr)
    return 1 if report.failures() else 0


if __name__ == "__main__":
    sys.exit(main())
