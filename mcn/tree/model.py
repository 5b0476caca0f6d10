"""The tree's data: decision addresses, and the plain Node/Edge/Tree records.

Why a module of its own: every other stage of :mod:`mcn.tree` (building, window, collapse,
alternatives, drawing) reads and writes these records and nothing else, so they live apart
from all of them and import nothing from the package.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Final, Literal

from mcn.engine import CHANCE
from mcn.views.projection import EVERYTHING, Viewer

NodeRole = Literal["decision", "chance", "end", "collapsed", "alternative"]
EdgeRole = Literal["main", "variation", "alternative"]

_PHASES: Final = {"prep": 0, "bid": 1, "pick": 2, "post": 4}
_COLOUR_ORDER: Final = "RBGY"


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


def own_address(address: str) -> str:
    """The decision's own part of a variation address (after the last ``:``)."""
    return address.rsplit(":", 1)[-1]


def _round_of(address: str) -> str | None:
    head = own_address(address).split(".", 1)[0]
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
    #: viewer may know them (:mod:`mcn.views.projection`).
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
    #: Figures drawn under the move (``mcn tree --merge``: games, win rate), and the line
    #: width that shows how often it was played (None: the role's width).
    stats: str = ""
    width: float | None = None

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


def tree_counts(tree: Tree) -> Counter[str]:
    """Nodes and edges by role (for reports and tests)."""
    counts: Counter[str] = Counter()
    for node in tree.nodes.values():
        counts[f"node:{node.role}"] += 1
    for edge in tree.edges:
        counts[f"edge:{edge.role}"] += 1
    return counts
