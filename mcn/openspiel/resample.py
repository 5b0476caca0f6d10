"""``resample_from_infostate``: a complete history that a player cannot tell from the true one.

The knowledge sampler (:func:`mcn.knowledge.sample.sample_state`) draws the secrets a viewer
cannot know — every other player's donation compartments, the letters behind the other screens,
the bids not yet revealed and the Pope die — uniformly among the values consistent with what
he saw. A search needs more than the state: it goes on playing from it, and later reveals (the
bids, the guess, an evaluation opening a compartment) must reveal the *drawn* secrets, and the
information state of every later decision must be built from a path that agrees with them.
So the draw is turned into a history:

* each hidden donation (and starting bonus) of another player is rewritten with the drawn
  compartments, in the order the player made them;
* each gift the viewer neither gave nor took (I-HID-4) gets a colour, drawn uniformly among
  the sequences of gift colours that lead to the drawn letters (:func:`_gift_colours`);
* each pending bid of another player becomes the drawn bid, and the Pope's secret ``visit``
  the drawn die;

and the rewritten history is replayed by the engine from the start (chance as it was drawn).
Everything public — every chance outcome, every other move and every event the viewer can
read — comes out the same, so the result projects for the viewer exactly as the original does
(``tests/openspiel/test_twins.py`` checks this on every draw it makes).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mcn.engine import Action, GameState
from mcn.engine.actions import Bid, Bonus, Donate, Give, Visit
from mcn.engine.constants import COLOUR_NAMES, COMPARTMENTS, LETTERS
from mcn.engine.events import Donated, LetterMoved, PopeDie
from mcn.knowledge.memory import Memory, World
from mcn.knowledge.sample import Sample, sample_state
from mcn.replay.model import Step
from mcn.views.projection import memory_of

_PLAYER_BY_NAME = {name: colour for colour, name in COLOUR_NAMES.items()}


class ResampleError(RuntimeError):
    """The rewritten history did not replay (a bug: every draw is consistent by construction)."""


def _unseen_gift(step: Step, viewer: str) -> bool:
    action = step.action
    if not isinstance(action, Give):
        return False
    takers = [e.player for e in step.events if isinstance(e, LetterMoved)]
    return viewer != action.actor and viewer not in takers


def _gift_colours(
    path: Sequence[Step], players: tuple[str, ...], start: World, world: World, viewer: str
) -> list[list[int]]:
    """Every sequence of colours of the gifts ``viewer`` did not see that leads from the
    letters at the start (``start``) to ``world``, following the path's letter moves."""
    moves: list[tuple[int | None, int, int, int, bool]] = []  # giver, taker, colour, n, unseen
    for step in path:
        unseen = _unseen_gift(step, viewer)
        for event in step.events:
            if not isinstance(event, LetterMoved):
                continue
            giver_colour = _PLAYER_BY_NAME.get(event.source)
            giver = players.index(giver_colour) if giver_colour in players else None
            colour = LETTERS.index(event.colour)
            moves.append((giver, players.index(event.player), colour, event.count, unseen))
    found: list[list[int]] = []

    def walk(index: int, rows: list[list[int]], chosen: list[int]) -> None:
        if index == len(moves):
            if tuple(tuple(r) for r in rows) == world:
                found.append(list(chosen))
            return
        giver, taker, colour, count, unseen = moves[index]
        options = [c for c in range(4) if rows[giver][c]] if unseen and giver is not None else []
        for option in options if unseen else [colour]:
            if giver is not None and rows[giver][option] < count:
                continue
            if giver is not None:
                rows[giver][option] -= count
            rows[taker][option] += count
            walk(index + 1, rows, [*chosen, option] if unseen else chosen)
            rows[taker][option] -= count
            if giver is not None:
                rows[giver][option] += count

    walk(0, [list(row) for row in start], [])
    return found


def _rewritten(action: Action, compartments: list[int]) -> Action:
    """``action`` (a donation or a starting bonus) with its items' compartments replaced by
    ``compartments`` (consumed from the front)."""
    items = tuple(
        (item, COMPARTMENTS[compartments.pop(0)] if comp else comp)
        for item, comp in action.items  # type: ignore[attr-defined]
    )
    return Donate(action.actor, items) if isinstance(action, Donate) else Bonus(action.actor, items)


def rewrite(
    path: Sequence[Step], memory: Memory, sample: Sample, viewer: str, rng: random.Random
) -> list[Action]:
    """The actions of ``path`` with every secret ``viewer`` cannot know replaced by ``sample``'s
    (see the module docstring)."""
    players = memory.players
    compartments = {player: list(choice) for player, choice in sample.compartments.items()}
    actions = [step.action for step in path]
    gifts = [i for i, step in enumerate(path) if _unseen_gift(step, viewer)]
    if gifts:
        start = tuple(tuple(row) for row in _start_rows(path, memory))
        options = _gift_colours(path, players, start, sample.letters, viewer)  # type: ignore[arg-type]
        if not options:
            raise ResampleError("no gift colours lead to the drawn letters")
        colours = options[rng.randrange(len(options))]
        for index, colour in zip(gifts, colours, strict=True):
            actions[index] = Give(actions[index].actor, LETTERS[colour])
    for index, step in enumerate(path):
        action = step.action
        if action.actor == viewer:
            continue
        donated = sum(1 for e in step.events if isinstance(e, Donated))
        if isinstance(action, Donate | Bonus) and donated:
            actions[index] = _rewritten(action, compartments[action.actor])
    _rewrite_pending(path, actions, sample, viewer)
    return actions


def _start_rows(path: Sequence[Step], memory: Memory) -> list[list[int]]:
    """The letters at the start of the path: the truth at its end less what the path moved."""
    players = memory.players
    rows = [list(row) for row in memory.truth]
    for step in path:
        for event in step.events:
            if isinstance(event, LetterMoved):
                colour = LETTERS.index(event.colour)
                rows[players.index(event.player)][colour] -= event.count
                giver = _PLAYER_BY_NAME.get(event.source)
                if giver in players:
                    rows[players.index(giver)][colour] += event.count
    return rows


def _rewrite_pending(
    path: Sequence[Step], actions: list[Action], sample: Sample, viewer: str
) -> None:
    """The bids not yet revealed and the Pope die before the guess, as drawn."""
    pending = dict(sample.bids)
    for index in range(len(path) - 1, -1, -1):
        action = path[index].action
        if isinstance(action, Bid) and action.actor in pending:
            notches, taler = pending.pop(action.actor)
            actions[index] = Bid(action.actor, notches, taler)
    if not sample.pope_die:
        return
    for index in range(len(path) - 1, -1, -1):
        step = path[index]
        sets_die = any(isinstance(e, PopeDie) and e.guess == 0 for e in step.events)
        if isinstance(step.action, Visit) and sets_die:
            if step.action.actor != viewer:
                actions[index] = Visit(step.action.actor, sample.pope_die)
            return


def resample(play: object, viewer: str, rng: random.Random) -> object:
    """A :class:`mcn.openspiel.game.Play` drawn among those ``viewer`` cannot tell from
    ``play`` (the module docstring says how)."""
    from mcn.openspiel.game import Play

    assert isinstance(play, Play)
    engine = play.engine
    memory = memory_of(play.path, engine, viewer)
    if memory is None:
        raise ResampleError("the game does not start at setup.1")
    sample = sample_state(engine, memory, rng)
    actions = rewrite(play.path, memory, sample, viewer, rng)
    fresh = GameState.new(
        engine.players, engine.ruleset, engine.board, engine.variant, engine.infractions
    )
    out = Play(fresh, [], [], list(play.rooms))
    for action, step, cache in zip(actions, play.path, play.caches, strict=True):
        try:
            out.apply(action, step, cache)
        except Exception as error:  # a bug: report the draw that failed
            raise ResampleError(f"the drawn history does not replay: {error}") from error
    return out


__all__ = ["ResampleError", "resample", "rewrite"]
