"""One refused action per row of the action table (docs/design.md, "Action text").

Every case asserts, through ``Game.illegal``, that the action is refused by ``check`` and by
``apply``, that the error names the rule, that it is not among the legal actions, and that the
state (its full JSON) is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.rules.scenario import Game
from tests.rules.state_json import build, give_letters, place_sins, put_in_chest


def fresh() -> Game:
    return Game("RBGY")


def placed() -> Game:
    return Game("RBGY", souls="Y G B R")


def prepared() -> Game:
    return Game("RBGY", souls="Y G B R").setup()


def drawn() -> Game:
    g = prepared()
    g.play("*: market bread bread wine cloth jewel jewel indulgence")
    return g


def bidding() -> Game:
    """Round 1 bids; the market has no wine."""
    rooms = "free-good emperor-letter move-crew new-crew"
    return prepared().prepare("bread bread cloth cloth jewel jewel indulgence", rooms)


def bid_placed() -> Game:
    g = bidding()
    g.play("R: bid 2+0")
    return g


def choosing() -> Game:
    return bidding().bids(R="4+0", B="3+0", G="2+0", Y="1+0")


def pope_prelim() -> Game:
    g = choosing()
    g.play("R: choose pope")
    return g


def emperor_prelim() -> Game:
    g = choosing()
    g.play("R: choose emperor")
    return g


def sinner_prelim() -> Game:
    g = choosing()
    g.play("R: choose sinner")
    return g


def turns() -> Game:
    """Red Pope, Blue Emperor, Green Merchant, Yellow Sinner; Red's first turn."""
    g = choosing()
    g.play("R: choose pope; skip", "B: choose emperor; crew 1", "G: choose merchant")
    g.play("Y: choose sinner; skip")
    return g


def second_action() -> Game:
    g = turns()
    g.act("R: buy bread")
    return g


def merchant_stone() -> Game:
    g = turns()
    g.play("R: pass", "B: pass", "G: pass")
    return g


def pope_guess() -> Game:
    g = turns()
    g.act("R: visit 2")
    return g


def suite_five() -> Game:
    g = turns()
    g.play("R: pass", "B: visit 1; take cloth")
    g.act("G: visit 5")
    return g


def card_effect() -> Game:
    g = turns()
    g.play("R: pass")
    g.act("B: visit 1")
    return g


def emperors_gift() -> Game:
    g = turns()
    g.edit(lambda d: give_letters(d, "B", {"red": 1}))
    g.play("R: pass", "B: pass", "G: pass; free bread")
    g.play("Y: visit 2; do")
    return g


def den_to_empty() -> Game:
    g = choosing()
    g.edit(lambda d: place_sins(d, "R", "lust", 7))
    g.play("R: choose sinner")
    return g


def letter_pick() -> Game:
    g = prepared()

    def donations(d: dict) -> None:
        put_in_chest(d, "G", "I", {"wine": 2})
        put_in_chest(d, "Y", "I", {"wine": 1})
        build(d, 1, nave=True, crews=1)

    g.edit(donations)
    g.prepare()
    g.bids(R="4+0", B="3+0", G="2+0", Y="1+0")
    g.play("R: choose emperor; crew 1")
    return g


def meta() -> Game:
    g = Game("RBGY", souls="Y G B R", variant="meta-culpa", infractions=("late-rotation",))
    g.setup().prepare().bids(R="4+0", B="3+0", G="2+0", Y="1+0")
    g.play("R: choose sinner; skip")
    return g


CASES: list[tuple[str, Callable[[], Game], str, str]] = [
    # R-SET-1: initial soul order: every player exactly once.
    ("souls", fresh, "*: souls Y G B", "R-SET-1"),
    # R-SET-1: a colour named twice is refused by the rule, not as unreadable text
    ("souls", fresh, "*: souls Y G B B", "R-SET-1"),
    # R-SET-4: starting bonus: nearest Heaven picks first.
    ("bonus", placed, "R: bonus blue", "R-SET-4"),
    # R-RND-2: market draw: 7 stones from the bag.
    ("market", prepared, "*: market bread bread wine", "R-RND-2"),
    # R-RND-2: room cards: only cards in the draw pile.
    ("rooms", drawn, "*: rooms take-3 take-3 take-5 take-7", "R-RND-2"),
    # R-BID-1: secret bid: one per player.
    ("bid", bid_placed, "R: bid 3+0", "R-BID-1"),
    # R-BID-2: character choice: in bid order.
    ("choose", choosing, "B: choose pope", "R-BID-2"),
    # R-CHR-1: Pope preliminary: between two different dens.
    ("pope preliminary", pope_prelim, "R: pope-stone lust>lust", "R-CHR-1"),
    # R-CHR-2: Emperor preliminary: the crew must be placed.
    ("emperor preliminary", emperor_prelim, "R: skip", "R-CHR-2"),
    # R-CHR-4: Petty Sinner preliminary: a visit or skip, nothing else.
    ("sinner preliminary", sinner_prelim, "R: buy wine", "R-CHR-4"),
    # R-ACT-1: first action: only the character on turn acts.
    ("first action", turns, "B: buy wine", "R-ACT-1"),
    # R-ACT-3: second action: of another kind.
    ("second action", second_action, "R: greedy jewel", "R-ACT-3"),
    # R-ACT-5: Merchant stone: a stone from the market.
    ("merchant stone", merchant_stone, "G: free wine", "R-ACT-5"),
    # R-POP-1: Pope guess: the other player nearest Hell names the room.
    ("pope guess", pope_guess, "Y: guess 2", "R-POP-1"),
    # R-HOP-4: Suite 5 room: only a room that still has its card.
    ("suite 5 room", suite_five, "G: room 1", "R-HOP-4"),
    # I-HOP-7: room card effect: free-good takes a good from the market.
    ("card effect", card_effect, "B: take wine", "I-HOP-7"),
    # R-HOP-3: Emperor's gift: one of the Emperor's own letters.
    ("emperor's gift", emperors_gift, "B: give green", "R-HOP-3"),
    # R-DEN-4: den to empty: one holding own stones.
    ("den to empty", den_to_empty, "R: empty greed", "R-DEN-4"),
    # R-EVA-2: letter pick: the biggest donor picks first.
    ("letter pick", letter_pick, "Y: pick red", "R-EVA-2"),
    # R-MET-2: infraction: never the Petty Sinner.
    ("infraction", meta, "R: infraction late-rotation", "R-MET-2"),
]


@pytest.mark.parametrize(
    ("situation", "item", "rule"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_refused_action_names_the_rule_and_changes_nothing(
    situation: Callable[[], Game], item: str, rule: str
) -> None:
    g = situation()
    g.illegal(item, rule=rule)
