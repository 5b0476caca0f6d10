"""Dens of Sin, Pope stones, atonement and running out of sin stones (R-DEN-*)."""

from __future__ import annotations

from tests.rules.scenario import ROOMS, Game, rules_of
from tests.rules.state_json import place_sins, set_pope_stones, set_souls

# The rulebook's players: Paula red, Dominik blue, Gregor green, Johanna yellow.


def before_choices(rooms: str = ROOMS) -> Game:
    """Round 1 after the bids: Yellow chooses first, then Green, Blue, Red."""
    g = Game("RBGY", souls="Y G B R").setup().prepare(rooms=rooms)
    return g.bids(R="1+0", B="2+0", G="3+0", Y="4+0")


def test_rulebook_atonement_example() -> None:
    g = before_choices()

    def sins(d: dict) -> None:
        place_sins(d, "R", "lust", 2)
        place_sins(d, "R", "petty", 2)  # Paula: 4 stones in Lust and Petty Sins
        place_sins(d, "B", "lust", 1)  # Dominik: 1
        place_sins(d, "G", "lust", 1)
        place_sins(d, "G", "petty", 2)  # Gregor: 3
        place_sins(d, "Y", "lust", 2)  # Johanna's own sins are forgiven
        place_sins(d, "R", "greed", 1)
        place_sins(d, "B", "greed", 2)  # the spared den keeps its stones
        set_pope_stones(d, {"lust": 1, "greed": 2})

    g.edit(sins)
    # Johanna (the Pope) moves the third Pope stone to the Den of Greed.
    events = g.play("Y: choose pope; pope-stone lust>greed")
    # R-DEN-3: one step per atoned stone, nearest Hell first; Johanna is exempt.
    assert "R-DEN-3" in rules_of(events)
    assert {c: g.soul(c) for c in "RBGY"} == {"R": 4, "B": 1, "G": 3, "Y": 0}
    # Every player takes his stones back from the two atoned dens; Greed keeps its stones.
    assert g.den("lust") == {} and g.den("petty") == {}
    assert g.den("greed") == {"R": 1, "B": 2}
    assert {c: g.hand_sins(c) for c in "RBGY"} == {"R": 6, "B": 5, "G": 7, "Y": 7}
    # Then the Pope stones return to one per den.
    assert g.pope_stones() == {"lust": 1, "petty": 1, "greed": 1}


def test_atonement_moves_the_soul_nearest_hell_first() -> None:
    g = before_choices()

    def sins(d: dict) -> None:
        place_sins(d, "R", "lust", 3)
        place_sins(d, "B", "petty", 3)
        set_pope_stones(d, {"lust": 1, "greed": 2})

    g.edit(sins)
    g.play("Y: choose pope; pope-stone lust>greed")
    # R-DEN-3 / R-MOV-5: Red (nearest Hell) moves first to 3; Blue then bumps on to 4.
    assert (g.soul("R"), g.soul("B")) == (3, 4)


def test_two_dens_with_pope_stones_nothing_happens() -> None:
    g = before_choices()
    g.edit(lambda d: place_sins(d, "R", "lust", 3))
    events = g.play("Y: choose pope; pope-stone lust>greed")
    # R-DEN-2: stones beside two dens: no atonement.
    assert "R-DEN-3" not in rules_of(events)
    assert g.pope_stones() == {"petty": 1, "greed": 2}
    assert g.den("lust") == {"R": 3}
    assert g.soul("R") == 0


def test_sin_sources() -> None:
    g = before_choices()
    g.play("Y: choose sinner; visit 6")
    g.play("G: choose pope; skip", "B: choose emperor; crew 1", "R: choose merchant")
    # R-DEN-1: petty sins from the Sinner's preliminary, Lust from a suite visit.
    assert g.den("petty") == {"Y": 2}
    assert g.den("lust") == {"Y": 1}
    g.play("G: pass")
    g.play("B: greedy jewel")
    # ... Greed from a greedy purchase.
    assert g.den("greed") == {"B": 1}


def test_out_of_sin_stones_empties_a_den_first() -> None:
    g = before_choices()

    def sins(d: dict) -> None:
        place_sins(d, "G", "lust", 3)
        place_sins(d, "G", "petty", 2)
        place_sins(d, "G", "greed", 2)

    g.edit(sins)
    g.play("Y: choose pope; skip", "G: choose emperor; crew 2", "B: choose merchant")
    g.play("R: choose sinner; skip", "Y: pass")
    g.act("G: greedy jewel")
    # R-DEN-4: Green has no stone left: he chooses a den of his to empty.
    assert g.whose_turn() == ("G",)
    assert g.legal_texts() == {"empty lust", "empty petty", "empty greed"}
    events = g.act("G: empty petty")
    assert "R-DEN-4" in rules_of(events)
    # He takes back 2, moves 2 steps toward Hell, then places the Greed sin.
    assert g.soul("G") == 2
    assert g.den("petty") == {"R": 2}
    assert g.den("greed") == {"G": 3}
    assert g.hand_sins("G") == 1
    # His turn goes on.
    assert "end" in g.legal_texts()


def test_still_short_empties_another_den() -> None:
    g = before_choices(rooms="lust-2 take-3 take-5 take-7")

    def sins(d: dict) -> None:
        place_sins(d, "B", "petty", 1)
        place_sins(d, "B", "greed", 6)

    g.edit(sins)
    g.play("Y: choose sinner; skip", "G: choose merchant", "B: choose pope; skip")
    g.play("R: choose emperor; crew 1")
    g.play("B: pass", "R: visit 1; do")
    # R-DEN-4: Blue must place 2 Lust sins and has none. Emptying Petty Sins gives him 1
    # stone - still short - so he empties another den the same way.
    assert g.whose_turn() == ("B",)
    g.act("B: empty petty")
    assert g.soul("B") == 1
    assert g.whose_turn() == ("B",)
    g.illegal("B: empty petty", rule="R-DEN-4")
    g.act("B: empty greed")
    assert g.soul("B") == 7
    assert g.den("lust") == {"B": 2, "G": 2, "Y": 2}
    assert g.den("greed") == {}
    assert g.hand_sins("B") == 5


def test_only_a_den_with_own_stones_can_be_emptied() -> None:
    g = before_choices()
    g.edit(lambda d: place_sins(d, "G", "greed", 7))
    g.play("Y: choose pope; skip", "G: choose emperor; crew 2", "B: choose merchant")
    g.play("R: choose sinner; skip", "Y: pass")
    g.act("G: greedy jewel")
    # R-DEN-4
    g.illegal("G: empty lust", rule="R-DEN-4")
    assert g.legal_texts() == {"empty greed"}


def test_short_player_places_what_he_has_then_may_empty_any_own_den() -> None:
    g = before_choices(rooms="lust-2 take-3 take-5 take-7")
    g.edit(lambda d: place_sins(d, "B", "greed", 6))
    g.play("Y: choose sinner; skip", "G: choose merchant", "B: choose pope; skip")
    g.play("R: choose emperor; crew 1", "B: pass", "R: visit 1; do")
    # I-DEN-5: Blue placed his last stone in Lust, then chooses a den to empty - the Lust
    # den he is placing into is one of the choices.
    assert g.whose_turn() == ("B",)
    assert g.den("lust")["B"] == 1
    assert g.legal_texts() == {"empty lust", "empty greed"}
    g.act("B: empty lust")
    # One stone back (one step), then the missing stone goes in again.
    assert (g.soul("B"), g.den("lust")["B"], g.den("greed")["B"], g.hand_sins("B")) == (1, 1, 6, 0)


def test_atoned_stones_are_one_move() -> None:
    g = before_choices()

    def sins(d: dict) -> None:
        place_sins(d, "R", "lust", 2)
        set_souls(d, {"B": 1})
        set_pope_stones(d, {"lust": 1, "greed": 2})

    g.edit(sins)
    g.play("Y: choose pope; pope-stone lust>greed")
    # I-DEN-6: Red moves 2 steps at once: 0 -> 2 (free). Step by step he would have been
    # bumped over Blue on 1 to 2 and then gone on to 3.
    assert g.soul("R") == 2
