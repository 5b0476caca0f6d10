"""``mcn tree PATH… --merge -o OUT.svg``: the games of an archive merged into one tree.

Games are merged by their sequence of public moves as one viewer reads them
(:mod:`mcn.explore.moves`; ``--as COLOUR``, else a spectator), down to ``--depth`` decisions;
moves played in fewer than ``--min-count`` games are not drawn. Each edge says how many games
took it and, for a player's move, the mover's win rate and average place; the drawing is
:mod:`mcn.tree`'s, every text escaped there. The games are read and judged as ``mcn explore``
reads them (streamed, ``--jobs``, ``--dask``, the judgement of ``mcn validate``).
"""

from __future__ import annotations

import sys
from typing import Final

import click
import graphviz

from mcn.engine.data import Board
from mcn.explore.draw import to_tree
from mcn.explore.merge import MergedTree, Places, TreeNode
from mcn.explore.moves import Seen
from mcn.explore.query import Opening
from mcn.io.limits import MAX_DRAWN_NODES
from mcn.io.safe_write import WriteError, write_bytes_atomic
from mcn.io.terminal import visible
from mcn.tree import GraphvizError, render, to_graphviz
from mcn.views.projection import viewer_label

#: The depth drawn when --depth is not given.
DEFAULT_DEPTH: Final = 8
#: The deepest merged tree (the per-game answer grows with it).
MAX_DEPTH: Final = 400

_MERGE_DEFAULTS: Final = {
    "depth": DEFAULT_DEPTH,
    "min_count": 1,
    "split_chance": False,
    "jobs": 1,
    "dask_address": None,
    "encoding": "auto",
    "include": (),
    "expect_players": None,
    "prefer": (),
    "supersedes": (),
    "schedule_file": None,
}


def merge_options(function: click.decorators.FC) -> click.decorators.FC:
    """The options of ``tree --merge`` (refused without it)."""
    from mcn.archive.cluster import dask_option
    from mcn.commands.explore import split_chance_option
    from mcn.commands.judging import judgement_options
    from mcn.commands.reading import encoding_option, include_option, jobs_option

    for decorate in (
        include_option,
        encoding_option,
        dask_option,
        jobs_option,
        judgement_options,
        split_chance_option,
    ):
        function = decorate(function)
    function = click.option(
        "--expect-players",
        type=click.IntRange(2, 4),
        help="With --merge: leave out (as invalid) every game with another number of players.",
    )(function)
    function = click.option(
        "--min-count",
        type=click.IntRange(min=1),
        default=1,
        show_default=True,
        help="With --merge: draw only the moves played in at least N games.",
    )(function)
    function = click.option(
        "--depth",
        type=click.IntRange(1, MAX_DEPTH),
        default=DEFAULT_DEPTH,
        show_default=True,
        help="With --merge: merge the first N decisions of each game.",
    )(function)
    return click.option(
        "--merge",
        is_flag=True,
        help="Merge the games of FILE… (files, directories, -) into one tree by their public "
        "moves, with counts and win rates on the edges (docs/explore.md).",
    )(function)


def _given(ctx: click.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def refuse_single_options(ctx: click.Context, names: tuple[str, ...]) -> None:
    """Options of one game's tree are usage errors with --merge."""
    for name in names:
        if _given(ctx, name):
            flag = {"start": "--from", "stop": "--to"}.get(name, "--" + name)
            raise click.UsageError(f"{flag} draws one game's tree; it does not go with --merge")


def refuse_merge_options(ctx: click.Context) -> None:
    """The options of --merge are usage errors without it."""
    for name in _MERGE_DEFAULTS:
        if _given(ctx, name):
            flag = {"dask_address": "--dask", "schedule_file": "--schedule"}.get(
                name, "--" + name.replace("_", "-")
            )
            raise click.UsageError(f"{flag} goes with --merge (many games in one tree)")


def draw_merged(
    paths: tuple[str, ...],
    output: str,
    extension: str,
    rankdir: str,
    viewer_name: str | None,
    board: Board | None,
    *,
    depth: int,
    min_count: int,
    split_chance: bool,
    jobs: int,
    dask_address: str | None,
    encoding: str,
    include: tuple[str, ...],
    expect_players: int | None,
    prefer: tuple[str, ...],
    supersedes: tuple[str, ...],
    schedule_file: str | None,
) -> None:
    """Read, merge, draw and write (see the module docstring)."""
    from mcn.commands.explore import (
        failed,
        left_out_lines,
        parse_viewer,
        run_read,
        start_read,
    )

    viewer = parse_viewer(viewer_name)
    _, files, judgement, jobs = start_read(
        paths, include, encoding, jobs, prefer, supersedes, schedule_file, board
    )
    merged = MergedTree(depth, split_chance)

    def count(answer: tuple[tuple[Seen, ...], bool], places: Places) -> tuple[TreeNode, bool]:
        moves, ends = answer
        return merged.add(moves, ends, places), ends

    def take_back(handle: tuple[TreeNode, bool], places: Places) -> None:
        merged.remove(handle[0], handle[1], places)

    counted = run_read(
        files,
        judgement,
        Opening(viewer, depth),
        jobs,
        dask_address,
        encoding,
        expect_players,
        board,
        count,
        take_back,
        "merging",
    )
    for line in left_out_lines(counted):
        click.echo(line, err=True)
    chance = "split" if split_chance else "grouped"
    title = (
        f"{counted.kept} games merged, seen as {viewer_label(viewer)}",
        f"first {depth} decisions, moves of at least {min_count} game{'s' * (min_count != 1)}, "
        f"chance {chance}",
    )
    drawn = to_tree(merged, min_count, title)
    if extension not in ("dot", "gv") and len(drawn.nodes) > MAX_DRAWN_NODES:
        click.echo(
            f"{output}: error: the drawing has {len(drawn.nodes):,} nodes, more than "
            f"{MAX_DRAWN_NODES:,} (the limit for .{extension}): draw less with --depth or "
            "--min-count, or write .dot",
            err=True,
        )
        sys.exit(1)
    graph = to_graphviz(drawn, "LR" if rankdir.upper() == "LR" else "TB")
    try:
        data = render(graph, extension)
    except graphviz.ExecutableNotFound:
        raise click.UsageError(
            f"Graphviz 'dot' is needed for .{extension} output but was not found on PATH; "
            "install Graphviz (make setup does) or write .dot instead"
        ) from None
    except GraphvizError as error:
        click.echo(visible(f"{output}: error: Graphviz failed: {error}"), err=True)
        sys.exit(1)
    try:
        write_bytes_atomic(output, data, make_parents=True)
    except WriteError as error:
        click.echo(str(error), err=True)
        sys.exit(1)
    moves = len(drawn.edges)
    click.echo(
        f"wrote {output} ({counted.kept} games, {len(drawn.nodes)} nodes, {moves} moves drawn)",
        err=True,
    )
    sys.exit(1 if failed(counted) else 0)


__all__ = ["draw_merged", "merge_options", "refuse_merge_options", "refuse_single_options"]
