"""Games merged: the moves at one decision (the explorer) and the merged tree.

Both are built one game at a time from the examiners' small answers (:mod:`mcn.explore.query`)
and hold no record: the explorer a row per distinct move at its decision, the tree a node per
distinct sequence of moves down to its depth. A game is counted as it comes and taken back
(:meth:`Explorer.remove`, :meth:`MergedTree.remove`) when the archive's judgement, which needs
the whole archive, sets it aside — so every game counts by the judgement of ``mcn validate``
and ``mcn standings``, and memory grows with the merged moves, not with the archive.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from mcn.engine.constants import CHANCE
from mcn.explore.moves import Seen
from mcn.explore.tally import Tally

#: A game's places by colour (None for an unfinished game).
Places = Mapping[str, int] | None


def place_of(places: Places, actor: str) -> int | None:
    """The mover's place (None: unfinished, chance, or a colour not at the table)."""
    if places is None or actor == CHANCE:
        return None
    return places.get(actor)


def seats(places: Places) -> int:
    """The players at the game's table."""
    return len(places) if places else 4


@dataclass(slots=True)
class Row:
    """One move at the decision explored: the move (a grouped chance step: its kind) and how
    its movers placed; for grouped chance, the outcomes counted one by one."""

    key: str
    actor: str
    chance: str | None
    tally: Tally = field(default_factory=Tally)
    addresses: dict[str, int] = field(default_factory=dict)
    outcomes: dict[str, int] = field(default_factory=dict)


class Explorer:
    """The moves played at one decision across the games, with the games that reach it."""

    def __init__(self, split_chance: bool = False) -> None:
        self.split_chance = split_chance
        #: Games that reach the decision (those that end there included).
        self.reached = Tally()
        #: Finished games that end at the decision (no move made there).
        self.ended = 0
        self.rows: dict[str, Row] = {}

    def add(self, moves: tuple[Seen, ...], places: Places, sign: int = 1) -> None:
        """Count one game that reached the decision and made ``moves`` there."""
        self.reached.reach(places is not None, sign)
        if not moves:
            self.ended += sign
        for seen in moves:
            key = seen.key(self.split_chance)
            row = self.rows.get(key)
            if row is None:
                row = self.rows[key] = Row(key, seen.actor, seen.chance)
            row.tally.add(place_of(places, seen.actor), sign, seats(places))
            _count(row.addresses, seen.address, sign)
            if seen.chance is not None and not self.split_chance:
                _count(row.outcomes, seen.label, sign)
            if row.tally.games == 0:
                del self.rows[key]

    def remove(self, moves: tuple[Seen, ...], places: Places) -> None:
        self.add(moves, places, -1)

    def ordered(self) -> list[Row]:
        """The rows, most played first (then by the move, for a stable order)."""
        return sorted(self.rows.values(), key=lambda r: (-r.tally.games, r.key))


def _count(counts: dict[str, int], key: str, sign: int) -> None:
    value = counts.get(key, 0) + sign
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


class TreeNode:
    """A node of the merged tree: the games whose first moves are the path to it. The tally is
    that of the move leading here (its mover's places); ``ended`` the finished games whose
    record ends here."""

    __slots__ = ("actor", "address", "chance", "children", "ended", "key", "parent", "tally")

    def __init__(self, key: str, actor: str, address: str, chance: str | None) -> None:
        self.key = key
        self.actor = actor
        self.address = address
        self.chance = chance
        self.tally = Tally()
        self.ended = 0
        self.children: dict[str, TreeNode] = {}
        self.parent: TreeNode | None = None

    def path(self) -> Iterator[TreeNode]:
        """This node and its ancestors up to (not including) the root."""
        node: TreeNode | None = self
        while node is not None and node.parent is not None:
            yield node
            node = node.parent


class MergedTree:
    """Games merged by their sequence of moves (as the viewer reads them), down to a depth."""

    def __init__(self, depth: int, split_chance: bool = False) -> None:
        self.depth = depth
        self.split_chance = split_chance
        self.root = TreeNode("", "", "start", None)

    def add(self, moves: tuple[Seen, ...], ends: bool, places: Places) -> TreeNode:
        """Count one game (its first moves, and whether its record ends within them); the
        node it reaches, to take it back by."""
        node = self.root
        node.tally.reach(places is not None)
        for seen in moves:
            key = seen.key(self.split_chance)
            child = node.children.get(key)
            if child is None:
                child = TreeNode(key, seen.actor, seen.address, seen.chance)
                child.parent = node
                node.children[key] = child
            child.tally.add(place_of(places, seen.actor), 1, seats(places))
            node = child
        if ends and places is not None:
            node.ended += 1
        return node

    def remove(self, leaf: TreeNode, ends: bool, places: Places) -> None:
        """Take back the game :meth:`add` counted at ``leaf``."""
        if ends and places is not None:
            leaf.ended -= 1
        for node in list(leaf.path()):
            node.tally.remove(place_of(places, node.actor))
            parent = node.parent
            if node.tally.games == 0 and parent is not None:
                del parent.children[node.key]
        self.root.tally.reach(places is not None, -1)
