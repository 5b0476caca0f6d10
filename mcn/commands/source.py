"""Where ``position`` and ``legal`` read a game state from: a record at a decision, or a
position given directly (its text on the command line, or a file holding its text or its JSON
twin). A broken position is bad input: its problem is printed naming the field, exit 1."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import click

from mcn.engine import GameState
from mcn.engine.constants import COLOUR_NAMES
from mcn.engine.data import Board
from mcn.position import (
    TAG,
    Position,
    PositionError,
    is_masked,
    parse_position,
    state_from_position,
)
from mcn.position.checks import problems
from mcn.views.projection import EVERYTHING, Viewer, memory_of, path_to
from mcn.views.render import clean

if TYPE_CHECKING:
    from mcn.commands.replayed import Replayed
    from mcn.knowledge.memory import Memory
    from mcn.replay import Step

# The record side (mcn.commands.replayed: the notation, Lark and replay) is imported where a
# record is read, not at start-up: `mcn position TEXT` and `mcn legal TEXT` never need it.


def _record_error(message: str) -> Exception:
    from mcn.commands.loader import RecordError

    return RecordError(message)


_PREFIX = TAG.split("/", 1)[0] + "/"


@dataclass(slots=True)
class Source:
    """A state to show: from a record (``replayed`` set, ``address`` the pending decision) or
    from a position (``position`` set)."""

    state: GameState | None
    address: str
    replayed: Replayed | None = None
    position: Position | None = None
    name: str = "<position>"
    #: The steps from the start of the game to the decision (a record's path; I-HID-5: what a
    #: viewer remembers is computed from it).
    path: list[Step] = field(default_factory=list)

    def memory(self, viewer: Viewer) -> Memory | None:
        """What ``viewer`` remembers at this decision (None for everything or a position)."""
        if self.state is None or self.replayed is None:
            return None
        return memory_of(self.path, self.state, viewer)


def is_position_text(source: str) -> bool:
    return source.lstrip().startswith(_PREFIX)


def read_position(source: str) -> tuple[Position, str]:
    """The position written in ``source`` (its text, or a file of its text or JSON twin)."""
    name = "<position>"
    text = source
    if not is_position_text(source):
        name = "<stdin>" if source == "-" else source
        try:
            if source == "-":
                text = sys.stdin.read()
            else:
                with open(source, encoding="utf-8") as handle:
                    text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            raise _record_error(f"{clean(name)}: error: cannot read: {error}") from None
    try:
        if text.lstrip().startswith("{"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError as error:
                raise _record_error(
                    f"{clean(name)}:{error.lineno}:{error.colno}: error: not JSON: {error.msg}"
                ) from None
            found = problems(data) if isinstance(data, dict) else []
            if found or not isinstance(data, dict):
                raise found[0] if found else PositionError("position", "not a JSON object")
            return data, name
        return parse_position(text), name
    except PositionError as error:
        column = f":1:{error.column}" if error.column else ""
        raise _record_error(
            f"{clean(name)}{column}: error: position: {clean(str(error))}"
        ) from None


def state_of(position: Position, name: str) -> GameState:
    try:
        return state_from_position(position)
    except PositionError as error:
        raise _record_error(f"{clean(name)}: error: position: {clean(str(error))}") from None


def is_position_file(source: str) -> bool:
    """A file that holds a position rather than a record (``.json``, or text starting with the
    position's tag)."""
    if source == "-" or not os.path.isfile(source):
        return False
    if source.endswith(".json"):
        return True
    try:
        with open(source, encoding="utf-8") as handle:
            return is_position_text(handle.read(64))
    except (OSError, UnicodeDecodeError):
        return False


def load_source(
    source: str,
    number: int,
    target: str | None,
    *,
    playable: bool,
    board: Board | None = None,
    viewer_name: str | None = None,
) -> Source:
    """The state ``source`` stands for. ``playable``: the caller needs a full state (not a
    viewer's position). ``viewer_name`` (``--as``) is whose eyes read the error of a record
    broken before ``target``."""
    if is_position_text(source) or is_position_file(source):
        if target not in (None, "start"):
            raise click.BadParameter(
                "a position is one decision: --at is for records", param_hint="'--at'"
            )
        position, name = read_position(source)
        if is_masked(position) and not playable:
            return Source(None, position["next"], position=position, name=name)
        state = state_of(position, name)
        return Source(state, state.pending_address(), position=position, name=name)
    if not os.path.exists(source) and source != "-":
        raise click.BadParameter(
            f"'{clean(source)}' is neither a file nor a position ({TAG} …)", param_hint="'SOURCE'"
        )
    from mcn.commands.replayed import load_replayed, report_stop, state_at

    replayed = load_replayed(source, number, board=board, masked=viewer_name is not None)
    try:
        spot = state_at(replayed.replay, target or "end")
    except click.BadParameter:
        if replayed.broken:
            from mcn.views.viewer import check_spelling, resolve_option

            viewer: Viewer = EVERYTHING
            if viewer_name is not None:
                check_spelling(viewer_name)
                viewer = resolve_option(viewer_name, [replayed.replay.game], EVERYTHING)
            report_stop(replayed, viewer)
            sys.exit(1)
        raise
    if spot.stopped is not None and target not in (None, "end"):
        asked = clean(target or "")
        if asked.strip() != spot.address:
            click.echo(
                f"note: replay stopped at {spot.address} (an error), before {asked}: "
                f"showing the state where it stopped",
                err=True,
            )
    path = path_to(spot.line, spot.index - 1)
    return Source(spot.state, spot.address, replayed=replayed, name=source, path=path)


def viewer_of(value: str | None, source: Source) -> Viewer:
    """``--as`` (mcn.views.viewer): a colour, a player's name from the record, ``spectator`` (None);
    everything when not given."""
    if value is None:
        return EVERYTHING
    # Imported only for --as: the record model brings the whole notation package with it.
    from mcn.notation.model import Game, Header
    from mcn.views.viewer import check_spelling, resolve_option

    check_spelling(value)
    if source.replayed is not None:
        game = source.replayed.replay.game
    else:  # a position names colours only
        if source.state is not None:
            players = source.state.players
        else:
            assert source.position is not None
            players = tuple(source.position["players"])
        game = Game(tuple(Header(COLOUR_NAMES[c], "") for c in players), ())
    return resolve_option(value, [game], EVERYTHING)


def finish(source: Source, viewer: Viewer = EVERYTHING) -> None:
    """Exit as the source deserves: 1 (after saying where it stopped, as ``viewer`` may read
    it) for a broken record."""
    if source.replayed is not None and source.replayed.broken:
        from mcn.commands.replayed import report_stop

        report_stop(source.replayed, viewer)
        sys.exit(1)
