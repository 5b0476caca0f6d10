"""``mcn explore PATHS…``: the moves played at one decision across an archive, and how their
movers placed (an opening explorer, docs/explore.md).

``--at ADDRESS`` is the decision with that address in every game (the state before it, as for
``position`` and ``legal``; ``N.bid`` stands for all the bids of round N); ``--after "MOVES…"``
the decision reached after those moves, games merged by their sequence of public moves
(:mod:`mcn.explore.moves`); neither: the first decision. ``--as COLOUR`` reads every game as
that player saw it (the one projection): his own secrets shown, the others' merged as ``?``;
without it, as a spectator. Games are judged as ``mcn validate`` and ``mcn standings`` judge
them (:mod:`mcn.explore.archive`).

Exit status: 0 when every game stood (counted or unfinished) or was a copy, 1 when a game is
invalid or in conflict, or a file could not be read (the figures are still written), 2 usage.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import Any, Final

import click

from mcn.archive.batch import Runner
from mcn.archive.cluster import workers
from mcn.archive.judgement import CONFLICT, INVALID, Judgement
from mcn.boards.profile import describe, summary
from mcn.commands.judging import choices_for
from mcn.commands.reading import archive_options, complete_archive_viewer, parse_archive_viewer
from mcn.commands.validate import gather
from mcn.engine.constants import COLOUR_NAMES
from mcn.engine.data import Board
from mcn.explore.archive import Counted, options_for, read_archive
from mcn.explore.merge import Explorer, Places, Row
from mcn.explore.moves import MovesError, Seen, parse_moves
from mcn.explore.query import AtDecision, Reached
from mcn.explore.tally import percent, place_text, win_text
from mcn.io.inputs import Inputs, effective_jobs
from mcn.io.progress import files_progress
from mcn.tree import address_key
from mcn.views.projection import SPECTATOR, Viewer, viewer_label
from mcn.views.render import clean

EXPLORE_FORMAT: Final = "mcn-explore/1"
#: Invalid and conflicting games named one by one on standard error (the rest are counted).
LISTED: Final = 20
#: Grouped chance outcomes listed one by one in the text report (JSON lists them all).
OUTCOMES_SHOWN: Final = 8


def parse_viewer(value: str | None) -> Viewer:
    """``--as`` over an archive: a colour (``R``, ``red``) or ``spectator`` (the default)."""
    return parse_archive_viewer(value, SPECTATOR)


def viewer_option(function: click.decorators.FC) -> click.decorators.FC:
    return click.option(
        "--as",
        "viewer_name",
        metavar="COLOUR",
        shell_complete=complete_archive_viewer,
        help="Read every game as this player saw it (R, red, … or 'spectator', the default): "
        "his secrets shown, the others' merged, never shown.",
    )(function)


def split_chance_option(function: click.decorators.FC) -> click.decorators.FC:
    return click.option(
        "--split-chance",
        is_flag=True,
        help="Keep games with different chance outcomes apart (default: a chance decision is "
        "one grouped move, its outcomes counted under it).",
    )(function)


def check_address(value: str | None) -> str | None:
    """``--at``: a full main-line decision address (``3.5.1``, ``2.bid.R``, ``2.bid``)."""
    if value is None:
        return None
    text = value.strip()
    try:
        key = address_key(text)
    except ValueError:
        key = ()
    complete = len(key) == 4 or (len(key) == 3 and ".bid" in text)
    if "/" in text or ":" in text or not complete:
        raise click.BadParameter(
            f"'{value}' is not the address of a decision: write one like setup.2, 1.prep.1, "
            "1.bid.R (or 1.bid for every bid of round 1), 1.pick.3 or 3.5.1 "
            '(docs/notation.md, "Decision addresses")',
            param_hint="'--at'",
        )
    return text


def check_after(value: str | None) -> tuple[str, ...]:
    """``--after``: the moves, each read by the engine's parser (a usage error with the column
    of the mistake)."""
    if value is None:
        return ()
    try:
        return parse_moves(value)
    except MovesError as error:
        raise click.BadParameter(
            f"--after:{error.column}: {error.message}\n    {value}\n"
            f"    {' ' * (error.column - 1)}^",
            param_hint="'--after'",
        ) from None


def start_read(
    paths: tuple[str, ...],
    include: tuple[str, ...],
    encoding: str,
    jobs: int,
    prefer: tuple[str, ...],
    supersedes: tuple[str, ...],
    schedule_file: str | None,
    board: Board | None,
) -> tuple[Inputs, list[str], Judgement, int]:
    """The inputs and judgement of a read (the checks ``standings`` makes, the same errors)."""
    inputs = gather(paths, include, encoding)
    files = list(inputs.files)
    jobs = effective_jobs(jobs)
    if jobs > 1 and "-" in files:
        raise click.UsageError("standard input cannot be read with --jobs")
    judgement = Judgement(choices_for(inputs, prefer, supersedes, schedule_file))
    for skipped in inputs.skipped:
        click.echo(clean(f"{skipped.path}: note: skipped: {skipped.reason}"), err=True)
    if board is not None:  # B-4: which board decides, and whether it has provisional values
        click.echo(clean(f"note: games replayed with {summary(board)}"), err=True)
    return inputs, files, judgement, jobs


def run_read(
    files: list[str],
    judgement: Judgement,
    examiner: Any,
    jobs: int,
    dask_address: str | None,
    encoding: str,
    expect_players: int | None,
    board: Board | None,
    count: Callable[[Any, Places], Any],
    take_back: Callable[[Any, Places], None],
    label: str,
) -> Counted[Any]:
    """Read the archive through the workers, with a progress bar on a terminal."""
    options = options_for(examiner, expect_players, board)
    with ExitStack() as stack:
        executor, slots = stack.enter_context(workers(dask_address, jobs, files))
        moved = stack.enter_context(files_progress(files, label))
        runner = Runner(options, encoding, slots, executor)
        return read_archive(runner, files, judgement, count, take_back, moved)


def left_out_lines(counted: Counted[Any]) -> list[str]:
    """The games not counted and why, for standard error: each invalid game with its first
    error as ``validate`` writes it (``file:line:col: error: ADDRESS: reason [RULE] (game
    N)``) and each conflict, the first :data:`LISTED` of them; copies and superseded games
    (the judgement's ordinary work) in one line with their counts; the files that could not
    be read."""
    lines = []
    problems = [e for e in counted.left_out if e.status in (INVALID, CONFLICT)]
    set_aside = Counter(e.status for e in counted.left_out if e.status not in (INVALID, CONFLICT))
    for entry in problems[:LISTED]:
        error = counted.errors.get((entry.file, entry.game))
        if entry.status == INVALID and error is not None:
            lines.append(clean(f"not counted: invalid: {error}"))
            continue
        reason = entry.reason if entry.status == INVALID else entry.note
        text = f"{entry.file}: game {entry.game}: not counted: {entry.status}: {reason}"
        lines.append(clean(text))
    if len(problems) > LISTED:
        lines.append(f"… and {len(problems) - LISTED} more not counted (mcn validate lists them)")
    if set_aside:
        parts = ", ".join(f"{count} {status}" for status, count in sorted(set_aside.items()))
        lines.append(f"note: not counted: {parts}: another copy counts (mcn validate names them)")
    for note in counted.outcome.problems:
        lines.append(clean(f"{note.file}: error: {note.message}"))
    for note in counted.outcome.encodings:
        lines.append(clean(f"{note.file}: warning: encoding guessed: {note.message}"))
    return lines


def failed(counted: Counted[Any]) -> bool:
    """Whether the exit status says something was wrong (as ``mcn standings`` does)."""
    return bool(counted.outcome.problems) or any(
        e.status in (INVALID, CONFLICT) for e in counted.left_out
    )


def where_text(at: str | None, after: Sequence[str]) -> str:
    if at is not None:
        return f"at {at} (the decision with this address in every game)"
    if after:
        return "after " + "; ".join(after)
    return "at the start of the game"


def _row_json(row: Row, reached: int, after: Sequence[str] | None) -> dict[str, Any]:
    chance = row.chance is not None
    data: dict[str, Any] = {
        "move": row.key,
        "actor": row.actor,
        "chance": chance,
        "addresses": sorted(row.addresses, key=address_key),
        "share": round(row.tally.games / reached, 4) if reached else None,
        **row.tally.to_json(mover=not chance),
    }
    if row.outcomes:
        data["outcomes"] = [
            {
                "move": move,
                "games": games,
                "after": None if after is None else "; ".join([*after, move]),
            }
            for move, games in sorted(row.outcomes.items(), key=lambda item: (-item[1], item[0]))
        ]
    if after is not None:
        data["after"] = "; ".join([*after, row.key]) if not row.outcomes else None
    return data


def render_json(
    explorer: Explorer,
    counted: Counted[Any],
    viewer: Viewer,
    at: str | None,
    after: Sequence[str],
    inputs: Inputs,
    board: Board | None,
) -> str:
    reached = explorer.reached.games
    data = {
        "format": EXPLORE_FORMAT,
        "viewer": viewer_label(viewer),
        "chance": "split" if explorer.split_chance else "grouped",
        "at": at,
        "after": list(after) if at is None else None,
        "board": describe(board) if board is not None else None,
        "games": counted.kept,
        "finished": counted.finished,
        "reached": reached,
        "reached_finished": explorer.reached.finished,
        "ended_here": explorer.ended,
        "moves": [
            _row_json(r, reached, None if at is not None else after) for r in explorer.ordered()
        ],
        "judgement": counted.outcome.to_json()["summary"],
        "skipped": [s.to_json() for s in inputs.skipped],
    }
    return json.dumps(data, indent=1) + "\n"


def _initial(text: str) -> str:
    return text[:1].upper() + text[1:]


_HEADINGS: Final = ("Move", "Games", "Share", "Win rate [95% CI]", "Avg place [95% CI]")


def render_text(
    explorer: Explorer, counted: Counted[Any], viewer: Viewer, at: str | None, after: Sequence[str]
) -> str:
    who = "a spectator" if viewer is None else f"{COLOUR_NAMES[str(viewer)]} ({viewer})"
    chance = "split" if explorer.split_chance else "grouped"
    games = counted.kept
    out = [
        f"Explorer: {games} game{'s' * (games != 1)} ({counted.finished} finished), "
        f"seen as {who}, chance outcomes {chance}",
        clean(_initial(where_text(at, after))),
    ]
    reached = explorer.reached
    if reached.games == 0:
        out.append("No counted game reaches this decision.")
        return "\n".join(out) + "\n"
    ended = f"; {explorer.ended} end here" if explorer.ended else ""
    out.append(f"Reached by {reached.games} games ({reached.finished} finished{ended})")
    out.append("")
    rows: list[tuple[str, ...]] = [_HEADINGS]
    for row in explorer.ordered():
        tally = row.tally
        share = percent(tally.games / reached.games)
        if row.chance is not None:
            rows.append((row.key, str(tally.games), share, "", ""))
            ordered = sorted(row.outcomes.items(), key=lambda item: (-item[1], item[0]))
            for move, count in ordered[:OUTCOMES_SHOWN]:
                rows.append(("  " + move, str(count), percent(count / reached.games), "", ""))
            if len(ordered) > OUTCOMES_SHOWN:
                rest = len(ordered) - OUTCOMES_SHOWN
                rows.append((f"  … {rest} more outcome{'s' * (rest != 1)}", "", "", "", ""))
            continue
        rows.append((row.key, str(tally.games), share, win_text(tally), place_text(tally)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(_HEADINGS))]
    for cells in rows:
        line = "  ".join(
            c.ljust(w) if i in (0, 3, 4) else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )
        out.append(clean(line.rstrip()))
    return "\n".join(out) + "\n"


@click.command("explore")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, allow_dash=True))
@click.option(
    "--at",
    "at_text",
    metavar="ADDRESS",
    help="The decision with this address in every game (the state before it): 3.5.1, "
    "2.bid.R, or 2.bid for every bid of round 2.",
)
@click.option(
    "--after",
    "after_text",
    metavar='"MOVES…"',
    help="The decision reached after these moves, written as in a record ('R: bid 3+5  "
    "B: bid ?' or separated by ';'); chance, forced moves and a turn's end may be left out.",
)
@viewer_option
@split_chance_option
@click.option(
    "--format",
    "form",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output format.",
)
@archive_options("Leave out (as invalid) every game with another number of players.")
def explore(
    paths: tuple[str, ...],
    at_text: str | None,
    after_text: str | None,
    viewer_name: str | None,
    split_chance: bool,
    form: str,
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
    """The moves played at one decision across the games of PATHS (files, directories, -),
    how often, and how their movers placed (win rate and average place with 95 % intervals)."""
    if at_text is not None and after_text is not None:
        raise click.UsageError("give --at ADDRESS or --after MOVES, not both")
    at = check_address(at_text)
    after = check_after(after_text)
    viewer = parse_viewer(viewer_name)
    inputs, files, judgement, jobs = start_read(
        paths, include, encoding, jobs, prefer, supersedes, schedule_file, board
    )
    explorer = Explorer(split_chance)

    def count(answer: Reached, places: Places) -> tuple[Seen, ...]:
        explorer.add(answer.moves, places)
        return answer.moves

    def take_back(moves: tuple[Seen, ...], places: Places) -> None:
        explorer.remove(moves, places)

    examiner = AtDecision(viewer, at, after)
    counted = run_read(
        files,
        judgement,
        examiner,
        jobs,
        dask_address,
        encoding,
        expect_players,
        board,
        count,
        take_back,
        "exploring",
    )
    for line in left_out_lines(counted):
        click.echo(line, err=True)
    if form == "json":
        sys.stdout.write(render_json(explorer, counted, viewer, at, after, inputs, board))
    else:
        sys.stdout.write(render_text(explorer, counted, viewer, at, after))
    sys.exit(1 if failed(counted) else 0)
