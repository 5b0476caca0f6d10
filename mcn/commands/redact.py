"""``mcn redact``: write a record as one player saw it (docs/notation.md, "Redacted records").

Every game of FILE is replayed in full: a record that breaks a rule cannot be redacted
faithfully, so its errors are reported instead (exit 1) and nothing is written. Games are
redacted and written one at a time (flat memory for any size of archive); the output appears
— on standard output, or atomically in the ``-o`` file — only once every game succeeded
(:mod:`mcn.io.output`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from typing import IO

import click

from mcn.boards.profile import summary
from mcn.commands.board import board_option
from mcn.commands.loader import RECORD, record_source
from mcn.engine.data import Board
from mcn.fairplay.salts import SaltFile, SaltFileError
from mcn.fairplay.verify import keyed_commit
from mcn.io.output import Abandon, open_output
from mcn.io.progress import read_progress
from mcn.io.safe_write import WriteError
from mcn.notation.model import Game
from mcn.notation.parser import GameResult
from mcn.notation.writer import write
from mcn.views.redact import Unresolvable, redact_game
from mcn.views.render import clean
from mcn.views.seen_errors import seen_diagnostics, seen_notation_error
from mcn.views.viewer import resolve_option


@click.command("redact")
@click.argument("file", type=RECORD)
@click.option(
    "--as",
    "viewer",
    required=True,
    help="The player whose view to write: R, red, the player's name, or 'spectator'.",
)
@click.option(
    "--keep-annotations",
    is_flag=True,
    help="Keep comments and variations (they may give secrets away; redacted moves only).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    default="-",
    help="Write here (default: standard output).",
)
@click.option(
    "--commit",
    is_flag=True,
    help="Write each masked secret with its commitment, so that the copy can later be checked "
    "against the full record (mcn verify); needs --salt-file.",
)
@click.option(
    "--salt-file",
    type=click.Path(dir_okay=False),
    help="With --commit: the private file that keeps the key the commitments' salts come from "
    "(created when missing).",
)
@board_option
def redact(
    file: str,
    viewer: str,
    keep_annotations: bool,
    output: str,
    commit: bool,
    salt_file: str | None,
    board: Board | None,
) -> None:
    """Write FILE as the player --as saw it: other players' secrets become '?'."""
    key = None
    if commit:
        if salt_file is None:
            raise click.UsageError("--commit needs --salt-file, which keeps the key for mcn verify")
        try:
            key = SaltFile(salt_file).commit_key(create=True)
        except SaltFileError as problem:
            click.echo(clean(f"error: {problem}"), err=True)
            sys.exit(1)
    if output != "-" and file != "-" and same_file(file, output):
        raise click.BadParameter(
            f"'{output}' is the record being redacted: writing over it would destroy its "
            "secrets; choose another file",
            param_hint="'-o'",
        )
    source = record_source(file)
    name = source.name
    source.warn()
    say_board(board)
    try:
        with ExitStack() as stack:
            handle = source.open(stack)
            out = stack.enter_context(open_output(output))
            tick = stack.enter_context(read_progress(handle, "redacting"))
            view = View(viewer, keep_annotations, source.lines(), board, key)
            if not _redact_games(source.results(handle), name, view, out, tick):
                click.echo(clean(f"{name}: not redacted: the record has errors"), err=True)
                raise Abandon
    except Abandon:
        sys.exit(1)
    except WriteError as problem:
        click.echo(str(problem), err=True)
        sys.exit(1)
    except OSError as problem:
        click.echo(source.cannot_read(problem), err=True)
        sys.exit(1)


@dataclass(frozen=True, slots=True)
class View:
    """Whose view to write (the ``--as`` value), with what, and where a diagnostic's source
    line is found: what :func:`redacted` needs besides the game."""

    viewer: str
    keep_annotations: bool
    lines: Callable[[int], str | None]
    board: Board | None = None
    #: ``--commit``: the salt file's key that each masked secret's salt is derived from.
    key: str | None = None


def say_board(board: Board | None) -> None:
    """B-4: with ``--board``, say on standard error which board the games are replayed with
    and whether it has provisional values (the record still names its own, I-BRD-2)."""
    if board is not None:
        click.echo(clean(f"note: games replayed with {summary(board)}"), err=True)


def _redact_games(
    results: Iterator[GameResult], name: str, view: View, out: IO[str], tick: Callable[[], None]
) -> bool:
    """Redact each game as it is read, writing it to ``out``; False when a game had errors
    (all of them are reported; what was written is then discarded)."""
    failed = False
    written = 0
    for result in results:
        tick()
        game = redacted(result, view, name)
        failed = failed or game is None
        if not failed and game is not None:  # once a game failed, nothing will be written
            out.write(("\n" if written else "") + write(game))
            written += 1
    return not failed


def redacted(result: GameResult, view: View, name: str) -> Game | None:
    """One game read from a record, as ``view.viewer`` saw it, or None after reporting why it
    cannot be redacted (its notation errors, a rule error found by the replay, a ``?`` the
    viewer should be able to read). ``mcn redact`` and ``mcn export --as`` both write what
    this returns, so their views are one."""
    for error in result.errors:
        click.echo(seen_notation_error(error), err=True)  # whose move is whose: unknown
    if result.game is None or result.errors:
        return None
    who = resolve_option(view.viewer, [result.game], None, limit=False)  # refuses at the '?'
    try:
        game, replay = redact_game(
            result.game,
            who,
            keep_annotations=view.keep_annotations,
            file=name,
            index=result.number,
            board=view.board,
            commit=None if view.key is None else keyed_commit(view.key, result.number),
        )
    except Unresolvable as problem:
        click.echo(problem.diagnostic.text(), err=True)
        return None
    errors = [d for d in replay.diagnostics if d.severity == "error"]
    # the source line as the viewer reads it: no one else's secret
    for seen in seen_diagnostics(errors, who, replay, view.lines):
        click.echo(seen.display(), err=True)
    return None if errors else game


def same_file(a: str, b: str) -> bool:
    """Whether paths ``a`` and ``b`` name one file (through links, ``..`` and case-folding file
    systems: the same device and inode when both exist, else the same resolved path)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)
