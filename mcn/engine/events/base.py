"""The base of every event: :class:`Event` (kind, rule, text, JSON with secrets masked) and the
small text helpers the event sentences share.

The concrete events live in one module per game area beside this one; all derive from
:class:`Event`. Which of their fields are secret, and to whom, is declared in
:mod:`mcn.engine.secrets` (R-HID-1), which ``to_json`` asks for a viewer's JSON.

Every concrete event class writes its ``__init__`` out (one ``object.__setattr__`` per field)
instead of letting :mod:`dataclasses` generate it: mypyc compiles a written ``__init__`` to
native stores and leaves a generated one interpreted, and replay makes several events per
decision, so in the compiled build that is 15 times cheaper per object (docs/performance-history.md,
"Replay speed, fourth pass"). The pure build replaces it by the same quick constructor as
before (:func:`mcn.engine.frozen.quicken`). ``tests/engine/test_frozen_init.py`` holds every
one to its fields on both builds. Equality, hashing, ``repr``, pickling and immutability come
from :class:`mcn.base.values.Value` (declared ``init=False, repr=False, eq=False`` and without
``frozen=True``), so importing the classes compiles no generated methods (issue 34: a third of
every command's start).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final

from mcn.base.values import Value
from mcn.engine.constants import colour_name

ALL_SECRETS = "*all*"
"""Viewer value that sees every secret (the default of :meth:`Event.to_json`)."""


def colour_names(colours: tuple[str, ...]) -> str:
    """The colours' names as an English list (``Red, Blue and Green``; ``nobody`` for none),
    for the event texts of every event module."""
    names = [colour_name(c) for c in colours]
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return ", ".join(names[:-1]) + " and " + names[-1]


def counted(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless one (``1 set``, ``3 sin stones``), for event texts."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The dataclass fields of an event class, looked up once (every output of every event
    asks for them)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


class _Kinded(Value):
    """Where the class-level ``kind`` is declared: outside the dataclass body, so that neither
    the dataclass nor mypyc takes it for a field (each event class sets it after its body:
    compiled, mypyc hands every name of a dataclass body to ``dataclass``, a ``ClassVar`` too)."""

    __slots__ = ()
    kind: ClassVar[str] = "event"


#: The name of the field every event inherits, for the subclasses' ``__init__``: mypyc 2.4.1
#: crashes on ``object.__setattr__`` of an inherited field named by a literal
#: (:mod:`mcn.base.values`).
RULE: Final = "rule"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Event(_Kinded):
    """Base class of all events."""

    rule: str

    def __init__(self, rule: str) -> None:
        object.__setattr__(self, "rule", rule)

    def text(self) -> str:
        """A plain-English sentence."""
        return self.kind

    def to_json(self, viewer: str | None = ALL_SECRETS) -> dict[str, Any]:
        """``{"kind", "rule", ...fields, "text"}``; a secret field (as :mod:`mcn.engine.secrets`
        declares it) becomes ``"?"`` unless ``viewer`` may see it (``None`` is a spectator)."""
        if viewer != ALL_SECRETS:
            from mcn.engine.secret_readers import event_json  # the declarations import the events

            return event_json(self, viewer)
        out: dict[str, Any] = {"kind": self.kind}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            if isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[name] = value
        out["text"] = self.text()
        return out
