"""Worker processes for ``--jobs``: forks of the reading process, fed over pipes.

``concurrent.futures.ProcessPoolExecutor`` did this until issue 34, but importing it
(multiprocessing with its connection, queue and reduction modules, and concurrent.futures
with logging) took 15–20 ms of the reading process's CPU before the first worker existed:
serial time that ``--jobs 2`` cannot share, in a command whose whole start is about 0.13 s
(docs/performance.md, "In parallel": the bound (S + W) / (S + W/2)). A fork needs none of it.
Each worker reads its tasks from a pipe of its own and writes its results to another, as
pickles with their length in front; the reading process hands each task to the worker with
the fewest in flight (at most :data:`DEPTH`: one being checked, one waiting), reads whatever
results come (``select``), and gives each back when asked for it, in the order asked.

A worker is a fork: it has every module and object of the reading process as it was when the
pool was made (the imports: most of a start). Its first act is :func:`gc.freeze` (the standard
advice for a fork, made in the child): the inherited objects live as long as it does, and its
collections then neither walk them nor write into the pages it shares with the reading
process. The reading process's collector is left alone: freezing there before the fork and
thawing after cost it a walk of every object its start had frozen (``gc.get_freeze_count``
counts them one by one), 10–18 ms of serial time on a loaded machine before any worker
existed. It never returns into the caller's code: when
its task pipe ends it leaves with :func:`os._exit`, without the interpreter's teardown or the
reading process's exit functions. A task that raises sends its exception back, raised again
by :meth:`Pending.result`; a worker that dies (killed, out of memory) fails the tasks it held
with :class:`WorkerLost`. Only where fork is safe (Linux); :func:`mcn.archive.batch.local_pool`
uses the standard pool elsewhere.
"""

from __future__ import annotations

import atexit
import gc
import os
import pickle
import select
import struct
import sys
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from typing import Any, Final

#: Tasks a worker holds at once: the one it checks and one waiting in its pipe, so that it
#: never waits for the reading process between two tasks.
DEPTH: Final = 2
_LENGTH: Final = struct.Struct("!Q")
_READ: Final = 1 << 16
#: The size asked for each pipe (the system's default is 64 KiB, less than the few tasks of
#: 30–40 KB a worker holds: the rest of a task would wait in the reading process, and the
#: worker for it, until the reading process next looks at its pipes).
_PIPE: Final = 1 << 20
#: Workers told to end (their task pipes closed) and not yet reaped: :meth:`ForkPool.shutdown`
#: without waiting leaves them to end while the reading process writes its last output.
_ENDING: list[int] = []


class WorkerLost(Exception):
    """A worker process ended before it answered (killed, or out of memory)."""


class Pending:
    """A submitted call: its result once a worker answered (what a future gives)."""

    __slots__ = ("_done", "_error", "_pool", "_value")

    def __init__(self, pool: ForkPool) -> None:
        self._pool = pool
        self._done = False
        self._value: Any = None
        self._error: BaseException | None = None

    def _set(self, ok: bool, value: Any) -> None:
        self._done = True
        if ok:
            self._value = value
        else:
            self._error = value

    def done(self) -> bool:
        """Whether a worker has answered (or failed): :meth:`result` does not wait."""
        return self._done

    def result(self) -> Any:
        """The call's return value (waiting for it), or its exception raised here."""
        while not self._done:
            self._pool.wait()
        if self._error is not None:
            raise self._error
        return self._value


class _Worker:
    """The reading process's side of one worker: its pipes and the tasks it holds."""

    __slots__ = ("incoming", "outgoing", "pending", "pid", "results", "tasks")

    def __init__(self, pid: int, tasks: int, results: int) -> None:
        self.pid = pid
        self.tasks = tasks  # the write end of its task pipe (non-blocking); -1 once closed
        self.results = results  # the read end of its result pipe; -1 once closed
        self.pending: deque[Pending] = deque()  # sent to it, in order, not yet answered
        self.outgoing = b""  # what is still to be written of the last task sent
        self.incoming = bytearray()  # results read but not yet whole


class ForkPool:
    """``jobs`` worker processes forked now, each answering the calls it is sent in order,
    each holding at most ``depth`` of them at once."""

    def __init__(self, jobs: int, depth: int = DEPTH) -> None:
        self._depth = depth
        self._workers: list[_Worker] = []
        self._waiting: deque[tuple[Pending, bytes]] = deque()  # submitted, not yet sent
        self._finishing = False  # no task will be submitted any more (finish())
        reap_ended(wait=False)  # the workers of an earlier pool that have ended since
        for stream in (sys.stdout, sys.stderr):  # a fork copies unwritten output
            if stream is not None:
                stream.flush()
        for _ in range(jobs):
            self._workers.append(self._fork())

    def _fork(self) -> _Worker:
        task_read, task_write = os.pipe()
        result_read, result_write = os.pipe()
        for fd in (task_write, result_write):
            _widen(fd)
        pid = os.fork()
        if pid == 0:  # the worker: its own two ends only (the others' would keep them open)
            gc.freeze()  # what it inherited: never walked by its collector (the module's docstring)
            status = 1
            try:
                for fd in (task_write, result_read):
                    os.close(fd)
                for other in self._workers:
                    for fd in (other.tasks, other.results):
                        os.close(fd)
                _serve(task_read, result_write)
                status = 0
            finally:
                os._exit(status)
        os.close(task_read)
        os.close(result_write)
        os.set_blocking(task_write, False)  # never wait on a full pipe while results wait
        return _Worker(pid, task_write, result_read)

    def submit(self, function: Callable[..., Any], *arguments: Any) -> Pending:
        """Have a worker call ``function(*arguments)`` (both picklable)."""
        pending = Pending(self)
        data = pickle.dumps((function, arguments), pickle.HIGHEST_PROTOCOL)
        self._waiting.append((pending, _LENGTH.pack(len(data)) + data))
        self._dispatch()
        return pending

    def _dispatch(self) -> None:
        """Send waiting tasks to the workers with room, the least busy first."""
        while self._waiting:
            free = [w for w in self._workers if w.tasks >= 0 and not w.outgoing]
            free = [w for w in free if len(w.pending) < self._depth]
            if not free:
                return
            worker = min(free, key=lambda w: len(w.pending))
            pending, frame = self._waiting.popleft()
            worker.pending.append(pending)
            worker.outgoing = frame
            self._send(worker)

    def _send(self, worker: _Worker) -> None:
        try:
            written = os.write(worker.tasks, worker.outgoing)
        except BlockingIOError:
            return
        except OSError as problem:  # its reading end is gone: the worker died
            self._lost(worker, problem)
            return
        worker.outgoing = worker.outgoing[written:]

    def has_room(self, depth: int | None = None) -> bool:
        """Whether a task submitted now would be sent at once to a worker holding fewer than
        ``depth`` tasks (the pool's own when None), nothing waiting to be sent (as of the last
        :meth:`wait` or :meth:`poll`)."""
        if self._waiting:
            return False
        most = self._depth if depth is None else min(depth, self._depth)
        return any(w.tasks >= 0 and not w.outgoing and len(w.pending) < most for w in self._workers)

    def poll(self) -> None:
        """Take in whatever the workers have answered and send what they can take, without
        waiting."""
        self._step(0.0)

    def wait(self) -> None:
        """Wait until some worker answers or can take more of a task, and take it in."""
        if not self._step(None):
            raise WorkerLost("no worker is left to answer")

    def _step(self, timeout: float | None) -> bool:
        """One round of :func:`select.select` (``timeout``: None to wait); False when no
        worker is left to answer or to take a task."""
        readers = [w.results for w in self._workers if w.pending and w.results >= 0]
        writers = [w.tasks for w in self._workers if w.outgoing and w.tasks >= 0]
        if not readers and not writers:
            return False
        readable, writable, _ = select.select(readers, writers, [], timeout)
        for worker in self._workers:
            if worker.tasks in writable:
                self._send(worker)
            if worker.results in readable:
                self._receive(worker)
        self._dispatch()
        self._retire()
        return True

    def finish(self) -> None:
        """No task will be submitted any more: each worker's task pipe is closed once it has
        answered every task it holds, so that it ends (and the system frees its memory) while
        the others still check their last tasks, not after the last answer; :meth:`shutdown`
        is still what reaps them."""
        self._finishing = True
        self._retire()

    def _retire(self) -> None:
        """After :meth:`finish`: end the workers that hold nothing."""
        if not self._finishing or self._waiting:
            return
        for worker in self._workers:
            if worker.tasks >= 0 and not worker.pending and not worker.outgoing:
                os.close(worker.tasks)
                worker.tasks = -1

    def _receive(self, worker: _Worker) -> None:
        chunk = os.read(worker.results, _READ)
        if not chunk:
            self._lost(worker, None)
            return
        buffer = worker.incoming
        buffer += chunk
        while len(buffer) >= _LENGTH.size:
            (size,) = _LENGTH.unpack_from(buffer)
            end = _LENGTH.size + size
            if len(buffer) < end:
                break
            ok, value = pickle.loads(bytes(buffer[_LENGTH.size : end]))
            del buffer[:end]
            worker.pending.popleft()._set(ok, value)

    def _lost(self, worker: _Worker, problem: OSError | None) -> None:
        """``worker`` ended: the tasks it held fail, the ones it had not got go to the others."""
        why = f": {problem}" if problem is not None else ""
        for pending in worker.pending:
            pending._set(False, WorkerLost(f"worker process {worker.pid} ended{why}"))
        worker.pending.clear()
        worker.outgoing = b""
        self._close(worker)

    def _close(self, worker: _Worker) -> None:
        for name in ("tasks", "results"):
            fd = getattr(worker, name)
            if fd >= 0:
                os.close(fd)
                setattr(worker, name, -1)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """End the workers: each leaves once its task pipe is closed (after the task it is
        checking); the tasks not yet sent are dropped. ``wait``: until they have exited;
        else they are reaped by :func:`reap_ended`, at the latest when this process exits
        (an ending worker's memory is freed while the reading process writes its summary).
        (``cancel_futures`` is accepted as the standard pool's shutdown takes it: tasks not
        yet sent are always dropped.)"""
        self._waiting.clear()
        for worker in self._workers:
            self._close(worker)
        if wait:
            for worker in self._workers:
                _reap(worker.pid)
        else:
            _ENDING.extend(worker.pid for worker in self._workers)
            atexit.unregister(reap_ended)  # registered once, however many pools
            atexit.register(reap_ended)
        self._workers = []

    def __enter__(self) -> ForkPool:
        return self

    def __exit__(self, *exception: object) -> None:
        self.shutdown()


def _widen(fd: int) -> None:
    """Ask for a pipe of :data:`_PIPE` bytes (Linux; where the system refuses, or cannot,
    the pipe stays as it is: only the time changes)."""
    import fcntl

    setting = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setting is not None:
        with suppress(OSError):
            fcntl.fcntl(fd, setting, _PIPE)


def _reap(pid: int) -> None:
    with suppress(ChildProcessError):  # already reaped
        os.waitpid(pid, 0)


def reap_ended(wait: bool = True) -> None:
    """Reap the workers of pools shut down without waiting (``wait``: for every one, else
    only those already gone)."""
    for pid in list(_ENDING):
        try:
            done, _ = os.waitpid(pid, 0 if wait else os.WNOHANG)
        except ChildProcessError:  # reaped elsewhere
            done = pid
        if done:
            _ENDING.remove(pid)


def _serve(tasks: int, results: int) -> None:
    """A worker's life: call each task read from ``tasks``, write each result to ``results``,
    until the task pipe ends (or the reading process is gone)."""
    with os.fdopen(tasks, "rb") as reader:
        while True:
            header = reader.read(_LENGTH.size)
            if len(header) < _LENGTH.size:
                return
            (size,) = _LENGTH.unpack(header)
            function, arguments = pickle.loads(reader.read(size))
            try:
                answer: tuple[bool, Any] = (True, function(*arguments))
            except BaseException as error:  # sent back, raised where the result is asked
                answer = (False, error)
            try:
                data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
            except Exception as problem:  # an unpicklable value or exception
                data = pickle.dumps((False, RuntimeError(f"cannot send the result: {problem}")))
            frame = memoryview(_LENGTH.pack(len(data)) + data)
            try:
                while frame:
                    frame = frame[os.write(results, frame) :]
            except OSError:  # nobody reads any more: the reading process stopped
                return
