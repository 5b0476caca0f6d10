"""``mcn diff A B``: compare two records as games (see :mod:`mcn.diff`).

Exit codes follow the README: 0 the records are the same, 1 they differ (or one of them does
not parse or replay — reported as ``file:line:col: error: …``; a record with an illegal move is
compared up to the decision before it), 2 usage errors.
"""

from __future__ import annotations

import json

import click

from mcn.commands.board import board_option
from mcn.commands.loader import RecordError
from mcn.commands.replayed import load_replayed, report_stop
from mcn.diff import SPECTATOR, compare
from mcn.engine.data import Board
from mcn.views.projection import EVERYTHING
from mcn.views.viewer import resolve_option

__all__ = ["RecordError", "diff"]


@click.command("diff")
@click.argument(
    "record_a", metavar="A", type=click.Path(exists=True, readable=False, dir_okay=False)
)
@click.argument(
    "record_b", metavar="B", type=click.Path(exists=True, readable=False, dir_okay=False)
)
@click.option(
    "--game",
    "game",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Which game of each file to compare (1-based).",
)
@click.option(
    "--as",
    "viewer",
    help="Compare the records as one player saw them: R, red, the player's name, or 'spectator'.",
)
@click.option(
    "--format",
    "output",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Text for people, JSON (schemas/diff.schema.json) for tools.",
)
@click.option(
    "--ignore-annotations",
    is_flag=True,
    help="Do not compare comments, glyphs, variations and checkpoints.",
)
@board_option
@click.pass_context
def diff(
    ctx: click.Context,
    record_a: str,
    record_b: str,
    game: int,
    viewer: str | None,
    output: str,
    ignore_annotations: bool,
    board: Board | None,
) -> None:
    """Compare records A and B: headers, the first diverging decision, annotations, outcome.

    Exit 0 when they are the same game, 1 when they differ or a record is broken (compared up
    to the decision before its error, then the error reported), 2 on usage errors.
    """
    masked = viewer is not None  # --as: a record that cannot be read is quoted masked
    loaded_a = load_replayed(record_a, game, board=board, masked=masked)
    loaded_b = load_replayed(record_b, game, board=board, masked=masked)
    replay_a, replay_b = loaded_a.replay, loaded_b.replay
    seer = resolve_option(viewer, [replay_a.game, replay_b.game], EVERYTHING)
    who = None if seer == EVERYTHING else (seer or SPECTATOR)
    result = compare(replay_a, replay_b, viewer=who, annotations=not ignore_annotations)
    if output == "json":
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(result.text())
    # a broken record is compared as far as it was replayed, then the stop is reported
    report_stop(loaded_a, seer)
    report_stop(loaded_b, seer)
    ctx.exit(0 if result.same and not (loaded_a.broken or loaded_b.broken) else 1)
