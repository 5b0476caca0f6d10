"""Events of the ends: the posts compared at a round's end (R-NOT-1), the letters scored at the
game's end (R-END-2) and the winners (R-END-3)."""

from __future__ import annotations

from dataclasses import dataclass

from mcn.engine.constants import colour_name
from mcn.engine.events.base import RULE, Event, colour_names, counted


@dataclass(slots=True, init=False, repr=False, eq=False)
class PostsCompared(Event):
    """The posts compared: who moves how far (R-NOT-1)."""

    player: str  # "" when nobody moves
    steps: int

    def __init__(self, rule: str, player: str, steps: int) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "steps", steps)

    def text(self) -> str:
        if not self.player:
            return "Posts compared: nobody moves"
        return f"Posts compared: {colour_name(self.player)} moves {self.steps} toward Hell"


PostsCompared.kind = "posts-compared"


@dataclass(slots=True, init=False, repr=False, eq=False)
class LettersScored(Event):
    """Letters scored at the game end (R-END-2)."""

    player: str
    sets: int
    others: int

    def __init__(self, rule: str, player: str, sets: int, others: int) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "others", others)

    def text(self) -> str:
        return (
            f"{colour_name(self.player)} scores {counted(self.sets, 'set')} and "
            f"{counted(self.others, 'other letter')}"
        )


LettersScored.kind = "letters-scored"


@dataclass(slots=True, init=False, repr=False, eq=False)
class GameEnded(Event):
    """The game is over and these players win (R-END-3)."""

    winners: tuple[str, ...]
    heaven: bool

    def __init__(self, rule: str, winners: tuple[str, ...], heaven: bool) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "heaven", heaven)

    def text(self) -> str:
        one = len(self.winners) == 1
        how = "reached Heaven" if self.heaven else ("is" if one else "are") + " nearest Heaven"
        return f"Game over: {colour_names(self.winners)} {how} and win{'s' if one else ''}"


GameEnded.kind = "game-ended"
