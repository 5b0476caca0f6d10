"""The base of mcn's immutable value classes: the record model, actions, events, diagnostics.

A value class is declared as a plain frozen, slotted dataclass — its fields are its
documentation, ``dataclasses.fields``/``replace`` and mypy read them — that leaves equality,
hashing, ``repr`` and pickling to :class:`Value`::

    @dataclass(frozen=True, slots=True, repr=False, eq=False)
    class Placing(Value):
        player: str
        place: int

Why not let ``dataclass`` generate those methods: it compiles new source for each of them in
each class at import — for the 100-odd classes every command imports, about a third of what an
``mcn`` process does before reading its input (issue 34). These methods are written once,
behave exactly as the generated ones (equal when of the same class with equal compared fields,
the same hash, the same ``repr``), and in the compiled build are native code.

A class that writes its ``__init__`` out (the classes made per decision, listed with the
measurement in docs/performance.md, "Which value classes write their constructor out") is
declared without ``frozen=True`` and leaves its immutability to :class:`Value` too, whose
``__setattr__`` and ``__delattr__`` (:mod:`mcn.base.immutable`) refuse every assignment with the
error and message a frozen dataclass raises::

    @dataclass(slots=True, init=False, repr=False, eq=False)
    class Buy(Action):
        good: str

        def __init__(self, actor: str, good: str) -> None:
            object.__setattr__(self, ACTOR, actor)  # ACTOR: an inherited field, see below
            object.__setattr__(self, "good", good)

``frozen=True`` would have ``dataclass`` compile a ``__setattr__`` and a ``__delattr__`` for
each class at every start: for the 74 such classes, about a tenth of a command's start-up
(docs/performance-history.md, "Start-up, seventh pass"). The price: mypy no longer flags an
assignment to their fields (it still does for the classes declared ``frozen=True``), and the
compiled build refuses an assignment only where it goes through Python's attribute protocol (an
assignment compiled by mypyc would store directly), so the suite's pure run is what catches one.
An inherited field is set with its name held in a constant (``ACTOR``, ``RULE``): mypyc 2.4.1
crashes compiling ``object.__setattr__(self, "actor", …)`` with a literal name inherited from a
non-frozen native dataclass (``translate_object_setattr``: ``KeyError``); with a name it cannot
see it compiles the generic store, which is what every field of a frozen class got before.

Pickling is by the constructor (every field an ``__init__`` parameter, in order): pickle's
default sets the fields one by one, which a frozen class refuses once mypyc has compiled it,
and records, boards and diagnostics cross process boundaries (``--jobs``, ``--dask``).

mcn's notation and engine are independent of each other; both build on this module.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from mcn.base.immutable import refuse_assignment, refuse_deletion

_Getter = Callable[[Any], tuple[Any, ...]]


class _Shape:
    """What the methods need to know of one class, worked out at its first use."""

    __slots__ = ("compared", "every", "shown")

    def __init__(self, cls: type) -> None:
        fields = dataclasses.fields(cls)
        self.compared = _getter(tuple(f.name for f in fields if f.compare))
        self.every = _getter(tuple(f.name for f in fields))
        self.shown = tuple(f.name for f in fields if f.repr)


def _empty(obj: Any) -> tuple[Any, ...]:
    return ()


def _getter(names: tuple[str, ...]) -> _Getter:
    """A function returning the tuple of ``names``'s values of an object."""
    if not names:
        return _empty
    # Typed as returning anything: typeshed says a tuple, which compiled code would check, but
    # for one name attrgetter returns the value itself.
    get: Callable[[Any], Any] = attrgetter(*names)
    if len(names) > 1:
        many: _Getter = get
        return many
    return lambda obj: (get(obj),)


_SHAPES: dict[type, _Shape] = {}


def shape_of(cls: type) -> _Shape:
    """What the shared methods read of ``cls``'s fields (also :mod:`mcn.base.plain`'s)."""
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = _Shape(cls)
    return shape


class Value:
    """Equal by the fields that take part in comparison (not spans or spellings), hashed by
    them, shown and pickled by all of them, never changed: what ``dataclass`` would generate,
    written once. Its fields are set by ``object.__setattr__``, in a written ``__init__`` or in
    the one a frozen dataclass generates, never by assignment."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        compared = shape_of(self.__class__).compared
        return bool(compared(self) == compared(other))

    def __hash__(self) -> int:
        return hash(shape_of(self.__class__).compared(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in shape_of(self.__class__).shown)
        return f"{self.__class__.__qualname__}({shown})"

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return self.__class__, shape_of(self.__class__).every(self)


class Fields:
    """Equal by the fields that take part in comparison, shown by its fields, never hashed:
    what ``dataclass`` generates for a mutable (not frozen) class declared with ``eq=True``,
    written once. For the mutable dataclasses of the compiled modules (a replay's lines and
    steps, the reader's outlines and chunks), declared ``@dataclass(slots=True, repr=False,
    eq=False)``: two methods fewer compiled at every start per class (docs/performance-history.md,
    "Start-up, seventh pass"); the interpreted modules' classes use
    :class:`mcn.base.plain.PlainFields`."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        compared = shape_of(self.__class__).compared
        return bool(compared(self) == compared(other))

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in shape_of(self.__class__).shown)
        return f"{self.__class__.__qualname__}({shown})"


# A mutable class equal by value is not hashable (what Python makes of a class that defines
# __eq__ and no __hash__, and what dataclass sets): set after the body, as compiled the class
# body could not say it.
setattr(Fields, "__hash__", None)  # noqa: B010

# Set after the body, not written in it: see mcn.base.immutable (compiled, a method written here
# would be a C-level slot, which would refuse the object.__setattr__ of generated constructors).
setattr(Value, "__setattr__", refuse_assignment)  # noqa: B010
setattr(Value, "__delattr__", refuse_deletion)  # noqa: B010
