"""``mcn standings PATHS…``: the standings of a folder of submissions.

Every game is checked as ``mcn validate`` checks it (:mod:`mcn.archive.checking`), then counted
(:mod:`mcn.archive.standings`). Output as an aligned text table, CSV, JSON
(schemas/standings.schema.json), Markdown or a small HTML page. Player names come from the
records and are untrusted: every format escapes them (CSV cells that a spreadsheet would run
as a formula are prefixed with ``'``; Markdown and HTML special characters are escaped;
control characters never reach a terminal).

Exit status: 0 when every game counted or was left out only as unfinished or duplicate, 1 when
a game is invalid or a file could not be read (the standings are still written), 2 usage error.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable
from typing import Final

import click

from mcn.archive.batch import Runner
from mcn.archive.checking import Options
from mcn.archive.cluster import workers
from mcn.archive.judgement import CONFLICT, INVALID, Judgement, missing_text
from mcn.archive.standings import (
    PAIRWISE,
    STANDINGS_FORMAT,
    Row,
    Scoring,
    Standings,
    Table,
    compute,
    csv_cell,
    markdown_cell,
    parse_scoring,
    rules_lines,
)
from mcn.archive.tiebreaks import TieBreaks, parse_tie_breaks
from mcn.boards.profile import describe, summary
from mcn.commands.judging import choices_for
from mcn.commands.reading import archive_options
from mcn.commands.validate import gather
from mcn.engine.data import Board
from mcn.io.inputs import Inputs, effective_jobs
from mcn.io.output import open_output
from mcn.io.progress import files_progress
from mcn.site.build import PublicNames, standings_page
from mcn.views.render import clean

HEADINGS: Final = ("Rank", "Player", "Games", "Wins", "1st", "2nd", "3rd", "4th", "Points")
CSV_HEADINGS: Final = (
    "rank",
    "player",
    "games",
    "wins",
    "first",
    "second",
    "third",
    "fourth",
    "points",
)


def points_text(row: Row) -> str:
    value = row.points
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def cells(row: Row) -> list[str]:
    return (
        [str(row.rank), row.name, str(row.games), str(row.wins)]
        + [str(n) for n in row.places]
        + [points_text(row)]
    )


def _title(table: Table) -> str:
    return f"Event: {table.event or '(no event)'}" if table.event is not None else "Standings"


def render_text(standings: Standings) -> str:
    out: list[str] = [clean(line) for line in rules_lines(standings)] + [""]
    for table in standings.tables:
        out.append(clean(f"{_title(table)} — {table.games} game{'s' * (table.games != 1)}"))
        rows = [list(HEADINGS)] + [[clean(c) for c in cells(r)] for r in table.rows]
        widths = [max(len(r[i]) for r in rows) for i in range(len(HEADINGS))]
        for row in rows:
            line = "  ".join(
                c.ljust(w) if i == 1 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
            out.append(line.rstrip())
        out.append("")
    if not standings.tables:
        out.append("No valid finished game to count.\n")
    out.extend(_apart_lines(standings, clean))
    return "\n".join(out).rstrip("\n") + "\n"


def _apart_lines(standings: Standings, escape: Callable[[str], str]) -> list[str]:
    out = []
    if standings.missing:
        out.append(f"Tables that handed in nothing ({len(standings.missing)}):")
        out.extend(escape(f"  {missing_text(t)}") for t in standings.missing)
    for note in standings.encodings:
        out.append(escape(f"{note.file}: encoding guessed: {note.message}"))
    if standings.excluded:
        out.append(f"Not counted ({len(standings.excluded)}):")
        for entry in standings.excluded:
            game = f" game {entry.game}" if entry.game else ""
            out.append(escape(f"  {entry.file}{game}: {entry.kind}: {entry.reason}"))
    for warning in standings.warnings:
        out.append(escape(f"warning: {warning}"))
    return out


def render_csv(standings: Standings, by_event: bool) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow((("event",) if by_event else ()) + CSV_HEADINGS)
    for table in standings.tables:
        for row in table.rows:
            event = [csv_cell(table.event or "")] if by_event else []
            writer.writerow(event + [csv_cell(c) for c in cells(row)])
    return buffer.getvalue()


def render_markdown(standings: Standings) -> str:
    out: list[str] = [markdown_cell(line) + "  " for line in rules_lines(standings)] + [""]
    for table in standings.tables:
        out.append(f"## {markdown_cell(_title(table))}\n")
        out.append("| " + " | ".join(HEADINGS) + " |")
        out.append("|" + "|".join("---:" if h != "Player" else "---" for h in HEADINGS) + "|")
        for row in table.rows:
            out.append("| " + " | ".join(markdown_cell(c) for c in cells(row)) + " |")
        out.append("")
    if standings.missing:
        out.append("## Tables that handed in nothing\n")
        out.extend(f"- {markdown_cell(missing_text(t))}" for t in standings.missing)
        out.append("")
    if standings.encodings:
        out.append("## Encodings guessed\n")
        for note in standings.encodings:
            out.append(f"- {markdown_cell(f'{note.file}: {note.message}')}")
        out.append("")
    if standings.excluded or standings.warnings:
        out.append("## Not counted\n")
        for entry in standings.excluded:
            game = f" game {entry.game}" if entry.game else ""
            out.append(f"- {markdown_cell(f'{entry.file}{game}: {entry.kind}: {entry.reason}')}")
        for warning in standings.warnings:
            out.append(f"- warning: {markdown_cell(warning)}")
        out.append("")
    return "\n".join(out)


def render_json(standings: Standings, inputs: Inputs, board: Board | None = None) -> str:
    data = {
        "format": STANDINGS_FORMAT,
        "board": describe(board) if board is not None else None,
        "scoring": standings.scoring.to_json(),
        "tie_breaks": standings.ties.to_json(),
        "tables": [t.to_json() for t in standings.tables],
        "excluded": [x.to_json() for x in standings.excluded],
        "warnings": standings.warnings,
        "encodings": [n.to_json() for n in standings.encodings],
        "missing_tables": [t.to_json() for t in standings.missing],
        "skipped": [s.to_json() for s in inputs.skipped],
        "summary": {
            "games": standings.games,
            "counted": sum(t.games for t in standings.tables),
            "excluded": len(standings.excluded),
        },
    }
    return json.dumps(data, indent=1) + "\n"


def _scoring(ctx: click.Context, param: click.Parameter, value: str) -> Scoring:
    try:
        return parse_scoring(value)
    except ValueError as problem:
        raise click.BadParameter(str(problem)) from None


def _tie_breaks(ctx: click.Context, param: click.Parameter, value: str | None) -> TieBreaks:
    if value is None:
        return TieBreaks()
    try:
        return parse_tie_breaks(value)
    except ValueError as problem:
        raise click.BadParameter(str(problem)) from None


def points_option(function: click.decorators.FC) -> click.decorators.FC:
    """``--points``: the scoring."""
    return click.option(
        "--points",
        "scoring",
        default=PAIRWISE,
        show_default=True,
        callback=_scoring,
        help="Scoring: 'pairwise' (1 point per opponent placed below, 1/2 per opponent sharing "
        "the place) or points per place, e.g. 3,1,0,0.",
    )(function)


def tie_break_option(function: click.decorators.FC) -> click.decorators.FC:
    """``--tie-break LIST``: what separates players with equal points, in order."""
    return click.option(
        "--tie-break",
        "ties",
        callback=_tie_breaks,
        metavar="LIST",
        help="What separates equal points, in order (comma-separated): wins, places "
        "(countback of 1st, 2nd, 3rd places), average-place, head-to-head, buchholz "
        "(opponents' points). Default: wins,places,average-place.",
    )(function)


@click.command("standings")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, allow_dash=True))
@click.option(
    "--format",
    "form",
    type=click.Choice(["text", "csv", "json", "md", "html"]),
    default="text",
    show_default=True,
    help="Output format (json: schemas/standings.schema.json).",
)
@points_option
@click.option(
    "--event", "events", multiple=True, help="Count only games of this [Event] (repeatable)."
)
@click.option("--by-event", is_flag=True, help="One table per [Event].")
@tie_break_option
@archive_options("Leave out (as invalid) every game with another number of players.")
def standings(
    paths: tuple[str, ...],
    form: str,
    scoring: Scoring,
    events: tuple[str, ...],
    by_event: bool,
    ties: TieBreaks,
    expect_players: int | None,
    board: Board | None,
    jobs: int,
    dask_address: str | None,
    encoding: str,
    include: tuple[str, ...],
    prefer: tuple[str, ...],
    supersedes: tuple[str, ...],
    schedule_file: str | None,
) -> None:
    """Standings per player across the valid games in PATHS (files, directories, -).

    Invalid, unfinished and duplicate games are listed apart and never counted.
    """
    inputs = gather(paths, include, encoding)
    jobs = effective_jobs(jobs)
    if jobs > 1 and "-" in inputs.files:
        raise click.UsageError("standard input cannot be read with --jobs")
    files = list(inputs.files)
    judgement = Judgement(choices_for(inputs, prefer, supersedes, schedule_file))
    if board is not None:  # B-4: which board decides, and whether it has provisional values
        click.echo(clean(f"note: games replayed with {summary(board)}"), err=True)
    options = Options(expect_players=expect_players, board=board)
    with workers(dask_address, jobs, files) as (executor, slots):
        runner = Runner(options, encoding, slots, executor)
        with files_progress(files, "counting") as moved:
            for report in runner.run(files):
                judgement.add(report)
                moved(runner.progress)
    result = compute(judgement.decide(), scoring, events, by_event, ties)
    if form == "csv":
        _write(render_csv(result, by_event))
        for line in _apart_lines(result, clean):
            click.echo(line, err=True)
    elif form == "json":
        _write(render_json(result, inputs, board))
    elif form == "md":
        _write(render_markdown(result))
    elif form == "html":
        _write(standings_page(result, PublicNames(paths, files)))
    else:
        for entry in inputs.skipped:
            click.echo(clean(f"{entry.path}: note: skipped: {entry.reason}"))
        sys.stdout.write(render_text(result))
    failed = any(x.kind in (INVALID, CONFLICT) for x in result.excluded)
    sys.exit(1 if failed else 0)


def _write(text: str) -> None:
    """A document (CSV, JSON, Markdown, HTML) to standard output: its own bytes for a pipe or a
    file; on a terminal with the records' control characters and bidi marks shown escaped, as
    every output of a record is (:func:`mcn.io.output.open_output`, issue 24)."""
    with open_output(None) as out:
        out.write(text)
