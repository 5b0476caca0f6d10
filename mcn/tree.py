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
"""

from __future__ import annotations

import html
import random
import re
import shutil
import subprocess
import zlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from math import comb, factorial
from typing import Final, Literal, cast

import graphviz

from mcn.engine import CHANCE, Action, GameState, IllegalAction
from mcn.engine.constants import colour_name
from mcn.limits import MAX_LABEL_CHARS, MAX_TOOLTIP_CHARS, shorten
from mcn.notation.lexical import COLOUR_TAGS
from mcn.notation.model import Comment, Element, Game, Item
from mcn.projection import EVERYTHING, SeenMove, Viewer, project_line
from mcn.replay import GameReplay, Line, Step

NodeRole = Literal["decision", "chance", "end", "collapsed", "alternative"]
EdgeRole = Literal["main", "variation", "alternative"]

_BIG: Final = 1 << 30
_PHASES: Final = {"prep": 0, "bid": 1, "pick": 2, "post": 4}
_COLOUR_ORDER: Final = "RBGY"
_LABEL_LIMIT: Final = 64
_COMMENT_EXCERPT: Final = 32
_CHANCE_TRIES: Final = 12
"""Sampling attempts per wanted chance alternative (chance outcomes are never enumerated)."""


# ---------------------------------------------------------------------------------- addresses


def address_key(address: str) -> tuple[int, ...]:
    """The game-order sort key of a decision address or address prefix (``3``, ``3.5``).

    Only the address's own part counts (after the last ``/k:`` of a variation prefix). Raises
    ValueError for text that is not an address.
    """
    own = address.rsplit(":", 1)[-1].strip()
    parts = own.split(".")
    head = parts[0]
    if head == "setup":
        if len(parts) == 1:
            return (0,)
        if len(parts) == 2 and parts[1].isdigit():
            return (0, 0, 0, int(parts[1]))
        raise ValueError(f"not a decision address: {address!r}")
    if not head.isdigit() or int(head) < 1 or len(parts) > 3:
        raise ValueError(f"not a decision address: {address!r}")
    key = [int(head)]
    if len(parts) >= 2:
        phase = parts[1]
        if phase.isdigit():
            key += [3, int(phase)]
        elif phase in _PHASES:
            key += [_PHASES[phase], 0]
        else:
            raise ValueError(f"not a decision address: {address!r}")
        if len(parts) == 3:
            last = parts[2]
            if last.isdigit():
                key.append(int(last))
            elif phase == "bid" and len(last) == 1 and last.upper() in _COLOUR_ORDER:
                key.append(_COLOUR_ORDER.index(last.upper()))
            else:
                raise ValueError(f"not a decision address: {address!r}")
    return tuple(key)


def _own(address: str) -> str:
    return address.rsplit(":", 1)[-1]


def _round_of(address: str) -> str | None:
    head = _own(address).split(".", 1)[0]
    return head if head == "setup" or head.isdigit() else None


# ---------------------------------------------------------------------------------- model


@dataclass(frozen=True, slots=True)
class TreeOptions:
    """What to draw. ``collapse``: fold plain stretches of at least this many decisions
    (0 never folds); ``alternatives``: unplayed legal actions shown per decision."""

    alternatives: int = 0
    start: str | None = None
    stop: str | None = None
    collapse: int = 4
    rankdir: Literal["TB", "LR"] = "TB"
    #: Whose view to draw (``mcn tree --as``): moves, annotations and alternatives as that
    #: viewer may know them (:mod:`mcn.projection`).
    viewer: Viewer = EVERYTHING


@dataclass(slots=True)
class Node:
    """A decision point: the state before a decision (or where a line of play ends).

    ``address`` is the full address of the pending decision (``"end"`` once the game is over);
    ``actors`` who decides. ``folded`` lists the decisions a collapsed node stands for, with
    their moves; ``legal`` is the engine's count of legal options (when alternatives are asked
    for; ``legal_exact`` is False for a chance count that is only a bound).
    """

    id: str
    address: str
    role: NodeRole
    actors: tuple[str, ...]
    depth: int
    prompt: str = ""
    hint: str = ""
    cut: bool = False
    folded: tuple[tuple[str, str], ...] = ()
    legal: int | None = None
    legal_exact: bool = True
    note: str = ""

    @property
    def round(self) -> str | None:
        """``"setup"``, ``"3"`` …, or None for the end of the game."""
        if self.folded:
            return _round_of(self.folded[0][0])
        return None if self.address == "end" else _round_of(self.address)


@dataclass(slots=True)
class Edge:
    """An action taken (or, for ``role == "alternative"``, one the engine allowed but nobody
    played) at the decision ``tail``."""

    tail: str
    head: str
    address: str
    actor: str
    text: str
    role: EdgeRole
    glyphs: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()
    implicit: bool = False

    @property
    def annotated(self) -> bool:
        """Whether the record says something about this move besides the move."""
        return bool(self.glyphs or self.comments)

    @property
    def move(self) -> str:
        """The move as a record writes it: ``B: buy wine`` (chance: ``market: …``)."""
        return self.text if self.actor == CHANCE else f"{self.actor}: {self.text}"


@dataclass(slots=True)
class Tree:
    """The drawable tree: nodes by id (insertion order is drawing order) and edges."""

    nodes: dict[str, Node] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)
    title: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------- building


class _Layout:
    """Lays out the lines of a replay as nodes and edges, keeping each node's state."""

    def __init__(self, replay: GameReplay, viewer: Viewer = EVERYTHING) -> None:
        self.replay = replay
        self.viewer = viewer
        self.tree = Tree(title=_title(replay.game))
        self.states: dict[str, GameState] = {}
        self.comments = _loose_comments(replay.game)
        self.line_nodes: dict[int, list[str]] = {}
        self.depth: dict[int, int] = {}

    def new_node(self, address: str, state: GameState, actors: tuple[str, ...], depth: int) -> str:
        node_id = f"n{len(self.tree.nodes)}"
        role: NodeRole = "chance" if actors == (CHANCE,) else "decision"
        hint = _souls_hint(state) if _own(address).endswith(".prep.1") else ""
        self.tree.nodes[node_id] = Node(
            node_id, address, role, actors, depth, prompt=state.decision.prompt, hint=hint
        )
        self.states[node_id] = state
        return node_id

    def lay_out(self) -> Tree:
        for line in self.replay.lines():
            self.lay_out_line(line)
        return self.tree

    def lay_out_line(self, line: Line) -> None:
        depth = 0 if line.parent is None else self.depth[id(line.parent)] + 1
        self.depth[id(line)] = depth
        if line.parent is None:
            first = line.steps[0] if line.steps else None
            ids = [self.start_node(line, first, depth)]
        else:
            ids = [self.line_nodes[id(line.parent)][line.branch_index]]
        role: EdgeRole = "main" if depth == 0 else "variation"
        seen = project_line(line, self.viewer)  # each move as read at the end of its line
        offset = len(seen.path) - len(line.steps)
        for index, step in enumerate(line.steps):
            state = step.state
            if state is None:
                raise ValueError("build_tree needs a replay made with keep_states=True")
            following = line.steps[index + 1] if index + 1 < len(line.steps) else None
            if following is not None:
                node_id = self.new_node(following.address, state, (following.action.actor,), depth)
            else:
                node_id = self.end_node(line, state, depth)
            self.tree.edges.append(
                self.edge(ids[-1], node_id, step, role, seen.move(offset + index))
            )
            ids.append(node_id)
        self.line_nodes[id(line)] = ids

    def start_node(self, line: Line, first: Step | None, depth: int) -> str:
        if first is None:
            return self.end_node(line, line.final or line.start, depth)
        return self.new_node(first.address, line.start, (first.action.actor,), depth)

    def end_node(self, line: Line, state: GameState, depth: int) -> str:
        """Where a line stops: the game's end, or the decision the record leaves open."""
        final = line.final if line.final is not None else state
        if final.is_terminal():
            node_id = self.new_node("end", final, (), depth)
        else:
            address = line.prefix + final.decision.address
            node_id = self.new_node(address, final, final.decision.actors, depth)
        node = self.tree.nodes[node_id]
        node.role = "end"
        node.hint = _souls_hint(final)
        if final.is_terminal():
            winners = ", ".join(colour_name(c) for c in final.winners()) or "nobody"
            node.note = f"won: {winners}"
        elif line.error is not None:
            node.note = line.error.message
        return node_id

    def edge(self, tail: str, head: str, step: Step, role: EdgeRole, seen: SeenMove) -> Edge:
        """The edge of ``step``; for a viewer, annotations are the record's only where
        ``mcn redact`` keeps them (his own moves; glyphs of moves he can read)."""
        move = step.move
        glyphs: tuple[str, ...] = ()
        comments: list[str] = []
        everything = self.viewer == EVERYTHING
        own = everything or (self.viewer is not None and self.viewer == step.action.actor)
        if move is not None:
            glyphs = move.glyphs if own or not seen.hidden else ()
            if own:
                comments.extend(self.comments.get(id(move), ()) if everything else ())
                comments.extend(c.text for c in move.before)
                comments.extend(c.text for c in move.after)
        return Edge(
            tail,
            head,
            step.address,
            step.action.actor,
            seen.text,
            role,
            glyphs,
            tuple(comments),
            implicit=move is None,
        )


def _loose_comments(game: Game) -> dict[int, list[str]]:
    """Game-level comments (in the body or a variation), keyed by ``id`` of the next move."""
    out: dict[int, list[str]] = {}
    work: list[tuple[Element, ...]] = [game.body]
    while work:
        elements = work.pop()
        pending: list[str] = []
        for element in elements:
            if isinstance(element, Comment):
                pending.append(element.text)
            elif isinstance(element, Item):
                if pending:
                    out.setdefault(id(element.moves[0]), []).extend(pending)
                    pending = []
                for move in element.moves:
                    work.extend(move.variations)
    return out


def _souls_hint(state: GameState) -> str:
    """Soul positions, nearest Heaven first: ``Y -7 · G 6 · R 8 · B 9``."""
    heaven = -state.board.heaven
    parts = [f"{c} {'heaven' if s <= heaven else s}" for c, s in state.souls()]
    return " · ".join(parts)


def _title(game: Game) -> tuple[str, ...]:
    lines = [game.header("Event") or "?"]
    names = [f"{COLOUR_TAGS[c]}: {game.header(COLOUR_TAGS[c])}" for c in game.players]
    if names:
        lines.append(" · ".join(names))
    result = game.header("Result")
    if result:
        lines.append(f"Result: {result}")
    return tuple(lines)


# ---------------------------------------------------------------------------------- window


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


# ---------------------------------------------------------------------------------- alternatives


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
        try:
            state.check(action)
        except IllegalAction:
            continue
        seen.add(action.text)
        out.append(action)
    return out


# ---------------------------------------------------------------------------------- the pipeline


def build_tree(replay: GameReplay, options: TreeOptions | None = None) -> Tree:
    """The drawable tree of ``replay`` (made with ``keep_states=True``) under ``options``."""
    options = options or TreeOptions()
    layout = _Layout(replay, options.viewer)
    tree = layout.lay_out()
    tree = window(tree, options.start, options.stop)
    tree = collapse(tree, options.collapse)
    return add_alternatives(tree, layout.states, options.alternatives, options.viewer)


# ---------------------------------------------------------------------------------- escaping

_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")


def _picture(match: re.Match[str]) -> str:
    """A control character as its visible Unicode 'control picture' (or U+FFFD)."""
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    return "\ufffd"


def printable(text: str) -> str:
    """Record text made safe for Graphviz and XML: line ends become ``\\n``, control characters
    (which XML cannot carry at all) become visible pictures; everything else is unchanged."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub(_picture, text)


def html_text(text: str, limit: int = MAX_LABEL_CHARS) -> str:
    """Text for inside a Graphviz HTML-like label: at most ``limit`` characters (cut with
    ``…``: Graphviz fails on an HTML string over 16 KB), entities escaped, newlines as
    ``<BR/>``, and backslashes doubled — Graphviz expands ``\\G \\E \\N \\H \\T \\L`` even
    in HTML labels (``{see \\G}`` would be drawn as "see mcn")."""
    escaped = html.escape(printable(shorten(text, limit)), quote=True).replace("\\", "\\\\")
    return escaped.replace("\n", '<BR ALIGN="LEFT"/>')


def escaped_string(text: str, limit: int = MAX_TOOLTIP_CHARS) -> str:
    """Text for a quoted Graphviz escString attribute (tooltips): at most ``limit`` characters
    (cut with ``…``), newlines as ``\\n``, ``&`` as ``&amp;`` (Graphviz reads entities in every
    string), and each backslash written as four: the DOT reader and the escString expansion
    each halve them, so none can start ``\\G``, ``\\E``, ``\\N``, ``\\H``, ``\\T``, ``\\L``,
    ``\\l`` or ``\\r``. The graphviz package then escapes the quotes. Never read as HTML."""
    escaped = printable(shorten(text, limit)).replace("\\", "\\\\\\\\").replace("&", "&amp;")
    escaped = escaped.replace("\n", "\\n")
    return cast(str, graphviz.nohtml(escaped))  # a str subclass the package never reads as HTML


def _html(lines: Iterable[str]) -> str:
    """An HTML-like label from already escaped lines."""
    return "<" + "<BR/>".join(lines) + ">"


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
        lines.append(f"<B>{html_text(_own(first))} … {html_text(_own(last))}</B>")
        lines.append(html_text(f"{len(node.folded)} decisions"))
        tip.extend(f"{address} {move}" for address, move in node.folded)
    else:
        title = "end" if node.address == "end" else _own(node.address)
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
        lines.append(f"<I>{html_text(_shorten(node.note, _LABEL_LIMIT))}</I>")
        tip.append(node.note)
    if node.cut:
        lines.append(html_text("…"))
        tip.append("the record goes on beyond the window")
    attributes = {
        "id": node.id,
        "class": f"node-{node.role}" + (" main" if node.depth == 0 else ""),
        "label": _html(lines),
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
    text = _shorten(edge.move, _LABEL_LIMIT)
    label = html_text(text)
    if edge.glyphs:
        label += " <B>" + html_text(" ".join(edge.glyphs)) + "</B>"
    if edge.implicit:
        label = f"<I>{label}</I>"
    if edge.comments:
        excerpt = _shorten(edge.comments[0], _COMMENT_EXCERPT)
        label += '<BR/><FONT POINT-SIZE="8"><I>' + html_text("{" + excerpt + "}") + "</I></FONT>"
    tip = [f"{edge.address} {edge.move}"]
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
        "label": _html([label]),
        "tooltip": tooltip,
        "labeltooltip": tooltip,
    }
    attributes.update(_EDGE_STYLE[edge.role])
    if edge.implicit and edge.role != "alternative":
        attributes["fontcolor"] = "grey40"
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
            "label": _html(html_text(line) for line in tree.title),
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


FORMATS: Final = ("dot", "gv", "svg", "png", "pdf")


class GraphvizError(Exception):
    """Graphviz ``dot`` failed; the message is its own (or why it could not run)."""


def render(graph: graphviz.Digraph, fmt: str) -> bytes:
    """The graph in ``fmt``: DOT source needs nothing; the others run Graphviz ``dot``.

    ``dot`` reads the whole source from a pipe and may stop reading early when it fails: the
    broken pipe is not the error, its message is. Raises ``graphviz.ExecutableNotFound`` when
    ``dot`` is missing and :class:`GraphvizError` (with what ``dot`` said) when it fails.
    """
    source: str = graph.source
    if fmt in ("dot", "gv"):
        return source.encode("utf-8")
    binary = shutil.which("dot")
    if binary is None:
        raise graphviz.ExecutableNotFound(["dot"])
    try:
        done = subprocess.run(
            [binary, f"-T{fmt}"], input=source.encode("utf-8"), capture_output=True, check=False
        )
    except OSError as error:
        raise GraphvizError(f"cannot run dot: {error.strerror or error}") from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        detail = "; ".join(line.strip() for line in said if line.strip())[:500]
        raise GraphvizError(detail or f"dot exited with status {done.returncode}")
    return done.stdout


def tree_counts(tree: Tree) -> Counter[str]:
    """Nodes and edges by role (for reports and tests)."""
    counts: Counter[str] = Counter()
    for node in tree.nodes.values():
        counts[f"node:{node.role}"] += 1
    for edge in tree.edges:
        counts[f"edge:{edge.role}"] += 1
    return counts


__all__ = [
    "Edge",
    "GraphvizError",
    "Node",
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
    "to_graphviz",
    "window",
]
