"""``mcn site PATHS… -o DIR``: the day's results as a static site (docs/site.md).

The folder is judged exactly as ``mcn validate`` and ``mcn standings`` judge it (one judgement,
:mod:`mcn.archive.judgement`: ``--prefer``, ``--supersedes``, ``--schedule``,
``--expect-players``; standings with ``--points`` and ``--tie-break``), then written as pages
(:mod:`mcn.site`): ``index.html``, ``standings.html``, ``crosstable.html``, ``games.html``,
``submissions.html`` and ``games/game-NNN.html`` — each counted game as its ``mcn html`` page.
Every page stands alone (no script on the site's own pages, nothing fetched), so the folder can
be uploaded as it is or opened from ``file://``. Each file is written through the safe writer;
a usage error (a bad schedule, a choice naming no submission) writes nothing.

Exit status: 0 written and every submission counted or was left out only as unfinished, a copy
or superseded; 1 written, but a submission is invalid or conflicting (or a page could not be
written); 2 usage error.
"""

from __future__ import annotations

import os
import sys
import tempfile
from contextlib import ExitStack

import click

from mcn.archive.batch import Runner
from mcn.archive.checking import Options
from mcn.archive.cluster import workers
from mcn.archive.judgement import CONFLICT, INVALID, Entry, Judgement
from mcn.archive.standings import Scoring, compute
from mcn.archive.tiebreaks import TieBreaks
from mcn.boards.profile import summary
from mcn.commands.judging import choices_for
from mcn.commands.reading import archive_options
from mcn.commands.standings import points_option, tie_break_option
from mcn.commands.validate import gather
from mcn.engine.data import Board
from mcn.io.inputs import effective_jobs
from mcn.io.progress import files_progress
from mcn.io.safe_write import WriteError, write_text_atomic
from mcn.site import build_site
from mcn.site.build import PublicNames
from mcn.views.render import clean


@click.command("site")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(file_okay=False),
    help="The folder to write the site into (created if needed).",
)
@points_option
@tie_break_option
@click.option("--by-event", is_flag=True, help="One standings table per [Event].")
@archive_options("A game with another number of players is invalid.")
def site(
    paths: tuple[str, ...],
    output: str,
    scoring: Scoring,
    ties: TieBreaks,
    by_event: bool,
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
    """Write the results of the submissions in PATHS as a static site in DIR (-o): overview,
    standings, crosstable, rounds, every counted game's page and what was not counted."""
    inputs = gather(paths, include, encoding)
    files = list(inputs.files)
    judgement = Judgement(choices_for(inputs, prefer, supersedes, schedule_file))
    jobs = effective_jobs(jobs)
    if board is not None:  # B-4: which board decides, and whether it has provisional values
        click.echo(clean(f"note: games replayed with {summary(board)}"), err=True)
    options = Options(expect_players=expect_players, board=board)
    # The valid games' texts wait in a spool file (not in memory) until the judgement has
    # decided which count; each counted game's page is then made and written at once.
    with tempfile.TemporaryFile() as spool:
        where: dict[tuple[str, int], tuple[int, int]] = {}
        with ExitStack() as stack:
            executor, slots = stack.enter_context(workers(dask_address, jobs, files))
            moved = stack.enter_context(files_progress(files, "judging"))
            runner = Runner(options, encoding, slots, executor, texts=True)
            for report in runner.run(files):
                moved(runner.progress)
                entry = judgement.add(report)
                if entry is not None and entry.valid and report.text is not None:
                    data = report.text.encode("utf-8")
                    where[(entry.file, entry.game)] = (spool.tell(), len(data))
                    spool.write(data)
        outcome = judgement.decide()
        standings = compute(outcome, scoring, (), by_event, ties)

        def text_of(entry: Entry) -> str | None:
            found = where.get((entry.file, entry.game))
            if found is None:
                return None
            spool.seek(found[0])
            return spool.read(found[1]).decode("utf-8")

        def write(name: str, page: str) -> None:
            write_text_atomic(os.path.join(output, name), page, make_parents=True)

        try:
            built = build_site(outcome, standings, text_of, PublicNames(paths, files), write, board)
        except WriteError as problem:
            click.echo(str(problem), err=True)
            sys.exit(1)
    click.echo(
        clean(
            f"wrote {len(built.pages)} pages to {output} ({built.games} game pages); open "
            f"{os.path.join(output, 'index.html')}"
        ),
        err=True,
    )
    failed = any(e.status in (INVALID, CONFLICT) for e in outcome.entries) or outcome.problems
    sys.exit(1 if failed else 0)
