"""``mcn bot random|greedy [--seed N]``: a reference bot speaking the bot protocol on standard
input and output (docs/bots.md), for ``mcn match --bot R='mcn bot greedy'``."""

from __future__ import annotations

import random

import click

from mcn.bots.players import choose_greedy, choose_random, serve


@click.command("bot")
@click.argument("kind", type=click.Choice(["random", "greedy"]))
@click.option("--seed", type=int, default=None, help="Seed its choices (default: fresh).")
def bot(kind: str, seed: int | None) -> None:
    """Run the reference bot KIND: random (any legal action) or greedy (docs/bots.md)."""
    rng = random.Random(seed)
    serve(choose_random(rng) if kind == "random" else choose_greedy(rng))
