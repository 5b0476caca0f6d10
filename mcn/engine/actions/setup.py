"""Actions of the setup and of chance: the souls' order, a starting bonus, the market draw and
the room cards (R-SET-*, R-RND-2)."""

from __future__ import annotations

from dataclasses import dataclass

from mcn.engine.actions.base import ACTOR, Action, item_text


@dataclass(slots=True, init=False, repr=False, eq=False)
class SoulOrder(Action):
    """R-SET-1: the chance order of the souls on space 0, nearest Heaven first."""

    order: tuple[str, ...]

    def __init__(self, actor: str, order: tuple[str, ...]) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "order", order)

    @property
    def text(self) -> str:
        return " ".join(("souls", *self.order))


SoulOrder.kind = "souls"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Bonus(Action):
    """R-SET-4/5: a starting bonus as items with their compartments, e.g.
    ``(("bread", "I"), ("wine", "II"))``, ``(("10", "I"),)`` or ``(("blue", ""),)``.
    A missing compartment is ``""`` (the check refuses it, R-SET-5)."""

    items: tuple[tuple[str, str], ...]

    def __init__(self, actor: str, items: tuple[tuple[str, str], ...]) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "items", items)

    @property
    def text(self) -> str:
        return " ".join(("bonus", *(item_text(item, comp) for item, comp in self.items)))


Bonus.kind = "bonus"


@dataclass(slots=True, init=False, repr=False, eq=False)
class MarketDraw(Action):
    """R-RND-2: the stones drawn from the bag, in canonical order."""

    stones: tuple[str, ...]

    def __init__(self, actor: str, stones: tuple[str, ...]) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "stones", stones)

    @property
    def text(self) -> str:
        return " ".join(("market", *self.stones))


MarketDraw.kind = "market"


@dataclass(slots=True, init=False, repr=False, eq=False)
class RoomCards(Action):
    """R-RND-2: the cards drawn into rooms 1-4, in room order."""

    cards: tuple[str, ...]

    def __init__(self, actor: str, cards: tuple[str, ...]) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "cards", cards)

    @property
    def text(self) -> str:
        return " ".join(("rooms", *self.cards))


RoomCards.kind = "rooms"
