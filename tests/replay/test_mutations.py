"""One decision of a record changed at random: replay must reject the record exactly there.

Each seeded game is written with a ``<digest …>`` checkpoint after every item, then one written
move is replaced by another action of the same actor:

* an *illegal* action (one the pending decision refuses, also after ending the turn): the
  record is rejected at exactly that move — at its decision's address, or at the pending
  decision of the same player the record left implicit just before it — and nothing before
  it is lost;
* a *legal* alternative: the record is rejected at that decision or later — where a later move
  no longer fits, or at the first checkpoint whose public state differs — and never before it;
  the letters held at the end are checked as well (``<letters …>``), so only a change of a
  donation's compartment may go unnoticed — or one that changes nothing at all (a guess that
  misses either way), and then the game must end in exactly the recorded state.
"""

from __future__ import annotations

import random

import pytest

from mcn import hidden
from mcn.engine import CHANCE, COLOURS, GameState, IllegalAction, new_game, parse_action
from mcn.engine.actions import Action, Bid, End
from mcn.notation.model import Checkpoint, Game, Item, Move, Span
from mcn.replay import checkpoint_for, replay_game
from mcn.transcript import Decision, implicit_decisions, transcribe
from tests.replay.games import CHUNKS, chunk_seeds, headers, played

_WRONG = (
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


def _fits(state: GameState, action: Action) -> bool:
    try:
        state.check(action)
    except IllegalAction:
        return False
    return True


def _forced(state: GameState) -> Action | None:
    if state.is_terminal() or state.decision.actors == (CHANCE,) or state.decision.per_actor:
        return None
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else None


def _fits_later(state: GameState, action: Action) -> bool:
    """Whether replay could still place ``action`` after forced moves or ending the turn."""
    probe = state.clone()
    for _ in range(50):
        if _fits(probe, action):
            return True
        step = _forced(probe)
        if step is None and not probe.is_terminal() and len(probe.decision.actors) == 1:
            end = End(probe.decision.actors[0])
            step = end if _fits(probe, end) else None
        if step is None:
            return False
        probe.apply(step)
    return True


def _illegal(standing: list[GameState], actor: str, rng: random.Random) -> Action | None:
    """An action of ``actor`` that fits none of the states replay may stand in."""
    options = []
    for text in _WRONG:
        try:
            action = parse_action(actor, text)
        except ValueError:
            continue
        if not any(_fits(s, action) or _fits_later(s, action) for s in standing):
            options.append(action)
    return rng.choice(options) if options else None


def _legal(state: GameState, actual: Action, rng: random.Random) -> Action | None:
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


def _digests(state: GameState, address: str) -> list[Checkpoint]:
    """A digest after every item but the bids (the same state, a bid being secret)."""
    if ".bid." in address:
        return []
    return [checkpoint_for("digest", state)]


#: Where the changed move "stands" (records built in memory have no positions).
MARK = Span(9999, 1, 9999, 2)
ITEM_MARK = Span(9998, 1, 9999, 2)


def _replace(game: Game, target: int, action: Action) -> Game:
    """``game`` with its ``target``-th written move replaced by ``action`` (at :data:`MARK`)."""
    body = []
    count = 0
    for element in game.body:
        if isinstance(element, Item):
            moves = []
            span = None
            for move in element.moves:
                if count == target:
                    move = Move(move.actor, tuple(action.text.split()), span=MARK)
                    span = ITEM_MARK
                moves.append(move)
                count += 1
            element = Item(tuple(moves), element.label, span)
        body.append(element)
    return Game(game.headers, tuple(body))


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_changed_decision_is_found(players: int, chunk: int) -> None:
    colours = COLOURS[:players]
    tried = {"illegal": 0, "legal": 0, "unseen": 0}
    for seed in chunk_seeds(chunk):
        final, history = played(players, seed)
        rng = random.Random(seed)
        decisions = [Decision(e.address, e.action, e.forced) for e in history]
        judged = implicit_decisions(decisions, new_game(colours))
        implicit = judged[0]
        written = [i for i, omit in enumerate(implicit) if not omit]
        # a forced decision that a record writes out is replayed as forced if its move does
        # not fit: such a move cannot be told from a later one, so it is not changed here
        choices = [k for k, i in enumerate(written) if not history[i].forced]
        target = rng.choice(choices)
        index = written[target]
        start = index  # replay may stand anywhere in the implicit run before the move
        while start and implicit[start - 1]:
            start -= 1
        state = new_game(colours)
        standing = []
        for number, entry in enumerate(history[:index]):
            if number >= start:
                standing.append(state.clone())
            state.apply(entry.action)
        standing.append(state)
        actual = history[index].action
        address = state.address_of(actual)
        illegal = rng.random() < 0.5
        mutated = _illegal(standing, actual.actor, rng) if illegal else _legal(state, actual, rng)
        if mutated is None:
            continue
        body, _ = transcribe(decisions, new_game(colours), checkpoint=_digests, judged=judged)
        letters = {c: final.letters[c] for c in colours}  # revealed when scored
        body = (*body, Checkpoint("letters", hidden.letters_args(letters)))
        game = _replace(Game(headers(players, final), body), target, mutated)
        replay = replay_game(game, strict=True)
        assert replay.main is not None
        steps = replay.main.steps
        kept = min(index, len(steps))
        assert [(s.address, s.action) for s in steps[:kept]] == [
            (e.address, e.action) for e in history[:kept]
        ], f"seed {seed}: the record changed before the mutation"
        errors = [d for d in replay.diagnostics if d.severity == "error"]
        if illegal:
            tried["illegal"] += 1
            assert errors, f"seed {seed}: '{mutated.text}' at {address} was accepted"
            # at the changed move; named by its decision, or by the pending decision of the
            # same player that the record left implicit before it (a turn's end, a forced pick)
            run = {address}
            for before in range(index - 1, -1, -1):
                if not implicit[before] or history[before].action.actor != actual.actor:
                    break
                run.add(history[before].address)
            first = errors[0]
            assert first.span == MARK, (seed, mutated.text, first.text())
            assert first.address in run, (seed, mutated.text, first.text())
            assert first.rule is not None or first.code in ("chance", "action")
            assert index - len(run) < len(steps) <= index
        elif errors:
            tried["legal"] += 1
            first = errors[0]
            if first.span in (MARK, ITEM_MARK):
                continue  # the changed move itself is wrong where it stands (an earlier fit)
            assert len(steps) > index, (seed, mutated.text, first.text())
            assert steps[index].action == mutated
        else:
            # unnoticed: only a compartment (which a record shows only at evaluations) may
            # change unseen; anything else must have ended the game exactly as recorded
            tried["unseen"] += 1
            assert replay.final is not None
            assert hidden.secret_kind(mutated) == "chest" or (
                replay.final.to_json() == final.to_json()
            ), (seed, address, mutated.text)
    assert tried["illegal"] >= 10 and tried["legal"] >= 10, tried
