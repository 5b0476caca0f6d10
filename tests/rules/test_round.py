"""Round structure and the prepare phase (R-RND-*, I-RND-*, I-SET-7)."""

from __future__ import annotations

from collections import Counter

from tests.rules.scenario import MARKET, ROOMS, Game, rules_of
from tests.rules.state_json import CARD_COUNTS, build, set_bag, set_deck


def test_phases_follow_each_other() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    # R-RND-1: prepare (market, rooms), bids, character choice, actions, compare posts.
    assert (g.address(), g.whose_turn()) == ("1.prep.1", ("*",))
    g.play(f"*: market {MARKET}")
    assert (g.address(), g.whose_turn()) == ("1.prep.2", ("*",))
    g.play(f"*: rooms {ROOMS}")
    assert set(g.whose_turn()) == {"R", "B", "G", "Y"}
    assert g.address().startswith("1.bid")
    g.bids(R="4+0", B="3+0", G="2+0", Y="1+0")
    assert g.address() == "1.pick.1"
    g.play("R: choose pope; skip", "B: choose emperor; crew 1", "G: choose merchant")
    g.play("Y: choose sinner; skip")
    assert g.address() == "1.1.1"
    assert g.whose_turn() == ("R",)
    events = g.drain()
    assert "R-NOT-1" in rules_of(events)
    assert g.address() == "2.prep.1"
    assert g.round() == 2


def test_prepare_draws_the_market_from_the_bag() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    before = g.bag()
    events = g.play("*: market jewel bread indulgence bread wine cloth jewel")
    # R-RND-2: 7 stones move from the bag to the market (any order accepted).
    assert "R-RND-2" in rules_of(events)
    drawn = {"bread": 2, "wine": 1, "cloth": 1, "jewel": 2, "indulgence": 1}
    assert g.market() == drawn
    assert g.bag() == {k: before[k] - drawn.get(k, 0) for k in before}


def test_prepare_refuses_impossible_draws() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    # R-RND-2: exactly 7 stones, all of them in the bag (6 jewels are left after setup).
    g.illegal("*: market bread bread wine cloth jewel jewel", rule="R-RND-2")
    g.illegal("*: market jewel jewel jewel jewel jewel jewel jewel", rule="R-RND-2")
    g.play(f"*: market {MARKET}")
    # R-SUP-5: hell-3 exists once in the deck.
    g.illegal("*: rooms hell-3 hell-3 take-5 take-3", rule="R-RND-2")


def test_prepare_sets_up_cards_crew_and_suites() -> None:
    g = Game("RBGY", souls="Y G B R").setup().prepare()
    # R-RND-2: the room cards lie in rooms 1-4 in order, a crew waits on the Emperor card,
    # Suite 6 holds a yellow letter, Suite 5 shows "welcome".
    assert g.rooms() == {1: "take-5", 2: "emperor-letter", 3: "pope-stone", 4: "new-crew"}
    assert g.hut() == 3
    assert g.emperor_crew() == 1
    assert g.suite6_yellow() == 1
    assert g.supply()["yellow"] == 9
    assert g.suite5_occupied() is False


def test_next_prepare_discards_rooms_and_refills_suite_six() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.start_round(pope="R", emperor="B", merchant="G", sinner="Y", sinner_prelim="visit 6")
    # The Sinner took Suite 6's yellow letter in his preliminary visit.
    assert g.letters("Y") == {"yellow": 1}
    g.drain()
    g.play(f"*: market {MARKET}")
    # R-RND-2: the cards left in rooms 1-4 go to the discard pile before the new draw.
    assert sorted(g.discard()) == sorted(ROOMS.split())
    g.play("*: rooms take-3 take-7 hell-3 hell-5")
    assert g.rooms() == {1: "take-3", 2: "take-7", 3: "hell-3", 4: "hell-5"}
    # Suite 6 was refilled from the supply (10 - 2 yellow letters).
    assert g.suite6_yellow() == 1
    assert g.supply()["yellow"] == 8
    # R-CHR-5: the characters went back; all four can be chosen again.
    g.bids(R="1+0", B="1+0", G="1+0", Y="1+0")
    assert g.legal_texts() == {f"choose {c}" for c in ("pope", "emperor", "merchant", "sinner")}


def test_deck_reshuffles_the_discard_pile_when_it_runs_out() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.edit(lambda data: set_deck(data, ["hell-3", "hell-5"]))
    g.play(f"*: market {MARKET}")
    # I-SET-7: the old pile must be used up first.
    g.illegal("*: rooms take-3 hell-3 hell-5 take-7", rule="I-SET-7")
    # R-RND-2 / I-SET-7: then the discard pile is the new pile.
    g.play("*: rooms hell-5 hell-3 take-7 lust-2")
    assert g.rooms() == {1: "hell-5", 2: "hell-3", 3: "take-7", 4: "lust-2"}
    rest = dict(CARD_COUNTS, **{"hell-3": 0, "hell-5": 0, "take-7": 0, "lust-2": 1})
    assert Counter(g.deck()) == Counter({k: v for k, v in rest.items() if v})
    assert g.discard() == []


def test_small_bag_draws_everything_left() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.edit(lambda data: set_bag(data, {"bread": 2, "indulgence": 1}))
    # I-RND-2: fewer than 7 stones in the bag: all of them are drawn.
    g.illegal("*: market bread", rule="R-RND-2")
    g.play("*: market bread bread indulgence")
    assert g.market() == {"bread": 2, "indulgence": 1}
    assert g.bag() == {}


def test_empty_market_round_has_no_turns() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.edit(lambda data: set_bag(data, {}))
    g.play("*: market")
    g.play(f"*: rooms {ROOMS}")
    g.bids(R="5+0", B="1+0", G="1+0", Y="1+0")
    g.play("R: choose pope; skip", "B: choose emperor; crew 1", "G: choose merchant")
    events = g.play("Y: choose sinner; skip")
    # I-RND-3: no turns; the posts are compared at once (Red: 5 - 1 = 4 steps).
    assert "R-NOT-1" in rules_of(events)
    assert g.soul("R") == 4
    assert g.address() == "2.prep.1"


def test_empty_hut_puts_no_crew_on_the_emperor_card() -> None:
    g = Game("RBGY", souls="Y G B R").setup()

    def hut_empty(d: dict) -> None:
        for n in (1, 2, 3):
            build(d, n, crews=1)
        # Not reachable in play (a preliminary always empties the card); forced for the rule.
        d["hut"] -= 1
        d["emperor_card_crew"] += 1

    g.edit(hut_empty)
    g.prepare()
    # I-RND-2: the hut is empty: no crew moves onto the Emperor card.
    assert (g.hut(), g.emperor_crew()) == (0, 1)
    assert g.state.check_invariants() == []
