"""Events of the character phase: secret bids, their reveal, the money and posts they move and
the characters chosen (R-BID-*).

:class:`MoneyMoved` and :class:`PostChanged` are first met here and serve every later phase too.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcn.engine.constants import CHARACTER_NAMES, CHARACTERS, colour_name
from mcn.engine.events.base import RULE, Event


@dataclass(slots=True, init=False, repr=False, eq=False)
class BidPlaced(Event):
    """A secret bid was placed; its value stays hidden until the reveal (R-BID-1)."""

    player: str

    def __init__(self, rule: str, player: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)

    def text(self) -> str:
        return f"{colour_name(self.player)} has placed a secret bid"


BidPlaced.kind = "bid-placed"


@dataclass(slots=True, init=False, repr=False, eq=False)
class BidsRevealed(Event):
    """All bids revealed, in choice order, and who keeps his taler (R-BID-2, R-BID-3)."""

    bids: tuple[tuple[str, int, int], ...]  # (player, notches, taler) in choice order
    keeper: str  # most notches: keeps his bid taler (R-BID-3)

    def __init__(self, rule: str, bids: tuple[tuple[str, int, int], ...], keeper: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "bids", bids)
        object.__setattr__(self, "keeper", keeper)

    def text(self) -> str:
        shown = "; ".join(f"{colour_name(p)} {n}+{t}={n + t}" for p, n, t in self.bids)
        return f"Bids revealed (choice order): {shown}. {colour_name(self.keeper)} keeps his taler"


BidsRevealed.kind = "bids-revealed"


@dataclass(slots=True, init=False, repr=False, eq=False)
class MoneyMoved(Event):
    """Money paid (negative amount) or received (positive)."""

    player: str
    amount: int
    reason: str
    counterpart: str = "bank"

    def __init__(
        self, rule: str, player: str, amount: int, reason: str, counterpart: str = "bank"
    ) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "counterpart", counterpart)

    def text(self) -> str:
        who = colour_name(self.player)
        other = "the bank" if self.counterpart == "bank" else colour_name(self.counterpart)
        if self.amount < 0:
            return f"{who} pays {-self.amount} taler to {other} ({self.reason})"
        return f"{who} receives {self.amount} taler from {other} ({self.reason})"


MoneyMoved.kind = "money"


@dataclass(slots=True, init=False, repr=False, eq=False)
class PostChanged(Event):
    """A post set by a bid or rotated by an action, a visit or a penalty."""

    player: str
    before: int
    after: int
    reason: str

    def __init__(self, rule: str, player: str, before: int, after: int, reason: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "after", after)
        object.__setattr__(self, "reason", reason)

    def text(self) -> str:
        return (
            f"{colour_name(self.player)}'s post goes from {self.before} to {self.after} "
            f"({self.reason})"
        )


PostChanged.kind = "post"


@dataclass(slots=True, init=False, repr=False, eq=False)
class CharacterChosen(Event):
    """A character card taken (R-BID-2)."""

    player: str
    character: str

    def __init__(self, rule: str, player: str, character: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "character", character)

    def text(self) -> str:
        name = CHARACTER_NAMES[CHARACTERS.index(self.character)]
        return f"{colour_name(self.player)} chooses the {name}"


CharacterChosen.kind = "character-chosen"
