"""Every refusal cites the right rule: one row per decision kind and reason the engine can refuse.

The table is written from the digest (docs/rules/RULES.md) and docs/interpretations.md, not from
the engine: each row says which rule forbids the action, and the test asserts that ``check`` and
``apply`` both refuse it citing exactly that ID, leave the state unchanged and do not list it as
legal (``Game.illegal``). A last test makes sure every decision kind the engine has is in the
table, so a new kind cannot slip in without its refusals being checked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mcn.engine import play_random_game
from mcn.engine.decision import DECISIONS
from tests.rules.scenario import Game
from tests.rules.state_json import (
    build,
    clear_rooms,
    give_letters,
    put_in_chest,
    set_deck,
    set_market,
    set_money,
    set_pope_stones,
)
from tests.rules.test_illegal import (
    bid_placed,
    bidding,
    card_effect,
    choosing,
    den_to_empty,
    drawn,
    emperor_prelim,
    emperors_gift,
    fresh,
    letter_pick,
    merchant_stone,
    meta,
    placed,
    pope_guess,
    pope_prelim,
    prepared,
    second_action,
    sinner_prelim,
    suite_five,
    turns,
)
from tests.rules.test_rule_coverage import documented_ids


def edited(situation: Callable[[], Game], change: Callable[[dict[str, Any]], None]) -> Game:
    return situation().edit(change)


def post(colour: str, value: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["seats"][colour]["post"] = value

    return change


def no_yellow_in_suite6(data: dict[str, Any]) -> None:
    data["supply"]["yellow"] += data["suite6"]
    data["suite6"] = 0


def blue_took_a_bonus() -> Game:
    g = placed()
    g.play("Y: bonus blue")
    return g


def emperor_after_pope_took_his() -> Game:
    g = choosing()
    g.play("R: choose pope; skip")
    return g


def emperors_turn() -> Game:
    g = turns()
    g.play("R: pass")
    return g


def emperors_second_action() -> Game:
    g = emperors_turn()
    g.act("B: buy bread")
    return g


def other_rooms() -> Game:
    """Rooms pope-stone, steal-3, new-crew, move-crew; Blue (Emperor) visits one."""
    g = prepared().prepare(rooms="pope-stone steal-3 new-crew move-crew")
    g.bids(R="4+0", B="3+0", G="2+0", Y="1+0")
    g.play("R: choose pope; skip", "B: choose emperor; crew 1", "G: choose merchant")
    g.play("Y: choose sinner; skip", "R: pass")
    return g


def card(room: int) -> Callable[[], Game]:
    def situation() -> Game:
        g = other_rooms()
        g.act(f"B: visit {room}")
        return g

    return situation


def emperor_letter_without_letters() -> Game:
    g = turns()
    g.play("R: pass", "B: pass", "G: pass; free bread")
    g.act("Y: visit 2")
    return g


def three_player_free_stone() -> Game:
    """Three players, no Merchant: Red (nearest Hell) ends his turn and takes the stone."""
    g = Game("RBG", souls="G B R")
    g.play("G: bonus jewel>I", "B: bonus bread>I wine>I", "R: bonus 10>II")
    g.prepare().bids(R="3+0", B="2+0", G="1+0")
    g.play("R: choose pope; skip", "B: choose emperor; crew 1", "G: choose sinner; skip")
    g.play("R: pass")
    return g


def two_player_pick() -> Game:
    g = Game("RB", souls="B R")
    g.play("B: bonus blue", "R: bonus 10>II")

    def donations(d: dict[str, Any]) -> None:
        put_in_chest(d, "R", "I", {"wine": 2})
        put_in_chest(d, "B", "I", {"wine": 1})
        build(d, 1, nave=True, crews=1)

    g.edit(donations)
    g.prepare().bids(R="3+0", B="2+0")
    g.play("R: choose emperor; crew 1")
    return g


def game_over() -> Game:
    g = Game("RB")
    g.state, _history = play_random_game(("R", "B"), seed=3)
    return g


def meta_fresh() -> Game:
    return Game("RBGY", variant="meta-culpa", infractions=("late-rotation",))


# (decision kind, reason, situation, refused item, rule cited by the digest)
TABLE: list[tuple[str, str, Callable[[], Game], str, str]] = [
    # souls: R-SET-1 chance orders the souls, every player once.
    ("souls", "wrong player", fresh, "R: pass", "R-SET-1"),
    ("souls", "order incomplete", fresh, "*: souls Y G B", "R-SET-1"),
    ("souls", "other chance outcome", fresh, "*: rooms take-3 take-5 take-7 hell-3", "R-SET-1"),
    # bonus: R-SET-4 picks nearest Heaven first, one of four bonuses; R-SET-5 where they go.
    ("bonus", "out of order", placed, "R: bonus blue", "R-SET-4"),
    ("bonus", "no such bonus", placed, "Y: bonus bread>I", "R-SET-4"),
    ("bonus", "already taken", blue_took_a_bonus, "G: bonus blue", "R-SET-4"),
    ("bonus", "blue into a chest", placed, "Y: bonus blue>I", "R-SET-5"),
    ("bonus", "no compartment", placed, "Y: bonus jewel", "R-SET-5"),
    ("bonus", "wrong kind", placed, "Y: pass", "R-SET-4"),
    # market: R-RND-2 draws 7 stones from the bag.
    ("market", "wrong count", prepared, "*: market bread bread wine", "R-RND-2"),
    ("market", "bag short", prepared, "*: market " + " ".join(["indulgence"] * 7), "R-RND-2"),
    ("market", "player acts", prepared, "R: buy bread", "R-RND-2"),
    # rooms: R-RND-2 draws 4 cards from the deck; I-SET-7 the reshuffle.
    ("rooms", "wrong count", drawn, "*: rooms take-3", "R-RND-2"),
    ("rooms", "card not in deck", drawn, "*: rooms take-3 take-3 take-5 take-7", "R-RND-2"),
    (
        "rooms",
        "old deck first",
        lambda: edited(drawn, lambda d: set_deck(d, ["take-5", "take-7"])),
        "*: rooms take-3 take-5 take-7 hell-3",
        "I-SET-7",
    ),
    (
        "rooms",
        "after the reshuffle",
        lambda: edited(drawn, lambda d: set_deck(d, ["take-5", "take-7"])),
        "*: rooms take-5 take-7 take-5 take-5",
        "I-SET-7",
    ),
    # bid: R-BID-1 notches 1-6 plus taler >= 0, once each; I-BID-5 no more than held.
    ("bid", "bid twice", bid_placed, "R: bid 3+0", "R-BID-1"),
    ("bid", "7 notches", bidding, "R: bid 7+0", "R-BID-1"),
    ("bid", "0 notches", bidding, "R: bid 0+0", "R-BID-1"),
    ("bid", "negative taler", bidding, "R: bid 2+-1", "R-BID-1"),
    ("bid", "more taler than held", bidding, "R: bid 1+26", "I-BID-5"),
    ("bid", "wrong kind", bidding, "R: pass", "R-BID-1"),
    # choose: R-BID-2 choice in bid order, each character once.
    ("choose", "out of order", choosing, "B: choose pope", "R-BID-2"),
    ("choose", "already chosen", emperor_after_pope_took_his, "B: choose pope", "R-BID-2"),
    ("choose", "wrong kind", choosing, "R: pass", "R-BID-2"),
    # preliminary, the Pope's: R-CHR-1 may move a Pope stone to another den (or skip).
    ("preliminary", "Pope: wrong player", pope_prelim, "B: choose emperor", "R-CHR-1"),
    ("preliminary", "Pope: same den", pope_prelim, "R: pope-stone lust>lust", "R-CHR-1"),
    (
        "preliminary",
        "Pope: no stone at the source",
        lambda: edited(pope_prelim, lambda d: set_pope_stones(d, {"lust": 2, "greed": 1})),
        "R: pope-stone petty>lust",
        "R-CHR-1",
    ),
    ("preliminary", "Pope: places a crew", pope_prelim, "R: crew 1", "R-CHR-1"),
    ("preliminary", "Pope: wrong kind", pope_prelim, "R: pass", "R-CHR-1"),
    # preliminary, the Emperor's: R-CHR-2 must place the crew (the mis-citation).
    ("preliminary", "Emperor: wrong player", emperor_prelim, "B: choose pope", "R-CHR-2"),
    ("preliminary", "Emperor: skips", emperor_prelim, "R: skip", "R-CHR-2"),
    ("preliminary", "Emperor: Pope stone", emperor_prelim, "R: pope-stone lust>greed", "R-CHR-2"),
    ("preliminary", "Emperor: wrong kind", emperor_prelim, "R: pass", "R-CHR-2"),
    (
        "preliminary",
        "Emperor: finished site",
        lambda: edited(emperor_prelim, lambda d: build(d, 1, spire=True)),
        "R: crew 1",
        "I-CAT-3",
    ),
    # sinner-visit: R-CHR-4 may visit the HoP at once; R-HOP-1/4/5 which rooms are open.
    ("sinner-visit", "wrong player", sinner_prelim, "B: choose pope", "R-CHR-4"),
    ("sinner-visit", "wrong kind", sinner_prelim, "R: buy wine", "R-CHR-4"),
    (
        "sinner-visit",
        "room gone",
        lambda: edited(sinner_prelim, lambda d: clear_rooms(d, [1])),
        "R: visit 1",
        "R-HOP-1",
    ),
    (
        "sinner-visit",
        "Suite 5 without cards",
        lambda: edited(sinner_prelim, clear_rooms),
        "R: visit 5",
        "R-HOP-4",
    ),
    (
        "sinner-visit",
        "Suite 6 without yellow",
        lambda: edited(sinner_prelim, no_yellow_in_suite6),
        "R: visit 6",
        "R-HOP-5",
    ),
    # action: R-ACT-1 turn order, R-ACT-2 pass or one action, R-ACT-3 the second action.
    ("action", "wrong player", turns, "B: buy wine", "R-ACT-1"),
    ("action", "wrong kind", turns, "R: pick red", "R-ACT-2"),
    ("action", "end before acting", turns, "R: end", "R-ACT-2"),
    ("action", "pass after acting", second_action, "R: pass", "R-ACT-3"),
    ("action", "same kind twice", second_action, "R: greedy jewel", "R-ACT-3"),
    (
        "action",
        "second action at post 6",
        lambda: edited(second_action, post("R", 6)),
        "R: sell bread",
        "R-ACT-3",
    ),
    # action, visits: R-HOP-1 visited, R-HOP-2 post above 6, I-ACT-6 the second action's +1,
    # R-POP-4 the Pope die only on an open room.
    (
        "action",
        "room visited",
        lambda: edited(emperors_turn, lambda d: clear_rooms(d, [2])),
        "B: visit 2",
        "R-HOP-1",
    ),
    (
        "action",
        "post above 6",
        lambda: edited(emperors_turn, post("B", 5)),
        "B: visit 6",
        "R-HOP-2",
    ),
    (
        "action",
        "second action above 6",
        lambda: edited(emperors_second_action, post("B", 4)),
        "B: visit 6",
        "I-ACT-6",
    ),
    (
        "action",
        "Pope die on a closed room",
        lambda: edited(turns, lambda d: clear_rooms(d, [3])),
        "R: visit 3",
        "R-POP-4",
    ),
    # action, trade: R-BUY-1..3, R-SUP-2, I-SUP-5, R-SEL-1, R-DON-1..2.
    ("action", "buy: not in market", turns, "R: buy wine", "R-BUY-1"),
    (
        "action",
        "buy: no money",
        lambda: edited(turns, lambda d: set_money(d, "R", 1)),
        "R: buy bread",
        "R-BUY-1",
    ),
    ("action", "buy an indulgence stone", turns, "R: buy indulgence", "R-BUY-2"),
    ("action", "greedy letters", turns, "R: greedy indulgence", "R-BUY-3"),
    ("action", "greedy with one in market", turns, "R: greedy wine", "R-BUY-3"),
    ("action", "letter: yellow", turns, "R: letter yellow", "R-BUY-2"),
    (
        "action",
        "letter: no indulgence stone",
        lambda: edited(turns, lambda d: set_market(d, {"bread": 2})),
        "R: letter red",
        "R-BUY-2",
    ),
    (
        "action",
        "letter: colour out of stock",
        lambda: edited(turns, lambda d: give_letters(d, "B", {"red": 15})),
        "R: letter red",
        "R-SUP-2",
    ),
    (
        "action",
        "letter: neither colour in stock",
        lambda: edited(turns, lambda d: give_letters(d, "B", {"red": 15, "green": 15})),
        "R: letter green",
        "I-SUP-5",
    ),
    (
        "action",
        "letter: no money",
        lambda: edited(turns, lambda d: set_money(d, "R", 3)),
        "R: letter red",
        "R-BUY-2",
    ),
    ("action", "sell an indulgence stone", turns, "R: sell indulgence", "R-SEL-1"),
    ("action", "sell what is not held", turns, "R: sell cloth", "R-SEL-1"),
    ("action", "donate a stone that is no good", turns, "R: donate indulgence>I", "R-DON-1"),
    ("action", "donate no coin", turns, "R: donate 3>I", "R-DON-1"),
    ("action", "donate without compartment", turns, "R: donate 5", "R-DON-1"),
    ("action", "two items, not Emperor", turns, "R: donate 1>I 2>II", "R-DON-2"),
    ("action", "donate goods not held", turns, "R: donate cloth>I", "R-DON-1"),
    (
        "action",
        "donate taler not held",
        lambda: edited(turns, lambda d: set_money(d, "R", 4)),
        "R: donate 5>I",
        "R-DON-1",
    ),
    # merchant-stone: R-ACT-5 the Merchant's stone from the market; I-P3-3 with 3 players.
    ("merchant-stone", "wrong player", merchant_stone, "R: free bread", "R-ACT-5"),
    ("merchant-stone", "not in market", merchant_stone, "G: free wine", "R-ACT-5"),
    (
        "merchant-stone",
        "indulgence without colour",
        merchant_stone,
        "G: free indulgence",
        "R-ACT-5",
    ),
    ("merchant-stone", "yellow letter", merchant_stone, "G: free indulgence>yellow", "R-ACT-5"),
    ("merchant-stone", "wrong kind", merchant_stone, "G: pass", "R-ACT-5"),
    (
        "merchant-stone",
        "3 players: wrong player",
        three_player_free_stone,
        "B: free bread",
        "I-P3-3",
    ),
    (
        "merchant-stone",
        "3 players: indulgence without colour",
        three_player_free_stone,
        "R: free indulgence",
        "I-P3-3",
    ),
    # guess: R-POP-1 the other player nearest Hell names a room; I-POP-5 only open ones.
    ("guess", "wrong player", pope_guess, "Y: guess 2", "R-POP-1"),
    (
        "guess",
        "closed room",
        lambda: edited(pope_guess, lambda d: clear_rooms(d, [3])),
        "B: guess 3",
        "I-POP-5",
    ),
    ("guess", "wrong kind", pope_guess, "B: pass", "R-POP-1"),
    # suite5-room: R-HOP-4 a room that still has its card.
    ("suite5-room", "room without card", suite_five, "G: room 1", "R-HOP-4"),
    ("suite5-room", "wrong player", suite_five, "R: room 2", "R-HOP-4"),
    ("suite5-room", "wrong kind", suite_five, "G: pass", "R-HOP-4"),
    # effect: R-HOP-3 the visitor carries out the card or declines; I-HOP-7 its forms;
    # I-CRD-1 a failed condition; I-CAT-3 unfinished sites.
    ("effect", "wrong player", card_effect, "R: decline", "R-HOP-3"),
    ("effect", "wrong kind", card_effect, "B: pass", "R-HOP-3"),
    ("effect", "wrong form", card_effect, "B: do", "I-HOP-7"),
    ("effect", "free-good: not in market", card_effect, "B: take wine", "I-HOP-7"),
    ("effect", "free-good: indulgence", card_effect, "B: take indulgence", "I-HOP-7"),
    ("effect", "emperor-letter: no letter", emperor_letter_without_letters, "Y: do", "I-CRD-1"),
    (
        "effect",
        "new-crew: empty hut",
        lambda: edited(card(3), lambda d: d.update(hut=0)),
        "B: crew 2",
        "I-CRD-1",
    ),
    (
        "effect",
        "new-crew: finished site",
        lambda: edited(card(3), lambda d: build(d, 2, spire=True)),
        "B: crew 2",
        "I-CAT-3",
    ),
    ("effect", "move-crew: same site", card(4), "B: crew 1>1", "I-HOP-7"),
    ("effect", "move-crew: no crew there", card(4), "B: crew 2>3", "I-HOP-7"),
    ("effect", "pope-stone: same den", card(1), "B: pope-stone lust>lust", "I-HOP-7"),
    (
        "effect",
        "pope-stone: no stone at source",
        lambda: edited(card(1), lambda d: set_pope_stones(d, {"lust": 2, "greed": 1})),
        "B: pope-stone petty>greed",
        "I-HOP-7",
    ),
    ("effect", "steal-3: oneself", card(2), "B: steal B", "I-HOP-7"),
    # gift: R-HOP-3 the emperor-letter card, the Emperor gives one of his letters.
    ("gift", "letter not held", emperors_gift, "B: give green", "R-HOP-3"),
    ("gift", "wrong player", emperors_gift, "Y: give red", "R-HOP-3"),
    # empty-den: R-DEN-4 a den holding own stones.
    ("empty-den", "den without own stones", den_to_empty, "R: empty greed", "R-DEN-4"),
    ("empty-den", "wrong kind", den_to_empty, "R: pass", "R-DEN-4"),
    # pick: R-EVA-2 (3-4 players) biggest donor first, letters on display; R-EVA-3 (2 players).
    ("pick", "wrong player", letter_pick, "Y: pick red", "R-EVA-2"),
    ("pick", "not on display", letter_pick, "G: pick yellow", "R-EVA-2"),
    ("pick", "2 players: wrong player", two_player_pick, "B: pick red", "R-EVA-3"),
    ("pick", "2 players: not on display", two_player_pick, "R: pick yellow", "R-EVA-3"),
    # infraction (META CULPA): R-MET-2 never the Petty Sinner; R-MET-3 agreed codes, the
    # variant; I-MET-5 after the souls are placed.
    ("infraction", "the Petty Sinner", meta, "R: infraction late-rotation", "R-MET-2"),
    ("infraction", "not agreed", meta, "B: infraction take-back", "R-MET-3"),
    ("infraction", "standard variant", turns, "B: infraction take-back", "R-MET-3"),
    ("infraction", "before the souls", meta_fresh, "B: infraction late-rotation", "I-MET-5"),
    # over: R-END-1 nothing after the game end.
    ("over", "game over", game_over, "R: pass", "R-END-1"),
]

ROWS = TABLE


@pytest.mark.parametrize(
    ("situation", "item", "rule"),
    [row[2:] for row in ROWS],
    ids=[f"{row[0]}: {row[1]}" for row in ROWS],
)
def test_refusal_cites_the_rule_of_the_table(
    situation: Callable[[], Game], item: str, rule: str
) -> None:
    # R-CHR-2: the Emperor's missing crew is R-CHR-2, not the Pope's R-CHR-1 (issue 12, item 4).
    situation().illegal(item, rule=rule)


def test_table_covers_every_decision_kind() -> None:
    kinds = {handler.kind for handler in DECISIONS.values()} | {"over", "infraction"}
    assert kinds == {row[0] for row in ROWS}


def test_table_cites_only_documented_rules() -> None:
    assert {row[4] for row in ROWS} <= documented_ids()
