"""The engine's own interpretations (docs/interpretations.md), one scenario each."""

from __future__ import annotations

from typing import Any

from mcn.engine import GameState, parse_action
from tests.engine.helpers import MARKET, ROOMS, Json, act, edited, opening

ORDER_BIDS = ("R: bid 4+0", "B: bid 3+0", "G: bid 2+0", "Y: bid 1+0")


def at_bids(change: Any = None, market: str = MARKET, rooms: str = ROOMS) -> GameState:
    """Round 1 after the chance draws (souls Y G B R: Red is nearest Hell)."""
    state = opening()
    if change is not None:
        state = edited(state, change)
    act(state, f"*: market {market}", f"*: rooms {rooms}")
    return state


def seat(state: GameState, colour: str) -> Json:
    seats: Json = state.to_json()["seats"]
    return seats[colour]


def texts(state: GameState) -> set[str]:
    return {a.text for a in state.legal_actions()}


def test_short_of_sins_places_first_then_empties_any_own_den() -> None:
    state = at_bids(lambda d: d["seats"]["R"]["sins"].update(greed=6))
    act(state, *ORDER_BIDS, "R: choose sinner")
    # I-DEN-5: Red placed his last free stone in Petty Sins; to place the second he empties a
    # den of his choice, also the one he is placing into.
    assert state.decision.kind == "empty-den"
    assert texts(state) == {"empty petty", "empty greed"}
    act(state, "R: empty petty")
    red = seat(state, "R")
    assert red["sins"] == {"lust": 0, "petty": 1, "greed": 6}
    # I-DEN-6: one move of as many steps as stones.
    assert red["space"] == 1
    assert state.decision.kind == "sinner-visit"


def test_atonement_is_one_move_per_player() -> None:
    def change(data: Json) -> None:
        data["seats"]["R"]["sins"]["lust"] = 3
        data["seats"]["B"]["space"] = 2
        data["pope_stones"] = {"lust": 1, "petty": 0, "greed": 2}

    state = at_bids(change)
    act(state, "Y: bid 4+0", "R: bid 1+0", "B: bid 1+0", "G: bid 1+0")
    act(state, "Y: choose pope")
    events = act(state, "Y: pope-stone lust>greed")
    # I-DEN-6 / R-DEN-3: Red's 3 atoned stones are one move 0 -> 3, not three single steps
    # (which would bump past Blue on 2 and end on 4).
    assert seat(state, "R")["space"] == 3
    assert [e.rule for e in events if e.kind == "soul-moved"] == ["R-DEN-3"]


def indulgences_only(data: Json) -> None:
    """Every good goes behind Red's screen; every red and green letter to Yellow."""
    goods = data["seats"]["R"]["goods"]["value"]
    for stone in ("bread", "wine", "cloth", "jewel"):
        goods[stone] += data["bag"][stone]
        data["bag"][stone] = 0
    letters = data["seats"]["Y"]["letters"]["value"]
    for colour in ("red", "green"):
        letters[colour] += data["supply"][colour]
        data["supply"][colour] = 0


def test_a_market_no_stone_can_leave_ends_the_action_phase() -> None:
    state = at_bids(indulgences_only, market=" ".join(["indulgence"] * 6))
    act(state, *ORDER_BIDS, "R: choose pope", "R: skip", "B: choose emperor", "B: crew 1")
    events = act(state, "G: choose merchant", "Y: choose sinner", "Y: skip")
    # I-ACT-8: no letter can be had for the indulgence stones: no turn at all.
    ended = [e for e in events if e.kind == "phase-ended"]
    assert ended and "I-ACT-8" in ended[0].text()
    assert state.decision.address == "2.prep.1"
    # The stones stay in the market; the next draw (an empty bag) adds nothing.
    assert state.to_json()["market"]["indulgence"] == 6
    act(state, "*: market")
    assert state.to_json()["market"]["indulgence"] == 6


def test_the_merchant_stone_lapses_when_nothing_can_be_taken() -> None:
    def change(data: Json) -> None:
        indulgences_only(data)
        data["seats"]["R"]["goods"]["value"]["wine"] -= 1
        data["bag"]["wine"] = 1

    state = at_bids(change, market="wine " + " ".join(["indulgence"] * 6))
    act(state, *ORDER_BIDS, "R: choose pope", "R: skip", "B: choose emperor", "B: crew 1")
    act(state, "G: choose merchant", "Y: choose sinner", "Y: skip", "R: pass", "B: pass")
    act(state, "G: pass")
    # R-ACT-5 / I-SUP-5: only the wine can be taken ...
    assert texts(state) == {"free wine"}
    act(state, "G: free wine")
    # ... I-ACT-8: then no stone can leave the market: the round is over.
    assert state.decision.address == "2.prep.1"


def test_greedy_purchase_sins_before_taking_the_last_goods() -> None:
    def change(data: Json) -> None:
        data["seats"]["R"]["sins"]["lust"] = 7
        goods = data["seats"]["B"]["goods"]["value"]
        for stone in ("bread", "wine", "cloth", "jewel"):
            keep = 2 if stone == "bread" else 0
            goods[stone] += data["bag"][stone] - keep
            data["bag"][stone] = keep
        data["bag"]["indulgence"] = 0

    state = at_bids(change, market="bread bread")
    act(state, *ORDER_BIDS, "R: choose pope", "R: skip", "B: choose emperor", "B: crew 1")
    act(state, "G: choose merchant", "Y: choose sinner", "Y: skip", "R: greedy bread")
    # I-BUY-4: paid, but the goods wait in the market until the Greed sin is placed.
    assert state.decision.kind == "empty-den"
    assert state.to_json()["market"]["bread"] == 2
    assert seat(state, "R")["money"]["value"] == 23
    events = act(state, "R: empty lust")
    kinds = [e.kind for e in events]
    assert kinds.index("sins-placed") < kinds.index("stones")
    # R-ACT-4: the goods were the market's last stones: the action phase ends at once.
    assert seat(state, "R")["goods"]["value"]["bread"] == 2
    assert state.decision.address == "2.prep.1"


def test_the_emperor_may_donate_one_item_or_two() -> None:
    state = at_bids()
    act(state, *ORDER_BIDS, "R: choose pope", "R: skip", "B: choose emperor", "B: crew 1")
    act(state, "G: choose merchant", "Y: choose sinner", "Y: skip", "R: pass")
    # I-DON-4 / R-DON-2
    assert {"donate 1>I", "donate 1>I 1>II", "donate 10>I 10>II"} <= texts(state)
    act(state, "B: donate 5>II")
    assert seat(state, "B")["chest"]["II"]["value"]["money"] == 5


def test_the_die_set_to_a_room_too_dear_is_a_breach_not_a_choice() -> None:
    state = at_bids(rooms="take-7 take-3 take-5 steal-3")
    act(state, "R: bid 5+0", "B: bid 5+0", "G: bid 1+0", "Y: bid 1+0")
    act(state, "R: choose pope", "R: skip", "B: choose emperor", "B: crew 1")
    act(state, "G: choose merchant", "Y: choose sinner", "Y: skip")
    # I-POP-9 (replacing I-POP-7): at post 5 take-7 (cost 2) is no legal option ...
    assert "visit 1" not in texts(state)
    # I-POP-7: R-POP-4 limits the die to open rooms; a record setting it past the post is
    # replayed with R-POP-3's penalty.
    act(state, "R: visit 1", "B: guess 2")
    assert (seat(state, "R")["post"], seat(state, "R")["space"]) == (6, 1)
    act(state, "R: end")
    # ... while the Emperor at post 5 may not visit a 2-notch suite (R-HOP-2).
    assert "visit 6" not in texts(state)


def test_infractions_after_the_souls_and_not_for_the_petty_sinner() -> None:
    state = GameState.new(("R", "B"), variant="meta-culpa", infractions=("missed-turn",))
    # I-MET-5: no infraction before the souls are placed.
    refusal = state.judge(parse_action("R", "infraction missed-turn")).refusal
    assert refusal is not None, "infraction before the souls accepted"
    assert refusal.rule == "I-MET-5"
    act(state, "*: souls B R", "B: bonus blue", "R: bonus 10>I")
    act(state, f"*: market {MARKET}", f"*: rooms {ROOMS}", "B: bid 2+0")
    # During the bids an infraction takes the bid section's next address.
    infraction = parse_action("R", "infraction missed-turn")
    assert state.address_of(infraction) == "1.bid.1"
    assert state.address_of(parse_action("R", "bid 1+0")) == "1.bid.R"
    act(state, "R: infraction missed-turn")
    assert state.decision.kind == "bid" and state.current_players() == ("R",)
    assert seat(state, "R")["sins"]["petty"] == 1
    assert state.address_of(infraction) == "1.bid.2"  # R-MET-1: recorded, play goes on
    listed = state.legal_actions("B", include_infractions=True)
    assert [a.text for a in listed] == ["infraction missed-turn"]
