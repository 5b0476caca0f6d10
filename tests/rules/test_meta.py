"""The META CULPA variant: infractions (R-MET-*, I-MET-4)."""

from __future__ import annotations

import pytest

from mcn.engine import new_game, parse_action
from tests.rules.scenario import Game, rules_of
from tests.rules.state_json import place_sins

CODES = (
    "take-back",
    "unpaid-bid",
    "late-rotation",
    "forgot-merchant-stone",
    "took-before-paying",
    "pope-without-die",
    "character-not-returned",
    "forgot-preliminary",
    "late-lust-sin",
    "late-greed-sin",
    "hidden-donation",
    "missed-turn",
    "out-of-turn",
)


def meta_game(infractions: tuple[str, ...] = ("late-rotation", "out-of-turn")) -> Game:
    """META CULPA; Red Pope, Blue Emperor, Green Merchant, Yellow Petty Sinner."""
    g = Game("RBGY", souls="Y G B R", variant="meta-culpa", infractions=infractions).setup()
    return g.start_round(pope="R", emperor="B", merchant="G", sinner="Y")


def test_an_infraction_places_a_petty_sin_and_play_goes_on() -> None:
    g = meta_game()
    g.play("R: pass")
    pending = (g.address(), g.whose_turn())
    # R-MET-1: any non-Sinner player, at any decision; the act itself stands.
    events = g.act("G: infraction out-of-turn")
    assert "R-MET-1" in rules_of(events)
    assert g.den("petty") == {"G": 1, "Y": 2}
    assert g.hand_sins("G") == 6
    assert g.whose_turn() == pending[1]
    g.play("B: buy wine")
    assert g.goods("B") == {"wine": 1}


def test_the_petty_sinner_never_sins_by_infraction() -> None:
    g = meta_game()
    # R-MET-2
    g.illegal("Y: infraction late-rotation", rule="R-MET-2")


def test_only_agreed_infractions_count() -> None:
    g = meta_game(("late-rotation",))
    # R-MET-3: the players agreed on late-rotation only.
    g.illegal("R: infraction out-of-turn", rule="R-MET-3")
    g.act("B: infraction late-rotation")
    assert g.den("petty") == {"B": 1, "Y": 2}


def test_no_infractions_in_the_standard_game() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    # R-MET-3: infractions are a META CULPA agreement.
    g.illegal("R: infraction late-rotation", rule="R-MET-3")
    with pytest.raises(ValueError):
        new_game(("R", "B"), infractions=("late-rotation",))


def test_infraction_codes_are_the_register_of_sins() -> None:
    # I-MET-4: the 13 codes of the Register of Sins; anything else is not an infraction.
    for code in CODES:
        assert str(parse_action("R", f"infraction {code}").text) == f"infraction {code}"
    with pytest.raises(ValueError):
        parse_action("R", "infraction cheating")
    g = Game("RBGY", souls="Y G B R", variant="meta-culpa", infractions=CODES)
    g.setup()
    # Any agreed code may be recorded at any decision, e.g. during the prepare phase.
    g.act("R: infraction character-not-returned")
    assert g.den("petty") == {"R": 1}
    assert g.whose_turn() == ("*",)


def test_infraction_when_out_of_sin_stones() -> None:
    g = meta_game()
    g.edit(lambda d: place_sins(d, "R", "greed", 7))
    g.act("R: infraction late-rotation")
    # I-MET-4 / R-DEN-4: Red must first empty a den.
    assert g.whose_turn() == ("R",)
    assert g.legal_texts() == {"empty greed"}
    g.act("R: empty greed")
    assert (g.soul("R"), g.den("petty"), g.hand_sins("R")) == (7, {"R": 1, "Y": 2}, 6)
    # Play resumes at Red's turn.
    assert g.address() == "1.1.1" or g.whose_turn() == ("R",)


def test_infractions_start_once_the_souls_are_placed() -> None:
    g = Game("RBGY", variant="meta-culpa", infractions=("late-rotation",))
    # I-MET-5: the soul order comes first (R-DEN-4 needs it).
    g.illegal("R: infraction late-rotation", rule="I-MET-5")
    g.play("*: souls Y G B R")
    g.setup()
    g.start_round(pope="R", emperor="B", merchant="G", sinner="Y")
    g.drain()
    g.prepare()
    g.play("R: bid 2+0")
    # During the bids nobody holds the Petty Sinner: last round's Sinner may be charged, and
    # the bids still wait.
    g.act("Y: infraction late-rotation")
    assert g.den("petty")["Y"] == 1 + 2
    assert set(g.whose_turn()) == {"B", "G", "Y"}
