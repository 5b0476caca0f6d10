"""Building the tree: lay out a replay's lines as nodes and edges, then run the pipeline.

Why a module of its own: this is the only stage that reads the replay and the record (moves,
comments, headers, the viewer's projection); the stages after it (:mod:`mcn.tree.shape`,
:mod:`mcn.tree.alternatives`) only transform a :class:`~mcn.tree.model.Tree`.
"""

from __future__ import annotations

from mcn.engine import CHANCE, GameState
from mcn.engine.constants import colour_name
from mcn.notation.lexical import COLOUR_TAGS
from mcn.notation.model import Comment, Element, Game, Item
from mcn.replay import GameReplay, Line, Step
from mcn.tree.alternatives import add_alternatives
from mcn.tree.model import Edge, EdgeRole, Node, NodeRole, Tree, TreeOptions, own_address
from mcn.tree.shape import collapse, window
from mcn.views.projection import EVERYTHING, SeenMove, Viewer, project_line


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
        hint = _souls_hint(state) if own_address(address).endswith(".prep.1") else ""
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


def build_tree(replay: GameReplay, options: TreeOptions | None = None) -> Tree:
    """The drawable tree of ``replay`` (made with ``keep_states=True``) under ``options``."""
    options = options or TreeOptions()
    layout = _Layout(replay, options.viewer)
    tree = layout.lay_out()
    tree = window(tree, options.start, options.stop)
    tree = collapse(tree, options.collapse)
    return add_alternatives(tree, layout.states, options.alternatives, options.viewer)
