"""The persistent stack of pending steps behaves as the list it replaced, and its copies are
independent while sharing their cells (issue 24, item 1: memory linear in the record)."""

from __future__ import annotations

import pickle
import sys
import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mcn.engine import GameState
from mcn.engine.steps import Steps

_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.integers(0, 99)),
        st.tuples(st.just("pop"), st.just(0)),
        st.tuples(st.just("copy"), st.just(0)),
        st.tuples(st.just("extend"), st.integers(0, 3)),
        st.tuples(st.just("clear"), st.just(0)),
        st.tuples(st.just("replace_top"), st.integers(0, 99)),
        st.tuples(st.just("push_first_on_top"), st.integers(0, 3)),
    ),
    max_size=60,
)


@given(_OPS)
def test_steps_behave_as_a_list_and_copies_stay_independent(ops: list[tuple[str, int]]) -> None:
    stack, model = Steps(), []
    copies: list[tuple[Steps, list[tuple[int]]]] = []
    for op, value in ops:
        if op == "append":
            stack.append((value,))
            model.append((value,))
        elif op == "pop" and model:
            assert stack.pop() == model.pop()
        elif op == "copy":
            copies.append((stack.copy(), model[:]))
        elif op == "extend":
            stack.extend([(value,)] * value)
            model.extend([(value,)] * value)
        elif op == "clear":
            stack.clear()
            model.clear()
        elif op == "replace_top" and model:  # on the stack's own steps or the shared ones
            stack.replace_top((value,))
            model[-1] = (value,)
        elif op == "push_first_on_top":  # none to three steps, the first one given on top
            steps = tuple((value * 10 + index,) for index in range(value))
            stack.push_first_on_top(steps)
            model.extend(reversed(steps))
        assert list(stack) == model and len(stack) == len(model) and bool(stack) == bool(model)
        # the top the engine reads directly is the list's last item (None when empty)
        assert stack.top == (model[-1] if model else None)
        for index in range(-len(model), len(model)):
            assert stack[index] == model[index]
    for kept, expected in copies:  # what happened after a copy never reaches it
        assert list(kept) == expected
        assert kept.top == (expected[-1] if expected else None)


def test_bad_uses_raise_as_a_list_does() -> None:
    with pytest.raises(IndexError):
        Steps().pop()
    with pytest.raises(IndexError):
        Steps([("a",)])[1]
    with pytest.raises(IndexError):
        Steps([("a",)])[-2]


def test_a_deep_stack_pickles_without_recursion() -> None:
    deep = Steps(("sins", "R", 1, 1, "R-MET-1") for _ in range(sys.getrecursionlimit() * 3))
    again = pickle.loads(pickle.dumps(deep))
    assert len(again) == len(deep) and again[-1] == deep[-1]
    assert again.top == deep.top == ("sins", "R", 1, 1, "R-MET-1")


def test_a_clone_shares_the_steps_below_and_changes_alone() -> None:
    state = GameState.new(("R", "B"))
    copy = state.clone()
    before = list(copy.stack)
    state.stack.append(("marker",))
    assert list(copy.stack) == before
    assert state.stack.pop() == ("marker",)


def test_a_kept_copy_shares_unchanged_containers_only() -> None:
    state = GameState.new(("R", "B", "G"))
    first = state.kept_copy(None)
    second = state.kept_copy(first)
    assert second.money is first.money and second.stack is not first.stack
    state.money["R"] += 1
    third = state.kept_copy(second)
    assert third.money is not second.money and third.money["R"] == second.money["R"] + 1
    assert third.pos is second.pos


def test_a_copy_costs_what_was_pushed_since_the_last_one() -> None:
    """Kept states (a copy per decision) share the steps below: memory linear in the record,
    however deep the stack (issue 24 item 1), with the live steps on a plain list on top."""
    stack = Steps(("sins", "R", 1, 1, "R-MET-1") for _ in range(5_000))
    kept = [stack.copy()]
    tracemalloc.start()
    try:
        for number in range(2_000):
            stack.append(("den", number))
            kept.append(stack.copy())
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert held / 2_000 < 500  # a 5,000-step list copied each time would be 40 KB a copy
    assert len(kept[-1]) == 7_000 and kept[-1].top == ("den", 1_999)
    assert list(kept[1])[-2:] == [("sins", "R", 1, 1, "R-MET-1"), ("den", 0)]
    assert kept[0][-1] == ("sins", "R", 1, 1, "R-MET-1") and len(kept[0]) == 5_000


def test_pops_reach_down_into_the_shared_steps() -> None:
    stack = Steps([("a",), ("b",)])
    kept = stack.copy()
    stack.append(("c",))
    assert [stack.pop(), stack.pop(), stack.pop()] == [("c",), ("b",), ("a",)]
    assert stack.top is None and not stack and len(stack) == 0
    assert list(kept) == [("a",), ("b",)] and kept.top == ("b",)
    kept.append(("d",))
    assert kept.copy().top_down() == [("d",), ("b",), ("a",)]
