"""The base of every action: :class:`Action` (an actor, a kind, one canonical text) and the error
for text outside the engine's vocabulary.

The concrete actions live in one module per phase beside this one; the parser that reads their
text back is :mod:`mcn.engine.actions.parse`.

Every concrete action class writes its ``__init__`` out (one ``object.__setattr__`` per field)
instead of letting :mod:`dataclasses` generate it: mypyc compiles a written ``__init__`` to
native stores and leaves a generated one interpreted, and replay makes actions per
decision, so in the compiled build that is 15 times cheaper per object (docs/performance-history.md,
"Replay speed, fourth pass"). The pure build replaces it by the same quick constructor as
before (:func:`mcn.engine.frozen.quicken`). ``tests/engine/test_frozen_init.py`` holds every
one to its fields on both builds. Equality, hashing, ``repr``, pickling and immutability come
from :class:`mcn.base.values.Value` (declared ``init=False, repr=False, eq=False`` and without
``frozen=True``), so importing the classes compiles no generated methods (issue 34: a third of
every command's start).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, final

from mcn.base.values import Value


@final  # told apart by type(…) is (mcn.replay.binding): no subclass
class ActionSyntaxError(ValueError):
    """The text is not an action of the engine's vocabulary (a syntax error, not a rule one)."""


class _Kinded(Value):
    """Where the class-level ``kind`` is declared: outside the dataclass body, so that neither
    the dataclass nor mypyc takes it for a field (each action class sets it after its body:
    compiled, mypyc hands every name of a dataclass body to ``dataclass``, a ``ClassVar`` too)."""

    __slots__ = ()
    kind: ClassVar[str] = ""


#: The name of the field every action inherits, for the subclasses' ``__init__``: mypyc 2.4.1
#: crashes on ``object.__setattr__`` of an inherited field named by a literal
#: (:mod:`mcn.base.values`).
ACTOR: Final = "actor"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Action(_Kinded):
    """Base class: who acts. Subclasses add parameters and the text form."""

    actor: str

    def __init__(self, actor: str) -> None:
        object.__setattr__(self, "actor", actor)

    @property
    def text(self) -> str:
        """The canonical text of this action (without the actor)."""
        return self.kind

    def __str__(self) -> str:
        return self.text


def item_text(item: str, compartment: str) -> str:
    """An item of a ``bonus`` or ``donate`` action as written: ``bread>I`` when it goes into a
    compartment, else the item alone (shared by the setup and the turn actions)."""
    return f"{item}>{compartment}" if compartment else item
