"""``mcn match --bot NAME=CMD … [--games N] [--seed S] [--move-time T] -o games.mcn``.

Plays games between bot processes speaking the bot protocol (docs/bots.md): 2 to 4 bots, one
per seat, seats rotating between games; chance seeded; every game written as a valid MCN
record (a forfeited one too, saying why); then the results table with win rates and their 95 %
confidence intervals.

Exit status: 0 played; 2 usage (a bot given wrongly, fewer than 2 or more than 4 bots).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from mcn.bots.process import BotProcess
from mcn.bots.referee import GameOutcome, play_match
from mcn.bots.results import table, tally
from mcn.notation import File, write


def _bots(values: tuple[str, ...]) -> list[BotProcess]:
    bots = []
    for value in values:
        name, sep, command = value.partition("=")
        if not sep or not name.strip() or not command.strip():
            raise click.BadParameter(f"{value!r} is not NAME=COMMAND", param_hint="'--bot'")
        bots.append(BotProcess(name.strip(), command.strip()))
    if not 2 <= len(bots) <= 4:
        raise click.BadParameter(
            f"a game has 2 to 4 players, not {len(bots)}", param_hint="'--bot'"
        )
    if len({b.name for b in bots}) != len(bots):
        raise click.BadParameter("give each bot its own NAME", param_hint="'--bot'")
    return bots


@click.command("match")
@click.option(
    "--bot",
    "bot_specs",
    multiple=True,
    required=True,
    metavar="NAME=COMMAND",
    help="A bot: its name and the command that starts it (2 to 4 times), e.g. "
    "R='mcn bot greedy'. The order gives the seats of game 1; they rotate after each game.",
)
@click.option("--games", type=click.IntRange(min=1), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the chance draws.")
@click.option(
    "--move-time",
    type=click.FloatRange(min=0.001),
    default=10.0,
    show_default=True,
    help="Seconds a bot may take for one answer; past it, it forfeits the game.",
)
@click.option("--rules", default="de-2016", show_default=True, help="The ruleset.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    required=True,
    help="Write the games here, one MCN record after the other.",
)
def match(
    bot_specs: tuple[str, ...],
    games: int,
    seed: int,
    move_time: float,
    rules: str,
    output: str,
) -> None:
    """Play games between bot processes and write them as MCN, with a results table."""
    bots = _bots(bot_specs)

    def progress(outcome: GameOutcome) -> None:
        if outcome.forfeit is not None:
            seat, reason = outcome.forfeit
            name = outcome.bots[seat]
            click.echo(f"game {outcome.number}: {name} ({seat}) forfeits: {reason}", err=True)

    outcomes = play_match(bots, games, seed, move_time, ruleset=rules, progress=progress)
    from mcn.io.safe_write import write_text_atomic

    records = File(tuple(outcome.record for outcome in outcomes), output)
    write_text_atomic(Path(output), write(records))
    click.echo(table(tally(outcomes, [b.name for b in bots]), len(outcomes)))
    sys.exit(0)
