"""The action phase: turn order, buying, selling, donating, second action, Merchant stone.

R-ACT-*, R-BUY-*, R-SEL-1, R-DON-*, I-ACT-6, I-ACT-7, B-1. Red holds the Pope, Blue the
Emperor, Green the Merchant and Yellow the Petty Sinner unless a test says otherwise.
"""

from __future__ import annotations

from tests.rules.scenario import MARKET, ROOMS, Game, rules_of
from tests.rules.state_json import give_letters, place_sins, set_money

BREAD7 = "bread bread bread bread bread bread bread"


def action_phase(market: str = MARKET, rooms: str = ROOMS, **bids: str) -> Game:
    g = Game("RBGY", souls="Y G B R").setup()
    return g.start_round(
        market,
        rooms,
        pope="R",
        emperor="B",
        merchant="G",
        sinner="Y",
        bids={"R": "1+0", "B": "1+0", "G": "1+0", "Y": "1+0", **bids},
    )


def test_turn_order_pope_emperor_merchant_sinner() -> None:
    g = action_phase()
    # R-ACT-1: Pope, Emperor, Merchant, Petty Sinner, then the Pope again.
    seen = []
    for _ in range(5):
        (actor,) = g.whose_turn()
        seen.append(actor)
        g.play(f"{actor}: pass")
        if g.whose_turn() == ("G",) and actor == "G":
            g.play("G: free cloth")
    assert seen == ["R", "B", "G", "Y", "R"]


def test_acting_out_of_turn_is_illegal() -> None:
    g = action_phase()
    # R-ACT-1
    g.illegal("B: buy wine", rule="R-ACT-1")
    g.illegal("Y: pass", rule="R-ACT-1")


def test_pass_is_a_turn_and_the_merchant_still_takes_his_stone() -> None:
    g = action_phase()
    g.play("R: pass", "B: pass")
    g.act("G: pass")
    # I-ACT-7 / R-ACT-5: after a pass the Merchant takes his free stone.
    assert g.whose_turn() == ("G",)
    assert all(t.startswith("free ") for t in g.legal_texts())
    g.play("G: free jewel")
    assert g.goods("G") == {"jewel": 1}
    assert g.market()["jewel"] == 1
    assert g.whose_turn() == ("Y",)


def test_merchant_swaps_an_indulgence_stone_for_a_letter() -> None:
    g = action_phase()
    g.play("R: pass", "B: pass", "G: pass")
    bag = g.bag()["indulgence"]
    # R-ACT-5: red or green, the stone goes back to the bag.
    assert {"free indulgence>red", "free indulgence>green"} <= g.legal_texts()
    g.illegal("G: free indulgence>yellow", rule="R-ACT-5")
    g.play("G: free indulgence>red")
    assert g.letters("G") == {"blue": 1, "red": 1}
    assert "indulgence" not in g.market()
    assert g.bag()["indulgence"] == bag + 1


def test_merchant_stone_comes_at_the_end_of_his_turn() -> None:
    g = action_phase()
    g.play("R: pass", "B: pass")
    g.act("G: buy wine")
    # R-ACT-5: the second action (or end) comes first, then the free stone.
    assert "end" in g.legal_texts()
    g.act("G: end")
    g.illegal("G: free wine", rule="R-ACT-5")
    g.play("G: free bread")
    assert g.goods("G") == {"wine": 1, "bread": 1}


def test_buy_pays_the_purchase_price() -> None:
    g = action_phase()
    events = g.act("R: buy wine")
    # R-BUY-1 / B-1 / B-5: wine costs 3 on the standard board.
    assert "R-BUY-1" in rules_of(events)
    assert g.money("R") == 22
    assert g.goods("R") == {"wine": 1}
    assert "wine" not in g.market()


def test_buy_bread_costs_two_and_sells_for_six() -> None:
    g = action_phase()
    # B-1: the rulebook's figures: bread costs 2, sells for 6.
    g.play("R: buy bread; sell bread")
    assert g.money("R") == 25 - 2 + 6


def test_buy_requires_the_good_and_the_money() -> None:
    g = action_phase()
    # R-BUY-1
    g.play("R: buy wine")
    g.illegal("B: buy wine", rule="R-BUY-1")
    g.edit(lambda d: set_money(d, "B", 3))
    g.illegal("B: buy jewel", rule="R-BUY-1")
    g.play("B: buy bread")
    assert g.money("B") == 1


def test_buy_a_letter_takes_an_indulgence_stone() -> None:
    g = action_phase()
    bag = g.bag()["indulgence"]
    g.illegal("R: letter yellow", rule="R-BUY-2")
    g.illegal("R: letter blue", rule="R-BUY-2")
    g.play("R: letter green")
    # R-BUY-2: pay 4, the stone goes back to the bag, a red or green letter behind the screen.
    assert g.money("R") == 21
    assert g.letters("R") == {"green": 1}
    assert g.bag()["indulgence"] == bag + 1
    assert g.supply()["green"] == 14
    # No indulgence stone left in the market: no letter.
    g.illegal("B: letter red", rule="R-BUY-2")


def test_greedy_purchase_two_for_one_and_a_greed_sin() -> None:
    g = action_phase()
    events = g.act("R: greedy bread")
    # R-BUY-3 / R-DEN-1: two bread for the price of one, one sin stone in the Den of Greed.
    assert "R-BUY-3" in rules_of(events)
    assert g.goods("R") == {"bread": 2}
    assert g.money("R") == 23
    assert g.den("greed") == {"R": 1}
    assert g.hand_sins("R") == 6
    assert "bread" not in g.market()


def test_greedy_purchase_needs_two_of_one_good() -> None:
    g = action_phase()
    # R-BUY-3: only one wine; never two letters.
    g.illegal("R: greedy wine", rule="R-BUY-3")
    g.illegal("R: greedy indulgence", rule="R-BUY-3")


def test_sell_returns_the_good_to_the_bag() -> None:
    g = action_phase()
    g.act("R: buy wine")
    bag = g.bag()["wine"]
    events = g.act("R: sell wine")
    # R-SEL-1 / B-5: wine sells for 8.
    assert "R-SEL-1" in rules_of(events)
    assert g.money("R") == 25 - 3 + 8
    assert g.goods("R") == {}
    assert g.bag()["wine"] == bag + 1


def test_donated_goods_cannot_be_sold() -> None:
    g = action_phase()
    # R-SEL-1: Red's bread and wine lie in his chest (starting bonus), not behind the screen.
    g.illegal("R: sell bread", rule="R-SEL-1")


def test_donate_a_good_or_a_coin() -> None:
    g = action_phase()
    g.play("R: buy jewel; donate jewel>I")
    # R-DON-1: the good moves into the named compartment.
    assert g.goods("R") == {}
    assert g.chest("R", "I") == {"bread": 1, "jewel": 1}
    g.play("B: donate 5>II")
    assert g.money("B") == 20
    assert g.chest("B", "II") == {"money": 5}


def test_donation_limits() -> None:
    g = action_phase()
    # R-DON-1: coins are 1, 2, 5 or 10; only what one holds; one item per donation.
    g.illegal("R: donate 3>I", rule="R-DON-1")
    g.illegal("R: donate cloth>I", rule="R-DON-1")
    g.illegal("R: donate 5", rule="R-DON-1")
    g.edit(lambda d: set_money(d, "R", 9))
    g.illegal("R: donate 10>I", rule="R-DON-1")
    # R-DON-2: only the Emperor places two items.
    g.illegal("R: donate 1>I 1>II", rule="R-DON-2")


def test_emperor_donates_two_items() -> None:
    g = action_phase()
    g.play("R: pass")
    g.play("B: buy jewel; donate jewel>I 10>II")
    # R-DON-2: two items, each into either compartment.
    assert g.chest("B", "I") == {"money": 10, "jewel": 1}
    assert g.chest("B", "II") == {"money": 10}
    assert g.money("B") == 25 - 4 - 10


def test_second_action_rotates_the_post_and_must_differ() -> None:
    g = action_phase()
    g.act("R: buy wine")
    # R-ACT-3: buy, greedy purchase and letter are one kind.
    g.illegal("R: buy bread", rule="R-ACT-3")
    g.illegal("R: greedy jewel", rule="R-ACT-3")
    g.illegal("R: letter red", rule="R-ACT-3")
    g.act("R: donate 1>II")
    assert g.post("R") == 2
    # At most two actions: the turn passed to the Emperor.
    assert g.whose_turn() == ("B",)


def test_no_second_action_at_six_notches() -> None:
    g = action_phase(R="6+0")
    g.act("R: buy wine")
    # R-ACT-3: a post can never exceed 6.
    g.illegal("R: donate 1>II", rule="R-ACT-3")
    assert g.legal_texts() == {"end"}


def test_second_action_visit_counts_the_extra_notch() -> None:
    g = action_phase(B="4+0", Y="5+0", rooms="take-3 take-7 hell-5 take-5")
    g.play("R: pass")
    g.act("B: buy bread")
    # I-ACT-6: 4 + 1 + 2 (take-7) > 6, but 4 + 1 + 1 (take-5) fits.
    g.illegal("B: visit 2", rule="I-ACT-6")
    g.act("B: visit 4")
    g.play("B: do")
    assert g.post("B") == 6
    g.play("G: pass; free bread")
    # I-ACT-6 / R-HOP-6: the Sinner's visit costs nothing: 5 + 1 = 6 is fine.
    g.act("Y: buy jewel")
    g.play("Y: visit 3; do")
    assert g.post("Y") == 6


def test_market_empty_ends_the_action_phase_at_once() -> None:
    g = action_phase(BREAD7)
    g.play("R: greedy bread", "B: greedy bread", "G: pass; free bread")
    assert g.market() == {"bread": 2}
    events = g.act("Y: greedy bread")
    # R-ACT-4: no second action for Yellow; posts are compared and the next round begins.
    assert "R-NOT-1" in rules_of(events)
    assert g.address() == "2.prep.1"
    assert g.post("Y") == 1


def test_merchant_taking_the_last_stone_ends_the_round() -> None:
    g = action_phase(BREAD7)
    g.play("R: greedy bread", "B: greedy bread", "G: greedy bread")
    assert g.market() == {"bread": 1}
    g.play("G: free bread")
    # R-ACT-4
    assert g.address() == "2.prep.1"


def test_emperor_may_donate_a_single_item() -> None:
    g = action_phase()
    g.play("R: pass")
    # I-DON-4: two items are a privilege, not a duty.
    g.play("B: donate 5>I")
    assert g.chest("B", "I") == {"money": 15}


def test_greedy_purchase_pays_and_sins_before_taking() -> None:
    g = action_phase()
    g.edit(lambda d: place_sins(d, "R", "lust", 7))
    g.act("R: greedy jewel")
    # I-BUY-4: paid and short of a Greed sin (R-DEN-4): the jewels are still in the market.
    assert g.legal_texts() == {"empty lust"}
    assert (g.money("R"), g.goods("R"), g.market()["jewel"]) == (21, {}, 2)
    g.act("R: empty lust")
    assert (g.goods("R"), g.den("greed"), g.soul("R")) == ({"jewel": 2}, {"R": 1}, 7)


def test_market_of_unswappable_indulgence_stones_ends_the_phase() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.edit(lambda d: give_letters(d, "Y", {"red": 15, "green": 15}))
    six = " ".join(["indulgence"] * 6)
    g.start_round(f"bread {six}", pope="R", emperor="B", merchant="G", sinner="Y")
    g.play("R: pass", "B: pass")
    g.play("G: buy bread")
    # I-ACT-8: no stone can leave the market: the Merchant's free stone lapses and the
    # action phase ends before the next turn.
    assert g.goods("G") == {"bread": 1}
    assert g.address() == "2.prep.1"
    assert g.market() == {"indulgence": 6}
    # The stones stay for the next draw to add to.
    g.play("*: market bread bread wine cloth cloth jewel jewel")
    assert g.market() == {"bread": 2, "wine": 1, "cloth": 2, "jewel": 2, "indulgence": 6}
