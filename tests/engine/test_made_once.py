"""What the engine now makes once per value or compares without key functions gives exactly
what it built or sorted before: decision addresses and turn sections (mcn/engine/addresses.py),
the souls' orders (``heaven_order``, ``hell_order``, ``nearest_hell``, ``nearest_heaven``), the
bids' reveal order, and the donations read from tables (mcn/engine/trade.py)."""

from __future__ import annotations

import os
import random

import pytest

from mcn.engine import CHANCE, GameState, addresses, new_game, trade
from mcn.engine.actions import Bid, Donate, End
from mcn.engine.constants import STONE_INDEX, colour_name
from mcn.engine.events import BidsRevealed
from mcn.engine.house import why_not_open
from mcn.engine.probes import deciding_address
from mcn.io.compiled import compiled_modules
from tests.engine.test_probes import _states


def test_decision_addresses_equal_the_f_string_and_are_made_once() -> None:
    addresses.forget_addresses()
    for section in ("setup", "3.prep", "3.bid", "3.5", "end"):
        for number in (1, 2, 7, addresses.NUMBERS - 1):
            made = addresses.decision_address(section, number)
            assert made == f"{section}.{number}"
            assert addresses.decision_address(section, number) is made  # looked up again
    # outside the table: built, still equal
    for number in (0, -3, addresses.NUMBERS, 10_000):
        assert addresses.decision_address("2.4", number) == f"2.4.{number}"


def test_turn_sections_equal_the_f_string_and_are_made_once() -> None:
    addresses.forget_addresses()
    for round_ in (1, 2, 7, 0, -1):
        for turn in (0, 1, 5, addresses.TURNS - 1):
            made = addresses.turn_section(round_, turn)
            assert made == f"{round_}.{turn}"
            assert addresses.turn_section(round_, turn) is made
    for turn in (-1, addresses.TURNS, 5_000):
        assert addresses.turn_section(3, turn) == f"3.{turn}"


def test_the_address_memos_are_bounded() -> None:
    """Past its limit a memo starts again (filled for real: the compiled build reads the
    limit as a constant, so it cannot be patched)."""
    addresses.forget_addresses()
    limit = addresses._SECTIONS_LIMIT
    for n in range(limit + 3):
        assert addresses.decision_address(f"s{n}", 1) == f"s{n}.1"
        assert addresses.turn_section(n, 1) == f"{n}.1"
        assert len(addresses.ADDRESSES) <= limit and len(addresses.TURN_SECTIONS) <= limit
    assert len(addresses.ADDRESSES) == 3 and len(addresses.TURN_SECTIONS) == 3  # started again
    addresses.forget_addresses()
    assert not addresses.ADDRESSES and not addresses.TURN_SECTIONS


def test_a_state_addresses_its_decisions_as_before() -> None:
    """``address_of``, ``pending_address`` and ``decision.address`` at every decision of a
    random game: the section and the decision's number (bids: the bidder's own address)."""
    for state in _states(4, 7):
        if state.is_terminal():
            assert state.pending_address() == "end"
            continue
        expected = f"{state.section}.{state.counter + 1}"
        if state.simultaneous():
            assert state.pending_address() == state.section
            actor = state.current_players()[0]
            assert state.address_of(Bid(actor, 1, 0)) == f"{state.section}.{actor}"
        else:
            assert state.pending_address() == expected
            assert state.decision.address == expected
            actor = state.current_players()[0]
            if actor != CHANCE:
                assert state.address_of(state.legal_actions()[0]) == expected


def test_addresses_past_a_row_and_of_a_new_section_are_the_f_string() -> None:
    """The pure build subscripts the rows and builds on a miss: a section not seen yet, a
    number past its row (and past :data:`~mcn.engine.addresses.NUMBERS`), and number 0 give
    the f-string's address, from every reader; the rows hold every number from 0."""
    addresses.forget_addresses()
    state = new_game(("R", "B"))
    end = End(state.current_players()[0])  # never a bid: the section's next number
    for counter in (0, 1, addresses.FIRST_NUMBERS - 1, addresses.FIRST_NUMBERS, 40, 300):
        if counter == 40:
            addresses.forget_addresses()  # the section new again
        state.counter = counter
        expected = f"{state.section}.{counter + 1}"
        actor = state.current_players()[0]
        assert state.pending_address() == state.address_of(end) == expected
        assert deciding_address(state, actor, end) == expected
    row = addresses.ADDRESSES[state.section]
    assert row == [f"{state.section}.{n}" for n in range(len(row))]
    assert addresses.decision_address("x", 0) == "x.0"  # outside the table: built


def _sorted_orders(state: GameState) -> None:
    key = state.hell_key
    players = list(state.players)
    assert state.heaven_order() == sorted(players, key=key)
    assert state.hell_order() == sorted(players, key=key, reverse=True)
    assert state.souls() == tuple((c, state.pos[c]) for c in sorted(players, key=key))
    assert state.nearest_hell() == max(players, key=key)
    assert state.nearest_heaven() == min(players, key=key)
    for among in (players[:1], players[1:], players[::-1], tuple(players[:2])):
        assert state.nearest_hell(among) == max(among, key=key)
        assert state.nearest_heaven(among) == min(among, key=key)


def test_the_souls_orders_equal_sorting_by_hell_key_in_random_games() -> None:  # R-TIE-1
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        for state in _states(players, seed)[::7]:
            _sorted_orders(state)


def test_equal_keys_keep_the_players_order_as_sorted_max_and_min_do() -> None:  # R-TIE-1
    state = new_game(("R", "B", "G", "Y"))
    for colour in state.players:  # not a position play reaches: every key equal
        state.pos[colour] = 2
        state.tie[colour] = 0
    _sorted_orders(state)
    assert state.heaven_order() == ["R", "B", "G", "Y"]
    assert state.hell_order() == ["R", "B", "G", "Y"]
    assert state.nearest_hell() == "R" and state.nearest_heaven() == "R"
    assert state.nearest_hell(["G", "B"]) == "G" and state.nearest_heaven(["Y", "B"]) == "Y"


def test_no_soul_to_choose_from_is_refused_as_max_and_min_refuse() -> None:
    state = new_game(("R", "B"))
    with pytest.raises(ValueError, match="max"):
        state.nearest_hell([])
    with pytest.raises(ValueError, match="min"):
        state.nearest_heaven(())


def _to_bids(seed: int) -> GameState:
    """A 4-player game run to its first secret bids."""
    rng = random.Random(seed)
    state = new_game(("R", "B", "G", "Y"))
    while not state.simultaneous():
        actor = state.current_players()[0]
        if actor == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions(actor)))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_reveal_orders_by_bid_then_hell_and_keeps_the_most_notches(seed: int) -> None:
    """R-BID-2: the choosing order by bid value, ties nearer Hell first; R-BID-3: the most
    notches keep their taler (ties: nearer Hell) — the same as sorting with key functions,
    equal bids included (the bids here are drawn from few values, so ties are common)."""
    state = _to_bids(seed)
    rng = random.Random(seed)
    bids = {c: (rng.choice((2, 3)), min(rng.choice((0, 1)), state.money[c])) for c in state.players}
    events: list[object] = []
    for colour, (notches, taler) in bids.items():
        events = state.apply(Bid(colour, notches, taler))
    revealed = [e for e in events if isinstance(e, BidsRevealed)]
    assert len(revealed) == 1
    key = state.hell_key  # the reveal moves no soul: the keys are the reveal's own
    order = sorted(state.players, key=lambda c: (-sum(bids[c]), -key(c)))
    keeper = max(state.players, key=lambda c: (bids[c][0], key(c)))
    assert revealed[0].bids == tuple((c, *bids[c]) for c in order)
    assert revealed[0].keeper == keeper


def test_donations_read_from_the_tables_and_the_long_way_alike() -> None:  # R-DON-1
    """Coins and compartments found in the tables, and a coin word outside them (``05``, which
    no reader makes but a program may) read with ``int`` as before."""
    for item in ("5", "05"):
        state = _to_turn()
        colour = state.current_players()[0]
        money = state.money[colour]
        action = Donate(colour, ((item, "II"),))
        assert state.judge(action).legal
        state.apply(action)
        assert state.money[colour] == money - 5
        assert state.chest[colour][1][4] == 5
    state = _to_turn()
    colour = state.current_players()[0]
    refused = state.judge(Donate(colour, (("7", "I"),))).refusal
    assert refused is not None and refused.rule == "R-DON-1"


def test_a_donation_read_once_is_judged_as_read_anew() -> None:  # R-DON-1, R-DON-2
    """The items' own faults, their coins and goods are remembered per items; the refusals
    name the actor and read the state each time, in the order the rules check them."""
    state = _to_turn()
    colour = state.current_players()[0]
    state.money[colour] = 3
    name = colour_name(colour)
    unknown = "A donation is one good or one coin of 1, 2, 5 or 10 taler, not 7."
    unnamed = f"A donation goes into compartment I or II; {name} named none."
    cases = {
        (("7", "I"),): unknown,
        (("5", ""),): unnamed,
        (("bread", ""), ("7", "I")): unnamed,
        (("7", ""), ("bread", "I")): unknown,
        (("1", "I"), ("2", "II")): (
            f"Only the Emperor, on the Emperor's turn, donates two items; {name} donates 2."
        ),
        (("cloth", "I"),): f"{name} has 0 cloth behind the screen, not 1.",
        (("10", "I"),): f"{name} has 3 taler and cannot donate 10.",
    }
    trade.forget_donations()
    for _ in range(2):  # read anew, then remembered
        for items, reason in cases.items():
            refusal = state.judge(Donate(colour, items)).refusal
            assert refusal is not None and refusal.reason == reason
            assert refusal.rule == ("R-DON-2" if "Emperor" in reason else "R-DON-1")
        assert state.judge(Donate(colour, (("1", "I"),))).legal
    state.money[colour] = 20  # the state is read each time, not remembered
    assert state.judge(Donate(colour, (("10", "I"),))).legal
    state.goods[colour][STONE_INDEX["cloth"]] = 1
    assert state.judge(Donate(colour, (("cloth", "I"),))).legal
    for n in range(trade._DONATIONS_LIMIT + 3):  # bounded: past its limit it starts again
        trade._donation_facts(((str(n), "I"),))
        assert len(trade._DONATIONS) <= trade._DONATIONS_LIMIT
    trade.forget_donations()
    assert not trade._DONATIONS


def _to_turn() -> GameState:
    """A 2-player game at the first action of its first turn, with money to donate."""
    rng = random.Random(5)
    state = new_game(("R", "B"))
    while True:
        step = state.stack.top
        if step is not None and step[0] == "action":
            return state
        actors = state.current_players()
        if actors == (CHANCE,):
            state.apply(state.sample_chance(rng))
        elif state.simultaneous():
            state.apply(Bid(actors[0], 1, 0))
        else:
            state.apply(state.legal_actions(actors[0])[0])


def test_a_visited_room_is_refused_with_the_same_words() -> None:  # R-HOP-1
    state = new_game(("R", "B"))
    state.visited[2] = True
    state.visited[6] = True
    assert why_not_open(state, 2) == ("R-HOP-1", "Room 2 was already visited this round.")
    assert why_not_open(state, 6) == ("R-HOP-1", "Suite 6 was already visited this round.")


def test_addresses_are_looked_up_exactly_in_the_compiled_build() -> None:
    """The compiled build looks addresses up, the pure one builds them (mcn/engine/addresses.py
    says why); both answer the same strings (the tests above run on both builds)."""
    compiled = "mcn.engine.addresses" in compiled_modules()
    assert addresses.MADE_ONCE is compiled
    if os.environ.get("MCN_EXPECT_COMPILED") == "1":
        assert addresses.MADE_ONCE
