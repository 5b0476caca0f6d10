"""``--jobs``: how the reading process hands out games (mcn/archive/batch.py).

Full tasks of eight chunks while the file goes on, smaller ones at its end so the workers
finish together; workers that are forks of the reading process (they inherit its imports),
started at once, with the imports frozen for their collector. What the reports say does not
depend on any of it: ``tests/commands/test_validate.py`` compares ``--jobs 2`` with ``--jobs
1`` game by game, a chunk of two games among them.
"""

from __future__ import annotations

import gc
import sys

import pytest

from mcn.archive.batch import batch_size, local_pool

#: Set in the reading process before its pool starts: a forked worker sees it, a spawned one
#: (which imports this module afresh) does not.
INHERITED: list[str] = []


def test_tasks_are_full_until_the_end_of_the_file() -> None:
    megabyte = 1_000_000
    assert batch_size(megabyte, 100_000, 100, 2) == 8  # 900 chunks to come
    assert batch_size(megabyte, 960_000, 960, 2) == 8  # 40 to come: still 8 (40 // 4 = 10)
    assert batch_size(megabyte, 984_000, 984, 2) == 4  # 16 to come
    assert batch_size(megabyte, 994_000, 994, 2) == 1  # 6 to come
    assert batch_size(megabyte, megabyte, 1000, 2) == 1  # nothing known to come: the last ones
    assert batch_size(megabyte, 984_000, 984, 1) == 8  # one worker: 16 over 2
    assert batch_size(0, 500, 5, 2) == 8  # standard input: its size is not known
    assert batch_size(megabyte, 0, 0, 2) == 8  # nothing read yet


def _what_the_worker_has() -> tuple[list[str], int]:
    return list(INHERITED), gc.get_freeze_count()


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forks on Linux only")
def test_workers_are_forks_with_the_imports_frozen() -> None:
    INHERITED.append("set before the pool")
    frozen_here = gc.get_freeze_count()  # the suite freezes between modules (tests/conftest.py)
    try:
        pool = local_pool(2)
        try:
            inherited, frozen = pool.submit(_what_the_worker_has).result()
        finally:
            pool.shutdown()
    finally:
        INHERITED.clear()
    assert inherited == ["set before the pool"]
    assert frozen > 1000  # the modules' objects, at least
    # this process collects as before: a freeze here would add every object made since the
    # suite's last one (the pool's among them); frozen objects freed meanwhile only subtract
    assert gc.get_freeze_count() <= frozen_here
