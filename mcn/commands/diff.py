"""``mcn diff A B``: compare two records as games (see :mod:`mcn.diff`).

Exit codes follow the README: 0 the records are the same, 1 they differ (or one of them does
not parse or replay — reported as ``file:line:col: error: …``), 2 usage errors.
"""

from __future__ import annotations

import json
from typing import IO, Any

import click

from mcn.commands.board import board_option
from mcn.diff import SPECTATOR, compare
from mcn.engine.data import Board
from mcn.notation.stream import file_lines, iter_results
from mcn.projection import EVERYTHING
from mcn.replay import Diagnostic, GameReplay, replay_game
from mcn.viewer import resolve_option

#: Diagnostic codes that mean a game cannot be replayed at all.
FATAL_CODES = frozenset({"header", "internal"})
#: At most this many problems are listed for a broken record.
_SHOWN_PROBLEMS = 5


class RecordError(click.ClickException):
    """A record that cannot be read or replayed: exit 1, its diagnostics printed as they are."""

    exit_code = 1

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(self.message, err=True)


def load_replay(
    path: str, number: int, *, keep_states: bool = True, board: Board | None = None
) -> GameReplay:
    """Parse game ``number`` of ``path`` and replay it, or raise a clean error.

    A notation error or an illegal move anywhere in the game (variations included) is a
    :class:`RecordError`; a game number the file does not have is a usage error.
    """
    seen = 0
    try:
        for result in iter_results(path):
            seen = result.number
            if result.number != number:
                continue
            if result.errors or result.game is None:
                shown = result.errors[:_SHOWN_PROBLEMS]
                raise RecordError("\n".join(error.format() for error in shown))
            replay = replay_game(
                result.game, file=path, index=number, keep_states=keep_states, board=board
            )
            problems = replay_problems(replay)
            if problems or replay.main is None:
                source = file_lines(path)
                lines = [d.located(source).display() for d in problems[:_SHOWN_PROBLEMS]]
                raise RecordError(
                    "\n".join(lines or [f"{path}: error: cannot replay game {number}"])
                )
            return replay
    except OSError as error:
        raise RecordError(f"{path}: error: {error.strerror or error}") from None
    games = "no game" if seen == 0 else f"only {seen} game{'s' if seen > 1 else ''}"
    raise click.BadParameter(f"{path} has {games}, not game {number}", param_hint="'--game'")


def replay_problems(replay: GameReplay) -> list[Diagnostic]:
    """The errors that make a replay unusable: a game that cannot start, or any line of play
    (main line or variation) stopped by a wrong move. Checkpoint, label or result errors are
    not among them: the game itself is still known."""
    stopped = [
        line.error
        for line in replay.lines()
        if line.error is not None and line.error.severity == "error"
    ]
    fatal = [d for d in replay.diagnostics if d.severity == "error" and d.code in FATAL_CODES]
    return fatal + [d for d in stopped if d not in fatal]


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

    Exit 0 when they are the same game, 1 when they differ or a record is broken, 2 on usage
    errors.
    """
    replay_a = load_replay(record_a, game, board=board)
    replay_b = load_replay(record_b, game, board=board)
    seer = resolve_option(viewer, [replay_a.game, replay_b.game], EVERYTHING)
    who = None if seer == EVERYTHING else (seer or SPECTATOR)
    result = compare(replay_a, replay_b, viewer=who, annotations=not ignore_annotations)
    if output == "json":
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(result.text())
    ctx.exit(0 if result.same else 1)
