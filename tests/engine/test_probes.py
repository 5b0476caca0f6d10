"""The engine's cheap answers to replay's questions (mcn/engine/probes.py) and its one call for
a move (``GameState.try_apply``) agree with the long way at every decision of random games:
``forced_action`` with ``legal_actions`` of one item, ``pending_end`` with ``judge(End)``
accepted, ``try_apply`` with ``judge`` then ``apply``."""

from __future__ import annotations

import random

import pytest

from mcn.engine import CHANCE, GameState, IllegalAction, new_game, parse_action
from mcn.engine.actions import Action, Bid, Choose, End, FreeStone, Pick, SideAction
from mcn.engine.house import can_visit, legal_visits
from mcn.engine.legality import Ruling
from mcn.engine.probes import deciding_address
from mcn.engine.state import take_pending_end
from mcn.engine.trade import has_legal, legal
from tests.rules.test_pope import popes_turn

_MODE = {0: "pope", 1: "normal", 2: "normal", 3: "sinner"}


def _forced_the_long_way(state: GameState) -> Action | None:
    """What replay asked before the probe: one legal action of a player's decision."""
    if state.is_terminal() or state.simultaneous() or state.current_players() == (CHANCE,):
        return None
    listed = state.legal_actions()
    return listed[0] if len(listed) == 1 else None


def _end_the_long_way(state: GameState) -> End | None:
    actors = state.current_players()
    if len(actors) != 1 or actors[0] == CHANCE:
        return None
    end = End(actors[0])
    return end if state.judge(end).accepted else None


def _states(players: int, seed: int) -> list[GameState]:
    """Every state of a seeded random game (a copy each)."""
    rng = random.Random(seed)
    state = new_game(("R", "B", "G", "Y")[:players])
    out = [state.clone()]
    while not state.is_terminal():
        actors = state.current_players()
        actor = actors[0] if len(actors) == 1 else rng.choice(actors)
        if actor == CHANCE:
            action = state.sample_chance(rng)
        elif state.simultaneous():
            action = Bid(actor, rng.randint(1, 6), rng.randint(0, min(3, state.money[actor])))
        else:
            action = rng.choice(state.legal_actions(actor))
        state.apply(action)
        out.append(state.clone())
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (3, 40), (4, 41)])
def test_probes_agree_with_listing_and_judging_at_every_decision(players: int, seed: int) -> None:
    forced_seen = ends_seen = 0
    for state in _states(players, seed):
        forced = state.forced_action()
        assert forced == _forced_the_long_way(state)
        end = state.pending_end()
        assert end == _end_the_long_way(state)
        forced_seen += forced is not None
        ends_seen += end is not None
        step = state.stack.top
        if step is not None and step[0] == "action":
            # the turn's probe: anything to buy, sell, donate or visit (R-ACT-1..3)
            _, colour, character, number, first = step
            assert has_legal(state, colour, character, first) == bool(
                legal(state, colour, character, first)
            )
            mode = _MODE[character]
            assert can_visit(state, colour, mode, number - 1) == bool(
                legal_visits(state, colour, mode, number - 1)
            )
    assert forced_seen and ends_seen  # both answers occur in a game, not only None


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 3)])
def test_deciding_address_is_current_players_and_address_of(players: int, seed: int) -> None:
    # R-ACT-1 (whose decision), R-BID-1 (the bids: each bidder at his own address)
    deciding = refused = 0
    for state in _states(players, seed):
        for actor in (*state.players, CHANCE):
            action: Action = parse_action(actor, "pass") if actor != CHANCE else End(actor)
            expected = state.address_of(action) if actor in state.current_players() else None
            assert deciding_address(state, actor, action) == expected
            deciding += expected is not None
            refused += expected is None
    assert deciding and refused


def test_forced_free_stone_pick_and_character() -> None:
    # R-ACT-5: the Merchant's free stone is forced when the market leaves one choice
    # (I-SUP-5: an indulgence stone only while its letter colour is in the supply)
    seen: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (3, 40), (4, 41), (2, 7), (3, 8)):
        for state in _states(players, seed):
            step = state.stack.top
            if step is None or step[0] not in ("free", "pick", "choose"):
                continue
            listed = state.legal_actions()
            forced = state.forced_action()
            assert forced == (listed[0] if len(listed) == 1 else None)
            seen.add(f"{step[0]} {'forced' if forced is not None else 'open'}")
    # R-EVA-2 (a pick), R-BID-2 (the last chooser's one character): forced and not
    assert {"free forced", "free open", "pick forced", "pick open"} <= seen
    assert {"choose forced", "choose open"} <= seen


def test_forced_pass_and_end_of_a_turn() -> None:
    # R-ACT-3: with the post at 6 the second action is 'end' and nothing else.
    g = popes_turn(post=6)
    g.act("R: buy bread")
    assert g.state.forced_action() == End("R") == g.state.pending_end()
    # R-ACT-2: a turn's first action takes 'pass', never 'end'.
    h = popes_turn()
    assert h.state.pending_end() is None
    assert h.state.forced_action() is None  # several legal actions: nothing is forced


def test_chance_and_bids_are_never_forced() -> None:
    # R-SET-1 / R-BID-1: chance outcomes and secret bids are never left out of a record
    state = new_game(("R", "B"))
    assert state.forced_action() is None and state.pending_end() is None
    over = _states(2, 5)[-1]
    assert over.is_terminal() and over.forced_action() is None and over.pending_end() is None


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_try_apply_is_judge_then_apply(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for state in _states(players, seed)[::7]:
        if state.is_terminal():
            continue
        actors = state.current_players()
        actor = actors[0] if len(actors) == 1 else rng.choice(actors)
        if actor == CHANCE:
            good = state.sample_chance(rng)
        elif state.simultaneous():
            good = Bid(actor, 2, 0)
        else:
            good = rng.choice(state.legal_actions(actor))
        # accepted: the same events and the same state as judge + apply
        mine, theirs = state.clone(), state.clone()
        events = mine.try_apply(good)
        assert isinstance(events, list)
        assert events == theirs.apply(good, theirs.judge(good))
        assert mine.to_json() == theirs.to_json()
        # refused: a ruling with the very refusal judge gives, and the state unchanged
        wrong = parse_action("R" if actor != "R" else "B", "pass")
        before = state.to_json()
        outcome = state.try_apply(wrong)
        assert isinstance(outcome, Ruling) and outcome.refusal is not None
        refusal = state.judge(wrong).refusal
        assert refusal is not None
        assert (outcome.refusal.rule, outcome.refusal.reason, outcome.refusal.address) == (
            refusal.rule,
            refusal.reason,
            refusal.address,
        )
        assert state.to_json() == before
        with pytest.raises(IllegalAction):
            state.apply(wrong)
        assert not isinstance(wrong, SideAction)


def test_try_apply_leaves_a_breach_to_the_caller() -> None:
    # I-POP-9: the Pope's die set to a room too dear is accepted but a breach: try_apply does
    # not carry it out, and apply() with its ruling does, with R-POP-3's consequences.
    g = popes_turn(post=6, rooms="take-7 take-3 hell-3 pope-stone")
    action = parse_action("R", "visit 1")
    before = g.state.to_json()
    outcome = g.state.try_apply(action)
    assert isinstance(outcome, Ruling) and outcome.accepted and not outcome.legal
    assert outcome.breach is not None and outcome.breach[0] == "R-POP-3"
    assert g.state.to_json() == before
    events = g.state.apply(action, outcome)
    assert events and g.state.to_json() != before


def _first_at(tag: str) -> GameState:
    """A copy of the first state of seeded random games whose pending step is ``tag``."""
    for players, seed in ((4, 3), (3, 2), (4, 41), (3, 40)):
        for state in _states(players, seed):
            if state.stack.top is not None and state.stack.top[0] == tag:
                return state
    raise AssertionError(tag)


def _agrees(state: GameState) -> Action | None:
    listed = state.legal_actions()
    forced = state.forced_action()
    assert forced == (listed[0] if len(listed) == 1 else None)
    return forced


@pytest.mark.parametrize(
    ("display", "colour"),
    [
        ([1, 0, 0, 0], "yellow"),
        ([0, 3, 0, 0], "blue"),
        ([0, 0, 0, 2], "green"),
        ([1, 0, 1, 0], None),
        ([0, 1, 1, 1], None),
        ([0, 0, 0, 0], None),
    ],
)
def test_a_pick_is_forced_when_the_display_shows_one_colour(
    display: list[int], colour: str | None
) -> None:
    # R-EVA-2: a donor picks a letter of the evaluation display; one colour left, one pick
    state = _first_at("pick")
    assert state.evaluation is not None
    state.evaluation = [*state.evaluation]
    state.evaluation[3] = display
    actor = state.current_players()[0]
    assert _agrees(state) == (None if colour is None else Pick(actor, colour))


@pytest.mark.parametrize(
    ("free", "character"),
    [((0,), "pope"), ((3,), "sinner"), ((1, 2), None), ((0, 3), None), ((), None)],
)
def test_a_character_is_forced_when_one_is_left(
    free: tuple[int, ...], character: str | None
) -> None:
    # R-BID-2: the last chooser takes the character nobody has chosen
    state = _first_at("choose")
    actor = state.current_players()[0]
    state.holders = [None if i in free else "X" for i in range(4)]
    assert _agrees(state) == (None if character is None else Choose(actor, character))


@pytest.mark.parametrize(
    ("market", "supply", "expected"),
    [
        ([1, 0, 0, 0, 0], [5, 5, 5, 5], ("bread",)),
        ([0, 0, 0, 2, 0], [5, 5, 5, 5], ("jewel",)),
        ([0, 1, 1, 0, 0], [5, 5, 5, 5], None),
        ([0, 0, 0, 0, 1], [5, 5, 0, 5], ("indulgence", "green")),
        ([0, 0, 0, 0, 1], [5, 5, 5, 0], ("indulgence", "red")),
        ([0, 0, 0, 0, 1], [5, 5, 5, 5], None),
        ([0, 0, 1, 0, 1], [5, 5, 0, 0], ("cloth",)),
        ([0, 0, 1, 0, 1], [5, 5, 1, 0], None),
    ],
)
def test_the_free_stone_is_forced_when_the_market_leaves_one(
    market: list[int], supply: list[int], expected: tuple[str, ...] | None
) -> None:
    # R-ACT-5: the Merchant's free stone; I-SUP-5: an indulgence stone only as a red or
    # green letter still in the supply
    state = _first_at("free")
    actor = state.current_players()[0]
    state.market = market
    state.supply = supply
    assert _agrees(state) == (None if expected is None else FreeStone(actor, *expected))


@pytest.mark.parametrize(("players", "seed"), [(2, 13), (4, 14)])
def test_take_pending_end_is_pending_end_then_apply(players: int, seed: int) -> None:
    # R-ACT-3: a turn's second action takes 'end'; anything else: nothing taken, nothing changed
    taken = 0
    for state in _states(players, seed):
        end = state.pending_end()
        mine = state.clone()
        before = mine.to_json()
        ended = take_pending_end(mine)
        if end is None:
            assert ended is None
            assert mine.to_json() == before
            continue
        theirs = state.clone()
        address = theirs.address_of(end)
        assert ended == (address, end, theirs.apply(end))
        assert mine.to_json() == theirs.to_json()
        assert mine.pending_address() == theirs.pending_address()
        taken += 1
    assert taken  # a game ends turns this way, not only None
