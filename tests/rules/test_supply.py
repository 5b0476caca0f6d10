"""Money and the finite letter supply (R-SUP-2, R-SUP-4, I-SUP-4, I-SUP-5), and R-ACT-2."""

from __future__ import annotations

from tests.rules.scenario import Game
from tests.rules.state_json import give_letters, set_money


def action_phase(rooms: str = "take-7 take-3 take-5 steal-3") -> Game:
    g = Game("RBGY", souls="Y G B R").setup()
    return g.start_round(rooms=rooms, pope="R", emperor="B", merchant="G", sinner="Y")


def test_a_turn_is_a_pass_or_one_action() -> None:
    g = action_phase()
    # R-ACT-2: pass, buy (a good, greedily, a letter), donate, visit; sell needs a good.
    kinds = {text.split()[0] for text in g.legal_texts()}
    assert kinds == {"pass", "buy", "greedy", "letter", "donate", "visit"}
    g.illegal("R: end", rule="R-ACT-2")
    g.illegal("R: free bread", rule="R-ACT-2")


def test_letter_colours_are_limited_to_the_supply() -> None:
    g = action_phase()
    g.edit(lambda d: give_letters(d, "Y", {"red": 15}))
    # R-SUP-2: no red letter left: only green can be bought or swapped.
    g.illegal("R: letter red", rule="R-SUP-2")
    g.play("R: pass", "B: pass", "G: pass")
    assert "free indulgence>red" not in g.legal_texts()
    assert "free indulgence>green" in g.legal_texts()


def test_no_red_or_green_left_no_letter_at_all() -> None:
    g = action_phase()
    g.edit(lambda d: give_letters(d, "Y", {"red": 15, "green": 15}))
    # I-SUP-5: buying a letter or swapping an indulgence stone is not allowed.
    assert not any(t.startswith("letter") for t in g.legal_texts())
    g.illegal("R: letter green", rule="I-SUP-5")
    g.play("R: pass", "B: pass", "G: pass")
    assert not any("indulgence" in t for t in g.legal_texts())


def test_suite_six_is_not_refilled_from_an_empty_supply() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.edit(lambda d: give_letters(d, "Y", {"yellow": 10}))
    g.start_round(pope="R", emperor="B", merchant="G", sinner="Y")
    # I-SUP-5 / R-SUP-2: no yellow letter in the supply: Suite 6 stays empty and closed.
    assert g.suite6_yellow() == 0
    g.illegal("R: visit 6", rule="R-POP-4")
    g.play("R: pass")
    g.illegal("B: visit 6", rule="R-HOP-5")


def test_coins_are_changed_freely() -> None:
    g = action_phase()
    g.edit(lambda d: set_money(d, "R", 7))
    # R-SUP-4: money is an integer; any coin value up to what one holds can be donated.
    g.play("R: donate 5>I")
    assert g.money("R") == 2
    g.play("B: pass", "G: pass; free bread", "Y: pass")
    g.illegal("R: donate 5>I", rule="R-DON-1")
    g.play("R: donate 2>I")
    assert g.money("R") == 0
    assert g.chest("R", "I") == {"bread": 1, "money": 7}


def test_the_bank_never_runs_out() -> None:
    g = action_phase()

    def rich(d: dict) -> None:
        for colour in "RBGY":
            set_money(d, colour, 300)  # more than all 264 taler of coins together

    g.edit(rich)
    g.play("R: pass", "B: visit 1; do")
    # I-SUP-4 / R-SUP-4: the bank still pays.
    assert g.money("B") == 307
