"""Game end: last comparison of posts, letter scoring, winners (R-END-*, I-END-4, R-MOV-3)."""

from __future__ import annotations

from collections.abc import Callable

from tests.rules.scenario import Game, rules_of
from tests.rules.state_json import build, give_letters, set_souls

BONUSES_IN_I = {
    "Y": "bonus jewel>I",
    "G": "bonus blue",
    "B": "bonus 10>I",
    "R": "bonus bread>I wine>I",
}


def final_round(change: Callable[[dict], None]) -> Game:
    """One cathedral is finished, site 1 has a nave and a crew; compartments II are empty."""
    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_I)

    def state(d: dict) -> None:
        build(d, 2, nave=True, spire=True)
        build(d, 1, nave=True, crews=1)
        change(d)

    g.edit(state)
    g.prepare()
    return g


def test_second_evaluation_ends_the_game_at_once() -> None:
    def state(d: dict) -> None:
        set_souls(d, {"R": 5, "B": 3, "G": 0, "Y": 10})
        give_letters(d, "R", {"yellow": 1, "blue": 1, "red": 3, "green": 1})

    g = final_round(state)
    g.bids(R="1+0", B="3+0", G="2+0", Y="1+0")
    events = g.play("B: choose emperor; crew 1")
    # R-END-1: after the second evaluation: compare posts, then score letters; game over.
    rules = rules_of(events)
    assert "R-CAT-2" in rules
    assert rules.index("R-NOT-1") < rules.index("R-END-2")
    assert g.state.is_terminal()
    assert g.whose_turn() == ()
    # Blue (3 notches vs 1) moves 2 steps: 3 -> 5 is Red's, so 6 (R-MOV-3).
    assert g.soul("B") == 6
    # R-END-2: Red: one set of four colours (8) + 2 other letters = 10 toward Heaven.
    # Green: his blue bonus letter = 1.
    assert {c: g.soul(c) for c in "RBGY"} == {"R": -5, "B": 6, "G": -1, "Y": 10}
    # R-END-3: nobody reached Heaven: the soul nearest Heaven wins.
    assert g.state.winners() == ("R",)


def test_several_souls_can_win_in_heaven() -> None:
    def state(d: dict) -> None:
        set_souls(d, {"R": 3, "G": 1})
        give_letters(d, "R", {"yellow": 5, "blue": 5, "red": 5, "green": 5})
        give_letters(d, "G", {"yellow": 5, "blue": 4, "red": 5, "green": 5})

    g = final_round(state)
    g.bids(R="1+0", B="3+0", G="1+0", Y="1+0")
    g.play("B: choose emperor; crew 1")
    # R-END-3 / B-3: 5 sets = 40 steps: both reach Heaven (-35 and beyond), which holds any
    # number of souls; both win.
    assert g.in_heaven("R") and g.in_heaven("G")
    assert set(g.state.winners()) == {"R", "G"}


def test_letters_score_as_one_move_nearest_hell_first() -> None:
    def state(d: dict) -> None:
        set_souls(d, {"Y": 10, "B": 5, "R": 2, "G": 0})
        give_letters(d, "Y", {"yellow": 2, "blue": 2, "red": 2, "green": 2})
        give_letters(d, "R", {"yellow": 1, "blue": 1, "red": 2, "green": 1})

    g = final_round(state)
    g.bids(R="1+0", B="1+0", G="1+0", Y="1+0")
    g.play("Y: choose pope; skip", "B: choose emperor; crew 1")
    assert g.state.is_terminal()
    # R-END-2: Yellow (nearest Hell) scores first: 2 sets = 16 steps, 10 -> -6.
    # I-END-4: Red's 8 + 1 is one move: 2 -> -7 (free). Scored as 8 then 1 it would have been
    # bumped past Yellow to -7 and then moved on to -8.
    assert (g.soul("Y"), g.soul("R"), g.soul("G")) == (-6, -7, -1)


def test_letter_scoring_bumps_past_space_zero() -> None:
    def state(d: dict) -> None:
        set_souls(d, {"Y": 10, "B": 5, "R": 1, "G": 0})
        give_letters(d, "R", {"red": 1})

    g = final_round(state)
    g.bids(R="1+0", B="1+0", G="1+0", Y="1+0")
    g.play("Y: choose pope; skip", "B: choose emperor; crew 1")
    # R-MOV-3: at the end of the game space 0 is occupied like any other: Red 1 -> 0 (Green
    # is there) -> -1; then Green 0 -> -1 (Red) -> -2.
    assert (g.soul("R"), g.soul("G")) == (-1, -2)
