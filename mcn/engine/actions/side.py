"""META CULPA side actions: moves that may come at any pending decision without taking it
(I-MET-5): an infraction (R-MET-1), a cost left undone, a catch (I-MET-6)."""

from __future__ import annotations

from dataclasses import dataclass

from mcn.engine.actions.base import ACTOR, Action


class SideAction(Action):
    """META CULPA: a move that may come at any pending decision without taking it (I-MET-5):
    an infraction, a cost left undone, a catch (I-MET-6)."""


@dataclass(slots=True, init=False, repr=False, eq=False)
class Infraction(SideAction):
    """R-MET-1 (META CULPA): a recorded procedural infraction."""

    code: str

    def __init__(self, actor: str, code: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "code", code)

    @property
    def text(self) -> str:
        return f"infraction {self.code}"


Infraction.kind = "infraction"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Undone(SideAction):
    """I-MET-6 (META CULPA): the Petty Sinner leaves the cost he last incurred undone —
    ``money`` not paid, ``post`` not rotated, ``sin`` stones not placed."""

    what: str

    def __init__(self, actor: str, what: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "what", what)

    @property
    def text(self) -> str:
        return f"undone {self.what}"


Undone.kind = "undone"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Catch(SideAction):
    """I-MET-6 (META CULPA): another player catches the Petty Sinner's earliest uncaught
    omission of that kind; he makes it good at once (no sin stone for it, R-MET-2)."""

    what: str

    def __init__(self, actor: str, what: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "what", what)

    @property
    def text(self) -> str:
        return f"catch {self.what}"


Catch.kind = "catch"
