"""META CULPA: the Petty Sinner leaves owed costs undone until he is caught (I-MET-6, R-MET-2)."""

from __future__ import annotations

import pytest

from mcn.engine import play_random_game
from tests.rules.scenario import Game, rules_of
from tests.rules.state_json import place_sins

ROOMS = "take-5 emperor-letter lust-2 new-crew"


def sinners_turn(**bids: str) -> Game:
    """META CULPA; Red Pope, Blue Emperor, Green Merchant, Yellow Petty Sinner; the first three
    pass, so it is Yellow's turn."""
    g = Game("RBGY", souls="Y G B R", variant="meta-culpa", infractions=("late-rotation",))
    g.setup()
    g.start_round(
        rooms=ROOMS,
        pope="R",
        emperor="B",
        merchant="G",
        sinner="Y",
        bids=bids or dict.fromkeys("RBGY", "1+0"),
    )
    g.play("R: pass", "B: pass", "G: pass; free jewel")
    assert g.whose_turn() == ("Y",)
    return g


def test_money_left_unpaid_and_made_good_when_caught() -> None:
    g = sinners_turn()
    g.act("Y: buy bread")
    assert g.money("Y") == 23
    events = g.act("Y: undone money")
    # I-MET-6: he keeps the bread and his 2 taler; the omission is recorded, not a sin.
    assert (g.money("Y"), g.goods("Y")) == (25, {"bread": 1})
    assert set(rules_of(events)) == {"I-MET-6"}
    assert g.json["omissions"] == [{"player": "Y", "what": "money", "amount": 2, "den": None}]
    assert g.whose_turn() == ("Y",)  # a side action leaves the pending decision waiting
    dens = {den: g.den(den) for den in ("lust", "petty", "greed")}
    g.act("G: catch money")
    # I-MET-6 / R-MET-2: caught, he pays at once, and places no sin stone for it.
    assert g.money("Y") == 23
    assert {den: g.den(den) for den in ("lust", "petty", "greed")} == dens
    assert g.json["omissions"] == []


def test_undone_only_right_after_the_cost() -> None:
    g = sinners_turn()
    g.act("Y: buy bread")
    g.act("Y: sell bread")  # his next own decision: the purchase is paid for good
    # I-MET-6: the cost of an earlier decision can no longer be left undone.
    g.illegal("Y: undone money", rule="I-MET-6")
    # ... but the rotation for the second action is his latest cost.
    assert g.post("Y") == 2
    g.act("Y: undone post")
    assert g.post("Y") == 1


def test_only_the_petty_sinner_leaves_costs_undone_and_never_catches_himself() -> None:
    g = sinners_turn()
    # I-MET-6: nothing owed yet; another player has no such privilege.
    g.illegal("Y: undone money", rule="I-MET-6")
    g.illegal("G: catch money", rule="I-MET-6")
    g.act("Y: buy bread; undone money")
    g.illegal("G: undone money", rule="I-MET-6")
    g.illegal("Y: catch money", rule="I-MET-6")
    g.illegal("G: catch sin", rule="I-MET-6")


def test_standard_variant_has_no_omissions() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.start_round(rooms=ROOMS, pope="R", emperor="B", merchant="G", sinner="Y")
    g.play("R: pass", "B: pass", "G: pass; free jewel")
    g.act("Y: buy bread")
    # I-MET-6 is a META CULPA privilege.
    g.illegal("Y: undone money", rule="I-MET-6")


def test_sin_left_unplaced_then_caught_empties_a_den_if_short() -> None:
    g = sinners_turn()
    g.act("Y: visit 6")
    assert g.den("lust") == {"Y": 1}
    g.act("Y: undone sin")
    # I-MET-6: the Lust sin of Suite 6 is not placed; he still has the yellow letter.
    assert (g.den("lust"), g.letters("Y")) == ({}, {"yellow": 1})
    g.edit(lambda d: place_sins(d, "Y", "greed", 7 - 2))  # 2 petty + 5 greed: all 7 out
    g.act("R: catch sin")
    # R-DEN-4: short of stones, he empties a den first (his choice), then places the stone.
    assert g.kind() == "empty-den" and g.whose_turn() == ("Y",)
    g.act("Y: empty greed")
    assert g.den("lust") == {"Y": 1}
    assert g.soul("Y") == 5


def test_the_sinners_preliminary_stones_may_be_left_undone() -> None:
    g = Game("RBGY", souls="Y G B R", variant="meta-culpa", infractions=("late-rotation",))
    g.setup().prepare(rooms=ROOMS).bids(R="4+0", B="3+0", G="2+0", Y="1+0")
    g.act("R: choose sinner")
    assert g.den("petty") == {"R": 2}
    g.act("R: undone sin")
    # R-CHR-4 / I-MET-6: both stones of his preliminary are owed.
    assert g.den("petty") == {}


def finish_round(g: Game) -> None:
    """Everybody passes to the end of the round (posts compared, R-NOT-1)."""
    g.drain()


def test_an_uncaught_rotation_stands_and_moving_the_catch_changes_the_end() -> None:
    # I-MET-6: Yellow's second action should rotate his post to 6; he leaves it at 5.
    def played(catch_at: str | None) -> Game:
        g = sinners_turn(R="1+0", B="1+0", G="1+0", Y="5+0")
        g.act("Y: buy bread")
        if catch_at == "at once":
            g.act("Y: sell bread; undone post; B: catch post")
        else:
            g.act("Y: sell bread; undone post")
        if catch_at == "next turn":
            g.play("R: pass")
            g.act("B: catch post")
        finish_round(g)
        return g

    uncaught, at_once, later = played(None), played("at once"), played("next turn")
    # Uncaught, the post stays at 5 when the posts are compared: 5 - 1 = 4 steps (R-NOT-1).
    assert uncaught.soul("Y") == 4
    # Caught before the posts are compared, it is 6: 6 - 1 = 5 steps.
    assert at_once.soul("Y") == later.soul("Y") == 5
    # Once the posts are compared the omission stands: nobody can catch it any more.
    uncaught.illegal("B: catch post", rule="I-MET-6")


def test_catch_too_late_for_the_post_comparison_is_refused() -> None:
    g = sinners_turn(R="1+0", B="1+0", G="1+0", Y="5+0")
    g.act("Y: buy bread; undone money")
    finish_round(g)
    # I-MET-6: the omission stands for the rest of the game.
    assert (g.money("Y"), g.goods("Y")) == (25, {"bread": 1})  # never paid for
    g.illegal("G: catch money", rule="I-MET-6")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_meta_culpa_games_with_omissions_conserve_everything(seed: int) -> None:
    # I-MET-6 / R-MET-2: omissions and catches at random; every state keeps the conservation
    # laws (pieces, sins within 0..7, money >= 0, posts 1..6: check_invariants).
    final, history = play_random_game(
        4,
        seed=seed,
        variant="meta-culpa",
        infractions=("late-rotation", "out-of-turn"),
        check_invariants=True,
        infraction_rate=0.3,
    )
    kinds = {entry.action.kind for entry in history}
    assert final.is_terminal()
    assert {"undone", "catch"} <= kinds or seed != 1, kinds
