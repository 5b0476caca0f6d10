"""Check many games: every file, every game, in input order, in one process or several.

The unit of work is a *chunk*: one game's text as cut lexically from its file
(:mod:`mcn.notation.split`), checked by :mod:`mcn.archive.checking`. The reading process
decodes and cuts each file (cheap next to parsing and replaying) and the chunks are checked in
order here or, with ``jobs > 1``, in worker processes, a few chunks per task — so ``--jobs``
also speeds up one big archive, and the reports still come out in input order. Game numbers
are counted in the reading process (a chunk normally holds one game; when one holds several,
the numbers that follow are shifted).

Each file also says what happened to it as a whole: a file that cannot be read, an empty file,
a file without a game (each an error, reported as game 0 of the file), and a file read in a
fallback encoding (a warning naming it, :mod:`mcn.io.inputs`).
"""

from __future__ import annotations

import itertools
import os
import sys
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import IO, TYPE_CHECKING, Any, Final, TypeGuard

from mcn.archive.checking import Options, check_chunk, check_chunks
from mcn.archive.verdict import GameReport
from mcn.base.plain import PlainFields
from mcn.io.inputs import encoding_for
from mcn.notation.split import Chunk
from mcn.notation.stream import source_chunks
from mcn.replay import Diagnostic

if TYPE_CHECKING:  # the process pools are imported only for --jobs
    from concurrent.futures import Executor, Future

    from mcn.archive.forks import ForkPool, Pending

#: Chunks per task sent to a worker, and tasks in flight per worker: enough to keep the
#: workers busy, few enough to keep memory bounded whatever the size of a file.
_BATCH: Final = 8
_AHEAD: Final = 4
#: Tasks a worker holds at once when the reading process checks tasks too: it answers
#: the workers only between its own tasks, so each worker has one more waiting.
_SHARED_DEPTH: Final = 3
#: ... and near the end of a file (:func:`batch_size` makes tasks smaller there).
_TAIL_DEPTH: Final = 2
#: Near the end of a file, a task holds at most the chunks still to come over this many times
#: the workers (:func:`batch_size`).
_TAIL_SHARE: Final = 2


@dataclass(slots=True, repr=False, eq=False)
class FileInfo(PlainFields):
    """What was read from one file."""

    path: str
    encoding: str
    games: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"file": self.path, "encoding": self.encoding, "games": self.games}


def _file_problem(path: str, code: str, message: str, severity: str = "error") -> GameReport:
    return GameReport(
        path,
        0,
        diagnostics=[Diagnostic(severity, code, message, path, 0)],  # type: ignore[arg-type]
    )


def chunks_with_last(chunks: Iterator[Chunk]) -> Iterator[tuple[Chunk, bool]]:
    """Each chunk, and whether it is the last of its file (one chunk of lookahead)."""
    previous: Chunk | None = None
    for chunk in chunks:
        if previous is not None:
            yield previous, False
        previous = chunk
    if previous is not None:
        yield previous, True


class Runner:
    """Checks files in order, in this process or in ``jobs`` workers, yielding reports."""

    def __init__(
        self,
        options: Options,
        encoding: str | None,
        jobs: int = 1,
        executor: Executor | None = None,
        texts: bool = False,
    ) -> None:
        """``executor`` (a Dask cluster's, :mod:`mcn.archive.cluster`) runs the tasks instead of
        ``jobs`` local processes; ``jobs`` is then the number of tasks it runs at once."""
        self.options = options
        self.encoding = encoding
        self.jobs = jobs
        self._executor = executor
        self.files: list[FileInfo] = []
        self.stopped = False
        #: Whether each report carries its game's source text (``report.text``, for filter).
        self.texts = texts
        #: Characters of input read so far (for a progress bar; ahead of the reports by at most
        #: the batches in flight).
        self.progress = 0
        self._pool: Executor | ForkPool | None = None
        #: Whether the file being read is the last: after its last task the fork pool's
        #: workers may end as each runs out of work (ForkPool.finish).
        self._last_file = False

    def run(self, paths: list[str]) -> Iterator[GameReport]:
        """Every report of every file, in order (``self.stopped`` when --strict stopped)."""
        try:
            for index, path in enumerate(paths):
                self._last_file = index == len(paths) - 1
                for report in self._file(path):
                    yield report
                    if self.options.strict and not report.valid:
                        self.stopped = True
                        return
        finally:
            if self._pool is not None and self._executor is None:
                # Forks end now and are reaped when this process exits (forks.reap_ended):
                # the system frees their memory while the caller writes its summary.
                self._pool.shutdown(wait=not _forked(self._pool), cancel_futures=True)

    def _file(self, path: str) -> Iterator[GameReport]:
        detected = encoding_for(path, self.encoding)
        name = "<stdin>" if path == "-" else path
        info = FileInfo(name, detected.encoding)
        self.files.append(info)
        if detected.warning is not None:
            yield _file_problem(name, "encoding", detected.warning, "warning")
        try:
            if path == "-":
                stream: IO[bytes] = sys.stdin.buffer
                context = source_chunks(stream, detected.encoding, name)
            else:
                context = source_chunks(path, detected.encoding, name)
            with context as (chunks, _):
                for report in self._reports(chunks, name, _size(path)):
                    if report.game > 0:
                        info.games += 1
                    yield report
        except OSError as problem:
            yield _file_problem(name, "file", f"cannot read: {problem.strerror or problem}")
            return
        if info.games == 0 and not self.stopped:
            yield _file_problem(name, "file", _nothing_in(path))

    def _counted(self, chunks: Iterator[Chunk]) -> Iterator[Chunk]:
        for chunk in chunks:
            self.progress += len(chunk.text)
            yield chunk

    def _reports(self, chunks: Iterator[Chunk], name: str, size: int) -> Iterator[GameReport]:
        chunks = self._counted(chunks)
        if self.jobs <= 1 and self._executor is None:
            number = 1
            for chunk, last in chunks_with_last(chunks):
                reports = check_chunk(chunk, name, number, self.options, last)
                number += len(reports)
                yield from self._with_texts(chunk, reports)
            return
        yield from self._parallel(chunks, name, size)

    def _with_texts(self, chunk: Chunk, reports: list[GameReport]) -> list[GameReport]:
        """``reports`` with each game's source text when the caller asked for it."""
        if self.texts:
            starts = [r.line or chunk.first_line for r in reports]
            for report, text in zip(reports, game_texts(chunk, starts), strict=False):
                report.text = text
        return reports

    def _parallel(self, chunks: Iterator[Chunk], name: str, size: int) -> Iterator[GameReport]:
        """Chunks checked by the workers, in batches, reports yielded in order (``size``: the
        file's size in bytes, 0 when unknown).

        With the fork pool the reading process is one of the ``jobs`` processes that check:
        it forks ``jobs - 1`` workers and checks a task itself whenever every worker already
        holds all it can (:data:`_SHARED_DEPTH`), so that two processes share two cores
        instead of three (the reading process woken for each answer took a core from a
        worker), and half the tasks and reports are never pickled. The reports are the same,
        in the same order: only who checks a task changes."""
        if self._pool is None:
            self._pool = self._executor or local_pool(self.jobs, share=True)
        pool = self._pool
        shared: ForkPool | None = None  # the fork pool, when this process checks tasks too
        if self._executor is None and _forked(pool):
            shared = pool
        pending: deque[tuple[Future[list[GameReport]] | Pending | Checked, int, list[Chunk]]]
        pending = deque()
        assumed = 1  # the number the next chunk's first game gets, if every chunk is one game
        actual = 1  # the number the next game reported gets
        batch: list[tuple[Chunk, bool]] = []
        read = 0  # characters of this file cut into chunks so far
        wanted = _BATCH

        def drain(limit: int) -> Iterator[GameReport]:
            """The answers in order while more than ``limit`` tasks are in flight (waiting
            for them), and those already in when the reading process checks too."""
            nonlocal actual
            if shared is not None:
                shared.poll()
            ready = shared is not None
            while pending and (len(pending) > limit or (ready and pending[0][0].done())):
                future, start, sent = pending.popleft()
                shift = actual - start
                reports = future.result()
                if self.texts:  # each chunk's reports, in order, from the chunks kept here
                    at = 0
                    for chunk in sent:
                        mine = _of_chunk(reports, at, chunk)
                        self._with_texts(chunk, mine)
                        at += len(mine)
                for report in reports:
                    out = renumber(report, shift) if shift else report
                    actual = out.game + 1
                    yield out

        def submit() -> None:
            nonlocal assumed, batch
            future: Future[list[GameReport]] | Pending | Checked
            # Every worker busy: checked here. Near the end of the file (smaller tasks), a
            # worker gets one only while it has at most one waiting, so that the workers do
            # not still hold tasks when the reading process has checked its last one; and the
            # file's last task only while it holds none: this process has nothing else to do
            # before the file's last reports, and checking it here ends no later than waiting
            # for a worker to check it after the task it holds.
            if batch[-1][1]:
                depth: int | None = 1
            else:
                depth = None if len(batch) >= _BATCH else _TAIL_DEPTH
            if shared is not None and not shared.has_room(depth):
                future = Checked(batch, assumed, name, self.options)
            else:
                future = pool.submit(check_chunks, batch, assumed, name, self.options)
            pending.append((future, assumed, [chunk for chunk, _ in batch] if self.texts else []))
            assumed += len(batch)
            batch = []

        for chunk, last in chunks_with_last(chunks):
            if chunk.decode_error is not None:  # errors carry no pickle guarantee: do it here
                if batch:
                    submit()
                yield from drain(0)
                reports = check_chunk(chunk, name, actual, self.options, last)
                actual += len(reports)
                assumed = actual
                yield from self._with_texts(chunk, reports)
                continue
            batch.append((chunk, last))
            read += len(chunk.text)
            if len(batch) >= wanted:
                if shared is not None:
                    shared.poll()  # the answers that came in free room for the next task
                submit()
                yield from drain(self.jobs * _AHEAD)
                wanted = batch_size(size, read, assumed - 1, self.jobs)
        if batch:
            if shared is not None:
                shared.poll()
            submit()
        if self._last_file and _forked(pool):
            pool.finish()  # each worker ends once it has answered its last task
        yield from drain(0)


class Checked:
    """A task the reading process checked itself (``--jobs`` with the fork pool): its
    reports, or the exception it raised, given when asked for, in turn with the workers'
    answers (an exception is raised where its result is asked, as a worker's is)."""

    __slots__ = ("_error", "_reports")

    def __init__(
        self, tasks: list[tuple[Chunk, bool]], start: int, name: str, options: Options
    ) -> None:
        self._reports: list[GameReport] = []
        self._error: Exception | None = None
        try:
            self._reports = check_chunks(tasks, start, name, options)
        except Exception as error:
            self._error = error

    def done(self) -> bool:
        """Always: the task was checked when it was made."""
        return True

    def result(self) -> list[GameReport]:
        if self._error is not None:
            raise self._error
        return self._reports


def _forked(pool: Executor | ForkPool) -> TypeGuard[ForkPool]:
    """Whether ``pool`` is mcn's fork pool (imported here: only once a pool exists)."""
    from mcn.archive.forks import ForkPool

    return isinstance(pool, ForkPool)


def local_pool(jobs: int, share: bool = False) -> Executor | ForkPool:
    """``jobs`` worker processes, all started now, as forks of this process where the platform
    forks safely (Linux: :class:`mcn.archive.forks.ForkPool`; elsewhere the standard process
    pool, which spawns). ``share``: the caller checks tasks too, so a fork pool has ``jobs -
    1`` workers, each holding up to :data:`_SHARED_DEPTH` tasks (the standard pool still has
    ``jobs``: the caller does not share its work).

    A forked worker inherits this process's imports (the engine, the readers: most of a
    start, serial work that ``--jobs`` cannot share) instead of importing them again. They
    are made here, before the first games are cut. The fork pool is mcn's own: the standard
    one's imports (multiprocessing, concurrent.futures) were 15–20 ms of serial start-up
    (issue 34), and Python 3.14 makes ``forkserver`` its default on Linux. Each fork freezes
    what it inherited (:mod:`mcn.archive.forks`); this process's collector is left as it was.
    """
    if sys.platform == "linux":
        from mcn.archive.forks import ForkPool

        if share:
            return ForkPool(jobs - 1, depth=_SHARED_DEPTH)
        return ForkPool(jobs)
    # imported here: the standard process pool is a tenth of a start
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs)
    for _ in range(jobs):  # spawn: one worker per task while none is idle
        pool.submit(os.getpid)
    return pool


def batch_size(size: int, read: int, chunks: int, jobs: int) -> int:
    """How many chunks the next task takes: :data:`_BATCH`, fewer near the end of a file.

    At the end, one worker may still check the last task while the others have nothing left
    to do; a task there holds at most the chunks still to come (estimated from the file's
    ``size`` in bytes, the ``read`` characters cut into ``chunks`` chunks so far) over
    :data:`_TAIL_SHARE` times the ``jobs`` workers, down to one, so the workers finish
    together. The reports are the same whatever the sizes: only the time changes.
    """
    if size <= 0 or read <= 0 or chunks <= 0:
        return _BATCH
    left = (size - read) * chunks // read
    return max(1, min(_BATCH, left // (_TAIL_SHARE * jobs)))


def _size(path: str) -> int:
    """The file's size in bytes, 0 for standard input or when it cannot be known."""
    if path == "-":
        return 0
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def game_texts(chunk: Chunk, starts: list[int]) -> list[str]:
    """The source text of each game of ``chunk`` (games starting at lines ``starts``)."""
    lines = chunk.text.splitlines(keepends=True)
    if chunk.prefix and lines:  # the chunk starts mid-line: its padding is not source text
        lines[0] = lines[0][len(chunk.prefix) :]
    if len(starts) <= 1:
        return ["".join(lines)]
    cuts = [0] + [line - chunk.first_line for line in starts[1:]] + [len(lines)]
    return ["".join(lines[a:b]) for a, b in itertools.pairwise(cuts)]


def _of_chunk(reports: list[GameReport], at: int, chunk: Chunk) -> list[GameReport]:
    """The reports from ``at`` on that belong to ``chunk`` (their games start in its lines)."""
    end = chunk.first_line + chunk.text.count("\n") + (not chunk.text.endswith("\n"))
    out = []
    for report in reports[at:]:
        if report.line is not None and report.line >= end:
            break
        out.append(report)
    return out


def renumber(report: GameReport, shift: int) -> GameReport:
    """``report`` as game ``report.game + shift`` (a chunk before it held several games)."""
    report.game += shift
    report.diagnostics = [replace(d, game=d.game + shift) for d in report.diagnostics]
    return report


def _nothing_in(path: str) -> str:
    try:
        empty = path != "-" and os.path.getsize(path) == 0
    except OSError:
        empty = False
    if path == "-":
        return "standard input holds no game"
    return "the file is empty: no game to check" if empty else "the file holds no game"
