"""Chest inference is exact (R-DON-1, R-HID-1, I-HID-2): the number of consistent assignments
and each compartment's least and greatest value per category equal a brute-force enumeration
over every assignment of the donations to compartments I and II; the true contents always lie
within the bounds."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from mcn.engine import COLOURS, new_game
from mcn.engine.actions import Action, Pass
from mcn.engine.events import Donated, Evaluation
from mcn.knowledge.chests import infer, measure, verdicts
from mcn.knowledge.memory import Memory, item_vector, start_memory
from tests.knowledge.games import memories, random_game

ITEMS = ("bread", "wine", "cloth", "jewel", "1", "2", "5", "10")
NOBODY: Action = Pass("R")


def brute_force(memory: Memory, player: str) -> tuple[int, list[list[tuple[int, int]]]]:
    """Every assignment of ``player``'s donations to I/II that agrees with every reveal: their
    number, and for each compartment and category the least and greatest value now."""
    donations = memory.chest_donations(player)
    count = 0
    low = [[10**9] * 3 for _ in range(2)]
    high = [[-1] * 3 for _ in range(2)]
    for choice in product((0, 1), repeat=len(donations)):
        fits = True
        for reveal in memory.reveals:
            inside = [0] * 5
            for donation, k in zip(donations, choice, strict=True):
                if k == reveal.compartment and donation.window <= reveal.window:
                    for i, n in enumerate(item_vector(donation.item)):
                        inside[i] += n
            if tuple(inside) != reveal.contents[player]:
                fits = False
                break
        if not fits:
            continue
        count += 1
        for k in (0, 1):
            gone = memory.emptied_after(k)
            now = [0] * 5
            for donation, where in zip(donations, choice, strict=True):
                if where == k and (gone is None or donation.window > gone):
                    for i, n in enumerate(item_vector(donation.item)):
                        now[i] += n
            for c, value in enumerate(measure(now)):
                low[k][c] = min(low[k][c], value)
                high[k][c] = max(high[k][c], value)
    bounds = [[(low[k][c], high[k][c]) for c in range(3)] for k in (0, 1)]
    return count, bounds


def _check(memory: Memory, player: str) -> None:
    found = infer(memory, player)
    count, bounds = brute_force(memory, player)
    assert found.assignments == count
    assert [list(b) for b in found.bounds] == bounds


def _memory(plan: Sequence[tuple[str, str, int]], first: int | None, second: int | None) -> Memory:
    """A memory of two players' donations (player, item, compartment) with the first
    evaluation (compartment I) before donation ``first`` and the second (II) before
    ``second``; the truth of each compartment is what the plan says."""
    memory = start_memory(("R", "B"), "B", ((0, 0, 0, 0), (0, 0, 0, 0)))
    for index, (player, item, k) in enumerate((*plan, ("R", "", -1))):
        for at, name in ((first, "I"), (second, "II")):
            if at == index:
                memory.see(
                    f"e{index}",
                    NOBODY,
                    [Evaluation("R-CAT-2", 1, name, "starts")],
                )
                memory.see(
                    f"r{index}",
                    NOBODY,
                    [Evaluation("R-EVA-4", 1, name, "donations returned")],
                )
        if k >= 0:
            memory.see(f"d{index}", NOBODY, [Donated("R-DON-1", player, item, ("I", "II")[k])])
    return memory


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(("R", "B")), st.sampled_from(ITEMS), st.integers(0, 1)),
        max_size=11,
    ),
    st.integers(0, 12),
    st.integers(0, 12),
    st.booleans(),
)
def test_bounds_and_count_equal_brute_force(
    plan: list[tuple[str, str, int]], first: int, gap: int, twice: bool
) -> None:
    # R-DON-1, I-HID-2: every consistent assignment, counted and bounded exactly
    first = min(first, len(plan))
    second = min(first + gap, len(plan)) if twice else None
    memory = _memory(plan, first, second)
    for player in ("R", "B"):
        _check(memory, player)
        truth = [[0] * 5, [0] * 5]
        for donation in memory.chest_donations(player):
            gone = memory.emptied_after(donation.compartment)
            if gone is None or donation.window > gone:
                for i, n in enumerate(item_vector(donation.item)):
                    truth[donation.compartment][i] += n
        found = infer(memory, player)
        for k in (0, 1):
            for c, value in enumerate(measure(truth[k])):
                low, high = found.bounds[k][c]
                assert low <= value <= high


def test_random_games_bounds_hold_and_are_exact_when_small() -> None:
    # R-DON-1, R-HID-1, I-HID-2: in engine-played games the true contents always lie within
    # the bounds, and wherever a player has made at most 10 donations the count and the
    # bounds are those of the brute force
    compared = 0
    for players, seed in [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)]:
        start = new_game(COLOURS[:players])
        steps = random_game(players, seed)
        for index, memory in memories(start, steps, None):
            state = steps[index].state
            for player in state.players:
                found = infer(memory, player)
                for k in (0, 1):
                    for c, value in enumerate(measure(state.chest[player][k])):
                        low, high = found.bounds[k][c]
                        assert low <= value <= high, (seed, steps[index].address, player)
                if len(memory.chest_donations(player)) <= 10 and index % 7 == 0:
                    _check(memory, player)
                    compared += 1
    assert compared > 100


def test_verdicts() -> None:
    # R-EVA-1, R-EVA-2, R-TIE-1: certain to win, certain to lose, or it depends
    memory = _memory([("R", "5", 0), ("R", "jewel", 1), ("B", "2", 0)], None, None)
    red = infer(memory, "R")
    # Blue has 2 taler in I (his own); Red's 5 and jewel could be in either compartment
    own = ((0, 0, 0, 0, 2), (0, 0, 0, 0, 0))
    found = {
        (v.compartment, v.category): v.verdict
        for v in verdicts(own, [red], ["B", "R"], "B", (False, False))
    }
    assert found["I", "money"] == "depends"  # Red has 0 or 5 in I
    assert found["I", "cloth & jewel"] == "certain to lose"  # Blue has none there
    assert found["II", "money"] == "certain to lose"
    own = ((0, 0, 0, 0, 6), (0, 0, 0, 0, 0))
    found = {
        (v.compartment, v.category): v.verdict
        for v in verdicts(own, [red], ["B", "R"], "B", (False, False))
    }
    assert found["I", "money"] == "certain to win"
    own = ((0, 0, 0, 0, 5), (0, 0, 0, 0, 0))
    tie_blue = {
        (v.compartment, v.category): v.verdict
        for v in verdicts(own, [red], ["B", "R"], "B", (False, False))
    }
    tie_red = {
        (v.compartment, v.category): v.verdict
        for v in verdicts(own, [red], ["R", "B"], "B", (False, False))
    }
    assert tie_blue["I", "money"] == "certain to win"  # a tie goes to the player nearer Hell
    assert tie_red["I", "money"] == "depends"
    assert all(v.compartment == "II" for v in verdicts(own, [red], ["B", "R"], "B", (True, False)))
