"""One judging call and one apply: ``GameState.judge`` returns the engine's verdict (a
``Ruling``: accepted or refused with rule ID, reason and address, and an accepted action's
breach), and ``apply`` takes a ruling just given instead of checking a second time, never a
stale or foreign one (an illegal action leaves the state unchanged)."""

from __future__ import annotations

import pytest

from mcn.engine import GameState, IllegalAction, new_game, parse_action
from mcn.engine import state as state_module
from mcn.engine.legality import Ruling
from tests.engine.helpers import MARKET, ROOMS, act


def _at_the_bids() -> GameState:
    state = new_game(("R", "B"))
    act(state, "*: souls B R", "B: bonus blue", "R: bonus 10>I")
    act(state, f"*: market {MARKET}", f"*: rooms {ROOMS}")
    assert state.simultaneous()
    return state


def test_a_legal_action_is_judged_accepted_and_nothing_changes() -> None:
    # R-BID-1: both bid at once; judging a bid changes nothing
    state = _at_the_bids()
    before = state.to_json()
    ruling = state.judge(parse_action("R", "bid 2+1"))
    assert isinstance(ruling, Ruling)
    assert ruling.accepted and ruling.legal and ruling.refusal is None and ruling.breach is None
    assert state.to_json() == before
    assert "accepted" in repr(ruling)


def test_a_refusal_carries_rule_reason_and_address_as_apply_raises_it() -> None:
    # R-BID-1: a bid of more notches than the track has is refused, with the bidder's address
    state = _at_the_bids()
    action = parse_action("R", "bid 9+0")
    ruling = state.judge(action)
    assert not ruling.accepted and not ruling.legal and ruling.refusal is not None
    with pytest.raises(IllegalAction) as raised:
        state.apply(action, ruling)
    assert (raised.value.rule, raised.value.reason, raised.value.address) == (
        ruling.refusal.rule,
        ruling.refusal.reason,
        ruling.refusal.address,
    )
    assert ruling.refusal.address.endswith(".R") and ruling.refusal.rule.startswith("R-")
    assert "refused" in repr(ruling)


#: Whether the engine runs compiled (mypyc checks each argument's declared type at the call).
COMPILED = not state_module.__file__.endswith(".py")


def test_a_non_action_is_refused_under_r_act_2() -> None:
    # R-ACT-2: only actions are judged. Compiled, the call itself refuses a non-Action (a
    # TypeError before the engine runs); either way the state is left as it was.
    state = _at_the_bids()
    before = state.to_json()
    if COMPILED:
        with pytest.raises(TypeError):
            state.judge("R: bid 2+1")  # type: ignore[arg-type]
    else:
        ruling = state.judge("R: bid 2+1")  # type: ignore[arg-type]
        assert ruling.refusal is not None and ruling.refusal.rule == "R-ACT-2"
    assert state.to_json() == before


def test_apply_never_trusts_a_stale_ruling() -> None:
    # R-BID-1: one bid each; a ruling given before Red's bid does not let him bid twice
    state = _at_the_bids()
    action = parse_action("R", "bid 2+1")
    ruling = state.judge(action)
    state.apply(action, ruling)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action, ruling)
    assert state.to_json() == before


def test_apply_never_trusts_a_ruling_of_another_state() -> None:
    # R-BID-1: a ruling given on a copy does not stand for the original
    state = _at_the_bids()
    action = parse_action("R", "bid 2+1")
    copy_ruling = state.clone().judge(action)
    state.apply(action)
    with pytest.raises(IllegalAction):
        state.apply(action, copy_ruling)


def test_a_ruling_for_another_action_is_ignored() -> None:
    # R-BID-1: the ruling on Red's bid is not a ruling on Blue's illegal one
    state = _at_the_bids()
    ruling = state.judge(parse_action("R", "bid 2+1"))
    with pytest.raises(IllegalAction):
        state.apply(parse_action("B", "bid 9+0"), ruling)
