"""The options of the commands that read archives, each stack one decorator.

Every command that replays a folder or a big file reads it as ``mcn validate`` does:
:func:`reading_options` (``--board``, ``--jobs``, ``--dask``, ``--encoding``, ``--include``) on
``validate``, ``standings``, ``filter``, ``site``, ``stats``, ``explore`` and ``search``; the
commands that also judge the games as submissions take :func:`archive_options` (those, after
``--expect-players`` and the organiser's choices of :mod:`mcn.commands.judging`). One place
for each option's name, default and help, so the commands cannot drift apart.

``--as`` over an archive takes a colour or ``spectator`` only (a name plays different colours
in different games): :func:`parse_archive_viewer` reads it, :func:`complete_archive_viewer`
offers exactly those values in a shell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from mcn.archive.cluster import dask_option
from mcn.commands.board import board_option
from mcn.commands.judging import judgement_options
from mcn.engine.constants import COLOUR_NAMES, COLOURS
from mcn.io.inputs import AUTO

if TYPE_CHECKING:
    from mcn.views.projection import Viewer


def encoding_option(function: click.decorators.FC) -> click.decorators.FC:
    """``--encoding``, shared by the commands that read folders of submissions."""
    return click.option(
        "--encoding",
        default=AUTO,
        show_default=True,
        help="Encoding of the files. 'auto': a byte-order mark decides (UTF-8, UTF-16), else "
        "UTF-8 when the whole file is UTF-8, else Windows-1252/Latin-1 with a warning naming the "
        "file. Any other name forces that encoding for every file.",
    )(function)


def include_option(function: click.decorators.FC) -> click.decorators.FC:
    """``--include GLOB``: which files of a directory are records."""
    return click.option(
        "--include",
        "include",
        multiple=True,
        metavar="GLOB",
        help="Read the files of directories whose name matches GLOB (case-insensitive; "
        "repeatable; default *.mcn). Every other file is listed as skipped.",
    )(function)


def jobs_option(function: click.decorators.FC) -> click.decorators.FC:
    """``--jobs N``: worker processes, capped at the cores available."""
    return click.option(
        "--jobs",
        "-j",
        type=click.IntRange(min=1),
        default=1,
        show_default=True,
        help="Check games in this many processes (also the games of one file); at most the "
        "number of cores.",
    )(function)


def reading_options(function: click.decorators.FC) -> click.decorators.FC:
    """``--board``, ``--jobs``, ``--dask``, ``--encoding`` and ``--include``, in that order."""
    for option in (include_option, encoding_option, dask_option, jobs_option, board_option):
        function = option(function)
    return function


def archive_options(
    expect_players: str,
) -> Callable[[click.decorators.FC], click.decorators.FC]:
    """``--expect-players`` (``expect_players``: what the command does with a game of another
    player count), the organiser's choices (``--prefer``, ``--supersedes``, ``--schedule``),
    then :func:`reading_options`."""

    def decorate(function: click.decorators.FC) -> click.decorators.FC:
        function = judgement_options(reading_options(function))
        return click.option("--expect-players", type=click.IntRange(2, 4), help=expect_players)(
            function
        )

    return decorate


def parse_archive_viewer(value: str | None, absent: Viewer) -> Viewer:
    """``--as`` over an archive: a colour (``R``, ``red``) or ``spectator``; ``absent`` without
    it. Names are refused: a name plays different colours in different games."""
    if value is None:
        return absent
    word = " ".join(value.casefold().split())
    if word in ("spectator", "spectators", "public"):
        # imported here: the projection (and the knowledge it draws on) is a part of every
        # archive command's start that only --as spectator needs
        from mcn.views.projection import SPECTATOR

        return SPECTATOR
    for colour in COLOURS:
        if word in (colour.casefold(), COLOUR_NAMES[colour].casefold()):
            return colour
    raise click.BadParameter(
        f"'{value}': name a colour (R, B, G, Y, or red, blue, green, yellow) or 'spectator'; "
        "over an archive a player's name may play different colours",
        param_hint="'--as'",
    )


def complete_archive_viewer(ctx: click.Context, param: click.Parameter, incomplete: str) -> Any:
    """Shell completion of ``--as`` over an archive
    (:func:`mcn.commands.completion.complete_colour`), imported only when a shell asks."""
    from mcn.commands.completion import complete_colour

    return complete_colour(ctx, param, incomplete)
