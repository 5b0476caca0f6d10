"""A cheaper constructor for the engine's frozen, slotted dataclasses (actions and events).

A frozen dataclass's generated ``__init__`` sets every field through
``object.__setattr__(self, name, value)``, because its own ``__setattr__`` refuses. That
generic call is most of the cost of making an event or an action, and the engine makes
hundreds of thousands of them (every applied decision emits several events; every list of
legal actions is new actions). A slot's member descriptor can set the field directly, at a
third of the cost, and still only at construction: the class stays frozen, hashable and equal
by value, and ``dataclasses.replace``, pickling and ``repr`` are untouched.

In the compiled build (docs/performance.md, "Compiled build (mypyc)") the classes are native:
their fields are C-level getset descriptors instead of slots, and mypyc still hands them the
interpreted ``__init__`` that :mod:`dataclasses` generates; the same replacement sets the fields
through those descriptors. Their common base, :class:`mcn.base.values.Value`, pickles them by
their constructor, which both kinds of class support (mypyc's own pickling of a native class sets
attributes one by one, which a frozen class refuses); :func:`reduce_by_fields` does the same for
the few dataclasses that are not values (a replay's mutable ``Step``, the engine's decisions).
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any, TypeVar

from mcn.base.values import Value

T = TypeVar("T")

_FIELD_DESCRIPTORS = ("member_descriptor", "getset_descriptor")
"""A slot's descriptor, and a mypyc native class's attribute descriptor."""


def _is_built(cls: type) -> bool:
    """Whether ``cls`` is a finished dataclass with fixed fields: the class
    ``dataclass(slots=True)`` returned, or a mypyc native class (``__mypyc_attrs__``)."""
    own = cls.__dict__
    return "__dataclass_fields__" in own and ("__slots__" in own or "__mypyc_attrs__" in own)


def is_frozen(cls: type) -> bool:
    """Whether the dataclass ``cls`` refuses assignment: declared ``frozen=True``, or a value
    class whose immutability :class:`mcn.base.values.Value` gives (the classes that write their
    ``__init__`` out are declared without ``frozen``, which would compile two methods each at
    every start)."""
    params = getattr(cls, "__dataclass_params__", None)
    return params is not None and (params.frozen or issubclass(cls, Value))


def _setter(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        descriptor = klass.__dict__.get(name)
        if descriptor is not None and type(descriptor).__name__ in _FIELD_DESCRIPTORS:
            return descriptor.__set__
    raise TypeError(f"{cls.__name__}.{name} is not a slot")


def quick_init(cls: type[T]) -> type[T]:
    """Replace the generated ``__init__`` of the frozen, slotted dataclass ``cls`` by one that
    sets the slots directly, with the same parameters and defaults.

    Refuses (``TypeError``) what it would get wrong: a class that is not a frozen slotted
    dataclass, a ``default_factory``, keyword-only fields or a ``__post_init__``.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not is_frozen(cls) or not _is_built(cls):
        raise TypeError(f"{cls.__name__} is not a frozen, slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__")
    namespace: dict[str, Any] = {}
    arguments: list[str] = []
    body: list[str] = []
    for number, field in enumerate(dataclasses.fields(cls)):  # type: ignore[arg-type]
        if not field.init:
            raise TypeError(f"{cls.__name__}.{field.name} is not set by __init__")
        if field.default_factory is not dataclasses.MISSING or field.kw_only:
            raise TypeError(f"{cls.__name__}.{field.name}: default factory or keyword-only")
        name = f"_f{number}"  # field names are identifiers, but keep the namespace our own
        if field.default is dataclasses.MISSING:
            arguments.append(field.name)
        else:
            namespace[f"_default{number}"] = field.default
            arguments.append(f"{field.name}=_default{number}")
        namespace[f"_set{name}"] = _setter(cls, field.name)
        body.append(f"    _set{name}(self, {field.name})")
    source = f"def __init__(self, {', '.join(arguments)}):\n" + ("\n".join(body) or "    pass")
    exec(source, namespace)  # the way dataclasses itself builds __init__
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def quicken(base: type) -> None:
    """:func:`quick_init` every dataclass that derives from ``base`` (and ``base``) whose
    ``__init__`` is interpreted.

    Every action and event writes its ``__init__`` out (one ``object.__setattr__`` per field): mypyc
    compiles that to native stores, 15 times cheaper than the generated ``__init__``, which
    mypyc leaves interpreted (docs/performance-history.md, "Replay speed, fourth pass").
    Compiled, such an ``__init__`` is native and kept; pure, it is a Python function like the
    generated one and is replaced too. ``tests/engine/test_frozen_init.py`` holds every class's
    ``__init__`` to its fields.

    ``dataclass(slots=True)`` makes a new class and leaves the one it started from behind as
    a subclass of ``base`` too until it is collected; only classes with their own
    ``__slots__`` are the real ones.
    """
    work = [base]
    seen: set[type] = set()
    while work:
        cls = work.pop()
        if cls in seen:
            continue
        seen.add(cls)
        work.extend(cls.__subclasses__())
        if _is_built(cls) and isinstance(cls.__dict__.get("__init__"), types.FunctionType):
            quick_init(cls)


def reduce_by_fields(obj: Any) -> tuple[type, tuple[Any, ...]]:
    """What a frozen dataclass's ``__reduce__`` returns: rebuild it by its constructor, with
    its fields in order.

    Pickle's default rebuilds an object by setting its fields one by one, which a frozen class
    refuses once mypyc has compiled it (docs/performance.md, "Compiled build (mypyc)"): a
    ``--board`` profile or a diagnostic crossing to a ``--jobs`` or Dask worker and back would
    fail to load. Every field must be an ``__init__`` parameter, in order.
    """
    return type(obj), tuple(getattr(obj, field.name) for field in dataclasses.fields(obj))
