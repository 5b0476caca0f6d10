"""``mcn position SOURCE [--at ADDRESS] [--as COLOUR]``: a game state as one line (MCN's FEN).

SOURCE is a record (the state before decision ``--at``; default its end) or a position itself
(its text, or a file of its text or JSON twin), which is then checked and printed canonically.
A viewer's position (``--as``) shows ``?`` for what that viewer cannot see. With
``--format json`` the JSON twin (schemas/position.schema.json) is printed instead.

Exit status: 0 printed; 1 the record or the position is broken (for a broken record the
position up to the error is still printed, and where replay stopped); 2 usage.
"""

from __future__ import annotations

import json

import click

from mcn.commands.board import board_option
from mcn.commands.source import finish, load_source, viewer_of
from mcn.engine.data import Board
from mcn.io import quick_exit
from mcn.position import format_position
from mcn.views.positions import position_of
from mcn.views.projection import EVERYTHING


@click.command("position")
@click.argument("source", metavar="SOURCE")
@click.option(
    "--at",
    "target",
    help="The state BEFORE this decision, which is pending there (an address; a prefix such "
    "as 3: its first decision; start; end).",
)
@click.option("--as", "viewer_name", help="What R, B, G, Y or a spectator could see.")
@click.option(
    "--game",
    "number",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Which game of the file (1-based).",
)
@click.option(
    "--format", "form", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@board_option
def position(
    source: str,
    target: str | None,
    viewer_name: str | None,
    number: int,
    form: str,
    board: Board | None,
) -> None:
    """Print the position of SOURCE (a record at --at, or a position to check)."""
    quick_exit.allow()  # it only prints
    loaded = load_source(
        source, number, target, playable=False, board=board, viewer_name=viewer_name
    )
    if loaded.state is not None:
        viewer = viewer_of(viewer_name, loaded)
        data = position_of(loaded.state, viewer, loaded.memory(viewer))
    else:
        assert loaded.position is not None
        if viewer_name is not None:
            raise click.BadParameter("this position is already a viewer's", param_hint="'--as'")
        viewer, data = EVERYTHING, loaded.position
    click.echo(json.dumps(data, indent=1) if form == "json" else format_position(data))
    finish(loaded, viewer)
