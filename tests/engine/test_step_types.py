"""Every pending step is the named tuple of its tag (issue 27, item 3: named step types), and
its JSON form, its pickled form and its copies are what the plain tuples gave before."""

from __future__ import annotations

import pickle
import typing

import pytest

from mcn.engine import GameState
from mcn.engine.decision import AUTO, DECISIONS
from mcn.engine.serial import state_from_json, state_to_json
from mcn.engine.step_types import STEP_TYPES, ActionStep, SinsStep, step_from_json
from mcn.io.compiled import compiled_modules
from mcn.position.checks import STEP_ARGS


def test_every_tag_the_engine_runs_has_one_step_class_and_nothing_else_has() -> None:
    assert set(STEP_TYPES) == set(DECISIONS) | set(AUTO)
    compiled = "mcn.engine.step_types" in compiled_modules()
    for tag, cls in STEP_TYPES.items():
        hints = typing.get_type_hints(cls)
        if compiled:  # mypyc keeps a NamedTuple's annotations but erases a Literal to `type`
            assert hints["tag"] is type, cls
        else:  # the class is declared under its own tag (mypy holds every maker to it)
            assert hints["tag"] == typing.Literal[tag], cls
        assert cls._fields[0] == "tag"
        # and a state's stack read back from JSON makes each tag's step of that class
        step = step_from_json([tag, *[0] * (len(cls._fields) - 1)])
        assert type(step) is cls and step[0] == tag


def test_the_position_checks_know_each_step_s_arguments() -> None:
    # A position's stack is checked argument by argument (mcn.position.checks): the same
    # arity as the step class, colours and words as strings, numbers as integers.
    assert set(STEP_ARGS) == set(STEP_TYPES)
    for tag, shape in STEP_ARGS.items():
        hints = typing.get_type_hints(STEP_TYPES[tag])
        fields = STEP_TYPES[tag]._fields[1:]
        assert len(fields) == len(shape), tag
        for name, kind in zip(fields, shape, strict=True):
            assert hints[name] is (int if kind == "i" else str), (tag, name)


def test_a_step_reads_by_name_and_still_is_its_tuple() -> None:
    step = ActionStep("action", "R", 2, 1, "")
    assert (step.tag, step.colour, step.character, step.number, step.first) == (
        "action",
        "R",
        2,
        1,
        "",
    )
    assert step == ("action", "R", 2, 1, "") and step[0] == "action"
    assert list(step) == ["action", "R", 2, 1, ""]  # the JSON form of a state's stack


def test_step_from_json_rebuilds_the_class_of_the_tag() -> None:
    step = step_from_json(["sins", "B", 1, 2, "R-CHR-4"])
    assert type(step) is SinsStep and step.amount == 2 and step.rule == "R-CHR-4"
    with pytest.raises(KeyError):
        step_from_json(["no-such-step"])
    with pytest.raises(TypeError):
        step_from_json(["sins", "B", 1])


def _states() -> list[GameState]:
    from mcn.engine.random_play import RandomPlayer

    state = GameState.new(("R", "B", "G", "Y"))
    player, out = RandomPlayer(7), []
    while not state.is_terminal() and len(out) < 400:
        out.append(state.clone())
        actor = state.current_players()[0]
        state.apply(player.choose(state, actor))
    return out


def test_every_step_of_a_game_is_typed_and_survives_json_pickle_and_clone() -> None:
    states = _states()
    tags = set()
    for state in states:
        for step in state.stack:
            assert type(step) is STEP_TYPES[step.tag]
            tags.add(step.tag)
        data = state_to_json(state, None, True)
        again = state_from_json(data)
        assert [type(s) for s in again.stack] == [type(s) for s in state.stack]
        assert list(again.stack) == list(state.stack)
        assert state_to_json(again, None, True) == data
        pickled = pickle.loads(pickle.dumps(state))
        assert [type(s) for s in pickled.stack] == [type(s) for s in state.stack]
        assert list(state.clone().stack) == list(state.stack)
    assert {"action", "turn_end", "bids", "choose"} <= tags  # the game got past the bids


def test_the_steps_a_turn_pushes_are_made_once_and_equal_the_built_ones() -> None:
    from mcn.engine.shared_steps import action_step, turn_end_step
    from mcn.engine.step_types import TURN, TurnEndStep, TurnStep

    assert action_step("R", 2, 1, "") is action_step("R", 2, 1, "")
    assert action_step("R", 2, 2, "buy") == ActionStep("action", "R", 2, 2, "buy")
    assert type(action_step("B", 0, 1, "")) is ActionStep
    assert turn_end_step("G", 3) is turn_end_step("G", 3) == TurnEndStep("turn_end", "G", 3)
    assert TurnStep("turn") == TURN and type(TURN) is TurnStep
    # every kind of first action, character and number has a slot of its own
    made = {
        action_step(colour, character, number, first): (colour, character, number, first)
        for colour in "RBGY"
        for character in range(4)
        for number in (1, 2)
        for first in ("", "buy", "sell", "donate", "visit")
    }
    assert len(made) == 4 * 4 * 2 * 5
    for step, (colour, character, number, first) in made.items():
        assert step == ActionStep("action", colour, character, number, first)
        assert step is action_step(colour, character, number, first)
    ends = {turn_end_step(colour, character) for colour in "RB" for character in range(4)}
    assert ends == {TurnEndStep("turn_end", c, n) for c in "RB" for n in range(4)}
    # arguments outside the slots (never pushed by a game) are made all the same
    odd = action_step("R", 7, 3, "juggle")
    assert odd == ActionStep("action", "R", 7, 3, "juggle") and type(odd) is ActionStep
    assert turn_end_step("R", 9) == TurnEndStep("turn_end", "R", 9)


def test_every_shared_step_maker_gives_the_step_its_class_would_build() -> None:
    # mcn.engine.shared_steps: each maker returns one object per set of arguments, of the
    # class of its tag and equal to the step built directly (so JSON, pickles, copies agree).
    from mcn.engine import shared_steps as shared

    made = {
        shared.free_step("R", "R-ACT-5"): ("free", "R", "R-ACT-5"),
        shared.choose_step("B"): ("choose", "B"),
        shared.prelim_step("G", 1, 0): ("prelim", "G", 1, 0),
        shared.sinner_step("Y"): ("sinner", "Y"),
        shared.sins_step("R", 2, 1, "R-HOP-4"): ("sins", "R", 2, 1, "R-HOP-4"),
        shared.empty_step("B"): ("empty", "B"),
        shared.take_step("G", 3, 2, "R-BUY-3"): ("take", "G", 3, 2, "R-BUY-3"),
        shared.effect_step("Y", 4): ("effect", "Y", 4),
        shared.guess_step("R", "B"): ("guess", "R", "B"),
        shared.suite5_step("G"): ("suite5", "G"),
        shared.yellow_step("Y"): ("yellow", "Y"),
        shared.pick_step("R"): ("pick", "R"),
    }
    assert len(made) == 12
    for step, items in made.items():
        assert type(step) is STEP_TYPES[items[0]] and step == STEP_TYPES[items[0]](*items)
    assert shared.sins_step("R", 2, 1, "R-HOP-4") is shared.sins_step("R", 2, 1, "R-HOP-4")
    assert shared.sins_step("R", 2, 2, "R-HOP-4") != shared.sins_step("R", 2, 1, "R-HOP-4")
    kept = shared.pick_step("B")
    shared.forget_shared_steps()  # made again after it, equal but not the same object
    assert shared.pick_step("B") == kept and shared.pick_step("B") is not kept


def test_the_step_loop_s_table_holds_every_step_s_automatic_function() -> None:
    # GameState's step loop subscripts _RUNS (made at import) instead of asking AUTO.get
    from mcn.engine import state as state_module

    assert {tag: AUTO.get(tag) for tag in STEP_TYPES} == state_module._RUNS


def test_a_step_missing_from_the_loop_s_table_still_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    # A step registered after mcn.engine.state's import is not in _RUNS: the loop asks AUTO.
    from mcn.engine import state as state_module
    from tests.engine.helpers import walk

    def events_of(seed: int) -> list[object]:
        events: list[object] = []
        walk(("R", "B", "G"), seed, lambda state, rng: events.extend(state._events))
        return events

    expected = events_of(3)
    for tag in ("turn", "turn_end", "sins"):  # automatic steps of every game
        monkeypatch.delitem(state_module._RUNS, tag)
    assert events_of(3) == expected
