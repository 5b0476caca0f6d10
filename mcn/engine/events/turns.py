"""Events of the action phase: turns, stones, donations, letters, sins, souls, crews and
buildings, evaluations, and House of Pleasure visits with their Pope die and room cards
(R-ACT-*, R-DON-*, R-DEN-*, R-MOV-*, R-CAT-*, R-HOP-*)."""

from __future__ import annotations

from dataclasses import dataclass

from mcn.engine.constants import CHARACTER_NAMES, CHARACTERS, colour_name, room_name
from mcn.engine.events.base import RULE, Event, counted


@dataclass(slots=True, init=False, repr=False, eq=False)
class TurnStarted(Event):
    """A turn of the action phase begins (R-ACT-1)."""

    turn: int
    player: str
    character: str

    def __init__(self, rule: str, turn: int, player: str, character: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "character", character)

    def text(self) -> str:
        name = CHARACTER_NAMES[CHARACTERS.index(self.character)]
        return f"Turn {self.turn}: {colour_name(self.player)} as the {name}"


TurnStarted.kind = "turn-started"


@dataclass(slots=True, init=False, repr=False, eq=False)
class PhaseEnded(Event):
    """The action phase or the game ends, and why."""

    phase: str
    why: str

    def __init__(self, rule: str, phase: str, why: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "why", why)

    def text(self) -> str:
        return f"The {self.phase} ends: {self.why}"


PhaseEnded.kind = "phase-ended"


@dataclass(slots=True, init=False, repr=False, eq=False)
class StonesMoved(Event):
    """Goods or indulgence stones moving between bag, market, screens and chests."""

    player: str
    stone: str
    count: int
    source: str
    target: str

    def __init__(
        self, rule: str, player: str, stone: str, count: int, source: str, target: str
    ) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "stone", stone)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)

    def text(self) -> str:
        return (
            f"{colour_name(self.player)}: {self.count} {self.stone} from {self.source} "
            f"to {self.target}"
        )


StonesMoved.kind = "stones"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Donated(Event):
    """A donation: the item is public, the compartment secret to the donor (R-DON-1)."""

    player: str
    item: str
    compartment: str

    def __init__(self, rule: str, player: str, item: str, compartment: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "item", item)
        object.__setattr__(self, "compartment", compartment)

    def text(self) -> str:
        item = f"{self.item} taler" if self.item.isdigit() else self.item
        return f"{colour_name(self.player)} donates {item} into compartment {self.compartment}"


Donated.kind = "donated"


@dataclass(slots=True, init=False, repr=False, eq=False)
class LetterMoved(Event):
    """Letters taken from the supply, a display, Suite 6 or another player."""

    player: str
    colour: str
    count: int
    source: str

    def __init__(self, rule: str, player: str, colour: str, count: int, source: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "source", source)

    def text(self) -> str:
        return f"{colour_name(self.player)} takes {self.count} {self.colour} from {self.source}"


LetterMoved.kind = "letter"


@dataclass(slots=True, init=False, repr=False, eq=False)
class SinsPlaced(Event):
    """Own sin stones placed in a den (R-DEN-1)."""

    player: str
    den: str
    count: int

    def __init__(self, rule: str, player: str, den: str, count: int) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "den", den)
        object.__setattr__(self, "count", count)

    def text(self) -> str:
        return f"{colour_name(self.player)} places {counted(self.count, 'sin stone')} in {self.den}"


SinsPlaced.kind = "sins-placed"


@dataclass(slots=True, init=False, repr=False, eq=False)
class SinsReturned(Event):
    """Own stones taken back from a den: emptied (R-DEN-4) or atoned (R-DEN-3)."""

    player: str
    den: str
    count: int
    why: str

    def __init__(self, rule: str, player: str, den: str, count: int, why: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "den", den)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "why", why)

    def text(self) -> str:
        return (
            f"{colour_name(self.player)} takes back {counted(self.count, 'sin stone')} from "
            f"{self.den} ({self.why})"
        )


SinsReturned.kind = "sins-returned"


@dataclass(slots=True, init=False, repr=False, eq=False)
class SoulMoved(Event):
    """A soul moved (or a move that did not happen, R-MOV-4) and why."""

    player: str
    source: int
    target: int
    steps: int
    why: str
    blocked: bool = False

    def __init__(
        self,
        rule: str,
        player: str,
        source: int,
        target: int,
        steps: int,
        why: str,
        blocked: bool = False,
    ) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "steps", steps)
        object.__setattr__(self, "why", why)
        object.__setattr__(self, "blocked", blocked)

    def text(self) -> str:
        who = colour_name(self.player)
        way = "Hell" if self.steps > 0 else "Heaven"
        if self.blocked:
            return f"{who}'s soul would pass space 40 and stays on {self.source} ({self.why})"
        return (
            f"{who}'s soul moves {abs(self.steps)} toward {way}, {self.source} -> {self.target} "
            f"({self.why})"
        )


SoulMoved.kind = "soul-moved"


@dataclass(slots=True, init=False, repr=False, eq=False)
class PopeStoneMoved(Event):
    """A Pope stone moved between dens (R-CHR-1, pope-stone card)."""

    player: str
    source: str
    target: str

    def __init__(self, rule: str, player: str, source: str, target: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)

    def text(self) -> str:
        return f"{colour_name(self.player)} moves a Pope stone from {self.source} to {self.target}"


PopeStoneMoved.kind = "pope-stone-moved"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Atonement(Event):
    """Three Pope stones beside one den: the other two dens are atoned (R-DEN-3)."""

    den: str
    mover: str

    def __init__(self, rule: str, den: str, mover: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "den", den)
        object.__setattr__(self, "mover", mover)

    def text(self) -> str:
        return (
            f"All Pope stones beside {self.den}: the other dens are atoned, "
            f"{colour_name(self.mover)} is exempt"
        )


Atonement.kind = "atonement"


@dataclass(slots=True, init=False, repr=False, eq=False)
class CrewMoved(Event):
    """A crew placed on a site (R-CAT-1)."""

    player: str
    source: str  # "card", "hut" or a site number
    site: int

    def __init__(self, rule: str, player: str, source: str, site: int) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "site", site)

    def text(self) -> str:
        return f"{colour_name(self.player)} puts a crew from {self.source} on site {self.site}"


CrewMoved.kind = "crew"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Built(Event):
    """A nave or a spire built (R-CAT-1)."""

    site: int
    part: str  # "nave" or "spire"

    def __init__(self, rule: str, site: int, part: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "site", site)
        object.__setattr__(self, "part", part)

    def text(self) -> str:
        done = " - the cathedral is finished" if self.part == "spire" else ""
        return f"The {self.part} of cathedral {self.site} is built{done}"


Built.kind = "built"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Evaluation(Event):
    """An evaluation step: started, a display laid out, letters back, donations returned."""

    site: int
    compartment: str
    what: str
    letters: tuple[str, ...] = ()

    def __init__(
        self, rule: str, site: int, compartment: str, what: str, letters: tuple[str, ...] = ()
    ) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "site", site)
        object.__setattr__(self, "compartment", compartment)
        object.__setattr__(self, "what", what)
        object.__setattr__(self, "letters", letters)

    def text(self) -> str:
        extra = (": " + ", ".join(self.letters)) if self.letters else ""
        where = f"compartment {self.compartment} (cathedral {self.site})"
        return f"Evaluation of {where}: {self.what}{extra}"


Evaluation.kind = "evaluation"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Visited(Event):
    """A House of Pleasure visit (R-HOP-1)."""

    player: str
    room: int
    card: str

    def __init__(self, rule: str, player: str, room: int, card: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "room", room)
        object.__setattr__(self, "card", card)

    def text(self) -> str:
        card = f" ({self.card})" if self.card else ""
        return f"{colour_name(self.player)} visits {room_name(self.room)}{card}"


Visited.kind = "visited"


@dataclass(slots=True, init=False, repr=False, eq=False)
class PopeDie(Event):
    """The Pope die set (room secret) or revealed with the guess."""

    player: str
    room: int
    guess: int
    caught: bool

    def __init__(self, rule: str, player: str, room: int, guess: int, caught: bool) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "room", room)
        object.__setattr__(self, "guess", guess)
        object.__setattr__(self, "caught", caught)

    def text(self) -> str:
        if self.guess == 0:
            return f"{colour_name(self.player)} sets the Pope die to {room_name(self.room)}"
        verdict = "caught!" if self.caught else "not caught"
        return (
            f"Guess {room_name(self.guess)}; the Pope die shows {room_name(self.room)}: "
            f"{colour_name(self.player)} {verdict}"
        )


PopeDie.kind = "pope-die"


@dataclass(slots=True, init=False, repr=False, eq=False)
class CardEffect(Event):
    """What a room card did (or that it was declined)."""

    player: str
    card: str
    outcome: str

    def __init__(self, rule: str, player: str, card: str, outcome: str) -> None:
        object.__setattr__(self, RULE, rule)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "outcome", outcome)

    def text(self) -> str:
        return f"{colour_name(self.player)} uses {self.card}: {self.outcome}"


CardEffect.kind = "card-effect"
