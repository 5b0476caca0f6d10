"""Test records for ``mcn diff`` and ``mcn tree``: seeded random games, edited through the model.

Every record starts as an engine-played game (``play_random_game``) written by
``mcn.records.transcript.transcript``; edits (a different decision, a comment, a variation, a glyph)
are made on the record model, so the tests never depend on hand-written text.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

from mcn.engine import CHANCE, GameState, RandomPlayer, new_game, play_random_game
from mcn.engine.actions import Action
from mcn.notation.model import Comment, Element, Game, Header, Item, Move
from mcn.notation.writer import write
from mcn.records.transcript import transcript
from mcn.replay import GameReplay, replay_game

PLAYERS4 = ("R", "B", "G", "Y")

History = list[tuple[str, Action]]


def random_history(seed: int, players: tuple[str, ...] = PLAYERS4) -> History:
    """A complete seeded random game as (address, action) pairs."""
    _state, history = play_random_game(players, seed=seed)
    return [(entry.address, entry.action) for entry in history]


def record(history: History, players: tuple[str, ...] = PLAYERS4, **headers: str) -> Game:
    """The record of ``history``; ``headers`` add or replace tags (``Event="…"``)."""
    return transcript(history, players=players, headers=tuple(headers.items()))


def replay(game: Game) -> GameReplay:
    """The replay of ``game`` with every state kept (as diff and tree need)."""
    result = replay_game(game, keep_states=True)
    errors = [d.text() for d in result.diagnostics if d.severity == "error"]
    assert not errors, errors
    return result


def states_before(history: History, players: tuple[str, ...] = PLAYERS4) -> list[GameState]:
    """The state before each decision of ``history``."""
    state = new_game(players)
    out = []
    for _address, action in history:
        out.append(state.clone())
        state.apply(action)
    return out


def choice_points(
    history: History, players: tuple[str, ...] = PLAYERS4, round_from: int = 2
) -> list[int]:
    """Indices of player decisions (no chance, no bids) with at least two legal actions,
    from round ``round_from`` on."""
    out = []
    for index, state in enumerate(states_before(history, players)):
        address, action = history[index]
        head = address.split(".", 1)[0]
        if action.actor == CHANCE or not head.isdigit() or int(head) < round_from:
            continue
        if state.decision.per_actor:
            continue
        if len(state.legal_actions(action.actor)) >= 2:
            out.append(index)
    return out


def branch_at(
    history: History,
    index: int,
    seed: int,
    players: tuple[str, ...] = PLAYERS4,
    pick: Callable[[list[Action]], Action] | None = None,
) -> History:
    """``history`` up to ``index``, a different legal action there, then seeded random play."""
    state = new_game(players)
    for _address, action in history[:index]:
        state.apply(action)
    played = history[index][1]
    options = [a for a in state.legal_actions(played.actor) if a != played]
    rng = random.Random(seed)
    other = pick(options) if pick else rng.choice(options)
    out = list(history[:index])
    out.append((state.address_of(other), other))
    state.apply(other)
    player = RandomPlayer(rng)
    while not state.is_terminal():
        actors = state.current_players()
        actor = actors[0] if len(actors) == 1 else rng.choice(actors)
        action = state.sample_chance(rng) if actor == CHANCE else player.choose(state, actor)
        out.append((state.address_of(action), action))
        state.apply(action)
    return out


def map_moves(game: Game, change: Callable[[Move], Move | None]) -> Game:
    """``game`` with every main-line move replaced by ``change(move)`` (None: unchanged)."""
    body: list[Element] = []
    for element in game.body:
        if isinstance(element, Item):
            moves = tuple(change(m) or m for m in element.moves)
            body.append(dataclasses.replace(element, moves=moves))
        else:
            body.append(element)
    return dataclasses.replace(game, body=tuple(body))


def annotate(game: Game, edits: dict[int, dict[str, object]]) -> Game:
    """``game`` with fields of its n-th main-line move replaced (``{n: {"after": …}}``)."""
    numbering = {id(m): n for n, m in enumerate(game.moves())}

    def change(move: Move) -> Move | None:
        fields = edits.get(numbering[id(move)])
        return dataclasses.replace(move, **fields) if fields else None  # type: ignore[arg-type]

    return map_moves(game, change)


def with_variations(game: Game, count: int, seed: int) -> tuple[Game, list[str]]:
    """``game`` with ``count`` one-move variations on player moves: each replaces a written
    move with another legal action of the same decision. Returns the game and the addresses
    of the moves that got a variation (in game order)."""
    base = replay(game)
    assert base.main is not None
    candidates = []
    for index, step in enumerate(base.main.steps):
        if step.move is None or step.action.actor == CHANCE:
            continue
        before = base.main.start if index == 0 else base.main.steps[index - 1].state
        assert before is not None
        if before.decision.per_actor:
            continue
        legal = [a for a in before.legal_actions(step.action.actor) if a != step.action]
        if legal:
            candidates.append((step, legal))
    rng = random.Random(seed)
    chosen = sorted(rng.sample(range(len(candidates)), count))
    edits: dict[int, Move] = {}
    addresses = []
    for number in chosen:
        step, legal = candidates[number]
        other = rng.choice(legal)
        assert step.move is not None
        variation: tuple[Element, ...] = (Item((Move(other.actor, tuple(other.text.split())),)),)
        edits[id(step.move)] = dataclasses.replace(step.move, variations=(variation,))
        addresses.append(step.address)
    return map_moves(game, lambda m: edits.get(id(m))), addresses


def with_headers(game: Game, **values: str) -> Game:
    """``game`` with header values replaced or added."""
    headers = {h.tag: h.value for h in game.headers}
    headers.update(values)
    return dataclasses.replace(game, headers=tuple(Header(t, v) for t, v in headers.items()))


def save(game: Game, path: Path) -> Path:
    """Write ``game`` in canonical MCN to ``path``."""
    path.write_text(write(game), encoding="utf-8")
    return path


def comment(text: str) -> tuple[Comment, ...]:
    """One after-comment (for :func:`annotate`)."""
    return (Comment(text),)
