"""Seeded random games: written as records they replay decision by decision, and a record
with one decision changed is rejected exactly where it was changed.

**Round trip.** A record leaves out exactly the decisions replay takes by itself (forced moves,
the end of a turn), so replaying the record of a game gives the engine's history back,
decision by decision, with the same result. Every tenth record also goes through the text.

**Mutation.** One written move is replaced by another action of the same actor, with a
``<digest …>`` checkpoint after each of the following items and the letters held at the end
(``<letters …>``):

* an *illegal* action (one the pending decision refuses, also after ending the turn): the
  record is rejected at exactly that move — at its decision's address, or at the pending
  decision of the same player the record left implicit just before it — and nothing before
  it is lost;
* a *legal* alternative: the record is rejected at that decision or later — where a later move
  no longer fits, or at the first checkpoint whose public state differs — and never before
  it; only a change of a donation's compartment may go unnoticed, or one that changes
  nothing at all (a guess that misses either way), and then the game ends in exactly the
  recorded state.

Both halves share one test per chunk of games so each game is played and replayed once.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mcn.engine import COLOURS, GameState, HistoryEntry, new_game
from mcn.notation import parse, write
from mcn.notation.model import Checkpoint, Game
from mcn.records.transcript import Decision, implicit_decisions, transcribe
from mcn.replay import GameReplay, hidden, parse_result, replay_game
from tests.replay import mutate
from tests.replay.games import CHUNKS, chunk_seeds, headers, played

#: Items after the changed move that get a digest checkpoint.
WINDOW = 30


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(players: int, chunk: int) -> None:
    colours = COLOURS[:players]
    tried: Counter[str] = Counter()
    for seed in chunk_seeds(chunk):
        final, history = played(players, seed)
        decisions = [Decision(e.address, e.action, e.forced) for e in history]
        judged = implicit_decisions(decisions, new_game(colours))
        body, _ = transcribe(decisions, new_game(colours), judged=judged)
        game = Game(headers(players, final), body)
        if seed % 10 == 0:
            game = parse(write(game)).games[0]
        replay = replay_game(game)
        round_trip(seed, game, replay, history, final)
        tried[mutation(seed, game, replay, history, judged[0], final)] += 1
    assert tried["illegal"] >= 10 and tried["legal"] >= 10, tried


def round_trip(
    seed: int,
    game: Game,
    replay: GameReplay,
    history: tuple[HistoryEntry, ...],
    final: GameState,
) -> None:
    assert replay.valid, (seed, [d.text() for d in replay.diagnostics])
    assert replay.main is not None
    taken = [(step.address, step.action) for step in replay.main.steps]
    assert taken == [(entry.address, entry.action) for entry in history], seed
    assert replay.final is not None and replay.final.is_terminal()
    assert replay.final.winners() == final.winners()
    assert parse_result(game.header("Result") or "") == final.winners()
    assert not any(move.text == "end" for move in game.moves())


def mutation(
    seed: int,
    game: Game,
    replay: GameReplay,
    history: tuple[HistoryEntry, ...],
    implicit: list[bool],
    final: GameState,
) -> str:
    """Change one decision of ``game`` and check where replay finds it; what was tried."""
    assert replay.main is not None
    rng = random.Random(seed)
    written = [i for i, omit in enumerate(implicit) if not omit]
    # a forced decision that a record writes out is replayed as forced if its move does
    # not fit: such a move cannot be told from a later one, so it is not changed here
    choices = [k for k, i in enumerate(written) if not history[i].forced]
    target = rng.choice(choices)
    index = written[target]
    start = index  # replay may stand anywhere in the implicit run before the move
    while start and implicit[start - 1]:
        start -= 1
    ends = mutate.item_ends(game, replay.main, target, WINDOW)
    actions = [entry.action for entry in history]
    wanted = set(range(start - 1, index)) | {step for _, step in ends}
    states = mutate.states_after(new_game(final.players), actions, wanted)
    standing = [states[i - 1] if i else new_game(final.players) for i in range(start, index + 1)]
    state = standing[-1]
    actual = history[index].action
    address = state.address_of(actual)
    wrong = rng.random() < 0.5
    changed = (
        mutate.illegal(standing, actual.actor, rng) if wrong else mutate.legal(state, actual, rng)
    )
    if changed is None or (not wrong and changed in actions[start:index]):
        # (a legal alternative equal to an omitted forced move just before it, such as a
        # forced pick of the same colour, is read as that move: the record is ambiguous)
        return "none"
    checked = mutate.with_digests(game, ends, states)
    letters = {c: final.letters[c] for c in final.players}  # revealed when scored
    checked = Game(
        checked.headers, (*checked.body, Checkpoint("letters", hidden.letters_args(letters)))
    )
    result = replay_game(mutate.replace_move(checked, target, changed), strict=True)
    assert result.main is not None
    again = result.main.steps
    kept = min(index, len(again))
    assert [(s.address, s.action) for s in again[:kept]] == [
        (e.address, e.action) for e in history[:kept]
    ], f"seed {seed}: the record changed before the mutation"
    errors = [d for d in result.diagnostics if d.severity == "error"]
    if wrong:
        assert errors, f"seed {seed}: '{changed.text}' at {address} was accepted"
        # at the changed move; named by its decision, or by the pending decision of the
        # same player that the record left implicit before it (a turn's end, a forced pick)
        run = {address}
        for before in range(index - 1, -1, -1):
            if not implicit[before] or history[before].action.actor != actual.actor:
                break
            run.add(history[before].address)
        first = errors[0]
        assert first.span == mutate.MARK, (seed, changed.text, first.text())
        assert first.address in run, (seed, changed.text, first.text())
        assert first.rule is not None or first.code in ("chance", "action")
        assert index - len(run) < len(again) <= index
        return "illegal"
    if errors:
        first = errors[0]
        if first.span not in (mutate.MARK, mutate.ITEM_MARK):
            # found later: everything up to the changed decision was replayed as written
            assert len(again) > index, (seed, changed.text, first.text())
            assert again[index].action == changed
        return "legal"
    assert result.final is not None
    assert hidden.secret_kind(changed) == "chest" or (result.final.to_json() == final.to_json()), (
        seed,
        address,
        changed.text,
    )
    return "unseen"
