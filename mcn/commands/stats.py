"""``mcn stats PATHS…``: the figures a Mea Culpa player argues about, over an archive.

Every game is judged as ``mcn validate`` and ``mcn standings`` judge it — one judgement of the
folder (:mod:`mcn.archive.judgement`) — and exactly the games standings counts are counted:
valid, finished, each game once. Each game's figures are read from its replay where it is
replayed (:func:`mcn.stats.figures.game_figures`, in the ``--jobs`` workers or on a Dask
cluster), spooled to a temporary file while the folder is read, and added up once the
judgement has decided which copies count (:mod:`mcn.stats.tally`), in input order: the
output is the same however many workers read, and memory stays flat.

Exit status: 0 when every game counted or was left out only as unfinished, duplicate or
superseded; 1 when a game is invalid or conflicting, or a file could not be read (the figures
are still written); 2 usage error.
"""

from __future__ import annotations

import json
import pickle
import sys
import tempfile
from contextlib import ExitStack
from typing import IO

import click

from mcn.archive.batch import Runner
from mcn.archive.checking import Options
from mcn.archive.cluster import workers
from mcn.archive.judgement import Entry, Judgement
from mcn.boards.profile import describe, summary
from mcn.commands.judging import choices_for
from mcn.commands.reading import archive_options
from mcn.commands.validate import gather
from mcn.engine.data import Board
from mcn.io.inputs import effective_jobs
from mcn.io.output import open_output
from mcn.io.progress import files_progress
from mcn.io.safe_write import WriteError, atomic_open
from mcn.stats.figures import GameFigures, game_figures
from mcn.stats.render import render_csv, render_markdown, render_text
from mcn.stats.report import Report, judged
from mcn.stats.tally import DEFAULT_BY, GROUPINGS, Tally
from mcn.views.render import clean


def _groupings(
    ctx: click.Context, param: click.Parameter, value: tuple[str, ...]
) -> tuple[str, ...]:
    """``--by seat --by colour`` or ``--by seat,colour``; the default groupings when none."""
    chosen: list[str] = []
    for text in value:
        for word in text.split(","):
            name = word.strip().lower()
            if name == "color":
                name = "colour"
            if name not in GROUPINGS:
                raise click.BadParameter(
                    f"'{word.strip()}' is not a grouping; choose from {', '.join(GROUPINGS)}"
                )
            if name not in chosen:
                chosen.append(name)
    return tuple(chosen) or DEFAULT_BY


@click.command("stats")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, allow_dash=True))
@click.option(
    "--by",
    "by",
    multiple=True,
    callback=_groupings,
    metavar="GROUPING",
    help="Win rate, average place and end figures by: seat, colour, character (held, round by "
    "round), player, ruleset (repeatable or comma-separated; default: seat,colour,character).",
)
@click.option(
    "--format",
    "form",
    type=click.Choice(["text", "json", "csv", "md", "html"]),
    default="text",
    show_default=True,
    help="Output format (json: schemas/stats.schema.json; html: one offline page with charts).",
)
@click.option(
    "-o",
    "--output",
    default="-",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write here (default: standard output).",
)
@archive_options("Leave out (as invalid) every game with another number of players.")
def stats(
    paths: tuple[str, ...],
    by: tuple[str, ...],
    form: str,
    output: str,
    expect_players: int | None,
    prefer: tuple[str, ...],
    supersedes: tuple[str, ...],
    schedule_file: str | None,
    board: Board | None,
    jobs: int,
    dask_address: str | None,
    encoding: str,
    include: tuple[str, ...],
) -> None:
    """Win rates, places, bids, end figures, game length and endings over the valid finished
    games of PATHS (files, directories, -), each with its count and 95 % interval."""
    inputs = gather(paths, include, encoding)
    files = list(inputs.files)
    jobs = effective_jobs(jobs)
    if jobs > 1 and "-" in files:
        raise click.UsageError("standard input cannot be read with --jobs")
    judgement = Judgement(choices_for(inputs, prefer, supersedes, schedule_file))
    if board is not None:  # B-4: which board decides, and whether it has provisional values
        click.echo(clean(f"note: games replayed with {summary(board)}"), err=True)
    options = Options(expect_players=expect_players, board=board, examine=game_figures)
    tally = Tally(by)
    with ExitStack() as stack:
        spool = stack.enter_context(tempfile.TemporaryFile())
        kept: list[tuple[Entry, int, int]] = []
        executor, slots = stack.enter_context(workers(dask_address, jobs, files))
        moved = stack.enter_context(files_progress(files, "counting"))
        runner = Runner(options, encoding, slots, executor)
        for game in runner.run(files):
            moved(runner.progress)
            entry = judgement.add(game)
            if entry is not None and isinstance(game.examined, GameFigures):
                data = pickle.dumps(game.examined, pickle.HIGHEST_PROTOCOL)
                kept.append((entry, spool.tell(), len(data)))
                spool.write(data)
        outcome = judgement.decide()
        for entry, offset, size in kept:
            if entry.counts:
                spool.seek(offset)
                tally.add(pickle.loads(spool.read(size)))
    report = judged(outcome, tally)
    report.skipped = [s.to_json() for s in inputs.skipped]
    report.board = describe(board) if board is not None else None
    _write(report, form, output, paths, files)
    sys.exit(1 if report.failed else 0)


def _write(
    report: Report, form: str, output: str, paths: tuple[str, ...], files: list[str]
) -> None:
    if form == "json":
        text = json.dumps(report.to_json(), indent=1) + "\n"
    elif form == "csv":
        text = render_csv(report)
    elif form == "md":
        text = render_markdown(report)
    elif form == "html":
        from mcn.stats.page import stats_page

        text = stats_page(report, paths, files)
    else:
        text = render_text(report)
    if form != "text":  # the text report lists what was left out; the others say it here
        for entry in report.excluded:
            game = f" game {entry.game}" if entry.game else ""
            click.echo(
                clean(f"{entry.file}{game}: not counted: {entry.kind}: {entry.reason}"), err=True
            )
    try:
        with ExitStack() as stack:
            out: IO[str]
            if output == "-":
                out = stack.enter_context(open_output(None))
            else:
                out = stack.enter_context(atomic_open(output))
            out.write(text)
    except WriteError as problem:  # the output is left as it was
        click.echo(str(problem), err=True)
        sys.exit(1)
