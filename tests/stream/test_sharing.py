"""``--jobs N`` with the fork pool: the reading process is one of the N processes that check
(mcn/archive/batch.py, ``Runner._parallel``). It checks a task itself whenever its workers
hold all they can; the reports are the same, in the same order, wherever each was checked."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from mcn.archive import batch
from mcn.archive.batch import Runner, local_pool
from mcn.archive.checking import Options
from mcn.archive.forks import ForkPool
from mcn.archive.verdict import GameReport
from mcn.commands.random_games import random_records, write_records
from mcn.notation.split import Chunk

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="workers are forks on Linux")

#: The reading process's id, and the tasks it checked itself (first game number, chunks).
READER: list[int] = []
HERE: list[tuple[int, int]] = []
#: A task starting at this game number fails when the reading process checks it.
FAIL_AT: list[int] = []

_check_chunks = batch.check_chunks


def _slow_workers(
    tasks: list[tuple[Chunk, bool]], start: int, name: str, options: Options
) -> list[GameReport]:
    """``check_chunks``, slowed down in the workers so that they are always full."""
    if os.getpid() != READER[0]:
        time.sleep(0.05)
    else:
        HERE.append((start, len(tasks)))
        if start in FAIL_AT:
            raise ValueError(f"task at game {start} failed")
    return _check_chunks(tasks, start, name, options)


@pytest.fixture
def slow_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    READER[:] = [os.getpid()]
    HERE.clear()
    FAIL_AT.clear()
    monkeypatch.setattr(batch, "check_chunks", _slow_workers)


def _archive(tmp_path: Path, count: int) -> Path:
    path = tmp_path / "games.mcn"
    with path.open("w", encoding="utf-8", newline="") as out:
        write_records(random_records(3, seed=11, count=count), out)
    return path


def _json(reports: list[GameReport]) -> list[dict[str, object]]:
    return [r.to_json() for r in reports]


@pytest.mark.usefixtures("slow_workers")
def test_the_reading_process_checks_tasks_while_its_workers_are_full(tmp_path: Path) -> None:
    path = _archive(tmp_path, 40)
    alone = list(Runner(Options(), None).run([str(path)]))
    HERE.clear()
    runner = Runner(Options(), None, jobs=2)
    shared = list(runner.run([str(path)]))
    assert _json(shared) == _json(alone)
    assert [r.game for r in shared] == list(range(1, 41))
    here = sum(count for _, count in HERE)
    assert 0 < here < 40  # some tasks checked here, the others by the worker
    assert HERE[0][0] > 1  # the worker got the first tasks


@pytest.mark.usefixtures("slow_workers")
def test_game_texts_come_with_the_reports_checked_here(tmp_path: Path) -> None:
    path = _archive(tmp_path, 24)
    alone = list(Runner(Options(), None, texts=True).run([str(path)]))
    HERE.clear()
    shared = list(Runner(Options(), None, jobs=2, texts=True).run([str(path)]))
    assert HERE  # the reading process checked tasks too
    assert [r.text for r in shared] == [r.text for r in alone]
    assert all(r.text and r.text.lstrip().startswith("[") for r in shared)


@pytest.mark.usefixtures("slow_workers")
def test_an_error_in_a_task_checked_here_is_raised_in_its_turn(tmp_path: Path) -> None:
    path = _archive(tmp_path, 40)
    list(Runner(Options(), None, jobs=2).run([str(path)]))  # which tasks are checked here
    first_here = HERE[0][0]
    HERE.clear()
    FAIL_AT.append(first_here)
    seen: list[int] = []
    with pytest.raises(ValueError, match=f"task at game {first_here} failed"):
        for report in Runner(Options(), None, jobs=2).run([str(path)]):
            seen.append(report.game)
    assert seen == list(range(1, first_here))  # every report before it, in order


def test_the_pool_of_a_reading_process_that_checks_has_one_worker_fewer() -> None:
    pool = local_pool(3, share=True)
    try:
        assert isinstance(pool, ForkPool)
        asked = [pool.submit(os.getpid) for _ in range(12)]  # handed out to both in turn
        pids = {each.result() for each in asked}
    finally:
        pool.shutdown()
    assert len(pids) == 2 and os.getpid() not in pids


def _first_task_slow(
    tasks: list[tuple[Chunk, bool]], start: int, name: str, options: Options
) -> list[GameReport]:
    """``check_chunks``, the worker's first task slowed down: it still holds it when the
    reading process cuts the file's last game."""
    if os.getpid() != READER[0]:
        if start == 1:
            time.sleep(0.5)
    else:
        HERE.append((start, len(tasks)))
    return _check_chunks(tasks, start, name, options)


def test_the_files_last_task_is_checked_here_while_the_worker_holds_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nine games: the worker gets the first eight; the last game would wait behind them in
    the worker while the reading process has nothing left to do, so it is checked here."""
    READER[:] = [os.getpid()]
    HERE.clear()
    monkeypatch.setattr(batch, "check_chunks", _first_task_slow)
    path = _archive(tmp_path, 9)
    alone = list(Runner(Options(), None).run([str(path)]))
    HERE.clear()
    shared = list(Runner(Options(), None, jobs=2).run([str(path)]))
    assert _json(shared) == _json(alone)
    assert HERE == [(9, 1)]
