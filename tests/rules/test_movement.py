"""Moving souls on the Record of Sins (R-MOV-*, I-MOV-6) and Heaven (B-3)."""

from __future__ import annotations

import random

from mcn.engine import CHANCE, new_game
from tests.rules.scenario import Game
from tests.rules.state_json import set_souls


def hell_three_by_blue(positions: dict[str, int]) -> Game:
    """Blue (the Emperor) plays hell-3 on his first turn with the souls as given."""
    g = Game("RBGY", souls="Y G B R").setup()
    g.start_round(
        rooms="hell-3 take-3 take-5 take-7", pope="R", emperor="B", merchant="G", sinner="Y"
    )
    g.edit(lambda d: set_souls(d, positions))
    g.play("R: pass")
    g.play("B: visit 1; do")
    return g


def test_space_zero_holds_several_souls_in_order() -> None:
    g = Game("RBGY", souls="Y G B R")
    # R-MOV-2: all four souls start on space 0, in the chance order.
    assert [g.soul(c) for c in "RBGY"] == [0, 0, 0, 0]
    assert g.hell_order() == ["R", "B", "G", "Y"]


def test_a_soul_ending_on_an_occupied_space_moves_on() -> None:
    g = hell_three_by_blue({"R": 3, "G": 1, "Y": 4})
    # R-MOV-3 / R-MOV-2: Yellow 4 -> 7; Red 3 -> 6; Green 1 -> 4 (free again).
    assert (g.soul("Y"), g.soul("R"), g.soul("G")) == (7, 6, 4)


def test_nearest_hell_moves_first() -> None:
    g = hell_three_by_blue({"R": 2, "G": 1, "Y": 0})
    # R-MOV-5: Red (2 -> 5) first, then Green (1 -> 4), then Yellow (0 -> 3).
    assert (g.soul("R"), g.soul("G"), g.soul("Y")) == (5, 4, 3)
    g2 = hell_three_by_blue({"R": 1, "G": 2, "Y": 0})
    # Green first (2 -> 5); Red 1 -> 4; Yellow 0 -> 3.
    assert (g2.soul("G"), g2.soul("R"), g2.soul("Y")) == (5, 4, 3)


def test_no_move_beyond_space_forty() -> None:
    g = hell_three_by_blue({"R": 38, "G": 37, "Y": 10})
    # R-MOV-4: Red 38 + 3 = 41 does not happen; Green 37 -> 40 is the last space.
    assert (g.soul("R"), g.soul("G"), g.soul("Y")) == (38, 40, 13)


def test_bumped_past_forty_does_not_move() -> None:
    g = hell_three_by_blue({"R": 40, "G": 37, "Y": 10})
    # I-MOV-6: Green would end on 40 (occupied) and be bumped to 41: no move at all.
    assert (g.soul("R"), g.soul("G"), g.soul("Y")) == (40, 37, 13)


def test_souls_only_move_toward_hell_during_play() -> None:
    # R-MOV-1: in random games every soul move is toward Hell, except the letter scoring at
    # the end (R-END-2); the state stays conserved all the way.
    for seed in (1, 2):
        rng = random.Random(seed)
        state = new_game(("R", "B", "G", "Y"))
        moves = 0
        for _ in range(5000):
            if state.is_terminal():
                break
            if state.current_players() == (CHANCE,):
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            for event in state.apply(action):
                data = event.to_json()
                if data["kind"] == "soul-moved" and event.rule != "R-END-2":
                    assert data["target"] >= data["source"], (seed, data)
                    moves += 1
            assert state.check_invariants() == []
        assert state.is_terminal()
        assert moves > 0
