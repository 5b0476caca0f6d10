"""The refusal every value class shares: no field is assigned or deleted once the object is made.

:class:`mcn.base.values.Value` takes these two functions as its ``__setattr__`` and
``__delattr__``, so that a value class need not be declared ``frozen=True``, which has
``dataclass`` compile a ``__setattr__`` and a ``__delattr__`` of its own for every class at
every start (for the 74 classes that write their ``__init__`` out, about a tenth of a command's
start-up; docs/performance-history.md, "Start-up, seventh pass"). They raise what a frozen
dataclass raises, with the same message.

Interpreted in the compiled build too (pyproject.toml's ``exclude``), for two reasons: a
function compiled by mypyc is a builtin, which does not bind as a method when a class holds
it; and a ``__setattr__`` written in a compiled class becomes a C-level slot, for which CPython
refuses ``object.__setattr__`` on its subclasses — the very call with which a frozen
dataclass's generated ``__init__`` sets its fields. A Python-level ``__setattr__`` leaves that
call working, as on any frozen dataclass.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError


def refuse_assignment(self: object, name: str, value: object) -> None:
    """``obj.name = value`` on a value: always refused, as by a frozen dataclass."""
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def refuse_deletion(self: object, name: str) -> None:
    """``del obj.name`` on a value: always refused, as by a frozen dataclass."""
    raise FrozenInstanceError(f"cannot delete field {name!r}")
