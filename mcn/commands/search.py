"""``mcn search PATHS… --where EXPR``: the games, or the decisions, that match a condition.

The condition (docs/search.md: the language) is compiled once, before any file is read: a
mistake is reported at its column (``expr:12: expected …``) with exit status 2. Then every
game is read and replayed as ``mcn validate`` reads it — directories, ``--include``,
``--encoding auto``, ``--board``, ``--jobs N`` and ``--dask`` — and the condition is tested
at each decision of its main line where the game was replayed (:mod:`mcn.search.examine`).
Every game is searched as written: copies are not merged (``mcn filter`` does that) and a
game with an illegal move is searched up to it; a game that cannot be read is counted apart.

Output, in input order (the same whatever ``--jobs`` or ``--dask``), streamed game by game:
the matching games as written (``--format mcn``, the default: LF line ends, a blank line
between games, as ``mcn filter`` writes them), or a table of the matches (``text``, ``csv``,
``json``): one row per game (its number of matching decisions and the first), or with
``--addresses`` one row per matching decision (address, who decided, the move).
"""

from __future__ import annotations

import csv
import json
import sys
from abc import ABC, abstractmethod
from contextlib import ExitStack
from typing import IO, Any, Final

import click

from mcn.archive.batch import Runner
from mcn.archive.checking import Options
from mcn.archive.cluster import workers
from mcn.archive.verdict import GameReport
from mcn.boards.profile import summary
from mcn.commands.filter import one_line_end, refuse_unread, separator
from mcn.commands.reading import complete_archive_viewer, parse_archive_viewer, reading_options
from mcn.commands.validate import gather
from mcn.engine.data import Board
from mcn.io.inputs import effective_jobs
from mcn.io.output import open_output
from mcn.io.progress import files_progress
from mcn.io.safe_write import WriteError, atomic_open
from mcn.search.compiler import compile_condition
from mcn.search.examine import Match, Search
from mcn.search.language import ExpressionError
from mcn.views.projection import EVERYTHING, Viewer, viewer_label
from mcn.views.render import clean

FORMATS: Final = ("mcn", "text", "csv", "json")
#: The JSON document's format name (docs/search.md, "Output").
JSON_FORMAT: Final = "mcn-search/1"


@click.command("search")
@click.argument(
    "paths", nargs=-1, required=True, type=click.Path(exists=True, readable=False, allow_dash=True)
)
@click.option(
    "--where",
    "where",
    required=True,
    metavar="EXPR",
    help="The condition, tested before each decision: round == 3 and post(R) >= 5, "
    'move ~ "visit 6", comment ~ "cathedral", souls(Y) < 0 (docs/search.md).',
)
@click.option(
    "--addresses",
    is_flag=True,
    help="List every matching decision (address, who decided, the move), not the games.",
)
@click.option(
    "--format",
    "form",
    type=click.Choice(FORMATS),
    help="mcn: the matching games as written (the default); text, csv, json: a table of the "
    "matches (the default with --addresses: text).",
)
@click.option(
    "--as",
    "viewer_name",
    metavar="COLOUR",
    shell_complete=complete_archive_viewer,
    help="Search what one player saw (R, red, … or spectator): moves with the others' "
    "secrets as ?, comments on his own moves only, no function over another's secret.",
)
@click.option(
    "-o",
    "--output",
    default="-",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write here (default: standard output); never over an input.",
)
@reading_options
def search(
    paths: tuple[str, ...],
    where: str,
    addresses: bool,
    form: str | None,
    viewer_name: str | None,
    output: str,
    board: Board | None,
    jobs: int,
    dask_address: str | None,
    encoding: str,
    include: tuple[str, ...],
) -> None:
    """Write the games of PATHS in which the condition EXPR holds at some decision (or, with
    --addresses, list those decisions)."""
    form = form or ("text" if addresses else "mcn")
    if addresses and form == "mcn":
        raise click.UsageError("--addresses lists decisions: use --format text, csv or json")
    viewer = parse_archive_viewer(viewer_name, EVERYTHING)
    try:
        condition = compile_condition(where, viewer)
    except ExpressionError as problem:
        click.echo(problem.display(where), err=True)
        sys.exit(2)
    inputs = gather(paths, include, encoding)
    files = list(inputs.files)
    jobs = effective_jobs(jobs)
    if jobs > 1 and "-" in files:
        raise click.UsageError("standard input cannot be read with --jobs")
    for skipped in inputs.skipped:
        click.echo(clean(f"{skipped.path}: note: skipped: {skipped.reason}"), err=True)
    if board is not None:  # B-4: say which board decides, and whether it is provisional
        click.echo(clean(f"note: games replayed with {summary(board)}"), err=True)
    examiner = Search(where, viewer, every=form != "mcn")
    options = Options(board=board, examine_steps=examiner)
    tally = _Tally()
    try:
        with ExitStack() as stack:
            executor, slots = stack.enter_context(workers(dask_address, jobs, files))
            moved = stack.enter_context(files_progress(files, "searching"))
            runner = Runner(options, encoding, slots, executor, texts=form == "mcn")
            out = _open(output, stack)
            writer = _writer(form, out, addresses, condition.canonical, viewer)
            for report in runner.run(files):
                moved(runner.progress)
                if report.game == 0:  # a file-level note (encoding, unreadable, empty)
                    tally.notes.append(report)
                    continue
                if form == "mcn":
                    refuse_unread(report)
                found: list[Match] | None = report.examined
                tally.count(report, found)
                if found:
                    writer.game(report, found)
            writer.close(tally)
    except WriteError as problem:  # the output is left as it was
        click.echo(str(problem), err=True)
        sys.exit(1)
    tally.summarise(output, addresses)


class _Tally:
    """What was searched: games, the games matched, decisions matched, games not replayed."""

    def __init__(self) -> None:
        self.games = self.matched = self.decisions = self.unread = 0
        self.notes: list[GameReport] = []

    def count(self, report: GameReport, found: list[Match] | None) -> None:
        self.games += 1
        if found is None:
            self.unread += 1
        elif found:
            self.matched += 1
            self.decisions += len(found)

    def summarise(self, output: str, addresses: bool) -> None:
        for note in self.notes:  # as filter says them
            for d in note.diagnostics:
                guessed = "encoding guessed: " if d.code == "encoding" else ""
                click.echo(clean(f"{d.file}: {d.severity}: {guessed}{d.message}"), err=True)
        where = "standard output" if output == "-" else output
        what = f" ({self.decisions} decisions)" if addresses else ""
        unread = f"; {self.unread} could not be replayed (see mcn validate)" if self.unread else ""
        click.echo(
            clean(f"{self.matched} of {self.games} games match{what}{unread}; written to {where}"),
            err=True,
        )


def _open(output: str, stack: ExitStack) -> IO[str]:
    if output == "-":
        return stack.enter_context(open_output(None))  # a terminal sees controls escaped
    out: IO[str] = stack.enter_context(atomic_open(output))
    return out


class _Writer(ABC):
    """Writes the matches in one format, game by game."""

    def __init__(self, out: IO[str], addresses: bool) -> None:
        self.out = out
        self.addresses = addresses

    @abstractmethod
    def game(self, report: GameReport, found: list[Match]) -> None:
        """Write one matching game (``found``: its matches, at least one)."""

    def close(self, tally: _Tally) -> None:
        return None


class _Games(_Writer):
    """The matching games as written (``mcn filter``'s form)."""

    previous: str | None = None

    def game(self, report: GameReport, found: list[Match]) -> None:
        text = one_line_end(report.text or "")
        if self.previous is not None:
            self.out.write(separator(self.previous))
        self.out.write(text)
        self.previous = text


def _mover(mover: str) -> str:
    return f"{mover}: " if mover else ""


class _Text(_Writer):
    """``FILE:LINE: game N: ADDRESS MOVER: MOVE``, one line per match or per game."""

    def game(self, report: GameReport, found: list[Match]) -> None:
        where = f"{report.file}:{report.line or 1}: game {report.game}"
        if self.addresses:
            for address, mover, move in found:
                self.out.write(clean(f"{where}: {address} {_mover(mover)}{move}".rstrip()) + "\n")
            return
        address, mover, move = found[0]
        count = f"{len(found)} decision" + ("" if len(found) == 1 else "s")
        first = f"{address} {_mover(mover)}{move}".rstrip()
        self.out.write(clean(f"{where}: {count}, first {first}") + "\n")


class _Csv(_Writer):
    def __init__(self, out: IO[str], addresses: bool) -> None:
        super().__init__(out, addresses)
        self.csv = csv.writer(out, lineterminator="\n")
        if addresses:
            self.csv.writerow(["file", "game", "line", "address", "mover", "move"])
        else:
            self.csv.writerow(["file", "game", "line", "decisions", "first", "mover", "move"])

    def game(self, report: GameReport, found: list[Match]) -> None:
        head = [report.file, report.game, report.line or 1]
        if self.addresses:
            for match in found:
                self.csv.writerow([*head, *match])
        else:
            self.csv.writerow([*head, len(found), *found[0]])


class _Json(_Writer):
    """One JSON document, written as the games come (a game per line)."""

    def __init__(self, out: IO[str], addresses: bool, where: str, viewer: Viewer) -> None:
        super().__init__(out, addresses)
        self.first = True
        head = {"format": JSON_FORMAT, "where": where, "viewer": viewer_label(viewer)}
        out.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "games": [')

    def game(self, report: GameReport, found: list[Match]) -> None:
        entry: dict[str, Any] = {
            "file": report.file,
            "game": report.game,
            "line": report.line,
            "event": report.event,
            "decisions": len(found),
            "matches": [{"address": a, "mover": m, "move": v} for a, m, v in found],
        }
        self.out.write(("\n  " if self.first else ",\n  ") + json.dumps(entry, ensure_ascii=False))
        self.first = False

    def close(self, tally: _Tally) -> None:
        totals = {"searched": tally.games, "matched": tally.matched, "unread": tally.unread}
        self.out.write(("\n" if not self.first else "") + "], " + json.dumps(totals)[1:] + "\n")


def _writer(form: str, out: IO[str], addresses: bool, where: str, viewer: Viewer) -> _Writer:
    if form == "mcn":
        return _Games(out, addresses)
    if form == "csv":
        return _Csv(out, addresses)
    if form == "json":
        return _Json(out, addresses, where, viewer)
    return _Text(out, addresses)
