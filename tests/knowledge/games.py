"""Games for the knowledge tests: engine-played random games walked decision by decision with
their events, and the example records' main lines."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from mcn.engine import COLOURS, GameState, new_game, play_random_game
from mcn.engine.actions import Action
from mcn.engine.events import Event
from mcn.knowledge.memory import Memory, start_memory
from mcn.notation import parse
from mcn.replay import replay_game

EXAMPLES = Path(__file__).parents[2] / "examples"


@dataclass(frozen=True)
class Walked:
    """One decision of a game: where, what, what it caused, and the state after it."""

    address: str
    action: Action
    events: tuple[Event, ...]
    state: GameState


@cache
def random_game(players: int, seed: int) -> tuple[Walked, ...]:
    """The seeded random game, replayed with its events and states."""
    _, history = play_random_game(COLOURS[:players], seed)
    return walk(new_game(COLOURS[:players]), [entry.action for entry in history])


def walk(state: GameState, actions: Sequence[Action]) -> tuple[Walked, ...]:
    """Apply ``actions`` one by one to a copy of ``state``, keeping events and states."""
    state = state.clone()
    out = []
    for action in actions:
        address = state.decision.address
        events = tuple(state.apply(action))
        out.append(Walked(address, action, events, state.clone()))
    return tuple(out)


@cache
def example_game(name: str) -> tuple[GameState, tuple[Walked, ...]]:
    """The main line of ``examples/NAME`` (its start state and its decisions)."""
    path = EXAMPLES / name
    game = parse(path.read_text(encoding="utf-8"), name=str(path)).games[0]
    replay = replay_game(game, keep_states=True)
    main = replay.main
    assert main is not None
    steps = []
    for step in main.steps:
        assert step.state is not None
        steps.append(Walked(step.address, step.action, tuple(step.events), step.state))
    return main.start, tuple(steps)


EXAMPLE_NAMES = ("game-2p.mcn", "game-2p-en.mcn", "game-3p.mcn", "game-4p.mcn", "meta-culpa.mcn")


def memories(
    start: GameState, steps: Sequence[Walked], viewer: str | None
) -> Iterator[tuple[int, Memory]]:
    """For each decision: its index and what ``viewer`` remembers after it (one memory,
    updated in place: copy it to keep it)."""
    letters = tuple(tuple(start.letters[c]) for c in start.players)
    memory = start_memory(start.players, viewer, letters)  # type: ignore[arg-type]
    for index, step in enumerate(steps):
        memory.see(step.address, step.action, step.events)
        yield index, memory
