"""The sampler of hidden states (R-HID-1, I-HID-2, I-HID-5): uniform over the consistent
assignments, and every sample projects for the viewer exactly like the truth."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import product

from mcn.engine import COLOURS, new_game
from mcn.knowledge.memory import item_vector
from mcn.knowledge.sample import die_options, sample_compartments, sample_state
from mcn.views.projection import state_json
from tests.knowledge.games import memories, random_game
from tests.knowledge.test_chests import _memory

#: A view with a window opened by the first evaluation (Red's coins 1, 2, 2, 5 and a bread
#: and a wine, of which compartment I held bread and 5 taler: several subsets fit) and an
#: open window after it.
PLAN = [
    ("R", "1", 0),
    ("R", "2", 1),
    ("R", "2", 1),
    ("R", "5", 1),
    ("R", "bread", 0),
    ("R", "bread", 1),
    ("R", "wine", 1),
    ("B", "jewel", 0),
    ("R", "1", 1),
    ("R", "cloth", 0),
]


def _consistent(memory, player: str) -> list[tuple[int, ...]]:  # type: ignore[no-untyped-def]
    donations = memory.chest_donations(player)
    out = []
    for choice in product((0, 1), repeat=len(donations)):
        fits = True
        for reveal in memory.reveals:
            inside = [0] * 5
            for donation, k in zip(donations, choice, strict=True):
                if k == reveal.compartment and donation.window <= reveal.window:
                    for i, n in enumerate(item_vector(donation.item)):
                        inside[i] += n
            fits = fits and tuple(inside) == reveal.contents[player]
        if fits:
            out.append(choice)
    return out


def _chi_square_critical(df: int, z: float = 2.3263) -> float:
    """The 99th percentile of chi-square with ``df`` degrees of freedom (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_compartment_draws_are_uniform_over_the_consistent_assignments() -> None:
    # I-HID-2, R-DON-1: 10,000 seeded draws; every consistent assignment appears and the
    # frequencies pass a chi-square test at 1 %
    memory = _memory(PLAN, 8, None)
    allowed = _consistent(memory, "R")
    assert 8 <= len(allowed) < 2 ** len(memory.chest_donations("R"))
    rng = random.Random(29)
    draws = Counter(sample_compartments(memory, "R", rng) for _ in range(10_000))
    assert set(draws) == set(allowed)  # nothing else is drawn, and everything is
    expected = 10_000 / len(allowed)
    statistic = sum((draws[a] - expected) ** 2 / expected for a in allowed)
    assert statistic < _chi_square_critical(len(allowed) - 1), statistic


def test_no_sample_projects_differently() -> None:
    # I-HID-5, R-HID-1: compartments, letters, pending bids and the Pope die drawn again; the
    # viewer's view of every sample is his view of the truth
    rng = random.Random(7)
    kinds: Counter[str] = Counter()
    for players, seed in [(2, 3), (3, 4), (4, 5), (4, 11)]:
        start = new_game(COLOURS[:players])
        steps = random_game(players, seed)
        for viewer in (*start.players, None):
            for index, memory in memories(start, steps, viewer):
                if index % 9:
                    continue
                state = steps[index].state
                seen = state_json(state, viewer, memory)
                for _ in range(3):
                    sample = sample_state(state, memory, rng)
                    assert state_json(sample.state, viewer, memory) == seen
                    kinds["chest"] += sample.state.chest != state.chest
                    kinds["bid"] += sample.state.bids != state.bids
                    kinds["die"] += sample.state.pope_die != state.pope_die
                    kinds["letters"] += sample.state.letters != state.letters
                    assert not sample.state.check_invariants()
                if state.pope_die:
                    assert state.pope_die in die_options(state)  # R-POP-4
    assert kinds["chest"] and kinds["bid"], kinds


def test_draws_repeat_with_the_seed() -> None:
    memory = _memory(PLAN, 8, None)
    first = [sample_compartments(memory, "R", random.Random(3)) for _ in range(5)]
    again = [sample_compartments(memory, "R", random.Random(3)) for _ in range(5)]
    assert first == again
