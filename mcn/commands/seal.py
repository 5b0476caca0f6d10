"""``mcn seal``: a player's tool for a game at a distance (docs/fair-play.md).

``mcn seal "bid 3+5" --as R --salt-file my.salts`` prints the sealed move to post
(``R: bid ? #9c1e…``) and keeps the salt in the file; ``mcn seal --reveal 9c1e4b --salt-file
my.salts`` prints the reveal that opens it (``<reveal R bid 3+5 …>``). Under the chance
protocol, ``mcn seal --chance --as R`` prints the commitment to a fresh random contribution
(``<chance-commit R …>``), ``--reveal`` its reveal, and ``mcn seal --draw game.mcn`` the draw
that the revealed contributions give. A salt or a contribution is printed only by
``--reveal``: the commitment alone tells the other players nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from mcn.engine import ActionSyntaxError, parse_action
from mcn.engine.secret_readers import tokens_by_text
from mcn.fairplay.salts import SaltFile, SaltFileError
from mcn.fairplay.sealing import next_draw
from mcn.notation import parse_lenient
from mcn.views.render import clean

_HEADS = {"r": "R", "b": "B", "g": "G", "y": "Y", "red": "R", "blue": "B", "green": "G"}
_HEADS["yellow"] = "Y"


def _print_draw(path: str) -> None:
    """``--draw FILE``: the next draw of the record's last game, from its contributions."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as problem:
        click.echo(clean(f"{path}: error: cannot read: {problem}"), err=True)
        sys.exit(1)
    record, errors = parse_lenient(text, name=path)
    for error in errors:
        click.echo(error.format(), err=True)
    if errors or not record.games:
        if not errors:
            click.echo(clean(f"{path}: error: the file holds no game"), err=True)
        sys.exit(1)
    try:
        click.echo(next_draw(record.games[-1]))
    except ValueError as problem:
        click.echo(clean(f"{path}: error: {problem}"), err=True)
        sys.exit(1)


def _actor_and_text(text: str, as_: str | None) -> tuple[str, str]:
    head, colon, rest = text.partition(":")
    if colon and head.strip().lower() in _HEADS:
        actor = _HEADS[head.strip().lower()]
        if as_ is not None and _HEADS.get(as_.lower()) != actor:
            raise click.BadParameter(f"the move is {actor}'s, not {as_}'s", param_hint="'--as'")
        return actor, rest.strip()
    if as_ is None or as_.lower() not in _HEADS:
        raise click.BadParameter(
            "say whose move it is: --as R (or write it 'R: bid 3+5')", param_hint="'--as'"
        )
    return _HEADS[as_.lower()], text.strip()


@click.command("seal")
@click.argument("text", required=False)
@click.option("--as", "as_", metavar="C", help="Whose move it is: R, B, G, Y (or a colour).")
@click.option(
    "--salt-file",
    type=click.Path(dir_okay=False),
    help="The private file that keeps your salts (created readable by you only).",
)
@click.option(
    "--chance",
    is_flag=True,
    help="Commit to a fresh random contribution to the next draw (the chance protocol).",
)
@click.option(
    "--draw",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False),
    help="Print the draw that the contributions revealed at the end of FILE give.",
)
@click.option(
    "--reveal",
    "reveal",
    metavar="COMMITMENT",
    help="Print the reveal of the sealed move whose commitment begins so (6+ hex digits).",
)
def seal(
    text: str | None,
    as_: str | None,
    salt_file: str | None,
    reveal: str | None,
    chance: bool,
    draw: str | None,
) -> None:
    """Seal a secret move (print the commitment to post), or --reveal one."""
    if draw is not None:
        _print_draw(draw)
        return
    if salt_file is None:
        raise click.UsageError("--salt-file is needed: it keeps what opens your commitments")
    try:
        salts = SaltFile(salt_file)
        if chance:
            if as_ is None or as_.lower() not in _HEADS:
                raise click.BadParameter("say whose contribution it is", param_hint="'--as'")
            click.echo(salts.contribute(_HEADS[as_.lower()]).posted)
            return
        if reveal is not None:
            if text is not None:
                raise click.UsageError("give either a move to seal or --reveal, not both")
            click.echo(salts.find(reveal).reveal)
            return
        if text is None:
            raise click.UsageError("give the move to seal, e.g. mcn seal 'bid 3+5' --as R")
        actor, move = _actor_and_text(text, as_)
        try:
            action = parse_action(actor, move)
        except ActionSyntaxError as problem:
            click.echo(clean(f"error: '{move}' is not a move: {problem}"), err=True)
            sys.exit(1)
        tokens = tuple(action.text.split())
        shown = tokens_by_text(actor, tokens, None)
        if shown == tokens:
            click.echo(
                clean(
                    f"error: '{action.text}' holds no secret (R-HID-1): post it as it is; "
                    "only a secret move may be sealed"
                ),
                err=True,
            )
            sys.exit(1)
        entry = salts.seal(actor, action.text)
    except SaltFileError as problem:
        click.echo(clean(f"error: {problem}"), err=True)
        sys.exit(1)
    click.echo(f"{actor}: {' '.join(shown)} #{entry.digest}")
