"""The merged tree as :mod:`mcn.tree` draws it: nodes with their games, edges with figures.

The merged tree (:class:`mcn.explore.merge.MergedTree`) becomes plain :class:`mcn.tree.Node`
and :class:`mcn.tree.Edge` records, so it is drawn by the same decorators as one game's tree
(:func:`mcn.tree.to_graphviz`: round clusters, chance diamonds, every text escaped by
:mod:`mcn.tree.labels`). Each edge carries its move, the games through it and, for a player's
move, the mover's win rate and average place; its width grows with its share of the games at
its node. Only moves played in at least ``min_count`` games are drawn.
"""

from __future__ import annotations

from collections import deque

from mcn.engine.constants import CHANCE
from mcn.explore.merge import MergedTree, TreeNode
from mcn.explore.tally import Tally, percent
from mcn.tree.model import Edge, Node, NodeRole, Tree


def edge_figures(tally: Tally, chance: bool) -> str:
    """``12 games · wins 33.3% · place 2.10`` (chance: the games only)."""
    games = f"{tally.games} game{'s' * (tally.games != 1)}"
    if chance or not tally.finished:
        return games
    place = tally.average_place
    assert place is not None
    return f"{games} · wins {percent(tally.win_rate)} · place {place:.2f}"


def _note(node: TreeNode) -> str:
    games = node.tally.games
    text = f"{games} game{'s' * (games != 1)}"
    if node.ended:
        text += f", {node.ended} end{'s' * (node.ended == 1)} here"
    return text


def _role(node: TreeNode, shown: list[TreeNode]) -> NodeRole:
    if not shown:
        return "end" if node.ended else "decision"
    return "chance" if all(child.chance is not None for child in shown) else "decision"


def to_tree(merged: MergedTree, min_count: int = 1, title: tuple[str, ...] = ()) -> Tree:
    """The drawable tree of ``merged``: breadth first, the most played move first at each
    node, moves played fewer than ``min_count`` times left out."""
    tree = Tree(title=title)
    ids: dict[int, str] = {}
    queue: deque[tuple[TreeNode, int]] = deque([(merged.root, 0)])
    while queue:
        node, depth = queue.popleft()
        shown = sorted(
            (c for c in node.children.values() if c.tally.games >= min_count),
            key=lambda c: (-c.tally.games, c.key),
        )
        node_id = ids.setdefault(id(node), f"n{len(ids)}")
        address = shown[0].address if shown else ("end" if node.ended else node.address)
        actors = tuple(dict.fromkeys(c.actor for c in shown))
        tree.nodes[node_id] = Node(
            node_id, address, _role(node, shown), actors, 0, note=_note(node)
        )
        total = max(node.tally.games, 1)
        for child in shown:
            child_id = ids.setdefault(id(child), f"n{len(ids)}")
            chance = child.actor == CHANCE
            text = child.key if chance else child.key.split(": ", 1)[-1]
            tree.edges.append(
                Edge(
                    node_id,
                    child_id,
                    child.address,
                    child.actor,
                    text,
                    "main",
                    stats=edge_figures(child.tally, chance),
                    width=0.6 + 3.4 * child.tally.games / total,
                )
            )
            queue.append((child, depth + 1))
    return tree
