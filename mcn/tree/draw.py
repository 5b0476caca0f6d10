"""Drawing a tree as a Graphviz graph: per-node and per-edge attribute decorators.

Why a module of its own: turning the model into DOT attributes (shapes, colours, labels,
tooltips, round clusters) is presentation only; it is pure (a Tree in, a ``graphviz.Digraph``
out) and runs no program (:mod:`mcn.tree.dot` does that).
"""

from __future__ import annotations

from typing import Final

import graphviz

from mcn.engine import CHANCE
from mcn.engine.constants import colour_name
from mcn.tree.labels import escaped_string, html_label, html_text, one_line
from mcn.tree.model import Edge, Node, Tree, own_address

_LABEL_LIMIT: Final = 64
_COMMENT_EXCERPT: Final = 32
# ---------------------------------------------------------------------------------- decorators

_MAIN: Final = "black"
_VARIATION: Final = "#3465a4"
_GREY: Final = "grey60"


def _who(actors: tuple[str, ...]) -> str:
    if not actors:
        return ""
    if actors == (CHANCE,):
        return "chance"
    return " / ".join(colour_name(a) for a in actors)


def node_attributes(node: Node) -> dict[str, str]:
    """Graphviz attributes of one node (pure: the node in, a dict out)."""
    if node.role == "alternative":
        return {
            "id": node.id,
            "class": "node-alternative",
            "shape": "point",
            "width": "0.08",
            "color": _GREY,
            "label": "",
            "tooltip": escaped_string(f"not played at {node.address}"),
        }
    lines: list[str] = []
    tip: list[str] = []
    if node.role == "collapsed":
        first, last = node.folded[0][0], node.folded[-1][0]
        lines.append(f"<B>{html_text(own_address(first))} … {html_text(own_address(last))}</B>")
        lines.append(html_text(f"{len(node.folded)} decisions"))
        tip.extend(f"{address} {move}" for address, move in node.folded)
    else:
        title = "end" if node.address == "end" else own_address(node.address)
        lines.append(f"<B>{html_text(title)}</B>")
        who = _who(node.actors)
        if who:
            lines.append(html_text(who))
        tip.append(node.address)
        if node.prompt and node.address != "end":
            tip.append(node.prompt)
    if node.legal is not None:
        bound = "" if node.legal_exact else "≥ "
        lines.append(f'<FONT POINT-SIZE="8">{html_text(f"{bound}{node.legal} legal")}</FONT>')
    if node.hint:
        lines.append(f'<FONT POINT-SIZE="8">{html_text(node.hint)}</FONT>')
        tip.append(f"souls: {node.hint}")
    if node.note:
        lines.append(f"<I>{html_text(one_line(node.note, _LABEL_LIMIT))}</I>")
        tip.append(node.note)
    if node.cut:
        lines.append(html_text("…"))
        tip.append("the record goes on beyond the window")
    attributes = {
        "id": node.id,
        "class": f"node-{node.role}" + (" main" if node.depth == 0 else ""),
        "label": html_label(lines),
        "tooltip": escaped_string("\n".join(tip)),
    }
    open_end = node.role == "end" and node.address != "end"
    attributes.update(_NODE_STYLE["open" if open_end else node.role])
    if node.depth == 0:
        attributes["penwidth"] = "2"
    if node.cut:
        attributes["style"] = attributes.get("style", "") + ",dashed"
    return attributes


_NODE_STYLE: Final[dict[str, dict[str, str]]] = {
    "decision": {"shape": "box", "style": "rounded"},
    "chance": {"shape": "diamond", "style": "filled", "fillcolor": "#fff4c2"},
    "end": {"shape": "doubleoctagon", "style": "filled", "fillcolor": "#e8e8e8"},
    "open": {"shape": "box", "style": "rounded,filled,dashed", "fillcolor": "#f4f4f4"},
    "collapsed": {"shape": "box3d", "style": "filled", "fillcolor": "#f2f2f2"},
}


def edge_attributes(edge: Edge) -> dict[str, str]:
    """Graphviz attributes of one edge (pure: the edge in, a dict out)."""
    text = one_line(edge.move, _LABEL_LIMIT)
    label = html_text(text)
    if edge.glyphs:
        label += " <B>" + html_text(" ".join(edge.glyphs)) + "</B>"
    if edge.implicit:
        label = f"<I>{label}</I>"
    if edge.comments:
        excerpt = one_line(edge.comments[0], _COMMENT_EXCERPT)
        label += '<BR/><FONT POINT-SIZE="8"><I>' + html_text("{" + excerpt + "}") + "</I></FONT>"
    if edge.stats:
        label += '<BR/><FONT POINT-SIZE="8">' + html_text(edge.stats) + "</FONT>"
    tip = [f"{edge.address} {edge.move}"]
    if edge.stats:
        tip.append(edge.stats)
    if edge.glyphs:
        tip.append(" ".join(edge.glyphs))
    tip.extend(edge.comments)
    if edge.implicit:
        tip.append("(not written in the record: forced, or the end of a turn)")
    if edge.role == "alternative":
        tip.append("legal, not played")
    tooltip = escaped_string("\n".join(tip))
    attributes = {
        "class": f"edge-{edge.role}",
        "label": html_label([label]),
        "tooltip": tooltip,
        "labeltooltip": tooltip,
    }
    attributes.update(_EDGE_STYLE[edge.role])
    if edge.implicit and edge.role != "alternative":
        attributes["fontcolor"] = "grey40"
    if edge.width is not None:
        attributes["penwidth"] = f"{edge.width:.2f}"
    return attributes


_EDGE_STYLE: Final[dict[str, dict[str, str]]] = {
    "main": {"style": "bold", "penwidth": "2.4", "color": _MAIN},
    "variation": {"penwidth": "1.2", "color": _VARIATION, "fontcolor": _VARIATION},
    "alternative": {"style": "dashed", "color": _GREY, "fontcolor": "grey45"},
}


# ---------------------------------------------------------------------------------- drawing


def to_graphviz(tree: Tree, rankdir: str = "TB") -> graphviz.Digraph:
    """The Graphviz graph of ``tree``: one cluster per round, decorators for every attribute."""
    graph = graphviz.Digraph(
        "mcn",
        graph_attr={
            "rankdir": rankdir,
            "label": html_label(html_text(line) for line in tree.title),
            "labelloc": "t",
            "fontname": "Helvetica",
            "newrank": "true",
        },
        node_attr={"fontname": "Helvetica", "fontsize": "10"},
        edge_attr={"fontname": "Helvetica", "fontsize": "9"},
    )
    by_round: dict[str | None, list[Node]] = {}
    parent_round: dict[str, str | None] = {}
    for edge in tree.edges:
        if edge.role == "alternative":
            parent_round[edge.head] = tree.nodes[edge.tail].round
    for node in tree.nodes.values():
        key = parent_round[node.id] if node.role == "alternative" else node.round
        by_round.setdefault(key, []).append(node)
    for key, members in by_round.items():
        if key is None:
            for node in members:
                graph.node(node.id, **node_attributes(node))
            continue
        with graph.subgraph(name=f"cluster_{key}") as cluster:
            label = "Setup" if key == "setup" else f"Round {key}"
            cluster.attr(label=label, style="rounded", color="grey75", fontcolor="grey35")
            for node in members:
                cluster.node(node.id, **node_attributes(node))
    for edge in tree.edges:
        graph.edge(edge.tail, edge.head, **edge_attributes(edge))
    return graph
