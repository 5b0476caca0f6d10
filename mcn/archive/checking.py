"""Check one game as ``mcn validate`` does: parse its chunk, replay it, decide it.

The unit of work is a *chunk*: one game's text as cut lexically from its file
(:mod:`mcn.notation.split`). :func:`check_chunk` turns a chunk into its games' reports
(:class:`~mcn.archive.verdict.GameReport`): notation errors, the roster, the replay's
diagnostics, the result judged against the record's, how an unfinished game ends, a file cut off
in its last line; and, where a command asks for it, the command's own work on each replayed
game (an *examiner*: ``mcn search``, ``stats``, ``explore``), done here so that with ``--jobs``
or ``--dask`` only its small answer crosses back from the worker. :func:`check_chunks` is a
worker's task. Which chunks, in what order and in which processes: :mod:`mcn.archive.batch`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from mcn.archive.verdict import (
    GameReport,
    describe_end,
    describe_headers,
    describe_written_headers,
    explain_incomplete,
    judge_result,
    roster_gap,
    truncation,
    where_it_ends,
)
from mcn.base.plain import PlainValue
from mcn.boards.profile import describe
from mcn.engine import GameState
from mcn.engine.actions import Action
from mcn.engine.data import Board
from mcn.io.collector import collector_paused
from mcn.notation.errors import NotationError
from mcn.notation.model import Move, Span
from mcn.notation.parser import parse_chunk
from mcn.notation.split import Chunk
from mcn.replay import BeforeStep, Diagnostic, GameReplay, Line, replay_game


class Examiner(Protocol):
    """Work a command does on each replayed game where the game is checked (in the worker
    process with ``--jobs`` or ``--dask``): ``mcn search`` evaluates its predicate there, so
    only the small answer crosses back, never the replay. It must pickle (a module-level
    class), and its answer too; the answer is kept as :attr:`GameReport.examined`."""

    def __call__(self, game: Any, replay: GameReplay) -> Any: ...


class Examination(Protocol):
    """One game examined *while* it is replayed (see :class:`StepExaminer`): replay calls
    ``before_step`` with the state before each decision (:data:`mcn.replay.BeforeStep`), and
    ``answer`` is called once the game is replayed; its answer is kept as
    :attr:`GameReport.examined`."""

    def before_step(
        self, line: Line, state: GameState, action: Action, move: Move | None
    ) -> None: ...

    def answer(self, replay: GameReplay) -> Any: ...


class StepExaminer(Protocol):
    """An examiner that reads the state before every decision (``mcn search``): it follows
    the one replay that checks the game, step by step, instead of replaying it again after.
    Like :class:`Examiner` it runs where the game is checked and must pickle; ``start`` makes
    the per-game :class:`Examination` there."""

    def start(self, game: Any) -> Examination: ...


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Options(PlainValue):
    """How to check: stop at the first error, the player count expected (or None)."""

    strict: bool = False
    expect_players: int | None = None
    #: A board profile replacing each record's ``[Board]`` (``--board FILE``, B-4).
    board: Board | None = None
    #: Called on every game that replayed (see :class:`Examiner`), or None.
    examine: Examiner | None = None
    #: Follows every game's replay step by step (see :class:`StepExaminer`), or None.
    examine_steps: StepExaminer | None = None


def notation_diagnostic(error: NotationError, code: str, file: str, game: int) -> Diagnostic:
    """A notation error as a diagnostic (its text is the notation's own headline)."""
    span = Span(error.line, error.column, error.line, error.column)
    return Diagnostic("error", code, error.message, file, game, None, span, None, error.source_line)


def _last_line(chunk: Chunk) -> int | None:
    """The number of the chunk's last line when it ends without a line break (a file cut off
    in the middle of a line), else None."""
    text = chunk.text
    if not text or text.endswith("\n") or not text.strip():
        return None
    return chunk.first_line + text.count("\n")


def check_chunk(
    chunk: Chunk, name: str, number: int, options: Options, last: bool
) -> list[GameReport]:
    """Check the games of one chunk; ``last`` when it is the last chunk of its file.

    The cyclic garbage collector is paused for the whole chunk, not only around its parse and
    its replay: the records, replays and states made here are acyclic and all freed by
    reference counting before this returns, so a collection in between (one after the parse,
    one after the replay, and every hundredth a full one over the whole heap) would only walk
    them and find nothing — a fifth of the time of checking a game (docs/performance-history.md,
    "Replay speed, fourth pass"). What survives is the compact :class:`GameReport`.
    """
    with collector_paused():
        return _check_chunk(chunk, name, number, options, last)


def _check_chunk(
    chunk: Chunk, name: str, number: int, options: Options, last: bool
) -> list[GameReport]:
    cut = _last_line(chunk) if last else None
    results = parse_chunk(chunk, name, number)
    reports = []
    for index, result in enumerate(results):
        report = GameReport(name, result.number, line=chunk.first_line)
        final_game = last and index == len(results) - 1
        code = "syntax" if result.game is None else "header"
        errors = [notation_diagnostic(e, code, name, result.number) for e in result.errors]
        if result.game is None and final_game and cut is not None and _at_end(chunk, cut, errors):
            report.diagnostics.append(_rescue(report, chunk, cut, errors, options))
        else:
            report.diagnostics.extend(errors)
            if result.game is not None:
                _check_game(report, result.game, options, cut if final_game else None, chunk)
            elif len(results) == 1:
                describe_written_headers(report, chunk.text)
        reports.append(report)
        if options.strict and not report.valid:
            break
    return reports


def _check_game(
    report: GameReport, game: Any, options: Options, cut: int | None, chunk: Chunk
) -> None:
    """Replay one parsed game into ``report`` and decide it."""
    describe_headers(report, game)
    gap = roster_gap(game, report.file, report.game)
    if gap is not None:  # the cause; a player count or a soul order that does not fit follow
        report.diagnostics.append(gap)
        return
    _check_players(report, options)
    if options.strict and not report.valid:
        return
    examination = _start(report, game, options.examine_steps)
    replay = _replay(report, game, options, chunk, examination)
    if replay is None:
        return
    span = next((h.span for h in game.headers if h.tag == "Result"), game.span)
    judge_result(report, replay, span)
    explain_incomplete(report, replay, cut is not None)
    describe_end(report, replay.final)
    if replay.final is not None and not replay.final.is_terminal():
        report.stops = where_it_ends(replay)
    if cut is not None and _at_end(chunk, cut, report.diagnostics):
        report.diagnostics.insert(0, truncation(report, replay, cut, None))
    if options.examine is not None:
        examine = options.examine
        _examine(report, lambda: examine(game, replay))
    if examination is not None:
        _examine(report, lambda: examination.answer(replay))


def _start(report: GameReport, game: Any, examiner: StepExaminer | None) -> Examination | None:
    """The :class:`StepExaminer`'s examination of ``game``, or None (none asked, or it
    failed: reported)."""
    if examiner is None:
        return None
    try:
        return examiner.start(game)
    except Exception as bug:
        report.diagnostics.append(_examiner_failed(report, bug))
        return None


def _examine(report: GameReport, work: Callable[[], Any]) -> None:
    """Run the command's examiner (``work``) and keep its answer; a failure is reported like
    a replay's internal error (any input gives a report, never a traceback)."""
    try:
        report.examined = work()
    except Exception as bug:
        report.diagnostics.append(_examiner_failed(report, bug))


def _examiner_failed(report: GameReport, bug: Exception) -> Diagnostic:
    return Diagnostic(
        "error",
        "internal",
        f"internal error while examining the game ({type(bug).__name__}: {bug}); "
        "please report this record",
        report.file,
        report.game,
    )


def _at_end(chunk: Chunk, cut: int, diagnostics: list[Diagnostic]) -> bool:
    """Whether an error reaches the very end of a file that stops inside line ``cut``: the
    mark of a file cut off (an error earlier in that line is an ordinary error)."""
    last = (chunk.source_line(cut) or "").rstrip()
    for d in diagnostics:
        if d.severity != "error" or d.span is None:
            continue
        end_line, end_column = d.span.end_line, d.span.end_column
        if d.span.line == cut and (end_line > cut or end_column > len(last)):
            return True
        if "end of the file" in d.message and d.span.line == cut:
            return True
    return False


def _check_players(report: GameReport, options: Options) -> None:
    expected = options.expect_players
    if expected is None or not report.roster or len(report.roster) == expected:
        return
    named = ", ".join(f"{t}" for t in report.roster.values())
    message = (
        f"{len(report.roster)} players ({named}), but this event expects {expected} "
        "(--expect-players)"
    )
    line = report.line or 1
    report.diagnostics.append(
        Diagnostic(
            "error", "players", message, report.file, report.game, None, Span(line, 1, line, 1)
        )
    )


def _replay(
    report: GameReport,
    game: Any,
    options: Options,
    chunk: Chunk,
    examination: Examination | None = None,
) -> GameReplay | None:
    """Replay ``game`` and add what replay found to ``report`` (each diagnostic with its
    source line from ``chunk``, for the caret display); None on an internal error. The
    ``examination`` follows the replay's steps (:class:`StepExaminer`)."""
    setup_known = any(d.code == "header" for d in report.diagnostics)
    before_step: BeforeStep | None = None
    if examination is not None:
        before_step = examination.before_step
    try:
        replay = replay_game(
            game,
            file=report.file,
            index=report.game,
            strict=options.strict,
            board=options.board,
            before_step=before_step,
        )
    except Exception as bug:  # any input must give a report, never a traceback
        report.diagnostics.append(
            Diagnostic(
                "error",
                "internal",
                f"internal error while replaying ({type(bug).__name__}: {bug}); "
                "please report this record",
                report.file,
                report.game,
            )
        )
        return None
    report.decisions = replay.decisions
    if replay.main is not None:  # B-4: every report says which board, and if provisional
        report.board_used = describe(replay.main.start.board)
    final = replay.final
    if final is not None and final.is_terminal():
        report.result = " ".join(final.winners())
    for diagnostic in replay.diagnostics:
        if setup_known and diagnostic.code == "header":
            continue  # the notation already said what is wrong with the headers
        report.diagnostics.append(diagnostic.located(chunk.source_line))
    return replay


def _rescue(
    report: GameReport, chunk: Chunk, cut: int, errors: list[Diagnostic], options: Options
) -> Diagnostic:
    """A file cut off inside its last game's last line: read the game up to the line before
    the cut, to say how far it got, and report the cut as the cause."""
    keep = cut - chunk.first_line
    head = "".join(chunk.text.splitlines(keepends=True)[:keep])
    replay = None
    results = parse_chunk(Chunk(head, chunk.first_line, chunk.prefix), report.file, report.game)
    if len(results) == 1 and results[0].game is not None and not results[0].errors:
        game = results[0].game
        describe_headers(report, game)
        try:
            replay = replay_game(game, file=report.file, index=report.game, board=options.board)
        except Exception:  # the truncation stays the diagnosis
            replay = None
        if replay is not None:
            report.decisions = replay.decisions
    cause = errors[0].message if errors else None
    diagnostic = truncation(report, replay, cut, cause)
    source = chunk.source_line(cut)
    return replace(diagnostic, source=source) if source is not None else diagnostic


def check_chunks(
    tasks: list[tuple[Chunk, bool]], start: int, name: str, options: Options
) -> list[GameReport]:
    """A worker's task: check consecutive chunks of one file, the first game numbered
    ``start``."""
    out: list[GameReport] = []
    for chunk, last in tasks:
        out.extend(check_chunk(chunk, name, start + len(out), options, last))
    return out
