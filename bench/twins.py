"""The long run of the twin-record proof (tests/secrets/twins.py): as many twin pairs as asked
or as fit in the time, over 2, 3 and 4 players and every kind of secret.

    .venv/bin/python bench/twins.py --pairs 20000 --jobs 2        # stops at 20,000 pairs
    .venv/bin/python bench/twins.py --seconds 180 --jobs 2        # or after three minutes

Each job takes its own seeds (job k of n: seeds k, k+n, …) from ``--first-seed`` on, so runs
never repeat the CI's seeds unless asked. Every viewer of each pair is checked with
``--all-viewers``. Prints the counts by kind and by player count, every failure (there should be
none) and exits 1 if there was one.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.secrets.twins import Checked, base, check  # noqa: E402


def _job(args: tuple[int, int, int, int, float, bool]) -> Checked:
    """One worker: seeds ``first + job``, ``first + job + jobs``, … until its share is done."""
    job, jobs, first, pairs, seconds, all_viewers = args
    total = Checked()
    deadline = time.monotonic() + seconds
    seed = first + job
    while total.pairs < pairs and time.monotonic() < deadline:
        check((2, 3, 4), [seed], per_kind=4, all_viewers=all_viewers, rng_seed=seed, result=total)
        base.cache_clear()  # one game at a time: memory stays flat however long the run
        seed += jobs
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=20_000, help="stop after this many pairs")
    parser.add_argument("--seconds", type=float, default=180.0, help="or after this long")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--first-seed", type=int, default=1000, help="the first game seed")
    parser.add_argument("--all-viewers", action="store_true", help="check every viewer")
    options = parser.parse_args()
    jobs = max(1, options.jobs)
    share = -(-options.pairs // jobs)
    work = [
        (job, jobs, options.first_seed, share, options.seconds, options.all_viewers)
        for job in range(jobs)
    ]
    started = time.monotonic()
    if jobs == 1:
        results = [_job(work[0])]
    else:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_job, work)
    elapsed = time.monotonic() - started
    total = Checked()
    for result in results:
        total.pairs += result.pairs
        total.checks += result.checks
        total.failures += result.failures
        for kind, count in result.by_kind.items():
            total.by_kind[kind] = total.by_kind.get(kind, 0) + count
        for players, count in result.by_players.items():
            total.by_players[players] = total.by_players.get(players, 0) + count
        for shape, count in result.by_shape.items():
            total.by_shape[shape] = total.by_shape.get(shape, 0) + count
        total.diverging += result.diverging
    print(
        f"{total.pairs} twin pairs ({total.checks} viewer checks) in {elapsed:.0f} s "
        f"with {jobs} job(s): {total.pairs / max(elapsed, 1e-9):.1f} pairs/s"
    )
    print("by kind:", dict(sorted(total.by_kind.items())))
    print("by players:", dict(sorted(total.by_players.items())))
    print("by record shape:", dict(sorted(total.by_shape.items())))
    print(f"parting in public before the reveal (compared up to there): {total.diverging}")
    print(f"failures: {len(total.failures)}")
    for failure in total.failures[:50]:
        print("  " + failure)
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
