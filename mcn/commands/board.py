"""``mcn board [NAME|FILE]``: print a board profile with its provisional values marked; and
``--board FILE``, the option of every command that replays records.

A board profile holds the numbers printed only on the board (B-1..B-5). The ``standard``
profile's provisional values (B-5) can be corrected by a user with the printed board: copy it
(``mcn board --format json > myboard.json``), change the values and their ``provisional``
flags, and pass ``--board myboard.json``. A malformed file is a usage error (exit 2) that names
the file and the bad field.

Exit status: 0 printed; 2 an unknown name or a malformed file.
"""

from __future__ import annotations

import json
from typing import Any

import click

from mcn.boards.profile import as_json, render, select_board
from mcn.engine.data import Board, DataError


def _load(ctx: click.Context, param: click.Parameter, value: str | None) -> Board | None:
    if value is None:
        return None
    try:
        return select_board(value)  # a file, or a built-in profile's name
    except DataError as error:
        raise click.BadParameter(str(error), ctx=ctx, param=param) from None


def board_option(function: Any) -> Any:
    """``--board NAME|FILE``: replay every game with this board profile (a user's corrections
    of the provisional values, B-4, or a built-in one by name) instead of the one its
    ``[Board]`` header names."""
    return click.option(
        "--board",
        "board",
        metavar="NAME|FILE",
        callback=_load,
        help="Replay with this board profile: a file (JSON, schemas/board.schema.json) or a "
        "built-in name, instead of the one each record names; see 'mcn board'.",
    )(function)


@click.command("board")
@click.argument("profile", metavar="[NAME|FILE]", default="standard")
@click.option(
    "--format", "form", type=click.Choice(["text", "json"]), default="text", show_default=True
)
def board(profile: str, form: str) -> None:
    """Print the board profile NAME (built in, default standard) or FILE, provisional values
    marked with '*' (B-5); --format json prints the profile document itself, a starting point
    for a corrected copy."""
    try:
        chosen = select_board(profile)
    except DataError as error:
        raise click.BadParameter(str(error), param_hint="'[NAME|FILE]'") from None
    if form == "json":
        click.echo(json.dumps(as_json(chosen), indent=2, ensure_ascii=False))
    else:
        click.echo(render(chosen))
