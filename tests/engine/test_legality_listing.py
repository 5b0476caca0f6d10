"""Listing the legal actions (mcn/engine/legality.py): for one actor or all, with META CULPA's
side actions only on request, and the decision records immutable. Each test kills a mutant that
survived the decision tests (docs/testing.md, "Mutation testing")."""

from __future__ import annotations

import dataclasses
from enum import StrEnum

import pytest

from mcn.engine import GameState, new_game
from mcn.engine.actions import Bid, Visit
from mcn.engine.decision import DECISIONS, Decision, Handler
from mcn.engine.legality import legal_actions
from tests.engine.helpers import act
from tests.rules.test_pope import popes_turn


def test_one_actors_actions_and_none_for_a_player_who_does_not_decide() -> None:
    state = new_game(("R", "B", "G"))
    act(state, "*: souls G B R")
    (decider,) = state.current_players()
    everyone = state.legal_actions()
    assert everyone and state.legal_actions(decider) == everyone
    assert {a.actor for a in everyone} == {decider}
    for other in {"R", "B", "G"} - {decider}:
        assert state.legal_actions(other) == []


def test_side_actions_are_listed_only_on_request() -> None:
    # I-MET-5: META CULPA's side actions are legal at any decision, listed only when asked.
    state = new_game(("R", "B"), variant="meta-culpa", infractions=("out-of-turn",))
    act(state, "*: souls B R")  # a player's decision: the bonuses
    plain = legal_actions(state)
    everything = legal_actions(state, include_infractions=True)
    assert plain == state.legal_actions()
    assert len(everything) > len(plain)
    assert everything[: len(plain)] == plain
    assert {type(a).__name__ for a in everything[len(plain) :]} >= {"Infraction"}


def test_decisions_and_handlers_are_frozen_and_slotted() -> None:
    """Plain immutable records: a state is cloned by copying references, so nothing may
    change one in place, and a decision carries no per-instance dictionary."""
    decision = new_game(("R", "B")).decision
    handler = next(iter(DECISIONS.values()))
    for record in (decision, handler):
        with pytest.raises(dataclasses.FrozenInstanceError):
            record.kind = "other"  # type: ignore[misc]
        assert not hasattr(record, "__dict__")
    assert isinstance(decision, Decision)


def test_a_ruling_says_what_it_decided() -> None:
    # R-SET-1: the soul order is chance's to draw; a player's bid at the start is refused
    state = new_game(["R", "B", "G", "Y"])
    order = state.legal_actions()[0]
    accepted = state.judge(order)
    assert accepted.accepted and accepted.legal
    assert repr(accepted) == f"<Ruling {order!r} accepted>"
    refused = state.judge(Bid("R", 99, 99))
    assert not refused.accepted and not refused.legal
    assert repr(refused) == "<Ruling Bid(actor='R', notches=99, taler=99) refused R-SET-1>"


def test_a_breach_ruling_names_its_rule() -> None:
    # I-POP-9 / R-POP-3: at post 6 the die set to take-7 (2 notches) is accepted, as a breach
    g = popes_turn(post=6, rooms="take-7 take-3 hell-3 pope-stone")
    breach = g.state.judge(Visit("R", 1))
    assert breach.accepted and not breach.legal
    assert breach.breach is not None and breach.breach[0] == "R-POP-3"
    # the verdict names the rule broken, not the sentence explaining it
    assert repr(breach) == "<Ruling Visit(actor='R', room=1) breach R-POP-3>"


def test_a_handler_is_made_by_keywords_only() -> None:
    """Nine callables and strings side by side read wrong by position: a Handler refuses them."""
    handler = next(iter(DECISIONS.values()))
    values = {f.name: getattr(handler, f.name) for f in dataclasses.fields(Handler) if f.init}
    with pytest.raises(TypeError):
        Handler(*values.values())  # type: ignore[call-arg]
    assert Handler(**values) == handler


def test_a_handler_accepts_exactly_its_classes() -> None:
    """The judging asks the set of classes first (one lookup), then ``isinstance`` with the
    tuple: the same answers (a class of another decision is refused by its rule)."""
    from mcn.engine.actions import Pass

    for handler in DECISIONS.values():
        assert handler.kinds == frozenset(handler.classes)
        # derived from the declared fields: shown by none of a handler's reprs
        assert "kinds=" not in repr(handler) and "by_colour=" not in repr(handler)
    state = new_game(("R", "B"))
    act(state, "*: souls R B")
    ruling = state.judge(Pass("R"))  # a turn's action at the bonus pick: the wrong kind
    assert ruling.refusal is not None and ruling.refusal.rule == DECISIONS["bonus"].rule


class Colour(StrEnum):
    """Colours as a program using the engine may name them: equal to its strings, not them."""

    R = "R"
    B = "B"
    G = "G"
    Y = "Y"


def test_a_handler_decides_as_its_actors_say_at_every_step_of_a_game() -> None:
    """``decides`` (the step's colour compared, for most decisions) agrees with ``actors``."""
    from mcn.engine import play_random_game

    for players, seed in ((2, 3), (3, 4), (4, 5)):
        state = GameState.new(("R", "B", "G", "Y")[:players])
        _, history = play_random_game(players, seed=seed)
        for entry in history:
            step = state.stack.top
            assert step is not None
            handler = DECISIONS[step.tag]
            actors = handler.actors(state, step)
            for colour in (*state.players, "chance"):
                assert handler.decides(state, step, colour) == (colour in actors)
                # a caller's own colour type: equal to the engine's string, not the same object
                if colour in Colour.__members__:
                    assert handler.decides(state, step, Colour(colour)) == (colour in actors)
            state.apply(entry.action)
