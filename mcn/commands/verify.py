"""``mcn verify REDACTED FULL``: check that a redacted copy is a faithful projection of the
full record — every visible move equal, every commitment matching (docs/fair-play.md).

Exit status: 0 when every game of the copy is faithful, 1 when one is not (or a file cannot be
read or parsed), 2 for a usage error.
"""

from __future__ import annotations

import sys

import click

from mcn.fairplay.salts import SaltFile, SaltFileError
from mcn.fairplay.verify import verify_game
from mcn.notation import parse_lenient
from mcn.notation.model import File
from mcn.views.render import clean
from mcn.views.viewer import AmbiguousViewer, UnknownViewer


def _read(path: str) -> File | None:
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as problem:
        click.echo(clean(f"{path}: error: cannot read: {problem}"), err=True)
        return None
    record, errors = parse_lenient(text, name=path)
    for error in errors:
        click.echo(error.format(), err=True)
    return None if errors else record


@click.command("verify")
@click.argument("redacted", type=click.Path(exists=True, dir_okay=False))
@click.argument("full", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--salt-file",
    type=click.Path(exists=True, dir_okay=False),
    help="The salt file whose key made the copy's commitments (mcn redact --commit).",
)
def verify(redacted: str, full: str, salt_file: str | None) -> None:
    """Check that REDACTED is FULL as its viewer saw it: moves and commitments."""
    key = None
    if salt_file is not None:
        try:
            key = SaltFile(salt_file).commit_key(create=False)
        except SaltFileError as problem:
            click.echo(clean(f"error: {problem}"), err=True)
            sys.exit(1)
        if key is None:
            click.echo(clean(f"error: {salt_file} holds no key (mcn redact --commit)"), err=True)
            sys.exit(1)
    copy, original = _read(redacted), _read(full)
    if copy is None or original is None:
        sys.exit(1)
    if len(copy.games) != len(original.games):
        click.echo(
            clean(
                f"{redacted}: error: the copy has {len(copy.games)} games, "
                f"{full} has {len(original.games)}"
            ),
            err=True,
        )
        sys.exit(1)
    faithful = True
    for number, (mine, true) in enumerate(zip(copy.games, original.games, strict=True), 1):
        try:
            verdict = verify_game(mine, true, number, key)
        except (UnknownViewer, AmbiguousViewer) as problem:
            click.echo(clean(f"{redacted}: error: {problem} (game {number})"), err=True)
            faithful = False
            continue
        if verdict.problem is None:
            click.echo(
                clean(
                    f"{redacted}: game {number}: faithful to {full} "
                    f"({verdict.moves} moves, {verdict.commitments} commitments checked)"
                )
            )
            continue
        faithful = False
        where = f"{redacted}:{verdict.span}" if verdict.span is not None else redacted
        address = f"{verdict.address}: " if verdict.address else ""
        click.echo(clean(f"{where}: error: {address}{verdict.problem} (game {number})"))
    sys.exit(0 if faithful else 1)
