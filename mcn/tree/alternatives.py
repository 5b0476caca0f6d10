"""Unplayed legal alternatives at each decision, and sampled chance outcomes.

Why a module of its own: this is the one stage that asks the engine what else was legal;
chance decisions are counted combinatorially (:func:`mcn.views.legal.chance_count`, shared with
``mcn legal``) and sampled here, never enumerated.
"""

from __future__ import annotations

import random
import zlib
from typing import Final

from mcn.engine import CHANCE, Action, GameState
from mcn.tree.model import Edge, Node, Tree
from mcn.views.legal import chance_count
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
