"""The House of Pleasure: rooms, suites and every one of the 14 card kinds.

R-HOP-*, I-HOP-7, I-CRD-1. Red holds the Pope, Blue the Emperor, Green the Merchant and
Yellow the Petty Sinner; after Red passes, Blue (post 1) visits on the Emperor's turn.
"""

from __future__ import annotations

import pytest

from tests.rules.scenario import CARD_COST, Game, rules_of
from tests.rules.state_json import (
    CARD_COUNTS,
    build,
    clear_rooms,
    give_letters,
    place_sins,
    set_market,
    set_money,
)


def at_blues_turn(rooms: str, *, market: str | None = None, **roles: str) -> Game:
    """Round 1 with the given room cards; stop at Blue's (the Emperor's) first turn."""
    g = Game("RBGY", souls="Y G B R").setup()
    cast = {"pope": "R", "emperor": "B", "merchant": "G", "sinner": "Y", **roles}
    kwargs = {} if market is None else {"market": market}
    g.start_round(rooms=rooms, **kwargs, **cast)
    (pope,) = g.whose_turn()
    g.play(f"{pope}: pass")
    return g


# -- rooms and suites ------------------------------------------------------------------------


def test_room_visit_rotates_pays_and_discards() -> None:
    g = at_blues_turn("take-7 take-3 take-5 steal-3")
    events = g.play("B: visit 1; do")
    # R-HOP-3: rotate by the card's cost (2), carry out the action, discard the card.
    assert "R-HOP-3" in rules_of(events)
    assert g.post("B") == 3
    assert g.money("B") == 32
    assert g.rooms()[1] is None
    assert g.discard() == ["take-7"]


def test_visitor_may_decline_the_card() -> None:
    g = at_blues_turn("take-7 take-3 take-5 steal-3")
    g.play("B: visit 1; decline")
    # R-HOP-3: the post is rotated anyway; the card is discarded unused.
    assert (g.post("B"), g.money("B"), g.rooms()[1]) == (3, 25, None)


def test_a_room_is_visited_once_a_round() -> None:
    g = at_blues_turn("take-7 take-3 take-5 steal-3")
    g.play("B: visit 2; do")
    # R-HOP-1: a visited room (its card gone) cannot be visited again this round.
    g.illegal("G: visit 2", rule="R-HOP-1")


def test_visit_may_not_rotate_the_post_above_six() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.start_round(
        rooms="take-7 take-3 take-5 steal-3",
        pope="R",
        emperor="B",
        merchant="G",
        sinner="Y",
        bids={"R": "1+0", "B": "5+0", "G": "1+0", "Y": "1+0"},
    )
    g.play("R: pass")
    # R-HOP-2: 5 + 2 > 6 for take-7 and for Suite 6; 5 + 1 is fine.
    g.illegal("B: visit 1", rule="R-HOP-2")
    g.illegal("B: visit 6", rule="R-HOP-2")
    g.play("B: visit 3; do")
    assert g.post("B") == 6


def test_suite_five_borrows_a_room_without_rotating() -> None:
    g = at_blues_turn("take-7 take-3 take-5 steal-3")
    events = g.act("B: visit 5")
    # R-HOP-4: a Lust sin, the Suite 5 card flips, then a room of the visitor's choice.
    assert "R-HOP-4" in rules_of(events)
    assert g.den("lust") == {"B": 1}
    assert g.suite5_occupied() is True
    assert g.legal_texts() == {"room 1", "room 2", "room 3", "room 4"}
    g.play("B: room 1; do")
    assert (g.post("B"), g.money("B")) == (1, 32)
    assert g.rooms()[1] is None
    # The borrowed room and the suite both count as visited.
    g.illegal("G: visit 1", rule="R-HOP-1")
    g.illegal("G: visit 5", rule="R-HOP-1")


def test_suite_five_needs_a_room_card() -> None:
    g = at_blues_turn("take-7 take-3 take-5 steal-3")
    g.edit(clear_rooms)
    # R-HOP-4: not allowed when no room card is left.
    g.illegal("B: visit 5", rule="R-HOP-4")


def test_suite_six_gives_the_yellow_letter() -> None:
    g = at_blues_turn("take-7 take-3 take-5 steal-3")
    events = g.play("B: visit 6")
    # R-HOP-5: a Lust sin, the post 2 higher, the yellow letter behind the screen.
    assert "R-HOP-5" in rules_of(events)
    assert g.den("lust") == {"B": 1}
    assert g.post("B") == 3
    assert g.letters("B") == {"yellow": 1}
    assert g.suite6_yellow() == 0
    # Only while it holds a yellow letter.
    g.illegal("G: visit 6", rule="R-HOP-1")


def test_petty_sinner_never_rotates_in_the_house() -> None:
    g = at_blues_turn("take-7 take-3 take-5 steal-3")
    g.play("B: pass", "G: pass; free bread")
    g.play("Y: visit 6")
    # R-HOP-6: no rotation, but the Lust sin is placed.
    assert g.post("Y") == 1
    assert g.den("lust") == {"Y": 1}
    assert g.letters("Y") == {"yellow": 1}


# -- the 14 cards ----------------------------------------------------------------------------


def test_card_table() -> None:
    # R-SUP-5: 24 cards; counts and notch costs per the rulebook's card table.
    assert sum(CARD_COUNTS.values()) == 24
    g = Game("RBGY", souls="Y G B R").setup()
    assert sorted(g.deck()) == sorted(c for c, n in CARD_COUNTS.items() for _ in range(n))


@pytest.mark.parametrize("card", sorted(CARD_COST))
def test_every_card_costs_its_notches(card: str) -> None:
    others = [c for c in ("take-3", "take-5", "take-7", "steal-3") if c != card][:3]
    g = at_blues_turn(" ".join([card, *others]))
    g.play("B: visit 1; decline")
    # R-HOP-3: the notch cost from the card table.
    assert g.post("B") == 1 + CARD_COST[card]


@pytest.mark.parametrize(("card", "gain"), [("take-3", 3), ("take-5", 5), ("take-7", 7)])
def test_take_cards_pay_from_the_bank(card: str, gain: int) -> None:
    g = at_blues_turn(f"{card} steal-3 hell-3 hell-5")
    g.play("B: visit 1; do")
    # R-HOP-3: take-3 / take-5 / take-7.
    assert g.money("B") == 25 + gain


def test_steal_three() -> None:
    g = at_blues_turn("steal-3 take-3 take-5 take-7")
    # I-HOP-7: any opponent may be named.
    g.act("B: visit 1")
    assert g.legal_texts() == {"steal R", "steal G", "steal Y", "decline"}
    g.play("B: steal G")
    assert (g.money("B"), g.money("G")) == (28, 22)


def test_steal_three_from_a_poor_opponent_gives_nothing() -> None:
    g = at_blues_turn("steal-3 take-3 take-5 take-7")
    g.edit(lambda d: set_money(d, "G", 2))
    g.play("B: visit 1; steal G")
    # R-HOP-3 (steal-3): fewer than 3 taler: nothing changes hands.
    assert (g.money("B"), g.money("G")) == (25, 2)


def test_free_good() -> None:
    g = at_blues_turn("free-good take-3 take-5 take-7")
    g.act("B: visit 1")
    # I-HOP-7: any good in the market, not an indulgence stone.
    assert g.legal_texts() == {"take bread", "take wine", "take cloth", "take jewel", "decline"}
    g.illegal("B: take indulgence", rule="I-HOP-7")
    g.play("B: take jewel")
    assert (g.goods("B"), g.money("B"), g.market()["jewel"]) == ({"jewel": 1}, 25, 1)


def test_pope_stone_card() -> None:
    g = at_blues_turn("pope-stone take-3 take-5 take-7")
    g.act("B: visit 1")
    # I-HOP-7: every move of a stone between two dens.
    moves = {
        f"pope-stone {a}>{b}"
        for a in ("lust", "petty", "greed")
        for b in ("lust", "petty", "greed")
        if a != b
    }
    assert g.legal_texts() == moves | {"decline"}
    g.play("B: pope-stone petty>greed")
    assert g.pope_stones() == {"lust": 1, "greed": 2}


def test_pope_stone_card_triggers_atonement_and_spares_the_visitor() -> None:
    g = at_blues_turn("pope-stone take-3 take-5 take-7")

    def sins(d: dict) -> None:
        place_sins(d, "B", "lust", 2)
        place_sins(d, "R", "lust", 1)
        d["pope_stones"] = {"lust": 0, "petty": 1, "greed": 2}

    g.edit(sins)
    events = g.play("B: visit 1; pope-stone petty>greed")
    # R-DEN-3: the visitor moved the third stone: his sins are forgiven; Red's Lust sin and
    # the Sinner's two petty sins are atoned.
    assert "R-DEN-3" in rules_of(events)
    assert (g.soul("B"), g.soul("R"), g.soul("Y")) == (0, 1, 2)
    assert g.den("lust") == {} and g.den("petty") == {}
    assert g.pope_stones() == {"lust": 1, "petty": 1, "greed": 1}


def test_new_crew() -> None:
    g = at_blues_turn("new-crew take-3 take-5 take-7")
    hut = g.hut()
    g.act("B: visit 1")
    # I-HOP-7: any unfinished site.
    assert g.legal_texts() == {"crew 1", "crew 2", "crew 3", "decline"}
    g.play("B: crew 3")
    assert (g.site(3)["crews"], g.hut()) == (1, hut - 1)


def test_new_crew_with_an_empty_hut_does_nothing() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    # One crew on every site; the prepare phase puts the last hut crew on the Emperor card.
    g.edit(lambda d: [build(d, n, crews=1) for n in (1, 2, 3)])
    g.prepare(rooms="new-crew take-3 take-5 take-7")
    assert g.hut() == 0
    g.bids(R="2+0", B="1+0", G="1+0", Y="1+0")
    g.play("R: choose sinner; visit 1")
    # I-CRD-1 / I-HOP-7: a card whose condition fails offers only decline.
    assert g.legal_texts() == {"decline"}


def test_move_crew() -> None:
    g = at_blues_turn("move-crew take-3 take-5 take-7")
    # Blue's preliminary crew is on site 1.
    g.act("B: visit 1")
    # I-HOP-7: from a site with a crew to another unfinished site.
    assert g.legal_texts() == {"crew 1>2", "crew 1>3", "decline"}
    g.illegal("B: crew 2>3", rule="I-HOP-7")
    g.play("B: crew 1>3")
    assert [g.site(n)["crews"] for n in (1, 2, 3)] == [0, 0, 1]


def test_move_crew_can_build_a_nave() -> None:
    g = at_blues_turn("move-crew take-3 take-5 take-7")
    g.edit(lambda d: build(d, 2, crews=1))
    g.play("B: visit 1; crew 2>1")
    # R-CAT-1: a second crew on a site without a nave builds the nave; both crews go home.
    assert g.site(1)["nave"] is True
    assert g.site(1)["crews"] == 0
    assert g.hut() == 4


def test_hell_three_moves_every_opponent_nearest_hell_first() -> None:
    g = at_blues_turn("hell-3 take-3 take-5 take-7")
    # Space 0 order, nearest Hell first: R, B, G, Y.
    events = g.play("B: visit 1; do")
    # I-CRD-1 / R-MOV-5: Red moves first to 3, Green bumps on to 4, Yellow to 5 (R-MOV-3).
    assert (g.soul("R"), g.soul("G"), g.soul("Y"), g.soul("B")) == (3, 4, 5, 0)
    assert "R-HOP-3" in rules_of(events)


def test_hell_five() -> None:
    g = at_blues_turn("hell-5 take-3 take-5 take-7")
    g.play("B: visit 1; do")
    # R-HOP-3 (hell-5) / I-CRD-1
    assert (g.soul("R"), g.soul("G"), g.soul("Y"), g.soul("B")) == (5, 6, 7, 0)


def test_lust_two_and_greed_two_hit_every_opponent() -> None:
    g = at_blues_turn("lust-2 greed-2 take-5 take-7")
    g.play("B: visit 1; do")
    # R-HOP-3 (lust-2) / R-DEN-1: two Lust sins for each opponent.
    assert g.den("lust") == {"R": 2, "G": 2, "Y": 2}
    g.play("G: visit 2; do")
    # greed-2: two Greed sins for each opponent of the visitor.
    assert g.den("greed") == {"R": 2, "B": 2, "Y": 2}
    assert g.hand_sins("Y") == 7 - 2 - 2 - 2


def test_emperor_letter() -> None:
    g = at_blues_turn("emperor-letter take-3 take-5 take-7", emperor="G", merchant="B")
    # Green (Emperor, blue bonus letter) has taken his turn; Blue is the Merchant now.
    g.edit(lambda d: give_letters(d, "G", {"red": 1}))
    g.play("G: pass")
    g.play("B: visit 1; do")
    # R-HOP-3 (emperor-letter): the Emperor gives one letter of *his* choice.
    assert g.whose_turn() == ("G",)
    assert g.legal_texts() == {"give blue", "give red"}
    g.illegal("G: give green", rule="R-HOP-3")
    g.play("G: give red")
    assert g.letters("B") == {"red": 1}
    assert g.letters("G") == {"blue": 1}


def test_emperor_letter_fails_without_letters_or_for_the_emperor() -> None:
    g = at_blues_turn("emperor-letter take-3 take-5 take-7")
    g.act("B: visit 1")
    # I-CRD-1 / I-HOP-7: the visitor is the Emperor himself: no opponent holds the card.
    assert g.legal_texts() == {"decline"}


def test_pope_yellow() -> None:
    g = at_blues_turn("pope-yellow take-3 take-5 take-7")
    g.edit(lambda d: give_letters(d, "R", {"yellow": 2}))
    g.play("B: visit 1; do")
    # R-HOP-3 (pope-yellow): the Pope gives one yellow letter.
    assert g.letters("B") == {"yellow": 1}
    assert g.letters("R") == {"yellow": 1}
    assert g.post("B") == 4


def test_pope_yellow_without_a_yellow_letter_offers_only_decline() -> None:
    g = at_blues_turn("pope-yellow take-3 take-5 take-7")
    g.act("B: visit 1")
    # I-CRD-1 / I-HOP-7
    assert g.legal_texts() == {"decline"}


def test_free_good_taking_the_last_stone_ends_the_action_phase() -> None:
    g = at_blues_turn("free-good take-3 take-5 take-7")
    g.edit(lambda d: set_market(d, {"jewel": 1}))
    g.act("B: visit 1")
    g.act("B: take jewel")
    # R-ACT-4: the card took the last stone: no second action, the round is over.
    assert g.goods("B") == {"jewel": 1}
    assert g.address() == "2.prep.1"
