"""``mcn validate``: check records — syntax, headers, every decision, checkpoints, the result —
and decide every game.

Files are read as streams, one game at a time, and every game is replayed through the engine
(:mod:`mcn.archive.batch`), so memory does not grow with the size of a file. Lenient by default —
every problem of every game is reported — or ``--strict``: stop at the first error. ``--jobs N``
checks games in N processes (also the games of one big file); the report keeps input order.
``--syntax-only`` checks the notation alone (syntax and headers,
:func:`mcn.notation.iter_syntax`), builds no record and replays nothing.

Per game the report gives the verdict (schemas/report.schema.json): the event, round and date,
the roster, the setup, the claimed and the replayed result and whether they agree, the final
soul spaces, the placings with the rule that decided each, and every diagnostic. Directories
are searched for ``*.mcn`` (any case, recursively); every other file is listed as skipped.

After the games, the folder's judgement (:mod:`mcn.archive.judgement`, shared with standings,
filter and site): which copy of a game submitted several times counts and which rule decided,
the submissions that conflict, the files read in a guessed encoding.

Exit status: 0 every game valid, 1 a game is invalid or submissions conflict (or a file is
unreadable, empty or without a game), 2 usage error.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from typing import IO, Final

import click

from mcn.archive.batch import FileInfo, Runner, local_pool
from mcn.archive.checking import Options, notation_diagnostic
from mcn.archive.cluster import workers
from mcn.archive.judgement import CONFLICT, Choices, Judgement
from mcn.archive.verdict import GameReport
from mcn.commands.judging import choices_for
from mcn.commands.loader import checked_encoding, record_source
from mcn.commands.reading import archive_options
from mcn.engine.data import Board
from mcn.io import quick_exit
from mcn.io.inputs import Inputs, Skipped, collect, effective_jobs
from mcn.io.progress import files_progress
from mcn.notation.syntax import iter_syntax
from mcn.replay import Diagnostic
from mcn.views.render import clean

REPORT_FORMAT: Final = "mcn-report/1"


def _syntax_file(path: str, encoding: str | None) -> list[GameReport]:
    """Check the notation of every game of one file (syntax and headers)."""
    source = record_source(path, encoding)
    name = source.name
    reports: list[GameReport] = []
    if source.warning is not None:
        reports.append(
            GameReport(
                name, 0, diagnostics=[Diagnostic("warning", "encoding", source.warning, name, 0)]
            )
        )
    try:
        for checked in iter_syntax(source.source, encoding=source.encoding, name=name):
            report = GameReport(name, checked.number, moves=checked.moves)
            code = "header" if checked.parsed else "syntax"
            for error in checked.errors:
                report.diagnostics.append(notation_diagnostic(error, code, name, checked.number))
            reports.append(report)
    except OSError as problem:
        message = f"cannot read: {problem.strerror or problem}"
        reports.append(
            GameReport(name, 0, diagnostics=[Diagnostic("error", "file", message, name, 0)])
        )
    if not any(r.game for r in reports) and not any(r.diagnostics for r in reports):
        reports.append(
            GameReport(
                name,
                0,
                diagnostics=[Diagnostic("error", "file", "the file holds no game", name, 0)],
            )
        )
    return reports


def syntax_reports(
    inputs: list[str], encoding: str | None, jobs: int, strict: bool
) -> Iterator[GameReport]:
    """``--syntax-only``: every file's reports, in file order (files in parallel with jobs)."""
    if jobs > 1 and len(inputs) > 1:
        with local_pool(jobs) as pool:  # forks of this process, as for the full check
            futures = [pool.submit(_syntax_file, path, encoding) for path in inputs]
            for future in futures:
                yield from future.result()
        return
    for path in inputs:
        yield from _syntax_file(path, encoding)


def verdict_line(report: GameReport) -> str:
    """One line that decides a game, for the text report (record text made safe to print)."""
    where = f"{report.file}:{report.line}" if report.line else report.file
    errors = sum(d.severity == "error" for d in report.diagnostics)
    state = "valid" if report.valid else f"INVALID ({errors} problem{'s' * (errors != 1)})"
    parts = [f"{where}: game {report.game}: {state}"]
    placed = " / ".join(
        x
        for x in (report.event, f"round {report.round}" if report.round else None, report.date)
        if x
    )
    if placed:
        parts.append(placed)
    if report.roster:
        roster = ", ".join(f"{c} {name}" for c, name in report.roster.items())
        parts.append(f"{len(report.roster)} players: {roster}")
    setup = "/".join(x for x in (report.rules, report.board, report.variant) if x)
    if setup:
        parts.append(setup)
    used = report.board_used
    if used is not None:  # B-4: which board, and whether its values are provisional
        count = len(used["provisional_values"])
        marks = f"{count} provisional values" if count else "no provisional values"
        parts.append(f"board {used['name']} ({used['source']}; {marks})")
    claimed = report.claimed_tag if report.claimed_tag is not None else "none"
    replayed = report.result if report.result is not None else "unfinished"
    parts.append(f'result "{claimed}" claimed, "{replayed}" replayed ({report.agreement})')
    if report.stops:
        parts.append(f"not over: {report.stops}")
    if report.placings:
        parts.append(
            "placings: "
            + ", ".join(
                f"{p['place']}. {p['name'] or p['colour']} ({p['colour']}, {p['space']}; "
                f"{' '.join(p['rules'])})"
                for p in report.placings
            )
        )
    parts.append(f"{report.decisions} decisions")
    return clean(" — ".join(parts))


class Reporter:
    """Writes game reports as they come (text or streamed JSON) and keeps the totals."""

    def __init__(
        self,
        out: IO[str],
        form: str,
        syntax_only: bool = False,
        quiet: bool = False,
        choices: Choices | None = None,
    ) -> None:
        self.out = out
        self.form = form
        self.syntax_only = syntax_only
        self.verdicts = not (syntax_only or quiet)
        self.games = self.valid = self.decisions = self.moves = 0
        self.counts = {"error": 0, "warning": 0, "note": 0}
        self.files: set[str] = set()
        self.first = True
        #: The folder's judgement (duplicates, conflicts), decided once every game is in.
        self.judgement = None if syntax_only else Judgement(choices)
        self.conflicts = 0
        self.started = time.perf_counter()
        if form == "json":
            out.write('{"format": ' + json.dumps(REPORT_FORMAT) + ', "games": [')

    def skipped(self, skipped: tuple[Skipped, ...]) -> None:
        """List the files a directory held that were not read (text: before the games)."""
        if self.form == "text":
            for entry in skipped:
                self.out.write(clean(f"{entry.path}: note: skipped: {entry.reason}") + "\n")

    def add(self, report: GameReport) -> None:
        self.files.add(report.file)
        if self.judgement is not None:
            self.judgement.add(report)
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
                if report.game == 0:  # about the file as a whole: no game to name
                    line = f"{diagnostic.file}: {diagnostic.severity}: {diagnostic.message}"
                    self.out.write(clean(line) + "\n")
                else:
                    self.out.write(diagnostic.display() + "\n")
            if report.game > 0 and self.verdicts:
                self.out.write(verdict_line(report) + "\n")
        self.out.flush()

    @property
    def failed(self) -> bool:
        return self.counts["error"] > 0 or self.conflicts > 0

    def finish(self, stopped: bool, inputs: Inputs, files: list[FileInfo]) -> None:
        """Write the summary (and, in JSON, the files read and the files skipped)."""
        seconds = time.perf_counter() - self.started
        invalid = self.games - self.valid
        outcome = self.judgement.decide() if self.judgement is not None else None
        if outcome is not None:
            self.conflicts = outcome.count(CONFLICT)
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
                "skipped": len(inputs.skipped),
                "seconds": round(seconds, 3),
                "stopped": stopped,
            }
            self.out.write("\n], " + '"files": ' + json.dumps([f.to_json() for f in files]))
            self.out.write(', "skipped": ' + json.dumps([s.to_json() for s in inputs.skipped]))
            if outcome is not None:
                self.out.write(', "judgement": ' + json.dumps(outcome.to_json()))
            self.out.write(', "summary": ' + json.dumps(summary) + "}\n")
            return
        games = "game" if self.games == 1 else "games"
        noun = "file" if len(self.files) == 1 else "files"
        stop = " (stopped at the first error)" if stopped else ""
        done = (
            f"syntax only: {self.moves} moves read, nothing replayed"
            if self.syntax_only
            else f"{self.decisions} decisions replayed"
        )
        if outcome is not None:
            for line in outcome.lines():
                self.out.write(clean(line) + "\n")
        skipped = len(inputs.skipped)
        others = (
            f"; {skipped} other file{'s' * (skipped != 1)} skipped (listed above)"
            if skipped
            else ""
        )
        self.out.write(
            f"{self.games} {games} read from {len(self.files)} {noun}: {self.valid} valid, "
            f"{invalid} invalid; {done} in {seconds:.2f} s{others}{stop}\n"
        )


def gather(paths: tuple[str, ...], include: tuple[str, ...], encoding: str) -> Inputs:
    """The inputs of a command; a usage error for an unknown encoding, an error (exit 1) when
    the paths hold no record at all."""
    checked_encoding(encoding)  # the one --encoding check (mcn.commands.loader)
    inputs = collect(paths, include or ("*.mcn",))
    if not inputs.files:
        for entry in inputs.skipped:
            click.echo(clean(f"{entry.path}: note: skipped: {entry.reason}"), err=True)
        wanted = " or ".join(include or ("*.mcn",))
        where = ", ".join(inputs.directories)
        click.echo(f"error: no record to read: {where} holds no file matching {wanted}", err=True)
        sys.exit(1)
    return inputs


@click.command("validate")
@click.argument(
    "paths", nargs=-1, required=True, type=click.Path(exists=True, readable=False, allow_dash=True)
)
@click.option(
    "--strict",
    is_flag=True,
    help="Stop each game at its first error, and count a rules breach (I-POP-9: a move the "
    "rules punish rather than forbid, a warning otherwise) as an error.",
)
@click.option(
    "--format",
    "form",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Report as text lines or as JSON (schemas/report.schema.json).",
)
@archive_options("Flag every game with another number of players as invalid.")
@click.option(
    "--quiet",
    "-q",
    is_flag=True,
    help="Text report: only the problems and the summary, no verdict line per game.",
)
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
    dask_address: str | None,
    encoding: str,
    include: tuple[str, ...],
    expect_players: int | None,
    quiet: bool,
    syntax_only: bool,
    board: Board | None,
    prefer: tuple[str, ...],
    supersedes: tuple[str, ...],
    schedule_file: str | None,
) -> None:
    """Check the records in PATHS (files, directories, - for standard input) and decide every
    game.

    Every game is read and replayed: syntax, headers, every decision, checkpoints and the
    result. With --syntax-only only the notation is checked. Exit status: 0 when every game
    is valid, 1 when one is not (or a file cannot be read, is empty or holds no game), 2 for
    a usage error.
    """
    quick_exit.allow()  # reports go to standard output; every pool is joined when it ends
    inputs = gather(paths, include, encoding)
    files = list(inputs.files)
    jobs = effective_jobs(jobs)
    if jobs > 1 and "-" in files:
        raise click.UsageError("standard input cannot be checked with --jobs")
    choices = choices_for(inputs, prefer, supersedes, schedule_file)
    reporter = Reporter(sys.stdout, form, syntax_only, quiet, choices)
    reporter.skipped(inputs.skipped)
    infos: list[FileInfo] = []
    if syntax_only:
        stopped = False
        for report in syntax_reports(files, encoding, jobs, strict):
            reporter.add(report)
            if strict and not report.valid:
                stopped = True
                break
    else:
        with workers(dask_address, jobs, files) as (executor, slots):
            runner = Runner(Options(strict, expect_players, board), encoding, slots, executor)
            with files_progress(files, "validating") as moved:
                for report in runner.run(files):
                    reporter.add(report)
                    moved(runner.progress)
        stopped = runner.stopped
        infos = runner.files
    reporter.finish(stopped, inputs, infos)
    sys.exit(1 if reporter.failed else 0)
