"""Chance: exact outcome distributions, the reshuffle rule, forced outcomes and sampling."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from mcn.engine import CHANCE, GameState, parse_action
from mcn.engine.chance import forced, outcomes_exact
from tests.engine.helpers import MARKET, Json, act, edited, opening

FULL_PILE = {
    "emperor-letter": 2, "pope-yellow": 1, "hell-3": 1, "hell-5": 1, "lust-2": 2, "greed-2": 2,
    "move-crew": 2, "new-crew": 3, "pope-stone": 3, "free-good": 2, "steal-3": 1, "take-3": 1,
    "take-5": 2, "take-7": 1,
}  # fmt: skip


def with_bag(bag: dict[str, int]) -> GameState:
    """A state at the market draw whose bag holds ``bag`` (the rest goes behind Red's screen)."""

    def change(data: Json) -> None:
        goods = data["seats"]["R"]["goods"]["value"]
        for stone, n in data["bag"].items():
            keep = bag.get(stone, 0)
            if stone != "indulgence":
                goods[stone] += n - keep
            data["bag"][stone] = keep

    return edited(opening(), change)


def with_pile(pile: dict[str, int]) -> GameState:
    """A state at the rooms draw with the given draw pile (the rest discarded)."""

    def change(data: Json) -> None:
        data["pile"] = dict(pile)
        data["discard"] = {
            c: n - pile.get(c, 0) for c, n in FULL_PILE.items() if n > pile.get(c, 0)
        }

    state = edited(opening(), change)
    act(state, f"*: market {MARKET}")
    return state


def test_market_is_multivariate_hypergeometric() -> None:
    state = with_bag({"bread": 5, "wine": 4})
    outcomes = dict((a.text, p) for a, p in outcomes_exact(state))
    # R-RND-2: 7 of 9 stones; P(5 bread, 2 wine) = C(5,5) C(4,2) / C(9,7).
    assert outcomes == {
        "market bread bread bread bread bread wine wine": Fraction(6, 36),
        "market bread bread bread bread wine wine wine": Fraction(20, 36),
        "market bread bread bread wine wine wine wine": Fraction(10, 36),
    }
    assert not forced(state)


def test_full_bag_market_distribution_sums_to_one() -> None:
    state = opening()
    outcomes = outcomes_exact(state)
    assert sum(p for _a, p in outcomes) == 1
    total = comb(41 - 3, 7)  # 41 stones; the bonuses took a bread, a wine and a jewel
    assert len({a for a, _p in outcomes}) == len(outcomes)
    one = parse_action(CHANCE, f"market {MARKET}")
    expected = Fraction(comb(9, 2) * comb(8, 1) * comb(9, 1) * comb(6, 2) * comb(6, 1), total)
    assert dict(outcomes)[one] == expected
    assert {a for a, _p in outcomes} == set(state.legal_actions())


def test_small_bag_is_drawn_completely_and_forced() -> None:
    state = with_bag({"bread": 2, "indulgence": 1})
    # I-RND-2: fewer than 7 stones: all are drawn; a single outcome.
    assert [(a.text, p) for a, p in outcomes_exact(state)] == [
        ("market bread bread indulgence", Fraction(1))
    ]
    assert forced(state)
    assert with_bag({}).legal_actions()[0].text == "market"


def test_rooms_draw_uses_up_the_old_pile_then_the_discards() -> None:
    state = with_pile({"hell-3": 1, "take-7": 1})
    outcomes = outcomes_exact(state)
    # I-SET-7: the first two cards are the old pile in either order; then the discard pile
    # (which includes no room cards at the first round) is the new pile.
    assert sum(p for _a, p in outcomes) == 1
    assert all(set(a.text.split()[1:3]) == {"hell-3", "take-7"} for a, _p in outcomes)
    new_pile = {c: n - (c in ("hell-3", "take-7")) for c, n in FULL_PILE.items()}
    size = sum(new_pile.values())
    one = parse_action(CHANCE, "rooms take-7 hell-3 pope-stone pope-stone")
    assert dict(outcomes)[one] == Fraction(1, 2) * Fraction(3, size) * Fraction(2, size - 1)
    assert set(state.legal_actions()) == {a for a, _p in outcomes}


def test_single_kind_pile_is_forced() -> None:
    state = with_pile({"new-crew": 3, "take-5": 0})
    # Three new-crew cards, then the discards: not forced (the fourth card varies).
    assert not forced(state)
    state = with_pile({"pope-stone": 3, "new-crew": 3})
    assert not forced(state)
    state = edited(opening(), lambda d: d.update(pile={"new-crew": 3}, discard={"take-5": 2}))
    act(state, f"*: market {MARKET}")
    # (A deliberately unconserved deck: the discard pile holds one kind only.)
    assert forced(state)
    assert len(outcomes_exact(state)) == 1


@pytest.mark.parametrize("seed", [1, 2])
def test_sampling_follows_the_exact_distribution(seed: int) -> None:
    rng = random.Random(seed)
    state = with_bag({"bread": 5, "wine": 4})
    counts = Counter(state.sample_chance(rng).text for _ in range(3000))
    for action, p in outcomes_exact(state):
        assert abs(counts[action.text] / 3000 - float(p)) < 0.035
    state = with_pile({"hell-3": 1, "take-7": 1})
    firsts = Counter(state.sample_chance(rng).text.split()[1] for _ in range(2000))
    assert set(firsts) == {"hell-3", "take-7"}
    assert abs(firsts["hell-3"] / 2000 - 0.5) < 0.05


def test_sampled_outcomes_are_legal() -> None:
    rng = random.Random(3)
    state = opening()
    for _ in range(50):
        assert state.judge(state.sample_chance(rng)).legal
    souls = GameState.new(("R", "B", "G", "Y"))
    assert len(souls.chance_outcomes()) == 24
    assert souls.judge(souls.sample_chance(rng)).legal


def test_chance_outcomes_only_at_chance_decisions() -> None:
    state = opening()
    act(state, f"*: market {MARKET}", "*: rooms take-5 emperor-letter pope-stone new-crew")
    with pytest.raises(ValueError):
        state.chance_outcomes()
    with pytest.raises(ValueError):
        state.sample_chance(random.Random(1))
