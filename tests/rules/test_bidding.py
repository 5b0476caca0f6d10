"""Character choice: secret bids, choice order, who keeps his taler (R-BID-*, R-TIE-1)."""

from __future__ import annotations

from mcn.engine import view
from tests.rules.scenario import Game, rules_of

# The rulebook's players: Paula red, Dominik blue, Gregor green, Johanna yellow.


def bidding_game() -> Game:
    # Gregor (G) must be nearer Hell than Johanna (Y): "souls Y G B R" lists nearest Heaven first.
    return Game("RBGY", souls="Y G B R").setup().prepare()


def test_rulebook_bidding_example() -> None:
    g = bidding_game()
    # R-BID-1: bid value = notches + taler.
    events = g.play("R: bid 3+12", "B: bid 4+7", "Y: bid 2+7", "G: bid 1+8")
    assert "R-BID-1" in rules_of(events)
    # R-BID-2: Paula 15 chooses first, then Dominik 11; Gregor and Johanna both bid 9.
    # R-TIE-1: Gregor's soul is nearer Hell, so his bid counts as the higher one.
    order = []
    for character, prelim in (
        ("merchant", None),
        ("sinner", "skip"),
        ("pope", "skip"),
        ("emperor", "crew 1"),
    ):
        (actor,) = g.whose_turn()
        order.append(actor)
        g.play(f"{actor}: choose {character}")
        if prelim:
            g.play(f"{actor}: {prelim}")
    assert order == ["R", "B", "G", "Y"]
    # R-BID-3: Dominik revealed the most notches (4) and keeps his 7 taler; the others pay.
    assert {c: g.money(c) for c in "RBGY"} == {"R": 13, "B": 25, "G": 17, "Y": 18}
    # R-BID-4: the posts keep the bid notches into the round.
    assert {c: g.post(c) for c in "RBGY"} == {"R": 3, "B": 4, "G": 1, "Y": 2}
    # R-CHR-5: each keeps his character for the round.
    assert g.characters("R") == ["merchant"]
    assert g.characters("Y") == ["emperor"]


def test_equal_bids_nearer_hell_chooses_first_and_keeps_tied_notches() -> None:
    g = bidding_game()
    g.bids(R="3+2", B="3+2", G="1+0", Y="1+0")
    # R-TIE-1 / R-BID-2: Red and Blue tie at 5; Red is nearer Hell and chooses first.
    assert g.whose_turn() == ("R",)
    g.play("R: choose merchant")
    assert g.whose_turn() == ("B",)
    g.play("B: choose pope; skip", "G: choose sinner; skip", "Y: choose emperor; crew 2")
    # R-BID-3: notches tie at 3; the nearer-Hell player keeps his taler, the other pays.
    assert g.money("R") == 25
    assert g.money("B") == 23


def test_bids_are_simultaneous_and_secret() -> None:
    high = bidding_game()
    low = bidding_game()
    high.play("R: bid 3+12")
    low.play("R: bid 5+1")
    # R-BID-1 / R-HID-1: nobody else can tell the two bids apart before the reveal.
    for viewer in ("B", "G", "Y", None):
        assert view(high.state, viewer) == view(low.state, viewer)
    assert view(high.state, "R") != view(low.state, "R")
    # Any player may bid next, in any order.
    assert set(high.whose_turn()) == {"B", "G", "Y"}


def test_bid_limits() -> None:
    g = bidding_game()
    # R-BID-1: notches 1..6, taler >= 0.
    g.illegal("R: bid 0+5", rule="R-BID-1")
    g.illegal("R: bid 7+0", rule="R-BID-1")
    g.illegal("R: bid 3+-1", rule="R-BID-1")
    # I-BID-5: no more taler than the player holds.
    g.illegal("R: bid 3+26", rule="I-BID-5")
    g.play("R: bid 6+25")
    # R-BID-1: one secret bid per player.
    g.illegal("R: bid 2+0", rule="R-BID-1")


def test_choosing_a_taken_character_is_illegal() -> None:
    g = bidding_game()
    g.bids(R="6+0", B="5+0", G="4+0", Y="3+0")
    g.play("R: choose merchant")
    # R-BID-2: only remaining characters can be chosen, only by the player whose turn it is.
    g.illegal("B: choose merchant", rule="R-BID-2")
    g.illegal("G: choose pope", rule="R-BID-2")
