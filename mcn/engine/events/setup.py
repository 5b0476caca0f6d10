"""Events of the setup and of each round's preparation: the chance draws (souls, market, room
cards), the starting bonuses and the fixed preparation steps (R-SET-*, R-RND-*)."""

from __future__ import annotations

from dataclasses import dataclass

from mcn.engine.constants import colour_name
from mcn.engine.events.base import RULE, Event, colour_names


@dataclass(slots=True, init=False, repr=False, eq=False)
class SoulsPlaced(Event):
    """The chance order of the souls on space 0 (R-SET-1)."""

    order: tuple[str, ...]

    def __init__(self, rule: str, order: tuple[str, ...]) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "order", order)

    def text(self) -> str:
        return f"Souls placed on space 0, nearest Heaven first: {colour_names(self.order)}"


SoulsPlaced.kind = "souls-placed"


@dataclass(slots=True, init=False, repr=False, eq=False)
class BonusTaken(Event):
    """A starting bonus picked (R-SET-4)."""

    player: str
    bonus: str

    def __init__(self, rule: str, player: str, bonus: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "bonus", bonus)

    def text(self) -> str:
        return f"{colour_name(self.player)} takes the starting bonus {self.bonus}"


BonusTaken.kind = "bonus-taken"


@dataclass(slots=True, init=False, repr=False, eq=False)
class RoundStarted(Event):
    """A new round begins with its prepare phase (R-RND-1)."""

    round: int

    def __init__(self, rule: str, round: int) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "round", round)

    def text(self) -> str:
        return f"Round {self.round} begins"


RoundStarted.kind = "round-started"


@dataclass(slots=True, init=False, repr=False, eq=False)
class MarketDrawn(Event):
    """Stones drawn from the bag to the market (R-RND-2)."""

    stones: tuple[str, ...]

    def __init__(self, rule: str, stones: tuple[str, ...]) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "stones", stones)

    def text(self) -> str:
        return "Drawn to the market: " + (", ".join(self.stones) or "nothing (the bag is empty)")


MarketDrawn.kind = "market-drawn"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Prepared(Event):
    """A fixed preparation step (R-RND-2): characters back, die, crew, suites."""

    what: str

    def __init__(self, rule: str, what: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "what", what)

    def text(self) -> str:
        return self.what


Prepared.kind = "prepared"


@dataclass(slots=True, init=False, repr=False, eq=False)
class CardsMoved(Event):
    """Room cards drawn, discarded, or the discard pile shuffled into a new deck."""

    action: str  # "drawn", "discarded", "reshuffled"
    cards: tuple[str, ...]

    def __init__(self, rule: str, action: str, cards: tuple[str, ...]) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "cards", cards)

    def text(self) -> str:
        if self.action == "reshuffled":
            return f"The discard pile ({len(self.cards)} cards) becomes the new deck"
        if self.action == "drawn":
            rooms = ", ".join(f"room {i + 1}: {c}" for i, c in enumerate(self.cards))
            return f"Cards drawn into the rooms: {rooms}"
        return "Discarded: " + ", ".join(self.cards)


CardsMoved.kind = "cards"
