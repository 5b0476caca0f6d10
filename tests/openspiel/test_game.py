"""OpenSpiel's own consistency check of ``python_mea_culpa`` and the game's contract: every size
and variant, returns, parameters, the action vocabulary and the chance encoding."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from mcn.engine import CHANCE, new_game
from mcn.engine.actions import RoomCards
from mcn.engine.chance import outcomes_exact
from mcn.engine.constants import CARD_IDS
from mcn.openspiel.encoding import ACTION_ID, MARKET_ID, VOCABULARY, market_vector
from tests.openspiel.play import advance, load, pyspiel, random_action


@pytest.mark.parametrize(
    ("players", "variant"), list(product((2, 3, 4), ("standard", "meta-culpa")))
)
def test_random_sim_test_passes(players: int, variant: str) -> None:
    game = load(players, variant=variant)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_game_information() -> None:
    game = load(3)
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(VOCABULARY)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert load(3, returns="rank").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_bad_parameters_are_refused_clearly() -> None:
    with pytest.raises(Exception, match="players must be 2, 3 or 4"):
        load(5)
    with pytest.raises(Exception, match="returns must be one of win, rank"):
        load(4, returns="points")


def _finished(players: int, seed: int, **params: str) -> object:
    state = load(players, **params).new_initial_state()
    return advance(state, random.Random(seed), 5000)


def test_win_returns_share_one_among_the_winners() -> None:  # R-END-3
    for seed in range(3):
        state = _finished(4, seed)
        winners = state.play.engine.winners()  # type: ignore[attr-defined]
        returns = state.returns()  # type: ignore[attr-defined]
        assert sum(returns) == pytest.approx(1.0)
        for colour, value in zip("RBGY", returns, strict=True):
            assert value == pytest.approx(1 / len(winners) if colour in winners else 0.0)


def test_rank_returns_follow_the_placings() -> None:  # I-END-5
    from mcn.engine.ranking import placings

    state = _finished(3, 4, returns="rank")
    place = {p.colour: p.place for p in placings(state.play.engine)}  # type: ignore[attr-defined]
    returns = dict(zip("RBG", state.returns(), strict=True))  # type: ignore[attr-defined]
    for colour, value in returns.items():
        assert value == pytest.approx((3 - place[colour]) / 2)
    assert max(returns.values()) == 1.0


def test_every_legal_engine_action_is_in_the_vocabulary() -> None:
    for seed in range(12):
        players = 2 + seed % 3
        variant = "meta-culpa" if seed % 2 else "standard"
        state = new_game(("R", "B", "G", "Y")[:players], variant=variant)
        rng = random.Random(seed)
        while not state.is_terminal():
            actors = state.current_players()
            if actors == (CHANCE,):
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions(actors[0])
            missing = [a.text for a in legal if a.text not in ACTION_ID]
            assert not missing, f"{state.pending_address()}: {missing}"
            state.apply(rng.choice(legal))


def test_market_outcomes_are_the_engines_exact_probabilities() -> None:  # R-RND-2
    state = load(4).new_initial_state()
    rng = random.Random(1)
    until_chance(state, "market", rng)
    exact = {
        MARKET_ID[market_vector(action.stones)]: p  # type: ignore[attr-defined]
        for action, p in outcomes_exact(state.play.engine)
    }
    got = dict(state.chance_outcomes())
    assert got.keys() == exact.keys()
    for index, p in exact.items():
        assert got[index] == pytest.approx(float(p), rel=1e-12)


def until_chance(state: object, kind: str, rng: random.Random) -> None:
    """Random play until the chance event ``kind`` is pending."""
    while not (state.is_chance_node() and state.play.engine.stack[-1][0] == kind):  # type: ignore[attr-defined]
        state.apply_action(random_action(state, rng))  # type: ignore[attr-defined]


def _room_probabilities(state: object) -> dict[tuple[str, ...], float]:
    """Every four-card sequence the OpenSpiel game can draw, with the product of its four
    chance nodes' probabilities."""
    out: dict[tuple[str, ...], float] = {}

    def walk(s: object, cards: tuple[str, ...], p: float) -> None:
        if len(cards) == 4:
            out[cards] = p
            return
        for index, q in s.chance_outcomes():  # type: ignore[attr-defined]
            child = s.clone()  # type: ignore[attr-defined]
            card = CARD_IDS[index]
            if len(cards) < 3:
                child.apply_action(index)
            walk(child, (*cards, card), p * q)

    walk(state, (), 1.0)
    return out


@pytest.mark.parametrize("left", [24, 2])
def test_room_cards_one_node_per_room_multiply_to_the_engines_probabilities(left: int) -> None:
    # R-RND-2, I-SET-7: with 2 cards left in the pile the last two come from the reshuffle
    state = load(2).new_initial_state()
    rng = random.Random(5)
    until_chance(state, "rooms", rng)
    engine = state.play.engine
    if left < 24:
        drawn = dict(engine.pile)
        keep = {card: n for card, n in drawn.items() if n}
        pile: dict[str, int] = {}
        for card in sorted(keep):
            take = min(keep[card], left - sum(pile.values()))
            if take:
                pile[card] = take
        engine.discard = {c: n - pile.get(c, 0) for c, n in keep.items() if n - pile.get(c, 0)}
        engine.pile = pile
    exact = {
        action.cards: float(p)  # type: ignore[attr-defined]
        for action, p in outcomes_exact(engine)
        if isinstance(action, RoomCards)
    }
    got = _room_probabilities(state)
    assert got.keys() == exact.keys()
    for cards, p in exact.items():
        assert got[cards] == pytest.approx(p, rel=1e-9)
    assert sum(got.values()) == pytest.approx(1.0)
    assert Fraction(sum(exact.values())).limit_denominator() == 1


def test_the_four_room_cards_reach_the_engine_as_one_event() -> None:  # R-RND-2
    state = load(2).new_initial_state()
    rng = random.Random(2)
    until_chance(state, "rooms", rng)
    before = len(state.play.path)
    for _ in range(3):
        state.apply_action(random_action(state, rng))
        assert len(state.play.path) == before and state.is_chance_node()
    state.apply_action(random_action(state, rng))
    step = state.play.path[-1]
    assert isinstance(step.action, RoomCards) and len(state.play.path) == before + 1
    assert state.play.engine.rooms == list(step.action.cards)


def test_side_actions_of_meta_culpa_are_not_offered() -> None:  # I-MET-5
    state = load(2, variant="meta-culpa").new_initial_state()
    advance(state, random.Random(3), 120)
    texts = [VOCABULARY[a] for a in state.legal_actions()] if not state.is_chance_node() else []
    assert all(not t.startswith(("infraction", "undone", "catch")) for t in texts)
