"""``mcn validate``: check records — syntax, headers, every decision, checkpoints, the result.

Files are read as streams (:func:`mcn.notation.iter_results`), one game at a time, and every
game is replayed through the engine (:func:`mcn.replay.replay_game`), so memory does not grow
with the size of a file. Lenient by default — every problem of every game is reported —
or ``--strict``: stop at the first error. ``--jobs N`` checks files in N processes; the report
keeps the order of the files either way. ``--syntax-only`` checks the notation alone (syntax and
headers, :func:`mcn.notation.iter_syntax`), builds no record and replays nothing: the quick
check of a big archive.

Exit status: 0 every game valid, 1 a game is invalid (or a file unreadable), 2 usage error.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final

import click

from mcn.notation.errors import NotationError
from mcn.notation.model import Span
from mcn.notation.stream import iter_results_with_lines
from mcn.notation.syntax import iter_syntax
from mcn.replay import Diagnostic, replay_game

REPORT_FORMAT: Final = "mcn-report/1"
#: Show a progress bar only for inputs at least this big (a few hundred games).
_PROGRESS_BYTES: Final = 1 << 20


@dataclass(slots=True)
class GameReport:
    """What validation found in one game."""

    file: str
    game: int
    decisions: int = 0
    result: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: Main-line moves read (reported by ``--syntax-only``, which replays no decision).
    moves: int = 0

    @property
    def valid(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)

    def to_json(self) -> dict[str, Any]:
        """The report form of a game (schemas/report.schema.json, ``game``)."""
        return {
            "file": self.file,
            "game": self.game,
            "valid": self.valid,
            "decisions": self.decisions,
            "result": self.result,
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


def notation_diagnostic(error: NotationError, code: str, file: str, game: int) -> Diagnostic:
    """A notation error as a diagnostic (its text is the notation's own headline)."""
    span = Span(error.line, error.column, error.line, error.column)
    return Diagnostic("error", code, error.message, file, game, None, span, None, error.source_line)


def validate_stream(
    source: str | IO[bytes],
    name: str,
    *,
    strict: bool = False,
    encoding: str | None = None,
    syntax_only: bool = False,
) -> Iterator[GameReport]:
    """Validate every game of ``source``, lazily; a problem never escapes as an exception."""
    if syntax_only:
        yield from _syntax_stream(source, name, strict, encoding)
        return
    try:
        results = iter_results_with_lines(source, encoding=encoding, name=name)
        for result, lines in results:
            report = GameReport(name, result.number)
            code = "syntax" if result.game is None else "header"
            for error in result.errors:
                report.diagnostics.append(notation_diagnostic(error, code, name, result.number))
            if result.game is not None and not (strict and result.errors):
                replay_into(report, result.game, strict, lines)
            yield report
            if strict and not report.valid:
                return
    except OSError as problem:
        yield GameReport(
            name,
            0,
            diagnostics=[
                Diagnostic("error", "file", f"cannot read: {problem.strerror or problem}", name, 0)
            ],
        )


def _syntax_stream(
    source: str | IO[bytes], name: str, strict: bool, encoding: str | None
) -> Iterator[GameReport]:
    """Check the notation of every game of ``source`` (syntax and headers), lazily."""
    try:
        for checked in iter_syntax(source, encoding=encoding, name=name):
            report = GameReport(name, checked.number, moves=checked.moves)
            code = "header" if checked.parsed else "syntax"
            for error in checked.errors:
                report.diagnostics.append(notation_diagnostic(error, code, name, checked.number))
            yield report
            if strict and not report.valid:
                return
    except OSError as problem:
        yield _unreadable(name, problem)


def replay_into(
    report: GameReport, game: Any, strict: bool, lines: Callable[[int], str | None] | None = None
) -> None:
    """Replay ``game`` and add what replay found to ``report`` (with source lines from
    ``lines``, for the caret display)."""
    setup_known = any(d.code == "header" for d in report.diagnostics)
    try:
        replay = replay_game(game, file=report.file, index=report.game, strict=strict)
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
        return
    report.decisions = replay.decisions
    final = replay.final
    if final is not None and final.is_terminal():
        report.result = " ".join(final.winners())
    for diagnostic in replay.diagnostics:
        if setup_known and diagnostic.code == "header":
            continue  # the notation already said what is wrong with the headers
        report.diagnostics.append(diagnostic if lines is None else diagnostic.located(lines))


def validate_file(
    path: str, strict: bool, encoding: str | None, syntax_only: bool = False
) -> list[GameReport]:
    """All reports of one file (for the worker processes of ``--jobs``)."""
    return list(
        validate_stream(path, path, strict=strict, encoding=encoding, syntax_only=syntax_only)
    )


def collect_inputs(paths: Iterable[str]) -> list[str]:
    """Files to check: files as given, ``*.mcn`` under directories (sorted), ``-`` for stdin."""
    out: list[str] = []
    for path in paths:
        if path != "-" and os.path.isdir(path):
            out.extend(str(p) for p in sorted(Path(path).rglob("*.mcn")) if p.is_file())
        else:
            out.append(path)
    return out


class Reporter:
    """Writes game reports as they come (text or streamed JSON) and keeps the totals."""

    def __init__(self, out: IO[str], form: str, syntax_only: bool = False) -> None:
        self.out = out
        self.form = form
        self.syntax_only = syntax_only
        self.games = self.valid = self.decisions = self.moves = 0
        self.counts = {"error": 0, "warning": 0, "note": 0}
        self.files: set[str] = set()
        self.first = True
        self.started = time.perf_counter()
        if form == "json":
            out.write('{"format": ' + json.dumps(REPORT_FORMAT) + ', "games": [')

    def add(self, report: GameReport) -> None:
        self.files.add(report.file)
        for diagnostic in report.diagnostics:
            self.counts[diagnostic.severity] += 1
        if report.game > 0:
            self.games += 1
            self.valid += report.valid
            self.decisions += report.decisions
            self.moves += report.moves
        if self.form == "json":
            self.out.write(("\n" if self.first else ",\n") + json.dumps(report.to_json()))
            self.first = False
        else:
            for diagnostic in report.diagnostics:
                self.out.write(diagnostic.display() + "\n")
        self.out.flush()

    @property
    def failed(self) -> bool:
        return self.counts["error"] > 0

    def finish(self, stopped: bool) -> None:
        seconds = time.perf_counter() - self.started
        invalid = self.games - self.valid
        if self.form == "json":
            summary = {
                "files": len(self.files),
                "games": self.games,
                "valid": self.valid,
                "invalid": invalid,
                "decisions": self.decisions,
                "errors": self.counts["error"],
                "warnings": self.counts["warning"],
                "notes": self.counts["note"],
                "seconds": round(seconds, 3),
                "stopped": stopped,
            }
            self.out.write("\n], " + '"summary": ' + json.dumps(summary) + "}\n")
            return
        games = "game" if self.games == 1 else "games"
        files = "file" if len(self.files) == 1 else "files"
        stop = " (stopped at the first error)" if stopped else ""
        done = (
            f"syntax only: {self.moves} moves read, nothing replayed"
            if self.syntax_only
            else f"{self.decisions} decisions replayed"
        )
        self.out.write(
            f"{self.games} {games} read from {len(self.files)} {files}: {self.valid} valid, "
            f"{invalid} invalid; {done} in {seconds:.2f} s{stop}\n"
        )


def _open(path: str, stack: ExitStack) -> tuple[IO[bytes], str]:
    if path == "-":
        return sys.stdin.buffer, "<stdin>"
    return stack.enter_context(open(path, "rb")), path


def _sequential(
    inputs: list[str],
    reporter: Reporter,
    strict: bool,
    encoding: str | None,
    progress: bool,
    syntax_only: bool = False,
) -> bool:
    """Check the files one after the other; True when stopped early (``--strict``)."""
    total = sum(os.path.getsize(p) for p in inputs if p != "-" and os.path.isfile(p))
    bar_wanted = progress and total >= _PROGRESS_BYTES
    with ExitStack() as stack:
        bar = (
            stack.enter_context(
                click.progressbar(length=total, label="validating", file=sys.stderr)
            )
            if bar_wanted
            else None
        )
        for path in inputs:
            try:
                handle, name = _open(path, stack)
            except OSError as problem:
                reporter.add(_unreadable(path, problem))
                if strict:
                    return True
                continue
            done = 0
            reports = validate_stream(
                handle, name, strict=strict, encoding=encoding, syntax_only=syntax_only
            )
            for report in reports:
                reporter.add(report)
                if bar is not None and handle is not sys.stdin.buffer:
                    position = _tell(handle)
                    bar.update(position - done)
                    done = position
                if strict and not report.valid:
                    return True
    return False


def _tell(handle: IO[bytes]) -> int:
    try:
        return handle.tell()
    except (OSError, ValueError):
        return 0


def _unreadable(path: str, problem: OSError) -> GameReport:
    message = f"cannot read: {problem.strerror or problem}"
    return GameReport(path, 0, diagnostics=[Diagnostic("error", "file", message, path, 0)])


def _parallel(
    inputs: list[str],
    reporter: Reporter,
    strict: bool,
    encoding: str | None,
    jobs: int,
    progress: bool,
    syntax_only: bool = False,
) -> bool:
    """Check the files in ``jobs`` processes, reporting in file order."""
    sizes = [os.path.getsize(p) if os.path.isfile(p) else 0 for p in inputs]
    bar_wanted = progress and sum(sizes) >= _PROGRESS_BYTES
    with ProcessPoolExecutor(max_workers=jobs) as pool, ExitStack() as stack:
        bar = (
            stack.enter_context(
                click.progressbar(length=sum(sizes), label="validating", file=sys.stderr)
            )
            if bar_wanted
            else None
        )
        futures = [
            pool.submit(validate_file, path, strict, encoding, syntax_only) for path in inputs
        ]
        for future, size in zip(futures, sizes, strict=True):
            for report in future.result():
                reporter.add(report)
                if strict and not report.valid:
                    for pending in futures:
                        pending.cancel()
                    return True
            if bar is not None:
                bar.update(size)
    return False


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, allow_dash=True))
@click.option("--strict", is_flag=True, help="Stop at the first error.")
@click.option(
    "--format",
    "form",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Report as text lines or as JSON (schemas/report.schema.json).",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Check files in this many processes.",
)
@click.option("--encoding", help="Encoding of the files (default UTF-8).")
@click.option(
    "--syntax-only",
    is_flag=True,
    help="Check the notation only — syntax and headers, in the same words and places as a "
    "full check — without building records or replaying a single decision (no rule is "
    "checked; 'decisions' stay 0). Several times faster: the quick check of a big archive.",
)
def validate(
    paths: tuple[str, ...],
    strict: bool,
    form: str,
    jobs: int,
    encoding: str | None,
    syntax_only: bool,
) -> None:
    """Check the records in PATHS (files, directories of *.mcn, - for standard input).

    Every game is read and replayed: syntax, headers, every decision, checkpoints and the
    result. With --syntax-only only the notation is checked. Exit status: 0 when every game
    is valid, 1 when one is not (or a file cannot be read), 2 for a usage error.
    """
    if encoding is not None:
        import codecs

        try:
            codecs.lookup(encoding)
        except LookupError:
            raise click.BadParameter(f"unknown encoding '{encoding}'") from None
    inputs = collect_inputs(paths)
    if jobs > 1 and "-" in inputs:
        raise click.UsageError("standard input cannot be checked with --jobs")
    out = sys.stdout
    reporter = Reporter(out, form, syntax_only)
    progress = _is_terminal(sys.stderr)
    if jobs > 1 and len(inputs) > 1:
        stopped = _parallel(inputs, reporter, strict, encoding, jobs, progress, syntax_only)
    else:
        stopped = _sequential(inputs, reporter, strict, encoding, progress, syntax_only)
    reporter.finish(stopped)
    sys.exit(1 if reporter.failed else 0)


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
