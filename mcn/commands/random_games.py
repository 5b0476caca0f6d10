"""``mcn random``: play complete random games with the engine and write them as MCN.

Each game is played by the engine's random player (:func:`mcn.engine.play_random_game`, or, for
META CULPA with ``--infraction-rate``, the same random player with an occasional infraction),
turned into a record by :func:`mcn.records.transcript.transcript` and written by the canonical
writer, one game at a time, so ``-n 100000`` needs no more memory than one game. Game ``k`` (from 1)
uses the seed ``S + k - 1``: any game of a file can be played again on its own.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from random import Random
from typing import IO

import click

from mcn.engine import CHANCE, COLOURS, GameState, RandomPlayer, new_game, play_random_game
from mcn.engine.actions import Action, SideAction
from mcn.engine.random_play import DEFAULT_INFRACTIONS
from mcn.io.safe_write import WriteError, atomic_open
from mcn.notation.model import Game
from mcn.notation.writer import write
from mcn.records.transcript import Decision, transcript

_MAX_ACTIONS = 100_000


def play_with_infractions(
    players: tuple[str, ...],
    seed: int,
    ruleset: str,
    infractions: tuple[str, ...],
    rate: float,
) -> tuple[GameState, list[Decision]]:
    """A random META CULPA game in which, before each decision, each player other than the
    Petty Sinner commits one of the agreed infractions with probability ``rate`` (R-MET-1)."""
    state = new_game(players, ruleset, "standard", "meta-culpa", infractions)
    rng = Random(seed)
    player = RandomPlayer(rng)
    history: list[Decision] = []
    while not state.is_terminal():
        if len(history) > _MAX_ACTIONS:  # an engine bug, not a user error: say so, cleanly
            raise RuntimeError(f"random game {seed} did not end within {_MAX_ACTIONS:,} actions")
        # At most one infraction before each decision, and then the decision itself: at
        # rate 1.0 the game still moves on (an infraction is never the decision).
        if rng.random() < rate:
            options = [
                a
                for a in state.legal_actions(include_infractions=True)
                if isinstance(a, SideAction)
            ]
            if options:
                _take(state, rng.choice(options), history)
                if state.is_terminal():
                    break
        actors = state.current_players()
        actor = actors[0] if len(actors) == 1 else rng.choice(actors)
        action = state.sample_chance(rng) if actor == CHANCE else player.choose(state, actor)
        _take(state, action, history)
    return state, history


def _take(state: GameState, action: Action, history: list[Decision]) -> None:
    address = state.address_of(action)
    state.apply(action)
    history.append(Decision(address, action))


def random_records(
    players: int,
    seed: int,
    count: int,
    ruleset: str = "de-2016",
    variant: str = "standard",
    infraction_rate: float = 0.0,
) -> Iterator[Game]:
    """``count`` random games as records, one at a time."""
    colours = COLOURS[:players]
    infractions = DEFAULT_INFRACTIONS if variant == "meta-culpa" else ()
    for number in range(count):
        game_seed = seed + number
        history: Sequence[object]
        if variant == "meta-culpa" and infraction_rate > 0:
            _, history = play_with_infractions(
                colours, game_seed, ruleset, infractions, infraction_rate
            )
        else:
            _, entries = play_random_game(
                colours, game_seed, ruleset, "standard", variant, infractions
            )
            history = entries
        headers = [
            ("Event", f"Random game {game_seed}"),
            ("Site", "mcn random"),
            *((tag, f"Random player {tag.lower()}") for tag in _player_tags(colours)),
            ("Seed", str(game_seed)),
        ]
        yield transcript(
            history,
            players=colours,
            headers=headers,
            ruleset=ruleset,
            variant=variant,
            infractions=infractions,
        )


def _player_tags(colours: tuple[str, ...]) -> list[str]:
    names = {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow"}
    return [names[c] for c in colours]


def write_records(games: Iterator[Game], out: IO[str]) -> int:
    """Write games in canonical form (a blank line between games); how many were written."""
    written = 0
    for game in games:
        if written:
            out.write("\n")
        out.write(write(game))
        written += 1
    return written


@click.command("random")
@click.option(
    "--players",
    type=click.IntRange(2, 4),
    default=4,
    show_default=True,
    help="Number of players (2, 3 or 4).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option(
    "-n", "count", type=click.IntRange(min=1), default=1, show_default=True, help="Games."
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    default="-",
    help="Write here (default: standard output).",
)
@click.option(
    "--rules",
    type=click.Choice(["de-2016", "en-2016"]),
    default="de-2016",
    show_default=True,
    help="Ruleset (edition).",
)
@click.option(
    "--variant",
    type=click.Choice(["standard", "meta-culpa"]),
    default="standard",
    show_default=True,
    help="Game variant.",
)
@click.option(
    "--infraction-rate",
    type=click.FloatRange(0.0, 1.0),
    default=0.0,
    show_default=True,
    help="META CULPA: chance per decision that someone commits an agreed infraction.",
)
def random(
    players: int,
    seed: int,
    count: int,
    output: str,
    rules: str,
    variant: str,
    infraction_rate: float,
) -> None:
    """Play COUNT random legal games and write them as MCN records."""
    if infraction_rate and variant != "meta-culpa":
        raise click.UsageError("--infraction-rate needs --variant meta-culpa")
    games = random_records(players, seed, count, rules, variant, infraction_rate)
    try:
        if output == "-":
            write_records(games, sys.stdout)
            return
        with atomic_open(output) as handle:
            write_records(games, handle)
    except WriteError as problem:
        click.echo(str(problem), err=True)
        sys.exit(1)
    except RuntimeError as problem:  # the file is left as it was (safe_write)
        click.echo(f"error: {problem}", err=True)
        sys.exit(1)
