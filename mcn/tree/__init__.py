"""Draw a record's decision tree with Graphviz.

The tree is built in two independent stages, so each can be tested on its own:

1. **Model** (:func:`build_tree`): from a replay (``keep_states=True``) to plain :class:`Node`
   and :class:`Edge` records. A node is a decision point (the state before a decision), an edge
   is the action taken there. The main line and every variation are laid out with one work
   list, never recursion; a variation starts at the node of the move it replaces. Then, in
   order: the ``--from/--to`` window, the collapse of long plain stretches, and the unplayed
   legal alternatives the engine offers at each decision shown.
2. **Drawing** (:func:`to_graphviz`): small pure decorators turn each node and edge into a
   Graphviz attribute dict (:func:`node_attributes`, :func:`edge_attributes`). Every piece of
   record text goes through :func:`html_text` or :func:`escaped_string`, so quotes, angle
   brackets, braces, backslashes, newlines and control characters can never break or inject
   into the DOT source or the SVG.

Rounds are clusters; chance decisions are diamonds; the main line is bold; alternatives are
grey and dashed.

One concept per module; this package only re-exports them, so ``from mcn.tree import …``
keeps working for every name:

- :mod:`mcn.tree.model`: decision addresses and the Node/Edge/Tree records.
- :mod:`mcn.tree.build`: laying out a replay's lines; :func:`build_tree`, the pipeline.
- :mod:`mcn.tree.shape`: the ``--from/--to`` window and the collapse of plain stretches.
- :mod:`mcn.tree.alternatives`: unplayed legal alternatives; counting chance outcomes.
- :mod:`mcn.tree.labels`: escaping record text for Graphviz labels and tooltips (limits).
- :mod:`mcn.tree.draw`: node/edge attribute decorators and :func:`to_graphviz`.
- :mod:`mcn.tree.dot`: :func:`render`, running Graphviz ``dot``.
"""

from __future__ import annotations

from mcn.tree.alternatives import add_alternatives, sample_chance
from mcn.tree.build import build_tree
from mcn.tree.dot import FORMATS, GraphvizError, render
from mcn.tree.draw import edge_attributes, node_attributes, to_graphviz
from mcn.tree.labels import escaped_string, html_text, printable
from mcn.tree.model import (
    Edge,
    EdgeRole,
    Node,
    NodeRole,
    Tree,
    TreeOptions,
    address_key,
    tree_counts,
)
from mcn.tree.shape import collapse, window
from mcn.views.legal import chance_count  # counted where `mcn legal` counts them

__all__ = [
    "FORMATS",
    "Edge",
    "EdgeRole",
    "GraphvizError",
    "Node",
    "NodeRole",
    "Tree",
    "TreeOptions",
    "add_alternatives",
    "address_key",
    "build_tree",
    "chance_count",
    "collapse",
    "edge_attributes",
    "escaped_string",
    "html_text",
    "node_attributes",
    "printable",
    "render",
    "sample_chance",
    "to_graphviz",
    "tree_counts",
    "window",
]
