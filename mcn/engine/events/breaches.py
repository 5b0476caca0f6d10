"""Events of broken rules: META CULPA infractions and omissions (R-MET-1, I-MET-6), and a rules
breach that a record contains and the rules punish (I-POP-9)."""

from __future__ import annotations

from dataclasses import dataclass

from mcn.engine.constants import colour_name
from mcn.engine.events.base import RULE, Event, counted


@dataclass(slots=True, init=False, repr=False, eq=False)
class InfractionRecorded(Event):
    """A META CULPA infraction (R-MET-1)."""

    player: str
    code: str

    def __init__(self, rule: str, player: str, code: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "code", code)

    def text(self) -> str:
        return f"{colour_name(self.player)} commits the infraction {self.code}"


InfractionRecorded.kind = "infraction"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Breach(Event):
    """A rules breach a record contains and the rules punish (I-POP-9: the Pope die set to a
    room too dear for the post, R-POP-3); public when it comes to light."""

    player: str
    what: str

    def __init__(self, rule: str, player: str, what: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "what", what)

    def text(self) -> str:
        return f"Rules breach by {colour_name(self.player)}: {self.what}"


Breach.kind = "breach"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Omission(Event):
    """META CULPA: the Petty Sinner leaves a cost undone, or another player catches him and he
    makes it good (I-MET-6). ``what`` is money, post or sin; ``den`` names the den of a sin
    ("" otherwise); ``catcher`` is "" when the cost is left undone."""

    player: str
    what: str
    amount: int
    den: str
    catcher: str

    def __init__(
        self, rule: str, player: str, what: str, amount: int, den: str, catcher: str
    ) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "what", what)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "den", den)
        object.__setattr__(self, "catcher", catcher)

    def text(self) -> str:
        cost = {
            "money": f"{self.amount} taler unpaid",
            "post": f"his post {counted(self.amount, 'notch')} short".replace("notchs", "notches"),
            "sin": f"{counted(self.amount, 'sin stone')} not placed in {self.den}",
        }[self.what]
        if not self.catcher:
            return f"{colour_name(self.player)} (Petty Sinner) leaves {cost}"
        return (
            f"{colour_name(self.catcher)} catches {colour_name(self.player)} (Petty Sinner): "
            f"{cost}, made good now"
        )


Omission.kind = "omission"
