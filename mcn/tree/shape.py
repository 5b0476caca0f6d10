"""Shaping a built tree: the ``--from/--to`` window and the collapse of plain stretches.

Why a module of its own: both are pure Tree-to-Tree transforms on addresses and edge roles
only (no engine, no record), so they are tested and reasoned about apart from building.
"""

from __future__ import annotations

from typing import Final

from mcn.tree.model import Edge, Node, Tree, address_key

_BIG: Final = 1 << 30


def window(tree: Tree, start: str | None, stop: str | None) -> Tree:
    """Keep the decisions from ``start`` to ``stop`` (addresses or prefixes, game order).

    An edge stays when its own address is inside the window; a variation's edge stays only
    when the node it leaves is shown (so a variation is drawn only with its branch point). A
    shown node whose line goes on outside the window is marked ``cut``.
    """
    if start is None and stop is None:
        return tree
    low = address_key(start) if start is not None else (0,)
    high = (*address_key(stop), _BIG) if stop is not None else (_BIG,)
    shown: set[str] = set()
    kept: list[Edge] = []
    leaves: set[str] = set()
    for edge in tree.edges:  # laid out line by line, parents first
        leaves.add(edge.tail)
        if not low <= address_key(edge.address) <= high:
            continue
        if edge.role != "main" and edge.tail not in shown:
            continue
        kept.append(edge)
        shown.update((edge.tail, edge.head))
    if not kept and tree.nodes:
        first = next(iter(tree.nodes.values()))
        if first.address == "end" or low <= address_key(first.address) <= high:
            shown.add(first.id)
    nodes = {i: n for i, n in tree.nodes.items() if i in shown}
    tails = {edge.tail for edge in kept}
    for node_id in (leaves & shown) - tails:
        nodes[node_id].cut = True
    return Tree(nodes, kept, tree.title)


# ---------------------------------------------------------------------------------- collapse


def collapse(tree: Tree, threshold: int) -> Tree:
    """Fold every plain stretch of at least ``threshold`` decisions into one node.

    A decision is plain when exactly one edge enters and one leaves it, neither carries a glyph
    or a comment, and it is neither a chance decision, a branch point, the end of a line nor a
    cut. The edges into and out of the stretch stay; the moves inside it are listed on the
    folded node.
    """
    if threshold <= 0:
        return tree
    incoming: dict[str, list[Edge]] = {}
    outgoing: dict[str, list[Edge]] = {}
    for edge in tree.edges:
        incoming.setdefault(edge.head, []).append(edge)
        outgoing.setdefault(edge.tail, []).append(edge)

    def plain(node_id: str) -> bool:
        node = tree.nodes[node_id]
        ins, outs = incoming.get(node_id, []), outgoing.get(node_id, [])
        return (
            node.role == "decision"
            and not node.cut
            and len(ins) == 1
            and len(outs) == 1
            and not ins[0].annotated
            and not outs[0].annotated
        )

    folded_into: dict[str, str] = {}
    new_nodes: dict[str, Node] = {}
    dropped: set[int] = set()
    for node_id in tree.nodes:
        if node_id in folded_into or not plain(node_id):
            continue
        if plain(incoming[node_id][0].tail):
            continue  # not the first node of its stretch
        chain = [node_id]
        while True:
            following = outgoing[chain[-1]][0].head
            if following in folded_into or not plain(following):
                break
            chain.append(following)
        if len(chain) < threshold:
            continue
        first = tree.nodes[chain[0]]
        folded = tuple((outgoing[n][0].address, outgoing[n][0].move) for n in chain)
        new_id = f"{chain[0]}c"
        new_nodes[chain[0]] = Node(
            new_id, first.address, "collapsed", (), first.depth, folded=folded
        )
        for member in chain:
            folded_into[member] = new_id
        for member in chain[:-1]:
            dropped.add(id(outgoing[member][0]))
    if not folded_into:
        return tree
    nodes: dict[str, Node] = {}
    for node_id, node in tree.nodes.items():
        if node_id in new_nodes:
            nodes[new_nodes[node_id].id] = new_nodes[node_id]
        elif node_id not in folded_into:
            nodes[node_id] = node
    edges = []
    for edge in tree.edges:
        if id(edge) in dropped:
            continue
        tail = folded_into.get(edge.tail, edge.tail)
        head = folded_into.get(edge.head, edge.head)
        edges.append(_moved(edge, tail, head))
    return Tree(nodes, edges, tree.title)


def _moved(edge: Edge, tail: str, head: str) -> Edge:
    if tail == edge.tail and head == edge.head:
        return edge
    return Edge(
        tail,
        head,
        edge.address,
        edge.actor,
        edge.text,
        edge.role,
        edge.glyphs,
        edge.comments,
        edge.implicit,
    )
