"""Actions of the action phase: a turn's trades, donations, visits, room cards and letters picked
at an evaluation, and its end (R-ACT-*, R-DON-*, R-HOP-*, R-EVA-*)."""

from __future__ import annotations

from dataclasses import dataclass

from mcn.engine.actions.base import ACTOR, Action, item_text


@dataclass(slots=True, init=False, repr=False, eq=False)
class Pass(Action):
    """R-ACT-2: take no action this turn."""

    def __init__(self, actor: str) -> None:
        object.__setattr__(self, ACTOR, actor)


Pass.kind = "pass"


@dataclass(slots=True, init=False, repr=False, eq=False)
class End(Action):
    """R-ACT-3: end the turn without a second action."""

    def __init__(self, actor: str) -> None:
        object.__setattr__(self, ACTOR, actor)


End.kind = "end"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Buy(Action):
    """R-BUY-1: buy one good."""

    good: str

    def __init__(self, actor: str, good: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "good", good)

    @property
    def text(self) -> str:
        return f"buy {self.good}"


Buy.kind = "buy"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Greedy(Action):
    """R-BUY-3: two goods of one kind for the price of one, and a Greed sin."""

    good: str

    def __init__(self, actor: str, good: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "good", good)

    @property
    def text(self) -> str:
        return f"greedy {self.good}"


Greedy.kind = "greedy"


@dataclass(slots=True, init=False, repr=False, eq=False)
class BuyLetter(Action):
    """R-BUY-2: pay, hand in an indulgence stone, take a red or green letter."""

    colour: str

    def __init__(self, actor: str, colour: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "colour", colour)

    @property
    def text(self) -> str:
        return f"letter {self.colour}"


BuyLetter.kind = "letter"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Sell(Action):
    """R-SEL-1: sell one good from behind the screen."""

    good: str

    def __init__(self, actor: str, good: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "good", good)

    @property
    def text(self) -> str:
        return f"sell {self.good}"


Sell.kind = "sell"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Donate(Action):
    """R-DON-1/2: one item (the Emperor: one or two) into compartments; items are a good's name
    or a coin value as text (``"5"``), in canonical order; a missing compartment is ``""``."""

    items: tuple[tuple[str, str], ...]

    def __init__(self, actor: str, items: tuple[tuple[str, str], ...]) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "items", items)

    @property
    def text(self) -> str:
        return " ".join(("donate", *(item_text(item, comp) for item, comp in self.items)))


Donate.kind = "donate"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Visit(Action):
    """R-HOP-*: visit room 1-4 or suite 5/6; for the Pope, set the Pope die (R-POP-1)."""

    room: int

    def __init__(self, actor: str, room: int) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "room", room)

    @property
    def text(self) -> str:
        return f"visit {self.room}"


Visit.kind = "visit"


@dataclass(slots=True, init=False, repr=False, eq=False)
class FreeStone(Action):
    """R-ACT-5: the Merchant's free stone; an indulgence stone names its letter colour."""

    stone: str
    colour: str | None = None

    def __init__(self, actor: str, stone: str, colour: str | None = None) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "stone", stone)
        object.__setattr__(self, "colour", colour)

    @property
    def text(self) -> str:
        if self.colour is None:
            return f"free {self.stone}"
        return f"free {self.stone}>{self.colour}"


FreeStone.kind = "free"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Guess(Action):
    """R-POP-1: name the room where the Pope is."""

    room: int

    def __init__(self, actor: str, room: int) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "room", room)

    @property
    def text(self) -> str:
        return f"guess {self.room}"


Guess.kind = "guess"


@dataclass(slots=True, init=False, repr=False, eq=False)
class ChooseRoom(Action):
    """R-HOP-4: in Suite 5, the room whose card is used."""

    room: int

    def __init__(self, actor: str, room: int) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "room", room)

    @property
    def text(self) -> str:
        return f"room {self.room}"


ChooseRoom.kind = "room"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Do(Action):
    """Carry out a room card that takes no parameter."""

    def __init__(self, actor: str) -> None:
        object.__setattr__(self, ACTOR, actor)


Do.kind = "do"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Decline(Action):
    """R-HOP-3: do not carry out the room card."""

    def __init__(self, actor: str) -> None:
        object.__setattr__(self, ACTOR, actor)


Decline.kind = "decline"


@dataclass(slots=True, init=False, repr=False, eq=False)
class TakeGood(Action):
    """The free-good card: take one good from the market."""

    good: str

    def __init__(self, actor: str, good: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "good", good)

    @property
    def text(self) -> str:
        return f"take {self.good}"


TakeGood.kind = "take"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Steal(Action):
    """The steal-3 card: name the opponent to rob."""

    victim: str

    def __init__(self, actor: str, victim: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "victim", victim)

    @property
    def text(self) -> str:
        return f"steal {self.victim}"


Steal.kind = "steal"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Give(Action):
    """The emperor-letter card: the Emperor gives a letter of his choice."""

    colour: str

    def __init__(self, actor: str, colour: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "colour", colour)

    @property
    def text(self) -> str:
        return f"give {self.colour}"


Give.kind = "give"


@dataclass(slots=True, init=False, repr=False, eq=False)
class EmptyDen(Action):
    """R-DEN-4: out of sin stones, take back all own stones from a den."""

    den: str

    def __init__(self, actor: str, den: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "den", den)

    @property
    def text(self) -> str:
        return f"empty {self.den}"


EmptyDen.kind = "empty"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Pick(Action):
    """R-EVA-2/3: take one letter from the evaluation display."""

    colour: str

    def __init__(self, actor: str, colour: str) -> None:
        object.__setattr__(self, ACTOR, actor)
        object.__setattr__(self, "colour", colour)

    @property
    def text(self) -> str:
        return f"pick {self.colour}"


Pick.kind = "pick"
