"""Which games of an archive match ``mcn filter``'s criteria, with each game's source text.

A game is judged from its headers (``--player``, ``--event``) or, for ``--valid``/``--invalid``
and ``--result``, from the report :mod:`mcn.batch` writes after replaying it (the replayed
result, never the tag's claim). Files are read as streams cut at game boundaries
(:mod:`mcn.notation.split`), one game at a time, so memory stays flat.

With ``jobs > 1`` or a Dask cluster's executor (:mod:`mcn.cluster`) the chunks are judged by
workers, a few per task, as ``mcn validate --jobs`` does: a worker returns only, per game,
whether it matches and the line it starts on; the reading process keeps the chunks in flight
and cuts each matching game's text from them, so the output is the local one byte for byte,
in input order, and at most ``jobs × _AHEAD`` tasks of chunks are held at once.
"""

from __future__ import annotations

import itertools
import sys
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Final

from mcn.batch import Options, check_chunk, chunks_with_last
from mcn.inputs import encoding_for
from mcn.notation.parser import parse_chunk
from mcn.notation.split import Chunk
from mcn.notation.stream import source_chunks
from mcn.verdict import GameReport, describe_headers, name_key, read_result

__all__ = ["Criteria", "Selector", "game_texts", "judge_chunks"]

#: Chunks per task, and tasks in flight per worker (as :mod:`mcn.batch`).
_BATCH: Final = 8
_AHEAD: Final = 4


@dataclass(frozen=True, slots=True)
class Criteria:
    """What a game must satisfy to be written (and how to replay it when that is needed)."""

    players: tuple[str, ...] = ()
    results: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    validity: bool | None = None
    #: How games are replayed (``--board FILE``); only when a criterion needs the replay.
    options: Options = field(default_factory=Options)

    @property
    def replays(self) -> bool:
        return self.validity is not None or bool(self.results)

    def matches(self, report: GameReport) -> bool:
        if self.validity is not None and report.valid != self.validity:
            return False
        if self.events and name_key(report.event or "") not in {name_key(e) for e in self.events}:
            return False
        names = {name_key(n) for n in report.roster.values()}
        if any(name_key(p) not in names for p in self.players):
            return False
        return not self.results or any(self._result(r, report) for r in self.results)

    @staticmethod
    def _result(wanted: str, report: GameReport) -> bool:
        if wanted.strip() in ("*", "unfinished"):
            return report.result is None
        colours, problem = read_result(wanted, report.roster)
        return problem is None and colours is not None and " ".join(colours) == report.result


def game_texts(chunk: Chunk, starts: list[int]) -> list[str]:
    """The source text of each game of ``chunk`` (games starting at lines ``starts``)."""
    lines = chunk.text.splitlines(keepends=True)
    if chunk.prefix and lines:  # the chunk starts mid-line: its padding is not source text
        lines[0] = lines[0][len(chunk.prefix) :]
    if len(starts) <= 1:
        return ["".join(lines)]
    cuts = [0] + [line - chunk.first_line for line in starts[1:]] + [len(lines)]
    return ["".join(lines[a:b]) for a, b in itertools.pairwise(cuts)]


#: Per game of a chunk: whether it matches, and the line it starts on.
Judged = list[tuple[bool, int]]


def _judge(chunk: Chunk, name: str, number: int, criteria: Criteria, last: bool) -> Judged:
    if criteria.replays:
        reports = check_chunk(chunk, name, number, criteria.options, last)
    else:
        reports = []
        for result in parse_chunk(chunk, name, number):
            report = GameReport(name, result.number, line=chunk.first_line)
            if result.game is not None:
                describe_headers(report, result.game)
            reports.append(report)
    return [(criteria.matches(r), r.line or chunk.first_line) for r in reports]


def judge_chunks(
    tasks: list[tuple[Chunk, bool]], start: int, name: str, criteria: Criteria
) -> list[Judged]:
    """A worker's task: judge consecutive chunks of one file (first game numbered ``start``)."""
    out: list[Judged] = []
    number = start
    for chunk, last in tasks:
        judged = _judge(chunk, name, number, criteria, last)
        number += len(judged)
        out.append(judged)
    return out


def _texts(chunk: Chunk, judged: Judged) -> Iterator[tuple[bool, str]]:
    texts = game_texts(chunk, [line for _, line in judged])
    for (matched, _), text in zip(judged, texts, strict=False):
        yield matched, text


class Selector:
    """Judges the games of files in order, here or on ``jobs`` workers (or ``executor``'s)."""

    def __init__(
        self, criteria: Criteria, encoding: str, jobs: int = 1, executor: Executor | None = None
    ) -> None:
        self.criteria = criteria
        self.encoding = encoding
        self.jobs = jobs
        self._executor = executor
        self._pool: Executor | None = None
        #: Characters of input read so far (for a progress bar; ahead of the games yielded by
        #: at most the tasks in flight).
        self.progress = 0

    def run(self, paths: list[str]) -> Iterator[tuple[bool, str]]:
        """Every game of every file in order: whether it matches, and its source text."""
        try:
            for path in paths:
                yield from self._file(path)
        finally:
            if self._pool is not None and self._executor is None:
                self._pool.shutdown(cancel_futures=True)

    def _file(self, path: str) -> Iterator[tuple[bool, str]]:
        detected = encoding_for(path, self.encoding)
        name = "<stdin>" if path == "-" else path
        source = sys.stdin.buffer if path == "-" else path
        with source_chunks(source, detected.encoding, name) as (read, _):
            chunks = self._counted(read)
            if self.jobs <= 1 and self._executor is None:
                number = 1
                for chunk, last in chunks_with_last(chunks):
                    judged = _judge(chunk, name, number, self.criteria, last)
                    number += len(judged)
                    yield from _texts(chunk, judged)
            else:
                yield from self._parallel(chunks, name)

    def _counted(self, chunks: Iterator[Chunk]) -> Iterator[Chunk]:
        for chunk in chunks:
            self.progress += len(chunk.text)
            yield chunk

    def _parallel(self, chunks: Iterator[Chunk], name: str) -> Iterator[tuple[bool, str]]:
        """Chunks judged by the workers, in batches; games yielded in input order."""
        if self._pool is None:
            self._pool = self._executor or ProcessPoolExecutor(max_workers=self.jobs)
        pool = self._pool
        pending: deque[tuple[Future[list[Judged]], list[Chunk]]] = deque()
        batch: list[tuple[Chunk, bool]] = []
        number = 1  # the first game's number in the next task, if every chunk is one game

        def drain(limit: int) -> Iterator[tuple[bool, str]]:
            while len(pending) > limit:
                future, sent = pending.popleft()
                for chunk, judged in zip(sent, future.result(), strict=True):
                    yield from _texts(chunk, judged)

        def submit() -> None:
            nonlocal batch, number
            future = pool.submit(judge_chunks, batch, number, name, self.criteria)
            pending.append((future, [chunk for chunk, _ in batch]))
            number += len(batch)
            batch = []

        for chunk, last in chunks_with_last(chunks):
            if chunk.decode_error is not None:  # errors carry no pickle guarantee: judge here
                if batch:
                    submit()
                yield from drain(0)
                yield from _texts(chunk, _judge(chunk, name, number, self.criteria, last))
                number += 1
                continue
            batch.append((chunk, last))
            if len(batch) == _BATCH:
                submit()
                yield from drain(self.jobs * _AHEAD)
        if batch:
            submit()
        yield from drain(0)
