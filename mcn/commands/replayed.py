"""A record replayed for a command, broken or not: the state at any decision, and the stop.

A record with an error still tells everything up to the decision before it (the line stops
there). The commands that work on a replayed game and its stop — ``diff``, ``tree``,
``position``, ``legal`` — load it with :func:`load_replayed` (read by the one record loader,
:mod:`mcn.commands.loader`), work on what was replayed, then :func:`report_stop` says where
replay stopped and why (the error as ``validate`` prints it) and they exit 1. (``replay``
reads its game with the same loader and shows its stop in its own form, with the refused
move.)

``--at ADDRESS`` names a *pending* decision: the state before it (:func:`state_at`, one meaning
per address: :mod:`mcn.replay.spots`). It is a full address (``3.5.2``, ``3.bid.B``, a
variation's ``3.5.2/1:3.6.1``), a prefix (``3``: the first decision of round 3), ``start`` or
``end``; the decision where a line stopped, at an error (a refused bid's ``3.bid.R`` too) or at
the end of a partial record, is found, and any decision after an error is answered with the
state where replay stopped.
"""

from __future__ import annotations

from dataclasses import dataclass

import click

from mcn.commands.loader import Record, RecordError, load_game, record_source
from mcn.engine.data import Board
from mcn.replay import Diagnostic, GameReplay, replay_game
from mcn.replay.spots import Spot, before
from mcn.views.projection import EVERYTHING, Viewer
from mcn.views.render import clean
from mcn.views.seen_errors import seen_diagnostics

#: Diagnostic codes that mean a game cannot be replayed at all.
_FATAL = frozenset({"header", "internal"})


@dataclass(slots=True)
class Replayed:
    """A replay and the errors that stopped it (empty for a sound record)."""

    replay: GameReplay
    stops: list[Diagnostic]
    source: Record

    @property
    def broken(self) -> bool:
        return bool(self.stops)


def stops_of(replay: GameReplay) -> list[Diagnostic]:
    """The errors after which some line of play could not go on (main line first), and any
    error that kept the game from starting."""
    stopped = [
        line.error
        for line in replay.lines()
        if line.error is not None and line.error.severity == "error"
    ]
    fatal = [d for d in replay.diagnostics if d.severity == "error" and d.code in _FATAL]
    return fatal + [d for d in stopped if d not in fatal]


def load_replayed(
    path: str,
    number: int,
    *,
    keep_states: bool = True,
    board: Board | None = None,
    masked: bool = False,
) -> Replayed:
    """Parse game ``number`` of ``path`` and replay it as far as it goes.

    A record that does not parse, or whose game cannot start, raises :class:`RecordError`
    (exit 1, the errors printed); a game number the file does not have is a usage error.
    """
    source = record_source(path)
    source.warn()
    game = load_game(source, number, masked=masked)  # --as: error lines as the viewer reads them
    name = source.name
    replay = replay_game(game, file=name, index=number, keep_states=keep_states, board=board)
    stops = stops_of(replay)
    if replay.main is None:
        lines = [d.display() for d in stops] or [f"{name}: error: cannot replay game"]
        raise RecordError("\n".join(lines))
    return Replayed(replay, stops, source)


def report_stop(replayed: Replayed, viewer: Viewer = EVERYTHING) -> None:
    """Say where replay stopped and why, on standard error (nothing for a sound record): the
    error as ``validate`` prints it, with its source line and caret — as ``viewer`` may read
    them (:func:`mcn.views.seen_errors.seen_diagnostic`)."""
    lines = replayed.source.lines()
    shown = seen_diagnostics(replayed.stops, viewer, replayed.replay, lines)
    for diagnostic, seen in zip(replayed.stops, shown, strict=True):
        where = diagnostic.address or "the start"
        line = "the main line" if "/" not in where else "a variation"
        click.echo(f"note: replay of {line} stopped before {where}, at this error:", err=True)
        click.echo(seen.display(), err=True)


def state_at(replay: GameReplay, target: str) -> Spot:
    """The state *before* decision ``target`` (``--at``; :func:`mcn.replay.spots.before`: a
    prefix names its first decision); click.BadParameter if the record has none. At or after
    the decision where a line stopped, the state where it stopped (``spot.stopped`` set)."""
    spot = before(replay, target)
    if spot is None:
        main = replay.main
        assert main is not None
        last = main.steps[-1].address if main.steps else "setup.1"
        raise click.BadParameter(
            f"no decision at '{clean(target)}' (the main line runs from setup.1 to {last})",
            param_hint="'--at'",
        )
    return spot
