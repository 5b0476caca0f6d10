"""Small helpers for the engine's API tests: drive states through the public API only."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

from mcn.engine import CHANCE, Action, GameState, new_game, parse_action

Json = dict[str, Any]
ALL_COLOURS = ("R", "B", "G", "Y")
BONUSES = {
    "Y": "bonus jewel>II",
    "G": "bonus blue",
    "B": "bonus 10>I",
    "R": "bonus bread>I wine>II",
}
MARKET = "bread bread wine cloth jewel jewel indulgence"
ROOMS = "take-5 emperor-letter pope-stone new-crew"


def act(state: GameState, *items: str) -> list[Any]:
    """Apply ``"R: buy wine"``-style items (``*`` is chance) in order; return all events."""
    events: list[Any] = []
    for item in items:
        actor, _, text = item.partition(":")
        actor = actor.strip()
        events.extend(state.apply(parse_action(CHANCE if actor == "*" else actor, text)))
    return events


def edited(state: GameState, change: Callable[[Json], None]) -> GameState:
    """A state rebuilt from its JSON after ``change`` edited it."""
    data = copy.deepcopy(state.to_json())
    change(data)
    return GameState.from_json(data)


def opening(players: str = "RBGY", souls: str = "Y G B R", **options: Any) -> GameState:
    """A game after the soul order and the starting bonuses, at ``1.prep.1``."""
    state = new_game(tuple(players), **options)
    act(state, f"*: souls {souls}")
    while state.decision.kind == "bonus":
        (actor,) = state.current_players()
        # Four players take the fixed BONUSES; an illegal one is a broken set-up and raises
        # IllegalAction here (never silently another bonus). Fewer players take the first.
        choice = BONUSES[actor] if len(players) == 4 else state.legal_actions()[0].text
        act(state, f"{actor}: {choice}")
    return state


def choose_all(state: GameState, cast: dict[str, str], prelims: dict[str, str]) -> None:
    """Play the character phase: each chooser takes his character from ``cast``
    (character -> colour); preliminaries answered from ``prelims`` (decision kind -> text)."""
    while state.decision.kind in ("choose", "preliminary", "sinner-visit"):
        (actor,) = state.current_players()
        if state.decision.kind == "choose":
            character = next(c for c, who in cast.items() if who == actor)
            del cast[character]
            act(state, f"{actor}: choose {character}")
        else:
            texts = {a.text for a in state.legal_actions()}
            wanted = prelims.get(state.decision.kind, "skip")
            act(state, f"{actor}: {wanted if wanted in texts else sorted(texts)[0]}")


def secret_paths(data: Any, path: str = "") -> Iterator[tuple[str, Json]]:
    """Every secret wrapper in a state JSON, with its path."""
    if isinstance(data, dict):
        if "secret" in data and ("value" in data or "masked" in data):
            yield path, data
            return
        for key, value in data.items():
            yield from secret_paths(value, f"{path}/{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from secret_paths(value, f"{path}/{i}")


def walk(
    players: tuple[str, ...],
    seed: int,
    visit: Callable[[GameState, random.Random], None] | None = None,
    *,
    variant: str = "standard",
    infractions: tuple[str, ...] = (),
    ruleset: str = "de-2016",
    limit: int = 5000,
) -> GameState:
    """Play a seeded random game, calling ``visit(state, rng)`` before every decision."""
    rng = random.Random(seed)
    state = new_game(players, ruleset=ruleset, variant=variant, infractions=infractions)
    for _ in range(limit):
        if state.is_terminal():
            return state
        if visit is not None:
            visit(state, rng)
        state.apply(random_action(state, rng, infractions=bool(infractions)))
    raise AssertionError(f"seed {seed}: no end after {limit} decisions")


def random_action(state: GameState, rng: random.Random, infractions: bool = False) -> Action:
    """A uniformly random legal action (chance sampled); a rare infraction if agreed."""
    if state.current_players() == (CHANCE,):
        return state.sample_chance(rng)
    if infractions and rng.random() < 0.01:
        options = [
            a for a in state.legal_actions(include_infractions=True) if a.kind == "infraction"
        ]
        if options:
            return rng.choice(options)
    if state.decision.kind == "bid":
        actor = rng.choice(state.current_players())
        money = state.to_json()["seats"][actor]["money"]["value"]
        return parse_action(actor, f"bid {rng.randint(1, 6)}+{rng.randint(0, min(3, money))}")
    return rng.choice(state.legal_actions())
