"""``mcn redact``: write a record as one player saw it (docs/notation.md, "Redacted records").

Every game of FILE is replayed in full first: a record that breaks a rule cannot be redacted
faithfully, so its errors are reported instead (exit 1) and nothing is written.
"""

from __future__ import annotations

import sys

import click

from mcn.notation.stream import file_lines, iter_results
from mcn.notation.writer import write
from mcn.redact import redact_game
from mcn.safe_write import WriteError, write_text_atomic
from mcn.viewer import resolve_option


@click.command("redact")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
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
def redact(file: str, viewer: str, keep_annotations: bool, output: str) -> None:
    """Write FILE as the player --as saw it: other players' secrets become '?'."""
    name = "<stdin>" if file == "-" else file
    source = sys.stdin.buffer if file == "-" else file
    texts: list[str] = []
    failed = False
    try:
        for result in iter_results(source, name=name):
            for error in result.errors:
                click.echo(error.format(), err=True)
                failed = True
            if result.game is None or result.errors:
                continue
            who = resolve_option(viewer, [result.game], None)
            game, replay = redact_game(
                result.game,
                who,
                keep_annotations=keep_annotations,
                file=name,
                index=result.number,
            )
            errors = [d for d in replay.diagnostics if d.severity == "error"]
            lines = file_lines(file)
            for diagnostic in errors:
                click.echo(diagnostic.located(lines).display(), err=True)
            failed = failed or bool(errors)
            texts.append(write(game))
    except OSError as problem:
        click.echo(f"{name}: error: cannot read: {problem.strerror}", err=True)
        sys.exit(1)
    if failed:
        click.echo(f"{name}: not redacted: the record has errors", err=True)
        sys.exit(1)
    text = "\n".join(texts)
    if output == "-":
        click.echo(text, nl=False)
    else:
        try:
            write_text_atomic(output, text)
        except WriteError as problem:
            click.echo(str(problem), err=True)
            sys.exit(1)
