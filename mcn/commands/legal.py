"""``mcn legal SOURCE [--at ADDRESS] [--as COLOUR] [--format json] [--try MOVE]``.

Who decides at a decision of a record (or at a position), what the decision is, and every legal
action — the engine's list, in the text a record writes — each with what it does. A chance
decision's outcomes are counted, not listed. ``--as`` shows what that player (or a spectator)
may know: another player's options depend on his secrets, so only their number is given.
``--try MOVE`` judges one move instead: legal (and what it does), or the engine's reason and
rule ID. Under ``--as``, a move of another player who decides here is not judged (its answer
depends on his hidden hand, R-HID-1): the reason says so and the exit status is 2.

Exit status: 0 listed (or the tried move is legal); 1 the tried move is illegal, or the record
or position is broken (what can be shown is shown, and where replay stopped); 2 usage, or a
tried move that is not judged for the viewer.
"""

from __future__ import annotations

import json
import sys

import click

from mcn.commands.board import board_option
from mcn.commands.source import finish, load_source, viewer_of
from mcn.engine.constants import colour_name
from mcn.engine.data import Board
from mcn.io import quick_exit
from mcn.views.legal import Legal, legal_at, try_move
from mcn.views.render import clean

#: The format of ``--try --format json`` (schemas/legal-try.schema.json).
TRY_FORMAT = "mcn-legal-try/1"


def _names(actors: tuple[str, ...]) -> str:
    return ", ".join("chance" if a == "*" else colour_name(a) for a in actors) or "nobody"


def _text(legal: Legal) -> str:
    lines = [f"{legal.address}: {legal.prompt}", f"decision: {legal.decision}"]
    lines.append(f"decides: {_names(legal.actors)}")
    if legal.chance is not None:
        chance = legal.chance
        source = ", ".join(f"{name} {n}" for name, n in chance.source.items())
        lines.append(
            f"chance: {chance.count} possible {chance.what}"
            + (f" ({chance.draws} drawn from: {source})" if source else "")
        )
        return "\n".join(lines)
    if not legal.options and not legal.hidden:
        lines.append("no legal action: the game is over" if legal.decision == "over" else "")
    width = max((len(o.move) for o in legal.options), default=0)
    if legal.options:
        lines.append(f"{len(legal.options)} legal actions:")
    for option in legal.options:
        lines.append(f"  {clean(option.move).ljust(width)}  {clean(option.description)}")
    if legal.hidden:
        names = _names(tuple(legal.hidden))
        lines.append(f"  {names}: options not shown (they depend on secrets)")
    if legal.knowledge is not None:
        lines.extend(legal.knowledge.lines())
    return "\n".join(line for line in lines if line)


@click.command("legal")
@click.argument("source", metavar="SOURCE")
@click.option(
    "--at",
    "target",
    help="The state BEFORE this decision, which is pending there (an address; a prefix such "
    "as 3: its first decision; start; end).",
)
@click.option("--as", "viewer_name", help="What R, B, G, Y or a spectator may know.")
@click.option(
    "--game",
    "number",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Which game of the file (1-based).",
)
@click.option(
    "--format", "form", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@click.option("--try", "attempt", metavar="MOVE", help="Judge one move, e.g. 'B: letter red'.")
@board_option
def legal(
    source: str,
    target: str | None,
    viewer_name: str | None,
    number: int,
    form: str,
    attempt: str | None,
    board: Board | None,
) -> None:
    """List the legal actions at decision --at of SOURCE (a record or a position)."""
    quick_exit.allow()  # it only prints
    loaded = load_source(
        source, number, target, playable=True, board=board, viewer_name=viewer_name
    )
    state = loaded.state
    assert state is not None
    viewer = viewer_of(viewer_name, loaded)
    if attempt is not None:
        verdict = try_move(state, attempt, viewer)
        if form == "json":
            data = {"format": TRY_FORMAT, "address": loaded.address, **verdict.to_json()}
            click.echo(json.dumps(data, indent=1))
        elif verdict.legal:
            what = clean(verdict.description or "")
            click.echo(f"{loaded.address}: {clean(verdict.move)} is legal: {what}")
        elif verdict.legal is None:
            why = clean(verdict.reason or "")
            click.echo(f"{loaded.address}: {clean(verdict.move)} is {why}")
        else:
            rule = f" [{verdict.rule}]" if verdict.rule else ""
            why = clean(verdict.reason or "")
            click.echo(f"{loaded.address}: {clean(verdict.move)} is not legal: {why}{rule}")
        finish(loaded, viewer)
        sys.exit(0 if verdict.legal else 1 if verdict.legal is False else 2)
    found = legal_at(state, viewer, loaded.memory(viewer))
    if form == "json":
        click.echo(json.dumps(found.to_json(), indent=1))
    else:
        click.echo(_text(found))
    finish(loaded, viewer)
