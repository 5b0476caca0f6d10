"""``mcn replay``: the state of a game at any decision of its record, as a player saw it.

The game is replayed with a copy of the state kept after every decision; ``--to`` picks the
last decision whose address is (or starts with) ADDRESS — a full address like ``3.5.2``, a
prefix like ``3`` or ``3.5``, or a variation address like ``3.5.2/1:3.6.1`` — or ``start``;
a round after the end of a partial record shows its end (with a note on standard error).
Text output is a picture of the state (:mod:`mcn.views.render`) and what happened since the previous
decision; ``--events`` lists every decision up to there with its events. ``--as`` shows only
what that player (or a spectator) could see; by default everything in the record is shown.

Exit status: 0 shown, 1 the record cannot be read (or has errors before ADDRESS), 2 usage.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from mcn.boards.profile import describe, summary
from mcn.commands.board import board_option
from mcn.commands.loader import RECORD, Record, load_game, record_source
from mcn.engine import GameState
from mcn.engine.data import Board
from mcn.io import quick_exit
from mcn.notation.model import Game
from mcn.replay import Diagnostic, GameReplay, Line, Step, address_matches, replay_game
from mcn.replay.spots import Spot, after
from mcn.views.projection import EVERYTHING, Projection, Viewer, path_to, viewer_label
from mcn.views.render import clean, render_events, render_state
from mcn.views.viewer import resolve_option

REPLAY_FORMAT = "mcn-replay/1"


def find(replay: GameReplay, target: str) -> tuple[Line, int] | None:
    """The line and step index of the last decision at or under ``target``."""
    lines = replay.lines() if "/" in target else ([replay.main] if replay.main else [])
    found: tuple[Line, int] | None = None
    for line in lines:
        for index, step in enumerate(line.steps):
            if address_matches(step.address, target):
                found = (line, index)
    return found


_ROUND = re.compile(r"[0-9]+")


def beyond(target: str, last: str) -> bool:
    """Whether ``target`` names a round after the round of ``last`` (the record ends first)."""
    head, last_head = target.split(".", 1)[0], last.split(".", 1)[0]
    if not _ROUND.fullmatch(head):
        return False
    if not _ROUND.fullmatch(last_head):
        return True
    # compared as digit strings: int() refuses more than 4,300 digits ('--to 999…')
    head, last_head = head.lstrip("0") or "0", last_head.lstrip("0") or "0"
    return (len(head), head) > (len(last_head), last_head)


@click.command("replay")
@click.argument("file", type=RECORD)
@click.option(
    "--game",
    "number",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Which game of the file (1-based).",
)
@click.option(
    "--to",
    "target",
    help="The state AFTER this decision (an address; a prefix such as 3: its last decision; "
    "start; end).",
)
@click.option(
    "--as",
    "viewer_name",
    help="Show what one player could see: R, red, the player's name, or 'spectator'.",
)
@click.option(
    "--format",
    "form",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
@click.option("--events", "all_events", is_flag=True, help="List every decision and its events.")
@board_option
@click.option(
    "--from",
    "first",
    help="List the events from this decision on (address or prefix; implies --events).",
)
def replay(
    file: str,
    number: int,
    target: str | None,
    viewer_name: str | None,
    form: str,
    all_events: bool,
    board: Board | None,
    first: str | None,
) -> None:
    """Show the state of game --game of FILE after decision --to (default: the end)."""
    quick_exit.allow()  # it only prints
    source = record_source(file)
    source.warn()
    game = load_game(source, number, masked=viewer_name is not None)
    viewer = resolve_option(viewer_name, [game], EVERYTHING)
    name = source.name
    result = replay_game(game, file=name, index=number, keep_states=True, board=board)
    main = result.main
    if main is None:
        _tell(result.diagnostics, viewer, result, source)
        sys.exit(1)
    steps: list[Step]
    shown: Line | None = main  # the line whose end is shown, if it is its end
    if target in (None, "end"):
        steps = list(main.steps)
        state = main.final if main.final is not None else main.start
    elif target == "start":
        steps, state, shown = [], main.start, None
    else:
        spot = after(result, target.strip())
        last = main.steps[-1].address if main.steps else "start"
        if spot is None and beyond(target.strip(), last) and main.steps:
            click.echo(
                f"note: the record ends at {last}, before {clean(target)}; showing its end",
                err=True,
            )
            spot = after(result, last)
        if spot is not None and spot.stopped is not None:
            if spot.address != target.strip():
                click.echo(
                    f"note: replay stopped at {spot.address} (an error), before reaching "
                    f"{clean(target)}: showing the state where it stopped",
                    err=True,
                )
            _show_refused(result, spot, viewer, form, all_events, first, name, number, source)
        if spot is None:
            raise click.BadParameter(
                f"no decision at '{clean(target)}' in game {number} (the main line runs from "
                f"setup.1 to {last})",
                param_hint="'--to'",
            )
        line, index = spot.line, spot.index
        steps = path_to(line, index)
        state = spot.state
        shown = line if index == len(line.steps) - 1 else None
    start = _first_index(steps, first)
    all_events = all_events or first is not None
    errors = [d for d in result.diagnostics if d.severity == "error"]
    _tell(errors, viewer, result, source)
    click.echo(
        show(
            game,
            state,
            steps,
            viewer,
            form=form,
            all_events=all_events,
            name=name,
            number=number,
            first=start,
        ),
        nl=False,
    )
    # a state shown at the end of a line that stopped at an error is not the record's whole
    # story: say so by the exit status
    stopped = shown is not None and (shown.error is not None or (shown is main and bool(errors)))
    sys.exit(1 if stopped else 0)


def show(
    game: Game,
    state: GameState,
    steps: list[Step],
    viewer: Viewer,
    *,
    form: str = "text",
    all_events: bool = False,
    name: str = "<string>",
    number: int = 1,
    first: int = 0,
) -> str:
    """What ``mcn replay`` prints for ``viewer`` standing after the last of ``steps`` (the path
    from the start of the game; ``state`` is the state there): everything goes through one
    :class:`~mcn.views.projection.Projection`, so no secret is formatted here."""
    if form == "json":
        data = show_json(
            state, steps, viewer, all_events=all_events, name=name, number=number, first=first
        )
        return json.dumps(data, indent=1) + "\n"
    return _text(game, state, Projection(steps, viewer), all_events, number, first)


def show_json(
    state: GameState,
    steps: list[Step],
    viewer: Viewer,
    *,
    all_events: bool = False,
    name: str = "<string>",
    number: int = 1,
    first: int = 0,
) -> dict[str, Any]:
    """The document ``mcn replay --format json`` prints (before serialising): equal data give
    equal bytes, so tests compare this cheaper form."""
    return _json(name, number, Projection(steps, viewer), state, all_events, first)


def _json(
    name: str, number: int, seen: Projection, state: GameState, all_events: bool, first: int = 0
) -> dict[str, Any]:
    last = seen.last
    data: dict[str, Any] = {
        "format": REPLAY_FORMAT,
        "file": name,
        "game": number,
        "address": seen.address,
        "viewer": viewer_label(seen.viewer),
        "move": None if last is None else last.to_json(events=False),
        "state": seen.state(state),
        "events": list(last.events) if last else [],
        "board": describe(state.board),  # B-4: which board, and whether provisional
    }
    known = seen.knowledge(state)
    if known is not None:
        data["knowledge"] = known.to_json()
    if all_events:
        data["log"] = [move.to_json() for move in seen.moves()[first:]]
    return data


def _text(
    game: Game, state: GameState, seen: Projection, all_events: bool, number: int, first: int = 0
) -> str:
    names = {c: game.header(t) or "" for c, t in (("R", "Red"), ("B", "Blue"), ("G", "Green"))}
    names["Y"] = game.header("Yellow") or ""
    title = seen.title(clean(game.header("Event") or ""), number)
    out = render_state(seen.state(state), names=names, title=title, heaven=state.board.heaven)
    moves = seen.moves()[first:] if all_events else ([seen.last] if seen.last else [])
    entries = [(m.address, m.label(), m.event_texts(causes=True)) for m in moves]
    out += f"BOARD            {summary(state.board).removeprefix('board ')}\n"  # B-4
    out += "\n"  # a blank line after the picture
    known = seen.knowledge(state)
    if known is not None:  # what the viewer can infer about the secrets that remain
        out += "\n".join(known.lines()) + "\n\n"
    if entries:
        out += ("EVENTS" if all_events else "SINCE THE PREVIOUS DECISION") + "\n"
        out += render_events(entries)
    return out


def _show_refused(
    result: GameReplay,
    spot: Spot,
    viewer: Viewer,
    form: str,
    all_events: bool,
    first: str | None,
    name: str,
    number: int,
    source: Record,
) -> NoReturn:
    """``--to`` the decision where the record has its error, or past it: the state where replay
    stopped and the move that was refused there, then the error as validate prints it; exit 1.
    ``--from`` picks the first decision listed, as on a sound record."""
    line, error = spot.line, spot.stopped
    assert error is not None
    steps = path_to(line, len(line.steps) - 1) if line.steps else []
    state = spot.state
    start = _first_index(steps, first)
    all_events = all_events or first is not None
    from mcn.diff.refusal import move_at  # a broken record only: the diff package is large
    from mcn.views.seen_errors import seen_diagnostic, seen_move_text

    move = move_at(result.game, error.span)
    written = "?" if move is None else f"{move.actor}: {seen_move_text(move, viewer, result)}"
    error = seen_diagnostic(error, viewer, result, source.lines())
    if form == "json":
        data = show_json(
            state, steps, viewer, all_events=all_events, name=name, number=number, first=start
        )
        data["refused"] = {
            "address": error.address,
            "move": written,
            "reason": error.message,
            "rule": error.rule,
        }
        click.echo(json.dumps(data, indent=1))
    else:
        text = show(
            result.game,
            state,
            steps,
            viewer,
            all_events=all_events,
            name=name,
            number=number,
            first=start,
        )
        rule = f" [{error.rule}]" if error.rule else ""
        click.echo(
            text + f"REFUSED AT {error.address}\n{clean(written)}\n    {clean(error.message)}{rule}"
        )
    click.echo(error.display(), err=True)
    sys.exit(1)


def _tell(
    diagnostics: Sequence[Diagnostic], viewer: Viewer, result: GameReplay, source: Record
) -> None:
    """Write ``diagnostics`` to standard error as ``viewer`` may see them
    (:mod:`mcn.views.seen_errors`, imported only when there is something to tell: a clean
    record's replay never needs it)."""
    if not diagnostics:
        return
    from mcn.views.seen_errors import seen_diagnostics

    for seen in seen_diagnostics(diagnostics, viewer, result, source.lines()):
        click.echo(seen.display(), err=True)


def _first_index(steps: list[Step], first: str | None) -> int:
    """The index in ``steps`` of the first decision at or under ``--from`` (0 without it)."""
    if first is None:
        return 0
    target = first.strip()
    if target in ("start", "setup"):
        return 0
    for index, step in enumerate(steps):
        if address_matches(step.address, target):
            return index
    last = steps[-1].address if steps else "start"
    raise click.BadParameter(
        f"no decision at '{clean(first)}' up to {last} (--from must come before --to)",
        param_hint="'--from'",
    )
