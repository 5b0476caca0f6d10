"""Actions of the character phase: a bid, a character chosen, and what the chosen character does
at once: a Pope stone moved, a crew placed or moved, or nothing (R-BID-*, R-CHR-*)."""

from __future__ import annotations

from dataclasses import dataclass

from mcn.engine.actions.base import ACTOR, Action


@dataclass(slots=True, init=False, repr=False, eq=False)
class Bid(Action):
    """R-BID-1: a secret bid of notches plus taler."""

    notches: int
    taler: int

    def __init__(self, actor: str, notches: int, taler: int) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "notches", notches)
        object.__setattr__(self, "taler", taler)

    @property
    def text(self) -> str:
        return f"bid {self.notches}+{self.taler}"


Bid.kind = "bid"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Choose(Action):
    """R-BID-2: take a character card."""

    character: str

    def __init__(self, actor: str, character: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "character", character)

    @property
    def text(self) -> str:
        return f"choose {self.character}"


Choose.kind = "choose"


@dataclass(slots=True, init=False, repr=False, eq=False)
class MovePopeStone(Action):
    """R-CHR-1 and the pope-stone card: move a Pope stone between dens."""

    source: str
    target: str

    def __init__(self, actor: str, source: str, target: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)

    @property
    def text(self) -> str:
        return f"pope-stone {self.source}>{self.target}"


MovePopeStone.kind = "pope-stone"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Skip(Action):
    """Decline an optional preliminary action (Pope stone, Petty Sinner's visit)."""

    def __init__(self, actor: str) -> None:
        object.__setattr__(self, ACTOR, actor)


Skip.kind = "skip"


@dataclass(slots=True, init=False, repr=False, eq=False)
class PlaceCrew(Action):
    """R-CHR-2 and the new-crew card: put a crew on a cathedral site."""

    site: int

    def __init__(self, actor: str, site: int) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "site", site)

    @property
    def text(self) -> str:
        return f"crew {self.site}"


PlaceCrew.kind = "crew"


@dataclass(slots=True, init=False, repr=False, eq=False)
class MoveCrew(Action):
    """The move-crew card: move a crew from one site to another."""

    source: int
    target: int

    def __init__(self, actor: str, source: int, target: int) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)

    @property
    def text(self) -> str:
        return f"crew {self.source}>{self.target}"


MoveCrew.kind = "crew"
