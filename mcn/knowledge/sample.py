"""Hidden states consistent with a view: what a search or OpenSpiel's
``resample_from_infostate`` draws from.

:func:`sample_state` takes the true state at a decision and the viewer's
:class:`~mcn.knowledge.memory.Memory`, and returns a copy in which every secret the viewer
cannot know is drawn again, independently and uniformly among the values consistent with
what he saw:

* each other player's donations: a uniform draw among the *assignments* of his donations to
  compartments I and II that agree with every evaluation (:mod:`mcn.knowledge.chests` counts
  the same set): a free window's donations are fair coins; in a window an evaluation opened,
  the goods of one kind that went into the opened compartment are a uniform subset of the
  right size, and the coins a uniform subset with the revealed sum (drawn coin by coin with
  subset-sum counts);
* the letters behind the other screens: uniform among the distinct letter assignments the
  viewer's memory keeps (documented choice: every consistent *outcome* counts once, not every
  sequence of gift colours that leads to it);
* a bid placed and not yet revealed: uniform among the bids its bidder could make (notches 1
  to 6, taler up to his money, R-BID-1, I-BID-5);
* the Pope die before the guess: uniform among the rooms and suites it may show (R-POP-4).

The result projects exactly like the true state for the viewer (tests/knowledge/test_sample.py
checks it on every draw). ``rng`` is a ``random.Random``: seeded, the draws repeat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mcn.engine import GameState
from mcn.engine.constants import POPE, POST_MAX
from mcn.engine.house import pope_breach, why_not_open
from mcn.knowledge.chests import KINDS, Window, windows_of
from mcn.knowledge.memory import Memory, World, item_vector


@dataclass(frozen=True, slots=True)
class Sample:
    """One draw: the state, and the secrets drawn (for tests and for callers that want them)."""

    state: GameState
    #: per player: the compartment (0 or 1) of each of his donations, in the order made
    compartments: dict[str, tuple[int, ...]]
    letters: World
    bids: dict[str, tuple[int, int]]
    pope_die: int


def subset_counts(values: Sequence[int], wanted: int) -> list[list[int]]:
    """``ways[i][t]``: subsets of ``values[i:]`` summing to ``t`` (``t`` up to ``wanted``)."""
    ways = [[0] * (wanted + 1) for _ in range(len(values) + 1)]
    ways[len(values)][0] = 1
    for i in range(len(values) - 1, -1, -1):
        for t in range(wanted + 1):
            ways[i][t] = ways[i + 1][t] + (ways[i + 1][t - values[i]] if t >= values[i] else 0)
    return ways


def uniform_subset_sum(values: Sequence[int], wanted: int, rng: random.Random) -> list[bool]:
    """A uniform draw among the subsets of ``values`` (distinct items) that sum to ``wanted``."""
    ways = subset_counts(values, wanted)
    assert ways[0][wanted] > 0, "the truth is always a consistent assignment"
    chosen = []
    left = wanted
    for i, value in enumerate(values):
        with_it = ways[i + 1][left - value] if left >= value else 0
        take = rng.randrange(ways[i][left]) < with_it
        chosen.append(take)
        if take:
            left -= value
    return chosen


def _window_choice(
    items: Sequence[tuple[int, int, int, int, int]], window: Window, rng: random.Random
) -> list[int]:
    """The compartments of one window's donations, uniform among those fitting its reveal."""
    if window.target is None:
        return [rng.randrange(2) for _ in items]
    k = window.compartment
    assert k is not None
    out = [1 - k] * len(items)
    for kind in range(4):
        of_kind = [i for i, v in enumerate(items) if v[kind]]
        for i in rng.sample(of_kind, window.target[kind]):
            out[i] = k
    coins = [i for i, v in enumerate(items) if v[4]]
    taken = uniform_subset_sum([items[i][4] for i in coins], window.target[4], rng)
    for i, take in zip(coins, taken, strict=True):
        if take:
            out[i] = k
    return out


def sample_compartments(memory: Memory, player: str, rng: random.Random) -> tuple[int, ...]:
    """A uniform draw among the assignments of ``player``'s donations to compartments (0 for
    I, 1 for II) consistent with what the viewer of ``memory`` saw."""
    donations = memory.chest_donations(player)
    out: list[int] = []
    for index, window in enumerate(windows_of(memory, player)):
        items = [item_vector(d.item) for d in donations if d.window == index]
        out += _window_choice(items, window, rng)
    return tuple(out)


def _contents(memory: Memory, player: str, choice: Sequence[int]) -> list[list[int]]:
    boxes = [[0] * KINDS, [0] * KINDS]
    for donation, k in zip(memory.chest_donations(player), choice, strict=True):
        gone = memory.emptied_after(k)
        if gone is not None and donation.window <= gone:
            continue
        for i, n in enumerate(item_vector(donation.item)):
            boxes[k][i] += n
    return boxes


def die_options(state: GameState) -> list[int]:
    """The rooms and suites the pending Pope die may show (R-POP-4, I-POP-9)."""
    pope = state.holders[POPE]
    if not state.pope_die or pope is None:
        return []
    return [
        room
        for room in range(1, 7)
        if why_not_open(state, room) is None and pope_breach(state, pope, room, 0) is None
    ] or [state.pope_die]


def sample_state(state: GameState, memory: Memory, rng: random.Random) -> Sample:
    """A state drawn uniformly among those consistent with what the viewer of ``memory`` knows
    at ``state`` (see the module docstring); the viewer's own secrets are kept."""
    out = state.clone()
    viewer = memory.viewer
    compartments: dict[str, tuple[int, ...]] = {}
    for player in state.players:
        if player == viewer:
            continue
        choice = sample_compartments(memory, player, rng)
        compartments[player] = choice
        truth = [d.compartment for d in memory.chest_donations(player)]
        if _contents(memory, player, truth) != state.chest[player]:
            continue  # contents from before the path (a position): left as they are
        out.chest[player] = _contents(memory, player, choice)
    worlds = sorted(memory.worlds)
    world = worlds[rng.randrange(len(worlds))]
    for seat, player in enumerate(state.players):
        if player != viewer:
            out.letters[player] = list(world[seat])
    bids: dict[str, tuple[int, int]] = {}
    for player, bid in state.bids.items():
        if bid is not None and player != viewer:
            bids[player] = (rng.randint(1, POST_MAX), rng.randint(0, state.money[player]))
            out.bids[player] = bids[player]
    die = state.pope_die
    if die and state.holders[POPE] != viewer:
        options = die_options(state)
        die = options[rng.randrange(len(options))]
        out.pope_die = die
    return Sample(out, compartments, world, bids, die)


__all__ = ["Sample", "die_options", "sample_compartments", "sample_state"]
