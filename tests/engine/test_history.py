"""GameState as a library user drives it (issue 28): push/pop undo exactly, text moves read
back, and no public method can corrupt a state: a wrong call raises and changes nothing."""

from __future__ import annotations

import json
import random

import pytest

import mcn
from mcn.engine import ActionSyntaxError, GameState, IllegalAction


def _snapshot(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def test_push_and_pop_undo_every_decision_exactly() -> None:
    rng = random.Random(5)
    state = mcn.new_game(("R", "B", "G"))
    snapshots = [_snapshot(state)]
    pushed = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.push(action)
        pushed.append(action)
        snapshots.append(_snapshot(state))
    assert state.winners()  # R-END-3: the game was played to its end
    while pushed:
        assert state.pop() == pushed.pop()
        snapshots.pop()
        assert _snapshot(state) == snapshots[-1]
    assert state.pending_address() == "setup.1"
    with pytest.raises(IndexError):
        state.pop()


def test_text_moves_round_trip_through_legal_texts() -> None:
    rng = random.Random(11)
    state = mcn.new_game(("R", "B"))
    for _ in range(60):
        texts = state.legal_texts()
        assert texts and all(": " in text for text in texts)
        text = rng.choice(texts)
        before = _snapshot(state)
        state.apply_text(text)
        state.pop()
        assert _snapshot(state) == before
        state.apply_text(text)
    # without "ACTOR:" the one player who decides is meant
    while len(state.current_players()) != 1 or state.current_players() == (mcn.CHANCE,):
        state.apply(rng.choice(state.legal_actions()))
    actor = state.current_players()[0]
    bare = [t.split(": ", 1)[1] for t in state.legal_texts() if t.startswith(f"{actor}: ")]
    state.apply_text(bare[0])
    assert state.pop().actor == actor


def test_wrong_calls_raise_and_leave_the_state_unchanged() -> None:
    rng = random.Random(2)
    state = mcn.new_game(("R", "B", "G", "Y"))
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    before = _snapshot(state)
    wrong = ["R: pass", None, 3, ("bid", 3), object()]
    for value in wrong:
        with pytest.raises((IllegalAction, TypeError)):
            state.apply(value)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            state.push(value)  # type: ignore[arg-type]
        assert _snapshot(state) == before
    with pytest.raises(ActionSyntaxError, match="unknown move 'juggle'; did you mean"):
        state.apply_text("R: juggle")
    with pytest.raises(TypeError):
        state.apply_text(None)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):  # R-SUP-1: there is no fifth player's move to make
        state.apply_text("*: souls R B G Y")
    with pytest.raises(IndexError):
        state.pop()  # apply() is not remembered
    assert _snapshot(state) == before
    assert state.legal_actions()  # the state still plays on
    # the engine's driving methods are private: the python-chess habit state.push(action)
    # is the checked, undoable apply
    # and legality is one judging call (judge, a Ruling) and one apply: the older entry
    # points are gone
    gone = ("apply_unchecked", "check", "refusal", "breach", "is_legal", "_apply_unchecked")
    for name in ("emit", "market_taken", *gone):
        assert not hasattr(state, name)
