"""The stack of pending steps, shared between copies of a state.

A state is copied for every step a replay keeps (``replay``, ``position``, ``diff``, ``tree``),
for every variation and for every probe. Most steps are few and short-lived, but some records
pile them up: each META CULPA infraction of a player whose sin stones are all placed leaves a
den to empty and a stone to place (R-DEN-4), and nothing bounds how many infractions a record
holds. A copied list made every kept state as long as the stack, so 10,000 infractions cost
gigabytes (the memory grew with the square of the record).

:class:`Steps` is therefore persistent below and a plain list on top. The steps pushed since
the stack was last copied sit in a list of its own (``_live``: pushing and popping them makes
and frees nothing); everything below lies in a chain of immutable cells, the newest on top,
shared by every copy that has them. :meth:`copy` first moves the live steps into new cells
(then both stacks start with an empty list on the same chain), so a copy costs what was pushed
since the last one, and each kept state what its decision pushed, not what lies under it.
A stack that is never copied (a replay that keeps no states, random play) works on its list
alone, as the engine did before the stack was shared: a cell for every push was a tuple made,
tracked by the cyclic collector and freed again (pushing and popping cells were about 4 % of a
compiled ``apply``: docs/performance-history.md, "The compiled per-move drop, bisected").

The interface is the part of a list the engine uses (``[-1]``, ``append``, ``pop``,
``extend``, ``clear``, ``len``, truth, iteration from the bottom), so handlers read as before.
The engine reads the top of the stack several times per decision (whose decision, which
handler, whether automatic steps remain), so the step on top is also kept in a plain attribute,
:attr:`Steps.top` (None when the stack is empty): one slot read, where ``stack[-1]`` and
``bool(stack)`` are each a method call in the pure build (together about 7 % of a replay:
docs/performance-history.md, "The step stack's top").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from mcn.engine.step_types import Step

_Cell = tuple[Any, ...]
"""One cell of the shared part: ``(step, below)``, the step and the cell below it (None at the
bottom); never changed once made, so cells can be shared."""


class Steps:
    """A stack of steps whose copies share their cells (see the module docstring)."""

    __slots__ = ("_below", "_live", "_shared", "top")

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        #: The steps pushed since the last copy, the top last; this stack's own.
        self._live: list[Step] = []
        #: The shared chain under them (None when empty) and how many steps it holds.
        self._below: _Cell | None = None
        self._shared = 0
        #: The step on top (``self[-1]``), None when the stack is empty; read-only for callers.
        self.top: Step | None = None
        for step in steps:
            self.append(step)

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        # A flat tuple of steps: pickling the chain itself would recurse once per cell.
        return (Steps, (tuple(self),))

    def copy(self) -> Steps:
        """An independent stack with the same steps; it costs the steps pushed since this
        stack was last copied (they move into shared cells), not the stack's length."""
        live = self._live
        if live:
            below = self._below
            for step in live:
                below = (step, below)
            self._below = below
            self._shared += len(live)
            self._live = []
        other = Steps()
        other._below = self._below
        other._shared = self._shared
        other.top = self.top
        return other

    def append(self, step: Step) -> None:
        """Push ``step`` on top."""
        self._live.append(step)
        self.top = step

    def append_two(self, below: Step, top: Step) -> None:
        """Push ``below``, then ``top`` (every turn starts with two steps: one call for both)."""
        live = self._live
        live.append(below)
        live.append(top)
        self.top = top

    def push_first_on_top(self, steps: tuple[Step, ...]) -> None:
        """Push ``steps`` so that the first one ends on top (it runs first): one call where
        ``append`` for each was a call per step (``GameState._push``)."""
        if steps:
            live = self._live
            for index in range(len(steps) - 1, -1, -1):  # not reversed(): compiled, a plain loop
                live.append(steps[index])
            self.top = steps[0]

    def replace_top(self, step: Step) -> None:
        """Put ``step`` in the place of the step on top (``pop`` then ``append``, in one call
        where the top is this stack's own)."""
        live = self._live
        if live:
            live[-1] = step
            self.top = step
            return
        self.pop()
        self.append(step)

    def extend(self, steps: Iterable[Step]) -> None:
        """Push each of ``steps`` in turn (the last one ends on top), like ``list.extend``."""
        for step in steps:
            self.append(step)

    def pop(self) -> Step:
        """Take the step on top off the stack and return it."""
        live = self._live
        if live:
            step = live.pop()
            if live:
                self.top = live[-1]
            else:
                below = self._below
                self.top = None if below is None else below[0]
            return step
        cell = self._below
        if cell is None:
            raise IndexError("pop from an empty stack of steps")
        below = cell[1]
        self._below = below
        self._shared -= 1
        self.top = None if below is None else below[0]
        shared: Step = cell[0]
        return shared

    def clear(self) -> None:
        """Remove every step (the cells stay with any copy that shares them)."""
        self._live = []
        self._below = None
        self._shared = 0
        self.top = None

    def __len__(self) -> int:
        return len(self._live) + self._shared

    def __bool__(self) -> bool:
        return self.top is not None

    def __getitem__(self, index: int) -> Step:
        """The step at ``index`` counted as in a list from the bottom (``[-1]`` is the top;
        reading near the top is cheap, far down it walks the chain)."""
        live = self._live
        size = len(live) + self._shared
        from_top = -index - 1 if index < 0 else size - 1 - index
        if from_top < 0 or from_top >= size:
            raise IndexError("stack index out of range")
        if from_top < len(live):
            return live[len(live) - 1 - from_top]
        cell = self._below
        for _ in range(from_top - len(live)):
            assert cell is not None
            cell = cell[1]
        assert cell is not None
        step: Step = cell[0]
        return step

    def top_down(self) -> list[Step]:
        """The steps from the top down (the order in which they will run)."""
        out = self._live[::-1]
        cell = self._below
        while cell is not None:
            out.append(cell[0])
            cell = cell[1]
        return out

    def __iter__(self) -> Iterator[Step]:
        """The steps from the bottom up, as a list of them would be iterated."""
        steps = self.top_down()
        steps.reverse()
        return iter(steps)

    def __repr__(self) -> str:
        return f"Steps({list(self)!r})"
