"""Preliminary actions of the characters (R-CHR-*)."""

from __future__ import annotations

from tests.rules.scenario import Game


def choosing() -> Game:
    """Bids so that Red chooses first, then Blue, Green, Yellow; every post at 1..4."""
    g = Game("RBGY", souls="Y G B R").setup().prepare()
    return g.bids(R="4+0", B="3+0", G="2+0", Y="1+0")


def test_pope_may_move_one_pope_stone() -> None:
    g = choosing()
    g.play("R: choose pope")
    # R-CHR-1: one Pope stone from one den to another.
    g.illegal("R: pope-stone greed>greed", rule="R-CHR-1")
    g.play("R: pope-stone greed>lust")
    assert g.pope_stones() == {"lust": 2, "petty": 1}
    assert g.whose_turn() == ("B",)


def test_pope_may_skip_his_preliminary() -> None:
    g = choosing()
    g.play("R: choose pope; skip")
    # R-CHR-1: "may" - skipping leaves the stones where they were.
    assert g.pope_stones() == {"lust": 1, "petty": 1, "greed": 1}


def test_emperor_must_place_his_crew() -> None:
    g = choosing()
    g.play("R: choose emperor")
    # R-CHR-2: the crew from his card must go onto a site of his choice.
    g.illegal("R: skip", rule="R-CHR-2")
    assert g.legal_texts() == {"crew 1", "crew 2", "crew 3"}
    g.play("R: crew 2")
    assert g.site(2)["crews"] == 1
    assert g.emperor_crew() == 0
    assert g.hut() == 3


def test_merchant_has_no_preliminary() -> None:
    g = choosing()
    g.play("R: choose merchant")
    # R-CHR-3: the next player chooses at once.
    assert g.whose_turn() == ("B",)
    assert g.legal_texts() == {"choose pope", "choose emperor", "choose sinner"}


def test_petty_sinner_places_two_sins_and_may_visit_without_rotating() -> None:
    g = choosing()
    g.play("R: choose sinner")
    # R-CHR-4: two sins in the Den of Petty Sins at once.
    assert g.den("petty") == {"R": 2}
    assert g.hand_sins("R") == 5
    # ... then a free visit before the action phase; the post stays at 4.
    g.play("R: visit 1; do")
    assert g.money("R") == 25 + 5
    assert g.post("R") == 4
    assert g.rooms()[1] is None
    assert g.whose_turn() == ("B",)


def test_petty_sinner_visit_ignores_the_post_limit() -> None:
    g = Game("RBGY", souls="Y G B R").setup().prepare(rooms="hell-5 take-7 pope-yellow take-3")
    g.bids(R="6+0", B="3+0", G="2+0", Y="1+0")
    g.play("R: choose sinner")
    # R-CHR-4 / R-HOP-6: at post 6 the Sinner may still visit a 3-notch room.
    g.play("R: visit 1; do")
    assert g.post("R") == 6
    assert [g.soul(c) for c in "BGY"] == [5, 6, 7]


def test_petty_sinner_may_skip_the_visit() -> None:
    g = choosing()
    g.play("R: choose sinner; skip")
    # R-CHR-4: "may visit".
    assert g.rooms() == {1: "take-5", 2: "emperor-letter", 3: "pope-stone", 4: "new-crew"}
    assert g.den("petty") == {"R": 2}
