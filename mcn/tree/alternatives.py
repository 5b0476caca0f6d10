"""Unplayed legal alternatives at each decision, and counting chance outcomes.

Why a module of its own: this is the one stage that asks the engine what else was legal;
chance decisions are counted combinatorially and sampled (never enumerated), which is its own
piece of arithmetic (:func:`chance_count` is also used by :mod:`mcn.views.legal`).
"""

from __future__ import annotations

import random
import zlib
from math import comb, factorial
from typing import Final

from mcn.engine import CHANCE, Action, GameState
from mcn.tree.model import Edge, Node, Tree
from mcn.views.projection import EVERYTHING, Viewer

_CHANCE_TRIES: Final = 12
"""Sampling attempts per wanted chance alternative (chance outcomes are never enumerated)."""


def add_alternatives(
    tree: Tree, states: dict[str, GameState], limit: int, viewer: Viewer = EVERYTHING
) -> Tree:
    """At each decision shown, up to ``limit`` legal actions nobody played, and the count.

    For a viewer, only his own decisions and chance get them: another player's options depend
    on his secrets (even their number), as ``mcn legal --as`` says.

    Player decisions ask the engine (``legal_actions`` of the deciding player: bounded lists).
    Chance decisions are never enumerated: the count is computed from the bag or the deck, and
    alternatives are sampled with a generator seeded by the address, so output is stable.
    """
    if limit <= 0:
        return tree
    played: dict[str, set[tuple[str, str]]] = {}
    deciders: dict[str, str] = {}
    for edge in tree.edges:
        played.setdefault(edge.tail, set()).add((edge.actor, edge.text))
        deciders.setdefault(edge.tail, edge.actor)
    extra_nodes: list[Node] = []
    extra_edges: list[Edge] = []
    for node_id, node in tree.nodes.items():
        if node.role not in ("decision", "chance") or node_id not in played:
            continue
        state = states.get(node_id)
        if state is None or state.is_terminal():
            continue
        taken = played[node_id]
        actor = deciders[node_id]
        if viewer != EVERYTHING and actor not in (CHANCE, viewer):
            continue
        if actor == CHANCE:
            count, exact = chance_count(state)
            options = sample_chance(state, limit, taken, node.address)
        else:
            legal = state.legal_actions(actor)
            count, exact = len(legal), True
            options = [a for a in legal if (a.actor, a.text) not in taken][:limit]
        node.legal, node.legal_exact = count, exact
        for number, action in enumerate(options, 1):
            alt_id = f"{node_id}a{number}"
            extra_nodes.append(Node(alt_id, node.address, "alternative", (), node.depth + 1))
            extra_edges.append(
                Edge(node_id, alt_id, node.address, action.actor, action.text, "alternative")
            )
    nodes = dict(tree.nodes)
    nodes.update((n.id, n) for n in extra_nodes)
    return Tree(nodes, tree.edges + extra_edges, tree.title)


def chance_count(state: GameState) -> tuple[int, bool]:
    """How many distinct outcomes the pending chance decision has, without listing them.

    Soul orders: n!. Market draws: the multisets of the draw size the bag allows. Room cards:
    the ordered draws from the deck (with the I-SET-7 reshuffle when the deck runs short).
    """
    kind = state.decision.kind
    if kind == "souls":
        return factorial(len(state.players)), True
    if kind == "market":
        bag = list(state.bag)
        size = min(7, sum(bag))
        return _multisets(bag, size), True
    if kind == "rooms":
        pile = [n for n in state.pile.values() if n]
        left = sum(pile)
        if left >= 4:
            return _words(pile, 4), True
        first = factorial(left)
        for n in pile:
            first //= factorial(n)
        discard = [n for n in state.discard.values() if n]
        return first * _words(discard, 4 - left), True
    return len(state.legal_actions()), True


def _multisets(bounds: list[int], size: int) -> int:
    """Ways to choose ``size`` items from kinds with the given multiplicities (order free)."""
    ways = [1] + [0] * size
    for bound in bounds:
        ways = [sum(ways[t - j] for j in range(min(bound, t) + 1)) for t in range(size + 1)]
    return ways[size]


def _words(bounds: list[int], length: int) -> int:
    """Distinct sequences of ``length`` drawn from kinds with the given multiplicities."""
    # ways[t]: sequences of length t over the kinds so far; a new kind takes j of t positions.
    ways: list[int] = [1] + [0] * length
    for bound in bounds:
        ways = [
            sum(comb(t, j) * ways[t - j] for j in range(min(bound, t) + 1))
            for t in range(length + 1)
        ]
    return ways[length]


def sample_chance(
    state: GameState, limit: int, taken: set[tuple[str, str]], address: str
) -> list[Action]:
    """Up to ``limit`` distinct chance outcomes not in ``taken``, sampled (seeded by address)."""
    rng = random.Random(zlib.crc32(address.encode("utf-8")))
    seen = {text for _actor, text in taken}
    out: list[Action] = []
    for _ in range(limit * _CHANCE_TRIES):
        if len(out) >= limit:
            break
        action = state.sample_chance(rng)
        if action.text in seen:
            continue
        if not state.judge(action).accepted:
            continue
        seen.add(action.text)
        out.append(action)
    return out
