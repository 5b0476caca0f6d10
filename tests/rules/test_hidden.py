"""Hidden information (R-HID-1): a player's view cannot tell secret alternatives apart.

Each test builds two states that differ only in one secret; the views of everybody who may
not know it must be equal, the owner's view must differ. (Bids: test_bidding; the Pope die:
test_pope.)
"""

from __future__ import annotations

from collections.abc import Callable

from mcn.engine import view
from tests.rules.scenario import Game
from tests.rules.state_json import give_goods, give_letters, set_money


def action_phase() -> Game:
    g = Game("RBGY", souls="Y G B R").setup()
    return g.start_round(pope="R", emperor="B", merchant="G", sinner="Y")


def assert_secret_to(owner: str, one: Game, two: Game) -> None:
    for viewer in ("R", "B", "G", "Y", None):
        if viewer == owner:
            assert view(one.state, viewer) != view(two.state, viewer)
        else:
            assert view(one.state, viewer) == view(two.state, viewer), viewer


def edited(change: Callable[[dict], None]) -> Game:
    g = action_phase()
    return g.edit(change)


def test_donation_compartment_is_secret_but_the_item_is_public() -> None:
    one, two, three = action_phase(), action_phase(), action_phase()
    one.play("R: donate 5>I")
    two.play("R: donate 5>II")
    three.play("R: donate 2>I")
    # R-HID-1: nobody but Red knows the compartment ...
    assert_secret_to("R", one, two)
    # ... but everybody sees what was donated.
    assert view(one.state, "B") != view(three.state, "B")


def test_money_behind_the_screen_is_public_i_hid_5() -> None:
    one = edited(lambda d: set_money(d, "G", 30))
    two = edited(lambda d: set_money(d, "G", 31))
    # I-HID-5: every payment is made in view of all, so every viewer can count Green's money
    for viewer in ("R", "B", "G", "Y", None):
        assert view(one.state, viewer)["seats"]["G"]["money"] == {"secret": "G", "value": 30}
        assert view(one.state, viewer) != view(two.state, viewer)


def test_letter_colours_behind_screens_are_secret_without_history() -> None:
    def holding(red: str, blue: str, red_letter: str, blue_letter: str) -> Game:
        def change(d: dict) -> None:
            give_goods(d, "R", {red: 1})
            give_goods(d, "B", {blue: 1})
            give_letters(d, "R", {red_letter: 1})
            give_letters(d, "B", {blue_letter: 1})

        return edited(change)

    # R-HID-1, I-HID-5: a state alone (edited, no history) does not say where its letters
    # came from, so their colours are unknown to the others; goods are public (I-HID-5)
    one = holding("wine", "cloth", "yellow", "green")
    two = holding("wine", "cloth", "green", "yellow")
    for viewer in ("G", "Y", None):
        assert view(one.state, viewer) == view(two.state, viewer)
    assert view(one.state, "R") != view(two.state, "R")
    assert view(one.state, "B") != view(two.state, "B")
    goods = holding("cloth", "wine", "yellow", "green")
    for viewer in ("G", "Y", None):
        assert view(one.state, viewer) != view(goods.state, viewer)


def test_donation_event_hides_the_compartment_from_the_others() -> None:
    g = action_phase()
    events = g.act("R: donate 5>II")
    (donated,) = [e for e in events if e.to_json()["kind"] == "donated"]
    # R-HID-1: the item is public, the compartment is Red's secret.
    assert donated.to_json("R")["compartment"] == "II"
    for viewer in ("B", "G", "Y", None):
        shown = donated.to_json(viewer)
        assert shown["item"] == "5"
        assert shown["compartment"] == "?"
        assert "II" not in shown["text"]
