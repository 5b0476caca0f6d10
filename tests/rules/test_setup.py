"""Setup and supply: R-SUP-*, R-SET-* (soul order, starting bonuses, unpicked bonuses)."""

from __future__ import annotations

from tests.rules.scenario import Game, rules_of


def started() -> Game:
    return Game("RBGY", souls="Y G B R").setup()


def test_components_and_start_supply() -> None:
    g = Game("RBGY")
    data_players = {c: (g.money(c), g.hand_sins(c)) for c in "RBGY"}
    # R-SUP-3: 7 sin stones and 25 taler each.
    assert data_players == {c: (25, 7) for c in "RBGY"}
    # R-SUP-2: 10 yellow, 11 blue, 15 red, 15 green letters.
    assert g.supply() == {"yellow": 10, "blue": 11, "red": 15, "green": 15}
    # R-SUP-5: 3 Pope stones, 4 crews in the hut, 3 empty sites.
    # R-SET-2: one Pope stone beside each den, every crew in the hut.
    assert g.pope_stones() == {"lust": 1, "petty": 1, "greed": 1}
    assert g.hut() == 4
    assert [g.site(n)["crews"] for n in (1, 2, 3)] == [0, 0, 0]


def test_bag_holds_goods_and_indulgence_stones() -> None:
    g = Game("RBGY", souls="Y G B R")
    # R-SUP-1: 10 bread, 9 wine, 9 cloth, 7 jewel and 6 indulgence stones.
    # R-SET-3: the remaining goods and the indulgence stones go into the bag.
    assert g.bag() == {"bread": 10, "wine": 9, "cloth": 9, "jewel": 7, "indulgence": 6}
    g.setup()
    # The bonuses bread, wine and jewel left the bag for the chests.
    assert g.bag() == {"bread": 9, "wine": 8, "cloth": 9, "jewel": 6, "indulgence": 6}


def test_soul_order_is_a_recorded_chance_event() -> None:
    g = Game("RBGY")
    # R-SET-1: the soul order is chance's first decision.
    assert g.whose_turn() == ("*",)
    assert g.address() == "setup.1"
    events = g.play("*: souls Y G B R")
    assert "R-SET-1" in rules_of(events)
    assert [g.soul(c) for c in "RBGY"] == [0, 0, 0, 0]
    # Listed nearest Heaven first, so Red is nearest Hell.
    assert g.hell_order() == ["R", "B", "G", "Y"]


def test_soul_order_must_name_every_player_once() -> None:
    g = Game("RBGY")
    # R-SET-1: a colour left out and a colour named twice are both the rule's refusal
    g.illegal("*: souls Y G B", rule="R-SET-1")
    g.illegal("*: souls Y G B B", rule="R-SET-1")
    g.unreadable("*: souls Y G B X")


def test_bonus_pick_order_is_nearest_heaven_first() -> None:
    g = Game("RBGY", souls="Y G B R")
    # R-SET-4: Yellow (nearest Heaven) picks first, Red (nearest Hell) last.
    order = []
    for bonus in ("bonus blue", "bonus 10>I", "bonus jewel>I", "bonus bread>II wine>II"):
        (actor,) = g.whose_turn()
        order.append(actor)
        g.play(f"{actor}: {bonus}")
    assert order == ["Y", "G", "B", "R"]


def test_bonus_taken_twice_or_out_of_order_is_illegal() -> None:
    g = Game("RBGY", souls="Y G B R")
    # R-SET-4
    g.illegal("R: bonus blue", rule="R-SET-4")
    g.play("Y: bonus blue")
    g.illegal("G: bonus blue", rule="R-SET-4")


def test_bonuses_are_donated_at_once() -> None:
    g = started()
    # R-SET-5: bread and wine may go to different compartments.
    assert g.chest("R", "I") == {"bread": 1}
    assert g.chest("R", "II") == {"wine": 1}
    assert g.chest("Y", "II") == {"jewel": 1}
    # The 10 taler come from the bank straight into the chest.
    assert g.chest("B", "I") == {"money": 10}
    assert g.money("B") == 25
    # The blue letter goes behind the screen.
    assert g.letters("G") == {"blue": 1}
    assert g.supply()["blue"] == 10
    assert g.goods("R") == {}


def test_bonus_compartments_must_be_named() -> None:
    g = Game("RBGY", souls="Y G B R")
    # R-SET-5
    g.illegal("Y: bonus jewel", rule="R-SET-5")
    # R-SET-4: bread alone is no starting bonus (bonus 1 is bread and wine).
    g.illegal("Y: bonus bread>I", rule="R-SET-4")


def test_unpicked_bonuses_return_to_the_supply_with_two_players() -> None:
    g = Game("RB", souls="B R")
    g.play("B: bonus blue", "R: bonus 10>II")
    # R-SET-6: bread, wine and jewel stay in the bag; the round begins.
    assert g.bag() == {"bread": 10, "wine": 9, "cloth": 9, "jewel": 7, "indulgence": 6}
    assert g.supply()["blue"] == 10
    assert g.address() == "1.prep.1"


def test_unpicked_bonus_returns_with_three_players() -> None:
    g = Game("RBG", souls="G B R")
    g.play("G: bonus jewel>I", "B: bonus bread>I wine>I", "R: bonus 10>II")
    # R-SET-6: the blue letter stays in the supply.
    assert g.supply()["blue"] == 11
    assert g.bag() == {"bread": 9, "wine": 8, "cloth": 9, "jewel": 6, "indulgence": 6}
    assert g.address() == "1.prep.1"
