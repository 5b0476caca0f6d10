"""Changing one decision of a record, for the mutation half of the random-game test."""

from __future__ import annotations

import random

from mcn.engine import CHANCE, GameState, parse_action
from mcn.engine.actions import Action, Bid, End
from mcn.notation.model import Checkpoint, Element, Game, Item, Move, Span
from mcn.replay import Line, checkpoint_for

#: Where the changed move "stands" (records built in memory have no positions).
MARK = Span(9999, 1, 9999, 2)
ITEM_MARK = Span(9998, 1, 9999, 2)

#: Actions to try as wrong moves (each is refused somewhere, accepted somewhere else).
WRONG = (
    "pass",
    "end",
    "buy jewel",
    "greedy wine",
    "sell cloth",
    "letter red",
    "donate 10>I",
    "visit 1",
    "visit 5",
    "visit 6",
    "guess 3",
    "room 2",
    "do",
    "decline",
    "take jewel",
    "steal R",
    "give yellow",
    "pick yellow",
    "choose pope",
    "skip",
    "crew 1",
    "crew 1>2",
    "pope-stone lust>greed",
    "free jewel",
    "free indulgence>green",
    "empty greed",
    "bonus blue",
    "bid 6+99",
    "market jewel jewel jewel jewel jewel jewel jewel jewel",
    "rooms take-3 take-3 take-3 take-3",
    "souls R B G Y",
)


def fits(state: GameState, action: Action) -> bool:
    return state.judge(action).accepted


def _forced(state: GameState) -> Action | None:
    if state.is_terminal() or state.decision.actors == (CHANCE,) or state.decision.per_actor:
        return None
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else None


def fits_later(state: GameState, action: Action) -> bool:
    """Whether replay could still place ``action`` after forced moves or ending the turn."""
    probe = state.clone()
    for _ in range(50):
        if fits(probe, action):
            return True
        step = _forced(probe)
        if step is None and not probe.is_terminal() and len(probe.decision.actors) == 1:
            end = End(probe.decision.actors[0])
            step = end if fits(probe, end) else None
        if step is None:
            return False
        probe.apply(step)
    return True


def illegal(standing: list[GameState], actor: str, rng: random.Random) -> Action | None:
    """An action of ``actor`` that fits none of the states replay may stand in."""
    options = []
    for text in WRONG:
        try:
            action = parse_action(actor, text)
        except ValueError:
            continue
        if not any(fits(s, action) or fits_later(s, action) for s in standing):
            options.append(action)
    return rng.choice(options) if options else None


def legal(state: GameState, actual: Action, rng: random.Random) -> Action | None:
    """Another legal action at the decision of ``actual``."""
    if actual.actor == CHANCE:
        for _ in range(20):
            other = state.sample_chance(rng)
            if other != actual:
                return other
        return None
    if isinstance(actual, Bid):
        return Bid(actual.actor, actual.notches % 6 + 1, actual.taler)
    options = [a for a in state.legal_actions(actual.actor) if a != actual]
    return rng.choice(options) if options else None


def item_ends(game: Game, main: Line, first: int, count: int) -> list[tuple[int, int]]:
    """``(body position, step index)`` for ``count`` items from written move ``first`` on: the
    state a checkpoint after that item sees is the one after that step.

    That is after the item's last move and, if the item's section then reaches the end of a
    turn through forced moves, that end (the moves replay takes at an item's end; see
    ``mcn.replay`` ``end_turn``).
    """
    index = {id(step.move): number for number, step in enumerate(main.steps) if step.move}
    out: list[tuple[int, int]] = []
    written = 0
    for position, element in enumerate(game.body):
        if not isinstance(element, Item):
            continue
        written += len(element.moves)
        if written <= first:
            continue
        if len(out) >= count:
            break
        steps = [index[id(m)] for m in element.moves if id(m) in index]
        if not steps:
            break
        section = main.steps[min(steps)].address.rsplit(".", 1)[0]
        after = max(steps)
        for later in range(after + 1, len(main.steps)):
            step = main.steps[later]
            if step.move is not None or step.address.rsplit(".", 1)[0] != section:
                break
            if isinstance(step.action, End):
                after = later
                break
        if ".bid." not in main.steps[after].address:
            out.append((position, after))
    return out


def states_after(start: GameState, actions: list[Action], wanted: set[int]) -> dict[int, GameState]:
    """Copies of the state after each step in ``wanted`` of a line of ``actions``."""
    state = start.clone()
    out = {}
    last = max(wanted, default=-1)
    for number, action in enumerate(actions[: last + 1]):
        state.apply(action)
        if number in wanted:
            out[number] = state.clone()
    return out


def with_digests(game: Game, ends: list[tuple[int, int]], states: dict[int, GameState]) -> Game:
    """``game`` with a ``<digest …>`` after the items of ``ends``."""
    after = {position: states[step] for position, step in ends}
    body: list[Element] = []
    for position, element in enumerate(game.body):
        body.append(element)
        if position in after:
            body.append(checkpoint_for("digest", after[position]))
    return Game(game.headers, tuple(body))


def replace_move(game: Game, target: int, action: Action) -> Game:
    """``game`` with its ``target``-th written move replaced by ``action`` (at :data:`MARK`)."""
    body: list[Element] = []
    count = 0
    for element in game.body:
        if isinstance(element, Item):
            moves = []
            span = None
            for move in element.moves:
                if count == target:
                    move = Move(move.actor, tuple(action.text.split()), where=MARK)
                    span = ITEM_MARK
                moves.append(move)
                count += 1
            element = Item(tuple(moves), element.label, span)
        elif isinstance(element, Checkpoint):
            pass
        body.append(element)
    return Game(game.headers, tuple(body))
