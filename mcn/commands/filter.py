"""``mcn filter PATHS… -o OUT``: write the games that match, unchanged (pgn-extract style).

Each game is written as its source text — the very characters of the file, comments, layout
and line ends included — so a filtered archive differs from its sources only by the games left
out. Output is UTF-8; a game read from a file in another encoding (``--encoding auto`` falls
back to Windows-1252) is written in UTF-8 with the same characters.

Criteria combine with AND; a repeated ``--event`` or ``--result`` matches any of its values,
a repeated ``--player`` needs every player named. ``--valid``/``--invalid`` and ``--result``
replay every game (``--result`` is the result the replay decides, never the tag's claim);
``--player`` and ``--event`` read the headers only. ``--board FILE`` replays with a user's
board profile instead of the one each record names (I-BRD-2, B-4), and says so.

``--jobs N`` judges the games in N processes (also the games of one big file) and ``--dask
ADDRESS`` on a Dask cluster (:mod:`mcn.cluster`); the output is the same, byte for byte, and
in input order (:mod:`mcn.selection`).
"""

from __future__ import annotations

import sys
from contextlib import ExitStack
from typing import IO

import click

from mcn.batch import Options
from mcn.board_profile import summary
from mcn.cluster import dask_option, workers
from mcn.commands.board import board_option
from mcn.commands.validate import encoding_option, gather, include_option, jobs_option
from mcn.engine.data import Board
from mcn.inputs import effective_jobs
from mcn.progress import files_progress
from mcn.render import clean
from mcn.safe_write import WriteError, atomic_open
from mcn.selection import Criteria, Selector


@click.command("filter")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, allow_dash=True))
@click.option("--player", "players", multiple=True, help="Games this player (by name) played in.")
@click.option(
    "--result",
    "results",
    multiple=True,
    help="Games won by these colours (R, 'R G', green) or "
    "this player (name); '*' for unfinished games.",
)
@click.option("--event", "events", multiple=True, help="Games of this [Event].")
@click.option("--valid/--invalid", "validity", default=None, help="Only valid / invalid games.")
@click.option(
    "-o",
    "--output",
    default="-",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write here (default: standard output).",
)
@board_option
@jobs_option
@dask_option
@encoding_option
@include_option
def filter_(
    paths: tuple[str, ...],
    players: tuple[str, ...],
    results: tuple[str, ...],
    events: tuple[str, ...],
    validity: bool | None,
    output: str,
    board: Board | None,
    jobs: int,
    dask_address: str | None,
    encoding: str,
    include: tuple[str, ...],
) -> None:
    """Write the games of PATHS that match every criterion, each exactly as written."""
    inputs = gather(paths, include, encoding)
    files = list(inputs.files)
    jobs = effective_jobs(jobs)
    if jobs > 1 and "-" in files:
        raise click.UsageError("standard input cannot be read with --jobs")
    criteria = Criteria(players, results, events, validity, Options(board=board))
    for entry in inputs.skipped:
        click.echo(clean(f"{entry.path}: note: skipped: {entry.reason}"), err=True)
    if board is not None:  # B-4: say which board decides, and whether it is provisional
        note = (
            f"games replayed with {summary(board)}"
            if criteria.replays
            else "--board not used: --player and --event read the headers only"
        )
        click.echo(clean(f"note: {note}"), err=True)
    total = written = 0
    try:
        with ExitStack() as stack:
            executor, slots = stack.enter_context(workers(dask_address, jobs, files))
            out = _open(output, stack)
            moved = stack.enter_context(files_progress(files, "filtering"))
            selector = Selector(criteria, encoding, slots, executor)
            ended = True
            for matched, text in selector.run(files):
                moved(selector.progress)
                total += 1
                if matched:
                    if not ended:
                        out.write("\n")
                    out.write(text)
                    ended = text.endswith("\n")
                    written += 1
    except WriteError as problem:  # the output is left as it was
        click.echo(str(problem), err=True)
        sys.exit(1)
    where = "standard output" if output == "-" else output
    click.echo(clean(f"{written} of {total} games written to {where}"), err=True)


def _open(output: str, stack: ExitStack) -> IO[str]:
    if output == "-":
        return sys.stdout
    out: IO[str] = stack.enter_context(atomic_open(output))
    return out
