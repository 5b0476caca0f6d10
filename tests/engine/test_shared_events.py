"""The events made once per value (mcn/engine/events/shared.py): each function gives the event
its class would, the same object again for the same value, and the memo stays bounded."""

from __future__ import annotations

from typing import Any

import pytest

from mcn.engine import new_game, play_random_game
from mcn.engine.events import (
    BidPlaced,
    CardEffect,
    CardsMoved,
    CharacterChosen,
    CrewMoved,
    Donated,
    Evaluation,
    LetterMoved,
    MoneyMoved,
    PhaseEnded,
    PopeDie,
    PopeStoneMoved,
    PostChanged,
    PostsCompared,
    Prepared,
    RoundStarted,
    SinsPlaced,
    SinsReturned,
    SoulMoved,
    StonesMoved,
    TurnStarted,
    Visited,
    shared,
)

CASES: list[tuple[Any, Any, tuple[Any, ...]]] = [
    (shared.turn_started, TurnStarted, ("R-ACT-1", 3, "R", "pope")),
    (shared.stones_moved, StonesMoved, ("R-BUY-1", "B", "bread", 1, "the market", "the bag")),
    (shared.donated, Donated, ("R-DON-1", "G", "5", "I")),
    (shared.post_changed, PostChanged, ("R-HOP-3", "Y", 2, 3, "visits room 1")),
    (shared.letter_moved, LetterMoved, ("R-HOP-5", "R", "yellow", 1, "Suite 6")),
    (shared.money_moved, MoneyMoved, ("R-HOP-3", "R", 3, "steal-3", "B")),
    (shared.money_moved, MoneyMoved, ("R-SEL-1", "R", 4, "sells bread")),
    (shared.cards_moved, CardsMoved, ("R-RND-2", "drawn", ("take-3", "hell-5"))),
    (shared.visited, Visited, ("R-HOP-1", "B", 2, "take-3")),
    (shared.character_chosen, CharacterChosen, ("R-BID-2", "G", "emperor")),
    (shared.sins_placed, SinsPlaced, ("R-DEN-1", "Y", "greed", 2)),
    (shared.bid_placed, BidPlaced, ("R-BID-1", "R")),
    (shared.prepared, Prepared, ("R-RND-2", "A yellow letter goes into Suite 6")),
    (shared.soul_moved, SoulMoved, ("R-SOU-1", "R", 4, 6, 2, "sins", True)),
    (shared.soul_moved, SoulMoved, ("R-SOU-1", "R", 4, 6, 2, "sins")),
    (shared.card_effect, CardEffect, ("R-HOP-3", "B", "steal-3", "declined")),
    (shared.pope_die, PopeDie, ("R-POP-1", "R", 3, 4, False)),
    (shared.pope_die, PopeDie, ("R-POP-1", "R", 3, 3, True)),
    (shared.crew_moved, CrewMoved, ("R-CAT-1", "G", "hut", 2)),
    (shared.evaluation, Evaluation, ("R-CAT-2", 1, "I", "starts")),
    (shared.evaluation, Evaluation, ("R-EVA-1", 1, "II", "money display", ("red", "blue"))),
    (shared.phase_ended, PhaseEnded, ("R-ACT-4", "action phase", "the market is empty")),
    (shared.posts_compared, PostsCompared, ("R-NOT-1", "Y", 3)),
    (shared.round_started, RoundStarted, ("R-RND-1", 2)),
    (shared.pope_stone_moved, PopeStoneMoved, ("R-DEN-2", "R", "lust", "greed")),
    (shared.sins_returned, SinsReturned, ("R-DEN-3", "B", "petty", 2, "atoned")),
]


@pytest.mark.parametrize(("make", "cls", "args"), CASES)
def test_each_shared_event_is_its_class_made_once(make: Any, cls: Any, args: Any) -> None:
    shared.forget_shared_events()
    first = make(*args)
    assert type(first) is cls and first == cls(*args)
    assert repr(first) == repr(cls(*args)) and first.to_json() == cls(*args).to_json()
    # made once (pure); compiled, native constructors are cheaper than the memo: made anew
    assert (make(*args) is first) is not shared.NATIVE_EVENTS
    shared.forget_shared_events()
    again = make(*args)
    assert again == first and again is not first  # forgotten: made again, equal


def test_values_that_differ_are_different_events() -> None:
    # a blocked soul and one that moved are two events, and so are amounts of the same reason
    assert shared.soul_moved("R-SOU-1", "R", 4, 6, 2, "sins", True) != shared.soul_moved(
        "R-SOU-1", "R", 4, 6, 2, "sins"
    )
    assert shared.money_moved("R-BID-3", "R", -1, "bid") != shared.money_moved(
        "R-BID-3", "R", -2, "bid"
    )


def _events_of_game(seed: int) -> list[Any]:
    """Every event of the seeded random game ``seed`` (3 players), in order."""
    _, history = play_random_game(3, seed=seed)
    state = new_game(("R", "B", "G"))
    events: list[Any] = []
    for entry in history:
        events.extend(state.apply(entry.action))
    return events


def test_the_memo_is_bounded_and_a_replay_shares_the_events_made() -> None:
    shared.forget_shared_events()
    for seed in range(6):
        play_random_game(4, seed=seed)
        assert len(shared._MADE) <= shared._MADE_LIMIT
    shared.forget_shared_events()
    first = _events_of_game(1)
    second = _events_of_game(1)
    assert first == second
    kinds = {cls for _, cls, _ in CASES}
    same = [a is b for a, b in zip(first, second, strict=True) if type(a) in kinds]
    # pure: the second game emitted the very objects the first made; compiled: new ones
    assert same and all(same) is not shared.NATIVE_EVENTS and any(same) is not shared.NATIVE_EVENTS
