"""The ``--jobs`` workers (mcn/archive/forks.py): forks fed over pipes, answering in the order
asked, whatever the sizes and whatever goes wrong in a task or a worker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mcn.archive import forks
from mcn.archive.forks import DEPTH, ForkPool, WorkerLost, reap_ended

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="workers are forks on Linux")


def _slow_square(n: int, pause: float) -> tuple[int, int]:
    time.sleep(pause)
    return n * n, os.getpid()


def _echo(data: bytes) -> bytes:
    return data[::-1]


def _fail(message: str) -> None:
    raise ValueError(message)


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _unpicklable() -> object:
    return lambda: None


def test_results_come_in_the_order_asked_from_every_worker() -> None:
    with ForkPool(2) as pool:
        # uneven durations: later tasks finish before earlier ones on the other worker
        asked = [pool.submit(_slow_square, n, 0.02 if n % 3 == 0 else 0.0) for n in range(20)]
        answers = [p.result() for p in asked]
    assert [square for square, _ in answers] == [n * n for n in range(20)]
    workers = {pid for _, pid in answers}
    assert len(workers) == 2 and os.getpid() not in workers
    assert len(asked) > 2 * DEPTH  # more than the workers hold at once: the rest waited


def test_big_tasks_and_big_results_both_ways_at_once() -> None:
    """Tasks and results far bigger than a pipe's buffer, many in flight: nothing blocks."""
    data = [bytes([n]) * (300_000 + n) for n in range(12)]
    with ForkPool(2) as pool:
        asked = [pool.submit(_echo, each) for each in data]
        assert [p.result() for p in asked] == [each[::-1] for each in data]


def test_an_exception_in_a_task_is_raised_where_its_result_is_asked() -> None:
    with ForkPool(2) as pool:
        before = pool.submit(_slow_square, 3, 0.0)
        failing = pool.submit(_fail, "no such game")
        after = pool.submit(_slow_square, 4, 0.0)
        with pytest.raises(ValueError, match="no such game"):
            failing.result()
        assert before.result()[0] == 9 and after.result()[0] == 16
        unsendable = pool.submit(_unpicklable)
        with pytest.raises(RuntimeError, match="cannot send the result"):
            unsendable.result()
        assert pool.submit(_slow_square, 5, 0.0).result()[0] == 25  # the worker goes on


def test_a_worker_that_dies_fails_its_tasks_and_the_others_go_on() -> None:
    with ForkPool(2) as pool:
        dying = pool.submit(_die)
        with pytest.raises(WorkerLost, match="ended"):
            dying.result()
        rest = [pool.submit(_slow_square, n, 0.0) for n in range(6)]
        assert [p.result()[0] for p in rest] == [n * n for n in range(6)]


def test_with_every_worker_gone_a_result_is_an_error_not_a_hang() -> None:
    with ForkPool(1) as pool:
        with pytest.raises(WorkerLost):
            pool.submit(_die).result()
        with pytest.raises(WorkerLost, match="no worker is left"):
            pool.submit(_slow_square, 2, 0.0).result()


def test_shutdown_reaps_every_worker() -> None:
    pool = ForkPool(2)
    pids = {pool.submit(_slow_square, n, 0.0).result()[1] for n in range(4)}
    pool.shutdown()
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def _ended(pid: int, within: float) -> bool:
    """Whether worker ``pid`` has ended (and is reaped here) within ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return True
        time.sleep(0.01)
    return False


def test_after_finish_a_worker_ends_once_it_has_answered_everything() -> None:
    """The worker done first ends while the other still checks; answers are unchanged."""
    pool = ForkPool(2)
    try:
        slow = pool.submit(_slow_square, 3, 2.0)
        fast = pool.submit(_slow_square, 4, 0.0)
        pool.finish()
        square, fast_pid = fast.result()
        assert square == 16
        assert _ended(fast_pid, within=1.5)  # long before the slow task's 2 s are over
        assert slow.result()[0] == 9
        slow_pid = slow.result()[1]
        assert slow_pid != fast_pid and _ended(slow_pid, within=5.0)
    finally:
        pool.shutdown()


def test_finish_before_the_tasks_are_sent_keeps_them() -> None:
    """Tasks still waiting for a worker are sent before any worker is told to end."""
    pool = ForkPool(1)
    try:
        pending = [pool.submit(_slow_square, n, 0.01) for n in range(DEPTH + 3)]
        pool.finish()
        assert [p.result()[0] for p in pending] == [n * n for n in range(DEPTH + 3)]
    finally:
        pool.shutdown()


def test_shutdown_without_waiting_leaves_the_workers_to_be_reaped_later() -> None:
    pool = ForkPool(2)
    pids = {pool.submit(_slow_square, n, 0.0).result()[1] for n in range(4)}
    pool.shutdown(wait=False)
    assert set(forks._ENDING) >= pids
    reap_ended()
    assert not set(forks._ENDING) & pids
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_workers_left_ending_are_reaped_when_the_process_exits(tmp_path: Path) -> None:
    """An exit function registered before the pool runs after forks' own (last in, first
    out): by then every worker has been reaped."""
    code = (
        "import atexit, os\n"
        "from mcn.archive import forks\n"
        "def check():\n"
        "    for pid in pids:\n"
        "        try:\n"
        "            os.waitpid(pid, os.WNOHANG)\n"
        "        except ChildProcessError:\n"
        "            continue\n"
        "        raise SystemExit(f'worker {pid} not reaped')\n"
        "    print('reaped', len(pids), forks._ENDING)\n"
        "atexit.register(check)\n"
        "pool = forks.ForkPool(2)\n"
        "pids = {pool.submit(os.getpid).result() for _ in range(6)}\n"
        "pool.shutdown(wait=False)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("reaped ") and done.stdout.endswith(" []\n")


def test_a_worker_leaves_without_the_reading_processs_exit_functions(tmp_path: Path) -> None:
    """Workers end with os._exit: the parent's exit functions and unwritten output are its
    own, run and written once."""
    log = tmp_path / "exits.txt"
    code = (
        "import atexit, sys\n"
        "from mcn.archive.forks import ForkPool\n"
        "def mark():\n"
        "    with open(sys.argv[1], 'a') as out:\n"
        "        out.write('exit\\n')\n"
        "atexit.register(mark)\n"
        "sys.stdout.write('before the pool ')\n"  # unwritten when the workers fork
        "with ForkPool(2) as pool:\n"
        "    print(sum(pool.submit(abs, -n).result() for n in range(10)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(log)], capture_output=True, text=True, check=True
    )
    assert done.stdout == "before the pool 45\n"
    assert log.read_text() == "exit\n"


def test_room_polling_and_depth() -> None:
    """A worker holds at most ``depth`` tasks; :meth:`ForkPool.poll` takes in answers without
    waiting, and :meth:`Pending.done` says which are in."""
    pool = ForkPool(1, depth=3)
    try:
        assert pool.has_room()
        slow = [pool.submit(_slow_square, n, 0.3) for n in range(2)]
        assert pool.has_room() and pool.has_room(3)  # the worker holds two of three
        assert not pool.has_room(2)  # ... but no more than two, when asked so
        assert pool.has_room(5)  # room below the pool's own depth (three)
        slow.append(pool.submit(_slow_square, 2, 0.3))
        assert not pool.has_room() and not pool.has_room(5)  # three held: five is capped at three
        extra = pool.submit(_slow_square, 7, 0.0)  # waits here to be sent
        pool.poll()  # nothing in yet: returns at once
        assert not any(p.done() for p in [*slow, extra])
        assert slow[0].result()[0] == 0 and slow[0].done()
        assert not pool.has_room()  # the waiting task took the room the first one left
        assert [p.result()[0] for p in [*slow[1:], extra]] == [1, 4, 49]
        assert pool.has_room()
        pool.poll()  # nothing in flight: nothing to do
    finally:
        pool.shutdown()


def test_the_pipes_hold_several_tasks() -> None:
    """Each pipe is widened (the default 64 KiB holds fewer than two tasks of 40 KB), as far
    as the system allows."""
    import fcntl

    try:
        allowed = int(Path("/proc/sys/fs/pipe-max-size").read_text())
    except (OSError, ValueError):
        pytest.skip("the system does not say how big a pipe may be")
    pool = ForkPool(1)
    try:
        size = fcntl.fcntl(pool._workers[0].tasks, fcntl.F_GETPIPE_SZ)
    finally:
        pool.shutdown()
    assert size == min(forks._PIPE, allowed) or (allowed < forks._PIPE and size == 65536)
