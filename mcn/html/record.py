"""The move list of the HTML viewer: a record's body, linked to the viewer's frames.

The page lists the record as it was written — section markers, items with their moves, glyphs
and comments, game-level comments, checkpoints, variations — plus the decisions the record
left implicit (forced moves, a turn's ``end``), faintly, because the arrow keys step through
every decision. Each move carries the index of its frame (:mod:`mcn.html.frames`), so a click
shows the position after it.

Variations nest without limit in a record, so nothing here recurses: like the record's JSON
form, the list is a flat table of lines (``lines[0]`` is the main line), and a move refers to
its variations by index. Only variations that replay reached are listed (replay stops at
:data:`mcn.replay.MAX_VARIATION_DEPTH`), so the page's nesting is bounded too.

A move's text is the viewer's (from its frame), never the record's, so a page built for one
player shows every move as that player saw it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mcn.html.frames import Frames
from mcn.html.sharing import Sharing
from mcn.notation.model import Checkpoint, Comment, Element, Item, Move, Section
from mcn.replay import Line


def _section(address: str) -> str:
    """``3.5`` for ``3.5.2``; variations keep their prefix, so sections never mix lines."""
    return address.rsplit(".", 1)[0]


class _LineWriter:
    """Writes the nodes of one record line (main line or a variation) next to its replay."""

    def __init__(self, builder: _Builder, line: Line | None, out: list[dict[str, Any]]) -> None:
        self.builder = builder
        self.line = line
        self.out = out
        self.cursor = 0  # the next step of ``line`` not yet listed
        self.index: dict[int, int] = {}
        if line is not None:
            self.index = {id(s.move): i for i, s in enumerate(line.steps) if s.move is not None}

    def text(self, step: int, node: dict[str, Any]) -> dict[str, Any]:
        """Give ``node`` (the move of step ``step``) its text as its own frame reads it, and,
        when that hides a secret revealed later on the line, the frame that reveals it (whose
        ``rv`` holds the revealed text: :func:`mcn.html.frames.attach_reveals`)."""
        assert self.line is not None
        frames = self.builder.frames
        taken = self.line.steps[step]
        node["f"] = frames.of_step[id(taken)]
        actor, _, text = frames.frames[node["f"]]["m"].partition(": ")
        node.update(h=actor, x=text)
        reveal = frames.reveal_of.get(id(taken))
        if reveal is not None:
            node["r"] = reveal
        return node

    def implicit(self, stop: int, moves: list[dict[str, Any]]) -> None:
        """List the implicit steps before step ``stop``."""
        assert self.line is not None
        while self.cursor < stop:
            moves.append(self.text(self.cursor, {"i": 1}))
            self.cursor += 1

    def absorb(self, section: str, moves: list[dict[str, Any]]) -> None:
        """After an item: its turn's implicit steps (same section) belong to it."""
        steps = self.line.steps if self.line is not None else []
        while (
            self.cursor < len(steps)
            and steps[self.cursor].move is None
            and _section(steps[self.cursor].address) == section
        ):
            moves.append(self.text(self.cursor, {"i": 1}))
            self.cursor += 1

    def item(self, item: Item) -> None:
        moves: list[dict[str, Any]] = []
        section: str | None = None
        for move in item.moves:
            step = self.index.get(id(move))
            if step is not None:
                self.implicit(step, moves)
                self.cursor = step + 1
                assert self.line is not None
                section = section or _section(self.line.steps[step].address)
                moves.append(self.builder.move(move, self.line, step, self.text(step, {})))
            elif self.builder.sharing.unplayed:
                moves.append(self.builder.unplayed(move))
        if section is not None:
            self.absorb(section, moves)
        if moves:
            node: dict[str, Any] = {"t": "i", "m": moves}
            if item.label is not None:
                node["n"] = item.label
            self.out.append(node)

    def finish(self) -> None:
        """The implicit steps after the last item, and the line's error, if any."""
        if self.line is None:
            return
        if self.cursor < len(self.line.steps):
            moves: list[dict[str, Any]] = []
            self.implicit(len(self.line.steps), moves)
            self.out.append({"t": "i", "m": moves})
        error = self.line.error
        if error is not None:
            if self.builder.sharing.full:
                address = f"{error.address}: " if error.address else ""
                rule = f" [{error.rule}]" if error.rule else ""
                text = f"{address}{error.message}{rule}"
            else:
                text = "the record breaks off here: it has an error"
            self.out.append({"t": "e", "x": text})


class _Builder:
    def __init__(self, frames: Frames, sharing: Sharing) -> None:
        self.frames = frames
        self.sharing = sharing
        self.lines: list[list[dict[str, Any]]] = []
        self.work: list[tuple[Sequence[Element], Line | None, list[dict[str, Any]]]] = []

    def new_line(self, elements: Sequence[Element], line: Line | None) -> int:
        nodes: list[dict[str, Any]] = []
        self.lines.append(nodes)
        self.work.append((elements, line, nodes))
        return len(self.lines) - 1

    def move(self, move: Move, line: Line, step: int, node: dict[str, Any]) -> dict[str, Any]:
        """The node of ``move`` (step ``step`` of ``line``): its annotations and the
        variations the page holds (:mod:`mcn.html.sharing`)."""
        taken = line.steps[step]
        hidden = id(taken) in self.frames.hidden
        if self.sharing.glyphs_of(move.actor, hidden) and move.glyphs:
            node["g"] = list(move.glyphs)
        if not self.sharing.annotations_of(move.actor):
            return node
        self.annotate(node, move)
        of_line = self.frames.of_line
        children = [c for c in line.children if c.branch_index == step and id(c) in of_line]
        by_number = {child.number: child for child in children}
        variations = [
            self.new_line(elements, by_number.get(number))
            for number, elements in enumerate(move.variations, 1)
            if number in by_number
        ]
        if variations:
            node["v"] = variations
        return node

    def unplayed(self, move: Move) -> dict[str, Any]:
        """A move replay never reached (after an error): its record text, without a frame."""
        node: dict[str, Any] = {"h": move.actor, "x": move.text}
        self.annotate(node, move)
        return node

    @staticmethod
    def annotate(node: dict[str, Any], move: Move) -> None:
        if move.glyphs:
            node["g"] = list(move.glyphs)
        if move.before:
            node["b"] = [comment.text for comment in move.before]
        if move.after:
            node["c"] = [comment.text for comment in move.after]

    def element(self, element: Element, writer: _LineWriter) -> None:
        if isinstance(element, Item):
            writer.item(element)
        elif isinstance(element, Section):
            label = "Setup" if element.kind == "setup" else f"Round {element.number}"
            writer.out.append({"t": "r", "x": label})
        elif isinstance(element, Comment):
            if self.sharing.game_comments:
                writer.out.append({"t": "c", "x": element.text})
        elif isinstance(element, Checkpoint) and self.sharing.checkpoint(element.name):
            writer.out.append({"t": "k", "x": f"<{element.text}>"})

    def run(self) -> list[list[dict[str, Any]]]:
        while self.work:
            elements, line, nodes = self.work.pop()
            writer = _LineWriter(self, line, nodes)
            for element in elements:
                self.element(element, writer)
            writer.finish()
        return self.lines


def move_list(
    body: Sequence[Element], main: Line | None, frames: Frames, sharing: Sharing
) -> list[list[dict[str, Any]]]:
    """The page's move list: a flat table of lines of nodes (``lines[0]`` is the main line).

    Nodes: ``{"t": "i", "n": label, "m": [moves]}`` an item, ``{"t": "r"}`` a section
    marker, ``{"t": "c"}`` a game-level comment, ``{"t": "k"}`` a checkpoint, ``{"t": "e"}``
    where the line stops at an error (each with its text ``x``). A move is
    ``{"f": frame, "h": actor, "x": text, "g": glyphs, "b": before-comments, "c":
    after-comments, "v": [line indices], "i": 1 if the record left it implicit, "r": the
    frame that reveals what ``x`` hides}``.
    """
    builder = _Builder(frames, sharing)
    builder.new_line(body, main)
    return builder.run()
