"""What a viewer can infer about another player's chest (R-DON-1, R-HID-1, I-HID-2).

Every donation is public, only its compartment is secret. So the viewer knows the list of a
player's donations and each evaluation's reveal, and the chest's possible contents are exactly
the *assignments* of those donations to compartments I and II that agree with the reveals.

The donations fall into *windows*: window 0 before the first evaluation, window 1 between the
first and the second. An evaluation opens one compartment of every chest (I-HID-2): the
first, compartment I (R-CAT-2), tells which part of window 0 went into I, and so also which
part went into II; the second, compartment II, then tells the part of window 1 that went into
II. An assignment is therefore a free choice in the window still open, and for a closed window
a choice whose part in the revealed compartment equals the reveal (less what earlier windows
are known to hold). Donations are counted as distinct: two breads donated at different moments
are two donations, so an assignment is one choice of I or II for each of them.

The summary the viewer gets (:class:`ChestInference`): the number of consistent assignments
and, for each compartment, the least and the greatest value it can hold now in each of the
evaluation's categories (R-EVA-1: bread 1 and wine 2, cloth 1 and jewel 2, taler). Windows are
independent and items of one kind only ever count in their category, so the bounds add up per
window and per kind, and the count is a product of binomials and of coin subset-sum counts.
:func:`verdicts` compares the viewer's own compartments with those bounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

from mcn.knowledge.memory import Donation, Memory, item_vector

#: The evaluation's categories (R-EVA-1), in its order.
CATEGORIES: Final = ("bread & wine", "cloth & jewel", "money")
#: Item kinds of a chest vector: bread, wine, cloth, jewel, money.
KINDS: Final = 5

Vector = tuple[int, int, int, int, int]
Bounds = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
"""(min, max) per category, in :data:`CATEGORIES` order."""


def measure(vector: Sequence[int]) -> tuple[int, int, int]:
    """A chest's value in each category of the evaluation (R-EVA-1)."""
    return (vector[0] + 2 * vector[1], vector[2] + 2 * vector[3], vector[4])


@dataclass(frozen=True, slots=True)
class Window:
    """The donations of one window, as totals by kind (bread, wine, cloth, jewel, taler) and
    the coins among them, and for a closed window the part of them that went into
    ``compartment`` (``target``), as an evaluation revealed it."""

    total: Vector
    coins: tuple[int, ...]
    count: int
    compartment: int | None = None
    target: Vector | None = None


@dataclass(frozen=True, slots=True)
class ChestInference:
    """What the viewer knows about ``player``'s chest at a decision."""

    player: str
    donations: int
    assignments: int
    bounds: tuple[Bounds, Bounds]
    #: For each compartment: its contents (item vector) when every consistent assignment
    #: agrees, else None (the view masks it).
    contents: tuple[Vector | None, Vector | None]
    #: Whether each compartment has been evaluated already.
    evaluated: tuple[bool, bool]

    def to_json(self) -> dict[str, object]:
        """The ``knowledge`` entry of ``legal --as`` and ``replay --as`` JSON."""
        return {
            "player": self.player,
            "donations": self.donations,
            "assignments": self.assignments,
            "compartments": {
                name: {
                    "evaluated": self.evaluated[k],
                    **{
                        category: {"min": low, "max": high}
                        for category, (low, high) in zip(CATEGORIES, self.bounds[k], strict=True)
                    },
                }
                for k, name in enumerate(("I", "II"))
            },
        }


def windows_of(memory: Memory, player: str) -> list[Window]:
    """The windows of ``player``'s donations, with what the evaluations revealed."""
    out: list[Window] = []
    known_other: list[int] = [0] * KINDS  # what closed windows put into later-opened chests
    for window in range(memory.evaluations + 1):
        total = _vec(memory.totals.get((player, window), [0] * KINDS))
        coins = tuple(memory.coins.get((player, window), ()))
        count = sum(total[:4]) + len(coins)
        if window >= len(memory.reveals):
            out.append(Window(total, coins, count))
            continue
        reveal = memory.reveals[window]
        revealed = reveal.contents[player]
        # what the revealed compartment held from earlier windows is already known
        target = [revealed[i] - known_other[i] for i in range(KINDS)]
        out.append(Window(total, coins, count, reveal.compartment, _vec(target)))
        # this window's part in the other compartment is now known too (I-HID-2)
        known_other = [total[i] - target[i] for i in range(KINDS)]
    return out


def _subset_sums(values: Sequence[int], wanted: int) -> int:
    """How many subsets of ``values`` (as distinct items) sum to ``wanted``."""
    if wanted < 0:
        return 0
    ways = [1] + [0] * wanted
    for value in values:
        for total in range(wanted, value - 1, -1):
            ways[total] += ways[total - value]
    return ways[wanted]


def window_count(window: Window) -> int:
    """The number of assignments of one window that agree with its reveal."""
    if window.target is None:
        return 1 << window.count
    count = 1
    for kind in range(4):
        n = window.total[kind]
        count *= comb(n, window.target[kind]) if 0 <= window.target[kind] <= n else 0
    return count * _subset_sums(window.coins, window.target[4])


def _window_parts(window: Window) -> tuple[Vector, Vector, Vector]:
    """For a window: the fixed part in I, the fixed part in II and the free total."""
    zero = (0, 0, 0, 0, 0)
    if window.target is None:
        return zero, zero, window.total
    target = window.target
    other = _vec([window.total[i] - target[i] for i in range(KINDS)])
    if window.compartment == 0:
        return target, other, zero
    return other, target, zero


def _vec(values: Sequence[int]) -> Vector:
    return (values[0], values[1], values[2], values[3], values[4])


def infer(memory: Memory, player: str, count_assignments: bool = True) -> ChestInference:
    """The chest of ``player`` as the viewer of ``memory`` can know it (``count_assignments``
    False leaves the count at 0: a view needs only the contents)."""
    key = (player, count_assignments)
    known = memory.inferred.get(key)
    if isinstance(known, ChestInference):
        return known
    found = _infer(memory, player, count_assignments)
    memory.inferred[key] = found
    return found


def _infer(memory: Memory, player: str, count_assignments: bool) -> ChestInference:
    windows = windows_of(memory, player)
    evaluated = tuple(any(r.compartment == k for r in memory.reveals) for k in (0, 1))
    emptied_after = [memory.emptied_after(k) for k in (0, 1)]
    fixed = [[0] * KINDS, [0] * KINDS]
    free = [[0] * KINDS, [0] * KINDS]
    count = 1
    for index, window in enumerate(windows):
        if count_assignments:
            count *= window_count(window)
        parts = _window_parts(window)
        for k in (0, 1):
            gone = emptied_after[k]
            if gone is not None and index <= gone:
                continue  # emptied by its evaluation (R-EVA-4)
            for i in range(KINDS):
                fixed[k][i] += parts[k][i]
                free[k][i] += parts[2][i]
    bounds: list[Bounds] = []
    contents: list[Vector | None] = []
    for k in (0, 1):
        low = measure(fixed[k])
        extra = measure(free[k])
        bounds.append(
            (
                (low[0], low[0] + extra[0]),
                (low[1], low[1] + extra[1]),
                (low[2], low[2] + extra[2]),
            )
        )
        contents.append(_vec(fixed[k]) if not any(free[k]) else None)
    donations = sum(w.count for w in windows)
    return ChestInference(
        player,
        donations,
        count,
        (bounds[0], bounds[1]),
        (contents[0], contents[1]),
        (evaluated[0], evaluated[1]),
    )


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether the viewer wins (is the biggest donor in) a category of a pending evaluation,
    judged on the compartments as they are now: ``"certain to win"``, ``"certain to lose"`` or
    ``"depends"`` (on the secret compartments of the others)."""

    compartment: str
    category: str
    own: int
    verdict: str

    def to_json(self) -> dict[str, object]:
        return {
            "compartment": self.compartment,
            "category": self.category,
            "own": self.own,
            "verdict": self.verdict,
        }


def verdicts(
    own: tuple[Vector, Vector],
    others: Sequence[ChestInference],
    nearer_hell: Sequence[str],
    viewer: str,
    evaluated: tuple[bool, bool],
) -> list[Verdict]:
    """For each compartment not yet evaluated and each category: is the viewer, with his own
    contents ``own``, the biggest donor whatever the others' secret compartments hold?

    ``nearer_hell`` orders the players from nearest Hell (ties go to the player nearer Hell,
    R-TIE-1, R-EVA-2). A viewer who donated nothing in a category takes nothing (R-EVA-2: no
    donor), so he is certain to lose it.
    """
    rank = {colour: i for i, colour in enumerate(nearer_hell)}
    out: list[Verdict] = []
    for k, name in enumerate(("I", "II")):
        if evaluated[k]:
            continue
        mine = measure(own[k])
        for c, category in enumerate(CATEGORIES):
            value = mine[c]

            def beats(a: int, who_a: str, b: int, who_b: str) -> bool:
                return a > b or (a == b and rank[who_a] < rank[who_b])

            if value == 0:
                verdict = "certain to lose"
            elif all(beats(value, viewer, o.bounds[k][c][1], o.player) for o in others):
                verdict = "certain to win"
            elif any(not beats(value, viewer, o.bounds[k][c][0], o.player) for o in others):
                verdict = "certain to lose"
            else:
                verdict = "depends"
            out.append(Verdict(name, category, value, verdict))
    return out


def own_contents(memory: Memory, player: str) -> tuple[Vector, Vector]:
    """The true contents of ``player``'s compartments now (what he knows of his own chest)."""
    contents = [[0] * KINDS, [0] * KINDS]
    for donation in memory.chest_donations(player):
        gone = memory.emptied_after(donation.compartment)
        if gone is not None and donation.window <= gone:
            continue
        for i, n in enumerate(item_vector(donation.item)):
            contents[donation.compartment][i] += n
    return _vec(contents[0]), _vec(contents[1])


__all__ = [
    "CATEGORIES",
    "ChestInference",
    "Donation",
    "Verdict",
    "Window",
    "infer",
    "measure",
    "own_contents",
    "verdicts",
    "window_count",
    "windows_of",
]
