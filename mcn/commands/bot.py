"""``mcn bot random|greedy|ismcts [--seed N] [--simulations N] [--worlds N] [--playout P]
[--final F]``: a reference bot speaking the bot protocol on standard input and output
(docs/bots.md), for ``mcn match --bot R='mcn bot greedy'``. ``ismcts`` is OpenSpiel's ISMCTS on
the engine (docs/openspiel.md); it needs the optional extra ``mcn[openspiel]``."""

from __future__ import annotations

import random

import click

from mcn.bots.players import choose_greedy, choose_random, serve


@click.command("bot")
@click.argument("kind", type=click.Choice(["random", "greedy", "ismcts"]))
@click.option("--seed", type=int, default=None, help="Seed its choices (default: fresh).")
@click.option(
    "--simulations",
    type=click.IntRange(min=1),
    default=None,
    help="ismcts: simulations per decision (default 100; cost grows with it, docs/openspiel.md).",
)
@click.option(
    "--worlds",
    type=click.IntRange(min=1),
    default=None,
    help="ismcts: worlds drawn per decision and reused (default: a fresh one per simulation).",
)
@click.option(
    "--playout",
    type=click.Choice(["random", "greedy"]),
    default=None,
    help="ismcts: how playouts finish the game: uniformly random moves (default) or the greedy "
    "bot's (docs/openspiel.md, 'Playouts').",
)
@click.option(
    "--final",
    type=click.Choice(["visits", "value", "visits-greedy"]),
    default=None,
    help="ismcts: the move played: the most visited (default), the best mean return, or the "
    "most visited with ties to the greedy bot's favourite.",
)
def bot(
    kind: str,
    seed: int | None,
    simulations: int | None,
    worlds: int | None,
    playout: str | None,
    final: str | None,
) -> None:
    """Run the reference bot KIND: random (any legal action), greedy (docs/bots.md) or ismcts
    (OpenSpiel's information-set MCTS, docs/openspiel.md)."""
    if kind == "ismcts":
        from mcn.openspiel import MISSING, available

        if not available():
            raise click.UsageError(MISSING)
        from mcn.openspiel.ismcts import FINAL, PLAYOUT, SIMULATIONS
        from mcn.openspiel.ismcts import serve as serve_ismcts

        serve_ismcts(
            simulations or SIMULATIONS,
            seed,
            worlds=worlds,
            playout=playout or PLAYOUT,
            final=final or FINAL,
        )
        return
    options = (
        ("--simulations", simulations),
        ("--worlds", worlds),
        ("--playout", playout),
        ("--final", final),
    )
    for name, value in options:
        if value is not None:
            raise click.UsageError(f"{name} is an option of the ismcts bot")
    rng = random.Random(seed)
    serve(choose_random(rng) if kind == "random" else choose_greedy(rng))
