"""The stack of pending steps, shared between copies of a state.

A state is copied for every step a replay keeps (``replay``, ``position``, ``diff``, ``tree``),
for every variation and for every probe. Most steps are few and short-lived, but some records
pile them up: each META CULPA infraction of a player whose sin stones are all placed leaves a
den to empty and a stone to place (R-DEN-4), and nothing bounds how many infractions a record
holds. A copied list made every kept state as long as the stack, so 10,000 infractions cost
gigabytes (the memory grew with the square of the record).

:class:`Steps` is a persistent stack instead: a chain of immutable cells, the newest on top.
Pushing makes one new cell on top of the old chain and popping moves the top down it, so a
copy is one pointer and the cells below are shared by every state that has them — each kept
state costs what it pushed, not what lies under it. The interface is the part of a list the
engine uses (``[-1]``, ``append``, ``pop``, ``extend``, ``clear``, ``len``, truth, iteration from
the bottom), so handlers read as before.

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
"""One cell: ``(step, below)``, the step and the cell below it (None at the bottom); never
changed once made, so cells can be shared. A pair rather than a class: the engine pushes a few
steps for every decision, and a tuple is built without the interpreted ``__init__`` a class
instance runs in the pure build."""


class Steps:
    """A stack of steps whose copies share their cells (see the module docstring)."""

    __slots__ = ("_size", "_top", "top")

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self._top: _Cell | None = None
        self._size = 0
        #: The step on top (``self[-1]``), None when the stack is empty; read-only for callers.
        self.top: Step | None = None
        for step in steps:
            self.append(step)

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        # A flat tuple of steps: pickling the chain itself would recurse once per cell.
        return (Steps, (tuple(self),))

    def copy(self) -> Steps:
        """An independent stack with the same steps, in constant time and memory."""
        other = Steps()
        other._top = self._top
        other._size = self._size
        other.top = self.top
        return other

    def append(self, step: Step) -> None:
        """Push ``step`` on top."""
        self._top = (step, self._top)
        self._size += 1
        self.top = step

    def extend(self, steps: Iterable[Step]) -> None:
        """Push each of ``steps`` in turn (the last one ends on top), like ``list.extend``."""
        for step in steps:
            self.append(step)

    def pop(self) -> Step:
        """Take the step on top off the stack and return it."""
        top = self._top
        if top is None:
            raise IndexError("pop from an empty stack of steps")
        below: _Cell | None = top[1]
        self._top = below
        self._size -= 1
        self.top = None if below is None else below[0]
        step: Step = top[0]
        return step

    def clear(self) -> None:
        """Remove every step (the cells stay with any copy that shares them)."""
        self._top = None
        self._size = 0
        self.top = None

    def __len__(self) -> int:
        return self._size

    def __bool__(self) -> bool:
        return self._top is not None

    def __getitem__(self, index: int) -> Step:
        """The step at ``index`` counted as in a list from the bottom (``[-1]`` is the top;
        reading near the top is cheap, far down it walks the chain)."""
        from_top = -index - 1 if index < 0 else self._size - 1 - index
        if from_top < 0 or from_top >= self._size:
            raise IndexError("stack index out of range")
        cell = self._top
        for _ in range(from_top):
            assert cell is not None
            cell = cell[1]
        assert cell is not None
        step: Step = cell[0]
        return step

    def top_down(self) -> list[Step]:
        """The steps from the top down (the order in which they will run)."""
        out: list[Step] = []
        cell = self._top
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
