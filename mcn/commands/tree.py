"""``mcn tree FILE -o OUT.svg``: draw a record's decision tree (see :mod:`mcn.tree`);
``mcn tree PATH… --merge -o OUT.svg``: many games merged into one tree (:mod:`mcn.commands.merged`).

The output format follows the extension of ``-o``: ``.dot``/``.gv`` is written directly, no
Graphviz binary needed; ``.svg``, ``.png`` and ``.pdf`` run Graphviz ``dot`` (``make setup``
installs it). Exit codes: 0 drawn, 1 the record does not parse or replay (a record with an
illegal move is drawn up to the decision before it, and the error reported), 2 usage errors —
including a missing ``dot``.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click
import graphviz

from mcn.commands.board import board_option
from mcn.commands.loader import RecordError
from mcn.commands.merged import (
    draw_merged,
    merge_options,
    refuse_merge_options,
    refuse_single_options,
)
from mcn.commands.replayed import load_replayed, report_stop
from mcn.engine.data import Board
from mcn.io.limits import MAX_ALTERNATIVES, MAX_DRAWN_NODES
from mcn.io.safe_write import WriteError, write_bytes_atomic
from mcn.io.terminal import one_line, visible
from mcn.tree import (
    FORMATS,
    GraphvizError,
    TreeOptions,
    address_key,
    build_tree,
    render,
    to_graphviz,
)
from mcn.views.projection import EVERYTHING
from mcn.views.viewer import resolve_option


def _address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Validate ``--from``/``--to``: a main-line address or prefix (``3``, ``3.5``, ``3.5.2``)."""
    if value is None:
        return None
    try:
        address_key(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not a decision address or prefix (e.g. setup, 3, 3.bid, 3.5, 3.5.2)"
        ) from None
    if "/" in value or ":" in value:
        raise click.BadParameter("give a main-line address; variations follow their branch point")
    return value


@click.command("tree")
@click.argument(
    "records",
    metavar="FILE",
    nargs=-1,
    required=True,
    type=click.Path(exists=True, readable=False, allow_dash=True),
)
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, writable=True),
    help="Where to write the drawing: .svg, .png, .pdf (run dot) or .dot (no binary needed).",
)
@click.option(
    "--game",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Which game of the file to draw (1-based).",
)
@click.option(
    "--alternatives",
    type=click.IntRange(min=0, max=MAX_ALTERNATIVES),
    default=0,
    show_default=True,
    help=f"Also draw up to N (at most {MAX_ALTERNATIVES}) legal actions not played at each "
    "decision, and the legal count.",
)
@click.option(
    "--from", "start", callback=_address, help="First decision to draw (address or prefix)."
)
@click.option("--to", "stop", callback=_address, help="Last decision to draw (address or prefix).")
@click.option(
    "--rankdir",
    type=click.Choice(["TB", "LR"], case_sensitive=False),
    default="TB",
    show_default=True,
    help="Top to bottom or left to right.",
)
@click.option(
    "--collapse",
    type=click.IntRange(min=0),
    default=4,
    show_default=True,
    help="Fold plain stretches of at least N decisions into one node (0: never).",
)
@click.option(
    "--as",
    "viewer_name",
    help="Draw what one player could see: R, red, the player's name, or 'spectator'.",
)
@merge_options
@board_option
def tree(
    records: tuple[str, ...],
    output: str,
    game: int,
    alternatives: int,
    start: str | None,
    stop: str | None,
    rankdir: str,
    collapse: int,
    viewer_name: str | None,
    board: Board | None,
    **merge: Any,
) -> None:
    """Draw FILE's decision tree: decisions as nodes, moves as edges, variations as branches.

    With --merge, FILE… are many records (files, directories, -): their games merged into one
    tree by their sequence of public moves, with counts and win rates on the edges."""
    extension = os.path.splitext(output)[1].lower().lstrip(".")
    if extension not in FORMATS:
        raise click.BadParameter(
            f"cannot tell the format from {output!r}: use .{', .'.join(FORMATS)}",
            param_hint="'-o'",
        )
    ctx = click.get_current_context()
    if merge.pop("merge"):
        refuse_single_options(ctx, ("game", "alternatives", "start", "stop", "collapse"))
        draw_merged(records, output, extension, rankdir, viewer_name, board, **merge)
        return
    refuse_merge_options(ctx)
    if len(records) != 1 or records[0] == "-" or os.path.isdir(records[0]):
        raise click.UsageError("draw one record FILE, or several games with --merge")
    record = records[0]
    if start is not None and stop is not None and address_key(start) > address_key(stop):
        raise click.BadParameter(f"--from {start} comes after --to {stop}", param_hint="'--from'")
    loaded = load_replayed(record, game, board=board, masked=viewer_name is not None)
    replay = loaded.replay
    options = TreeOptions(
        viewer=resolve_option(viewer_name, [replay.game], EVERYTHING),
        alternatives=alternatives,
        start=start,
        stop=stop,
        collapse=collapse,
        rankdir="LR" if rankdir.upper() == "LR" else "TB",
    )
    drawn = build_tree(replay, options)
    if not drawn.nodes:
        raise click.BadParameter("the window --from/--to holds no decision of this record")
    if extension not in ("dot", "gv") and len(drawn.nodes) > MAX_DRAWN_NODES:
        raise RecordError(
            f"{record}: error: the drawing has {len(drawn.nodes):,} nodes, more than "
            f'{MAX_DRAWN_NODES:,} (the limit for .{extension}; docs/notation.md, "Limits"): '
            "draw a window with --from/--to, fewer --alternatives, or write .dot"
        )
    graph = to_graphviz(drawn, options.rankdir)
    try:
        data = render(graph, extension)
    except graphviz.ExecutableNotFound:
        raise click.UsageError(
            f"Graphviz 'dot' is needed for .{extension} output but was not found on PATH; "
            "install Graphviz (make setup does) or write .dot instead"
        ) from None
    except GraphvizError as error:
        raise RecordError(visible(f"{record}: error: Graphviz failed: {error}")) from None
    try:
        write_bytes_atomic(output, data, make_parents=True)
    except WriteError as error:
        raise RecordError(str(error)) from None
    decisions = sum(1 for e in drawn.edges if e.role != "alternative")
    click.echo(
        f"wrote {one_line(output)} ({len(drawn.nodes)} nodes, {decisions} moves drawn)", err=True
    )
    if loaded.broken:  # drawn up to the decision before the error
        report_stop(loaded, options.viewer)
        sys.exit(1)
