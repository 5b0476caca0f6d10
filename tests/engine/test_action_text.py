"""Action text: canonical forms, case-insensitive parsing, round trips, syntax errors."""

from __future__ import annotations

import random

import pytest

from mcn.engine import CHANCE, ActionSyntaxError, GameState, parse_action
from mcn.engine.actions import Bid, Donate, FreeStone, MarketDraw
from tests.engine.helpers import walk


def round_trip_all(state: GameState, rng: random.Random) -> None:
    """parse_action(a.actor, a.text) == a for every legal action (and str(a) is the text)."""
    actions = state.legal_actions(include_infractions=True)
    if len(actions) > 200:
        actions = rng.sample(actions, 200)
    for action in actions:
        assert str(action) == action.text
        assert parse_action(action.actor, action.text) == action
        shouted = "  " + "   ".join(action.text.upper().split()) + " "
        assert parse_action(action.actor.lower(), shouted) == action


@pytest.mark.parametrize("players", [("R", "B"), ("R", "B", "G"), ("R", "B", "G", "Y")])
def test_every_legal_action_round_trips(players: tuple[str, ...]) -> None:
    for seed in range(3):
        walk(players, seed, round_trip_all, variant="meta-culpa", infractions=("missed-turn",))


def test_canonical_forms() -> None:
    # docs/design.md: the market in canonical order; any order accepted.
    market = parse_action(CHANCE, "market indulgence jewel bread wine bread")
    assert market == MarketDraw(CHANCE, ("bread", "bread", "wine", "jewel", "indulgence"))
    assert market.text == "market bread bread wine jewel indulgence"
    # A donation's items: goods first, then coins; either order is read.
    assert parse_action("B", "donate 5>II jewel>I").text == "donate jewel>I 5>II"
    assert parse_action("B", "DONATE JEWEL>i 5>ii") == Donate("B", (("jewel", "I"), ("5", "II")))
    assert parse_action("R", "bonus wine>II bread>I").text == "bonus bread>I wine>II"
    assert parse_action("Y", "Bid 3+5") == Bid("Y", 3, 5)
    assert parse_action("G", "free indulgence>RED") == FreeStone("G", "indulgence", "red")
    assert parse_action("B", "steal g").text == "steal G"
    assert parse_action(CHANCE, "souls y g b r").text == "souls Y G B R"


def test_values_outside_the_rules_still_parse() -> None:
    # Range and availability are rule questions: check names the rule (docs/design.md).
    for actor, text in (
        ("R", "bid 7+0"),
        ("R", "bid 0+-3"),
        ("R", "letter yellow"),
        ("R", "donate 3>I"),
        ("R", "donate 5"),
        ("R", "take indulgence"),
        ("R", "bonus jewel"),
        ("G", "free indulgence"),
    ):
        assert parse_action(actor, text).text == text


@pytest.mark.parametrize(
    ("actor", "text"),
    [
        ("R", ""),
        ("R", "fly away"),
        ("R", "buy dragon"),
        ("R", "buy"),
        ("R", "pass now"),
        ("R", "bid 3"),
        ("R", "bid x+1"),
        ("R", "visit 7"),
        ("R", "visit two"),
        ("R", "room 5"),
        ("R", "crew 4"),
        ("R", "crew 1>"),
        ("R", "donate jewel>III"),
        ("R", "donate"),
        ("R", "pope-stone lust"),
        ("R", "pope-stone lust>heaven"),
        ("R", "choose king"),
        ("R", "steal X"),
        ("R", "free bread>red"),
        ("R", "infraction cheating"),
        ("R", "market bread"),
        ("X", "pass"),
        (CHANCE, "pass"),
        (CHANCE, "rooms take-9 take-3 take-5 take-7"),
        (CHANCE, "market dragon"),
    ],
)
def test_unknown_text_is_a_syntax_error(actor: str, text: str) -> None:
    with pytest.raises(ActionSyntaxError) as error:
        parse_action(actor, text)
    assert isinstance(error.value, ValueError)
    assert str(error.value)
