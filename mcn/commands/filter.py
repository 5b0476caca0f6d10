"""``mcn filter PATHS… -o OUT``: write the games that match, as written (pgn-extract style).

Every game is judged as ``mcn validate`` and ``mcn standings`` judge it — one judgement of the
folder (:mod:`mcn.archive.judgement`): replayed, ``--expect-players`` and ``--board`` applied,
and of several copies of one game only the copy that counts is written (``--prefer``,
``--supersedes``, else the earliest modification time, then the path). ``--valid`` writes the
games that stand (counted or unfinished; a conflict counts for nobody and is left out),
``--invalid`` the invalid ones.

Each game is written as its source text — comments and layout included — in one line-end
convention: LF (``\\n``), whatever each submission used, so the archive never mixes CRLF and LF;
games are separated by a blank line.
Output is UTF-8; a game read in another encoding (``--encoding auto`` falls back to
Windows-1252, said on standard error) is written with the same characters in UTF-8.

Criteria combine with AND; a repeated ``--event`` or ``--result`` matches any of its values,
a repeated ``--player`` needs every player named. ``--result`` is the result the replay
decides, never the tag's claim. The games are judged first (in order, in ``--jobs N``
processes or on a Dask cluster, :mod:`mcn.archive.cluster`) and spooled to a temporary file; once
the whole folder is judged the chosen ones are copied to the output in input order, so the
output is the same, byte for byte, however many workers judged, and memory stays flat.
"""

from __future__ import annotations

import sys
import tempfile
from contextlib import ExitStack
from typing import IO, Any

import click

from mcn.archive.batch import Runner
from mcn.archive.checking import Options
from mcn.archive.cluster import workers
from mcn.archive.judgement import CONFLICT, DUPLICATE, SUPERSEDED, Entry, Judgement
from mcn.archive.selection import Criteria
from mcn.boards.profile import summary
from mcn.commands.judging import choices_for
from mcn.commands.reading import archive_options
from mcn.commands.validate import gather
from mcn.engine.data import Board
from mcn.io.inputs import effective_jobs
from mcn.io.output import open_output
from mcn.io.progress import files_progress
from mcn.io.safe_write import WriteError, atomic_open
from mcn.views.render import clean


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
@click.option(
    "--valid/--invalid",
    "validity",
    default=None,
    help="Only the games that stand (valid; counted or unfinished) / only invalid games.",
)
@click.option(
    "-o",
    "--output",
    default="-",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write here (default: standard output).",
)
@archive_options("A game with another number of players is invalid.")
def filter_(
    paths: tuple[str, ...],
    players: tuple[str, ...],
    results: tuple[str, ...],
    events: tuple[str, ...],
    validity: bool | None,
    expect_players: int | None,
    output: str,
    prefer: tuple[str, ...],
    supersedes: tuple[str, ...],
    schedule_file: str | None,
    board: Board | None,
    jobs: int,
    dask_address: str | None,
    encoding: str,
    include: tuple[str, ...],
) -> None:
    """Write the games of PATHS that match every criterion, each as written (LF line ends);
    of several copies of one game, only the copy that counts."""
    inputs = gather(paths, include, encoding)
    files = list(inputs.files)
    jobs = effective_jobs(jobs)
    if jobs > 1 and "-" in files:
        raise click.UsageError("standard input cannot be read with --jobs")
    judgement = Judgement(choices_for(inputs, prefer, supersedes, schedule_file))
    criteria = Criteria(players, results, events, validity)
    for skipped in inputs.skipped:
        click.echo(clean(f"{skipped.path}: note: skipped: {skipped.reason}"), err=True)
    if board is not None:  # B-4: say which board decides, and whether it is provisional
        click.echo(clean(f"note: games replayed with {summary(board)}"), err=True)
    options = Options(expect_players=expect_players, board=board)
    written = 0
    try:
        with ExitStack() as stack:
            spool = stack.enter_context(tempfile.TemporaryFile())
            kept: list[tuple[Entry, int, int]] = []
            executor, slots = stack.enter_context(workers(dask_address, jobs, files))
            moved = stack.enter_context(files_progress(files, "filtering"))
            runner = Runner(options, encoding, slots, executor, texts=True)
            for report in runner.run(files):
                moved(runner.progress)
                refuse_unread(report)
                entry = judgement.add(report, criteria.matches(report))
                if entry is not None and entry.matched and report.text is not None:
                    data = _encoded(report)
                    kept.append((entry, spool.tell(), len(data)))
                    spool.write(data)
            outcome = judgement.decide()
            out = _open(output, stack)
            previous = None
            for game, offset, size in kept:
                if not criteria.selects(game):
                    continue
                spool.seek(offset)
                text = spool.read(size).decode("utf-8")
                if previous is not None:
                    out.write(separator(previous))
                out.write(text)
                previous = text
                written += 1
    except WriteError as problem:  # the output is left as it was
        click.echo(str(problem), err=True)
        sys.exit(1)
    for note in outcome.encodings:
        click.echo(clean(f"{note.file}: warning: encoding guessed: {note.message}"), err=True)
    left = [
        f"{outcome.count(s)} {s}"
        for s in (DUPLICATE, CONFLICT, SUPERSEDED)
        if any(e.status == s and e.matched for e in outcome.entries)
    ]
    total = len(outcome.entries)
    where = "standard output" if output == "-" else output
    apart = f" (left out: {', '.join(left)}; see mcn validate)" if left else ""
    click.echo(clean(f"{written} of {total} games written to {where}{apart}"), err=True)


def _encoded(report: Any) -> bytes:
    """A game's text as written (LF line ends), in UTF-8. A lone surrogate — what
    ``--encoding unicode_escape`` or ``raw_unicode_escape`` makes of ``\\udcff`` — is no
    character and has no UTF-8 form: it is written as that escape again, with a warning
    (the game is invalid anyway; the reader reports the surrogate), never a traceback."""
    text = one_line_end(report.text)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        where = f"{report.file}:{report.line}" if report.line else report.file
        lone = next(c for c in text if "\ud800" <= c <= "\udfff")
        click.echo(
            clean(
                f"{where}: warning: game {report.game}: a lone surrogate (not a character) "
                f"written as its escape \\u{ord(lone):04x}"
            ),
            err=True,
        )
        return text.encode("utf-8", "backslashreplace")


def refuse_unread(report: Any) -> None:
    """A game whose text was too long to keep (a line or a game past the limits of
    docs/notation.md, "Limits") cannot be written as written: say so and write nothing,
    rather than count it as written with no text (issue 24)."""
    for diagnostic in report.diagnostics:
        message = diagnostic.message
        if diagnostic.severity == "error" and "longer than" in message and "Limits" in message:
            click.echo(clean(diagnostic.text()), err=True)
            click.echo("nothing written: a game could not be read whole", err=True)
            sys.exit(1)


def separator(previous: str) -> str:
    """What goes between a game and the next: a blank line, unless the game's own text ends
    with one (a game cut off inside its last line gets its line break first)."""
    if previous.endswith("\n\n"):
        return ""
    return "\n" if previous.endswith("\n") else "\n\n"


def one_line_end(text: str) -> str:
    """``text`` with every line end LF (CRLF and lone CR converted)."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _open(output: str, stack: ExitStack) -> IO[str]:
    if output == "-":
        return stack.enter_context(open_output(None))  # a terminal sees controls escaped
    out: IO[str] = stack.enter_context(atomic_open(output))
    return out
