"""Events: what an applied action (and the automatic steps after it) did to the game.

Each event is a small immutable record with a ``kind``, the ``rule`` that caused it, a
plain-English :meth:`Event.text` and :meth:`Event.to_json`. Some fields are secret to one player
(R-HID-1: the compartment of a donation, the Pope die); :meth:`Event.to_json` with a ``viewer``
masks them for everyone else, exactly like :func:`mcn.engine.view` masks the state.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, get_type_hints

from mcn.engine.constants import CHARACTER_NAMES, CHARACTERS, colour_name, room_name
from mcn.engine.frozen import quicken

ALL_SECRETS = "*all*"
"""Viewer value that sees every secret (the default of :meth:`Event.to_json`)."""


def _names(colours: tuple[str, ...]) -> str:
    names = [colour_name(c) for c in colours]
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return ", ".join(names[:-1]) + " and " + names[-1]


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The dataclass fields of an event class, looked up once (every output of every event
    asks for them)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of all events."""

    rule: str
    kind: ClassVar[str] = "event"
    secret: ClassVar[tuple[str, ...]] = ()  # fields only ``owner()`` may see

    def owner(self) -> str | None:
        """The player who may see this event's secret fields."""
        return None

    def text(self) -> str:
        """A plain-English sentence."""
        return self.kind

    def to_json(self, viewer: str | None = ALL_SECRETS) -> dict[str, Any]:
        """``{"kind", "rule", ...fields}``; secret fields become ``"?"`` unless ``viewer`` may
        see them (``None`` is a spectator)."""
        out: dict[str, Any] = {"kind": self.kind}
        owner = self.owner()
        hide = bool(self.secret) and owner is not None and viewer not in (ALL_SECRETS, owner)
        for name in _field_names(type(self)):
            value = getattr(self, name)
            if hide and name in self.secret:
                value = "?"
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[name] = value
        out["text"] = self.text() if not hide else self.kind
        return out


@dataclass(frozen=True, slots=True)
class SoulsPlaced(Event):
    """The chance order of the souls on space 0 (R-SET-1)."""

    order: tuple[str, ...]
    kind: ClassVar[str] = "souls-placed"

    def text(self) -> str:
        return f"Souls placed on space 0, nearest Heaven first: {_names(self.order)}"


@dataclass(frozen=True, slots=True)
class BonusTaken(Event):
    """A starting bonus picked (R-SET-4)."""

    player: str
    bonus: str
    kind: ClassVar[str] = "bonus-taken"

    def text(self) -> str:
        return f"{colour_name(self.player)} takes the starting bonus {self.bonus}"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A new round begins with its prepare phase (R-RND-1)."""

    round: int
    kind: ClassVar[str] = "round-started"

    def text(self) -> str:
        return f"Round {self.round} begins"


@dataclass(frozen=True, slots=True)
class MarketDrawn(Event):
    """Stones drawn from the bag to the market (R-RND-2)."""

    stones: tuple[str, ...]
    kind: ClassVar[str] = "market-drawn"

    def text(self) -> str:
        return "Drawn to the market: " + (", ".join(self.stones) or "nothing (the bag is empty)")


@dataclass(frozen=True, slots=True)
class Prepared(Event):
    """A fixed preparation step (R-RND-2): characters back, die, crew, suites."""

    what: str
    kind: ClassVar[str] = "prepared"

    def text(self) -> str:
        return self.what


@dataclass(frozen=True, slots=True)
class CardsMoved(Event):
    """Room cards drawn, discarded, or the discard pile shuffled into a new deck."""

    action: str  # "drawn", "discarded", "reshuffled"
    cards: tuple[str, ...]
    kind: ClassVar[str] = "cards"

    def text(self) -> str:
        if self.action == "reshuffled":
            return f"The discard pile ({len(self.cards)} cards) becomes the new deck"
        if self.action == "drawn":
            rooms = ", ".join(f"room {i + 1}: {c}" for i, c in enumerate(self.cards))
            return f"Cards drawn into the rooms: {rooms}"
        return "Discarded: " + ", ".join(self.cards)


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    """A secret bid was placed; its value stays hidden until the reveal (R-BID-1)."""

    player: str
    kind: ClassVar[str] = "bid-placed"

    def text(self) -> str:
        return f"{colour_name(self.player)} has placed a secret bid"


@dataclass(frozen=True, slots=True)
class BidsRevealed(Event):
    """All bids revealed, in choice order, and who keeps his taler (R-BID-2, R-BID-3)."""

    bids: tuple[tuple[str, int, int], ...]  # (player, notches, taler) in choice order
    keeper: str  # most notches: keeps his bid taler (R-BID-3)
    kind: ClassVar[str] = "bids-revealed"

    def text(self) -> str:
        shown = "; ".join(f"{colour_name(p)} {n}+{t}={n + t}" for p, n, t in self.bids)
        return f"Bids revealed (choice order): {shown}. {colour_name(self.keeper)} keeps his taler"


@dataclass(frozen=True, slots=True)
class MoneyMoved(Event):
    """Money paid (negative amount) or received (positive)."""

    player: str
    amount: int
    reason: str
    counterpart: str = "bank"
    kind: ClassVar[str] = "money"

    def text(self) -> str:
        who = colour_name(self.player)
        other = "the bank" if self.counterpart == "bank" else colour_name(self.counterpart)
        if self.amount < 0:
            return f"{who} pays {-self.amount} taler to {other} ({self.reason})"
        return f"{who} receives {self.amount} taler from {other} ({self.reason})"


@dataclass(frozen=True, slots=True)
class PostChanged(Event):
    """A post set by a bid or rotated by an action, a visit or a penalty."""

    player: str
    before: int
    after: int
    reason: str
    kind: ClassVar[str] = "post"

    def text(self) -> str:
        return (
            f"{colour_name(self.player)}'s post goes from {self.before} to {self.after} "
            f"({self.reason})"
        )


@dataclass(frozen=True, slots=True)
class CharacterChosen(Event):
    """A character card taken (R-BID-2)."""

    player: str
    character: str
    kind: ClassVar[str] = "character-chosen"

    def text(self) -> str:
        name = CHARACTER_NAMES[CHARACTERS.index(self.character)]
        return f"{colour_name(self.player)} chooses the {name}"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A turn of the action phase begins (R-ACT-1)."""

    turn: int
    player: str
    character: str
    kind: ClassVar[str] = "turn-started"

    def text(self) -> str:
        name = CHARACTER_NAMES[CHARACTERS.index(self.character)]
        return f"Turn {self.turn}: {colour_name(self.player)} as the {name}"


@dataclass(frozen=True, slots=True)
class PhaseEnded(Event):
    """The action phase or the game ends, and why."""

    phase: str
    why: str
    kind: ClassVar[str] = "phase-ended"

    def text(self) -> str:
        return f"The {self.phase} ends: {self.why}"


@dataclass(frozen=True, slots=True)
class StonesMoved(Event):
    """Goods or indulgence stones moving between bag, market, screens and chests."""

    player: str
    stone: str
    count: int
    source: str
    target: str
    kind: ClassVar[str] = "stones"

    def text(self) -> str:
        return (
            f"{colour_name(self.player)}: {self.count} {self.stone} from {self.source} "
            f"to {self.target}"
        )


@dataclass(frozen=True, slots=True)
class Donated(Event):
    """A donation: the item is public, the compartment secret to the donor (R-DON-1)."""

    player: str
    item: str
    compartment: str
    kind: ClassVar[str] = "donated"
    secret: ClassVar[tuple[str, ...]] = ("compartment",)

    def owner(self) -> str | None:
        return self.player

    def text(self) -> str:
        item = f"{self.item} taler" if self.item.isdigit() else self.item
        return f"{colour_name(self.player)} donates {item} into compartment {self.compartment}"


@dataclass(frozen=True, slots=True)
class LetterMoved(Event):
    """Letters taken from the supply, a display, Suite 6 or another player."""

    player: str
    colour: str
    count: int
    source: str
    kind: ClassVar[str] = "letter"

    def text(self) -> str:
        return f"{colour_name(self.player)} takes {self.count} {self.colour} from {self.source}"


@dataclass(frozen=True, slots=True)
class SinsPlaced(Event):
    """Own sin stones placed in a den (R-DEN-1)."""

    player: str
    den: str
    count: int
    kind: ClassVar[str] = "sins-placed"

    def text(self) -> str:
        return f"{colour_name(self.player)} places {_count(self.count, 'sin stone')} in {self.den}"


@dataclass(frozen=True, slots=True)
class SinsReturned(Event):
    """Own stones taken back from a den: emptied (R-DEN-4) or atoned (R-DEN-3)."""

    player: str
    den: str
    count: int
    why: str
    kind: ClassVar[str] = "sins-returned"

    def text(self) -> str:
        return (
            f"{colour_name(self.player)} takes back {_count(self.count, 'sin stone')} from "
            f"{self.den} ({self.why})"
        )


@dataclass(frozen=True, slots=True)
class SoulMoved(Event):
    """A soul moved (or a move that did not happen, R-MOV-4) and why."""

    player: str
    source: int
    target: int
    steps: int
    why: str
    blocked: bool = False
    kind: ClassVar[str] = "soul-moved"

    def text(self) -> str:
        who = colour_name(self.player)
        way = "Hell" if self.steps > 0 else "Heaven"
        if self.blocked:
            return f"{who}'s soul would pass space 40 and stays on {self.source} ({self.why})"
        return (
            f"{who}'s soul moves {abs(self.steps)} toward {way}, {self.source} -> {self.target} "
            f"({self.why})"
        )


@dataclass(frozen=True, slots=True)
class PopeStoneMoved(Event):
    """A Pope stone moved between dens (R-CHR-1, pope-stone card)."""

    player: str
    source: str
    target: str
    kind: ClassVar[str] = "pope-stone-moved"

    def text(self) -> str:
        return f"{colour_name(self.player)} moves a Pope stone from {self.source} to {self.target}"


@dataclass(frozen=True, slots=True)
class Atonement(Event):
    """Three Pope stones beside one den: the other two dens are atoned (R-DEN-3)."""

    den: str
    mover: str
    kind: ClassVar[str] = "atonement"

    def text(self) -> str:
        return (
            f"All Pope stones beside {self.den}: the other dens are atoned, "
            f"{colour_name(self.mover)} is exempt"
        )


@dataclass(frozen=True, slots=True)
class CrewMoved(Event):
    """A crew placed on a site (R-CAT-1)."""

    player: str
    source: str  # "card", "hut" or a site number
    site: int
    kind: ClassVar[str] = "crew"

    def text(self) -> str:
        return f"{colour_name(self.player)} puts a crew from {self.source} on site {self.site}"


@dataclass(frozen=True, slots=True)
class Built(Event):
    """A nave or a spire built (R-CAT-1)."""

    site: int
    part: str  # "nave" or "spire"
    kind: ClassVar[str] = "built"

    def text(self) -> str:
        done = " - the cathedral is finished" if self.part == "spire" else ""
        return f"The {self.part} of cathedral {self.site} is built{done}"


@dataclass(frozen=True, slots=True)
class Evaluation(Event):
    """An evaluation step: started, a display laid out, letters back, donations returned."""

    site: int
    compartment: str
    what: str
    letters: tuple[str, ...] = ()
    kind: ClassVar[str] = "evaluation"

    def text(self) -> str:
        extra = (": " + ", ".join(self.letters)) if self.letters else ""
        where = f"compartment {self.compartment} (cathedral {self.site})"
        return f"Evaluation of {where}: {self.what}{extra}"


@dataclass(frozen=True, slots=True)
class Visited(Event):
    """A House of Pleasure visit (R-HOP-1)."""

    player: str
    room: int
    card: str
    kind: ClassVar[str] = "visited"

    def text(self) -> str:
        card = f" ({self.card})" if self.card else ""
        return f"{colour_name(self.player)} visits {room_name(self.room)}{card}"


@dataclass(frozen=True, slots=True)
class PopeDie(Event):
    """The Pope die set (room secret) or revealed with the guess."""

    player: str
    room: int
    guess: int
    caught: bool
    kind: ClassVar[str] = "pope-die"
    secret: ClassVar[tuple[str, ...]] = ("room",)

    def owner(self) -> str | None:
        return self.player if self.guess == 0 else None

    def text(self) -> str:
        if self.guess == 0:
            return f"{colour_name(self.player)} sets the Pope die to {room_name(self.room)}"
        verdict = "caught!" if self.caught else "not caught"
        return (
            f"Guess {room_name(self.guess)}; the Pope die shows {room_name(self.room)}: "
            f"{colour_name(self.player)} {verdict}"
        )


@dataclass(frozen=True, slots=True)
class CardEffect(Event):
    """What a room card did (or that it was declined)."""

    player: str
    card: str
    outcome: str
    kind: ClassVar[str] = "card-effect"

    def text(self) -> str:
        return f"{colour_name(self.player)} uses {self.card}: {self.outcome}"


@dataclass(frozen=True, slots=True)
class PostsCompared(Event):
    """The posts compared: who moves how far (R-NOT-1)."""

    player: str  # "" when nobody moves
    steps: int
    kind: ClassVar[str] = "posts-compared"

    def text(self) -> str:
        if not self.player:
            return "Posts compared: nobody moves"
        return f"Posts compared: {colour_name(self.player)} moves {self.steps} toward Hell"


@dataclass(frozen=True, slots=True)
class LettersScored(Event):
    """Letters scored at the game end (R-END-2)."""

    player: str
    sets: int
    others: int
    kind: ClassVar[str] = "letters-scored"

    def text(self) -> str:
        return (
            f"{colour_name(self.player)} scores {_count(self.sets, 'set')} and "
            f"{_count(self.others, 'other letter')}"
        )


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over and these players win (R-END-3)."""

    winners: tuple[str, ...]
    heaven: bool
    kind: ClassVar[str] = "game-ended"

    def text(self) -> str:
        one = len(self.winners) == 1
        how = "reached Heaven" if self.heaven else ("is" if one else "are") + " nearest Heaven"
        return f"Game over: {_names(self.winners)} {how} and win{'s' if one else ''}"


@dataclass(frozen=True, slots=True)
class InfractionRecorded(Event):
    """A META CULPA infraction (R-MET-1)."""

    player: str
    code: str
    kind: ClassVar[str] = "infraction"

    def text(self) -> str:
        return f"{colour_name(self.player)} commits the infraction {self.code}"


@dataclass(frozen=True, slots=True)
class Breach(Event):
    """A rules breach a record contains and the rules punish (I-POP-9: the Pope die set to a
    room too dear for the post, R-POP-3); public when it comes to light."""

    player: str
    what: str
    kind: ClassVar[str] = "breach"

    def text(self) -> str:
        return f"Rules breach by {colour_name(self.player)}: {self.what}"


@dataclass(frozen=True, slots=True)
class Omission(Event):
    """META CULPA: the Petty Sinner leaves a cost undone, or another player catches him and he
    makes it good (I-MET-6). ``what`` is money, post or sin; ``den`` names the den of a sin
    ("" otherwise); ``catcher`` is "" when the cost is left undone."""

    player: str
    what: str
    amount: int
    den: str
    catcher: str
    kind: ClassVar[str] = "omission"

    def text(self) -> str:
        cost = {
            "money": f"{self.amount} taler unpaid",
            "post": f"his post {_count(self.amount, 'notch')} short".replace("notchs", "notches"),
            "sin": f"{_count(self.amount, 'sin stone')} not placed in {self.den}",
        }[self.what]
        if not self.catcher:
            return f"{colour_name(self.player)} (Petty Sinner) leaves {cost}"
        return (
            f"{colour_name(self.catcher)} catches {colour_name(self.player)} (Petty Sinner): "
            f"{cost}, made good now"
        )


# --- the JSON Schema of events ------------------------------------------------------------------

_COLOUR_FIELDS = frozenset(("player", "mover", "keeper"))


def _field_schema(cls: type[Event], name: str, hint: object) -> dict[str, Any]:
    schema: dict[str, Any]
    if name in ("winners", "order"):
        schema = {"type": "array", "items": {"$ref": "#/$defs/colour"}}
    elif name in _COLOUR_FIELDS:
        schema = {"$ref": "#/$defs/colour"}
        if cls is PostsCompared:
            schema = {"anyOf": [{"const": ""}, schema]}
    elif hint is str:
        schema = {"type": "string"}
    elif hint is int:
        schema = {"type": "integer"}
    elif hint is bool:
        schema = {"type": "boolean"}
    elif hint == tuple[str, ...]:
        schema = {"type": "array", "items": {"type": "string"}}
    else:  # BidsRevealed.bids: (player, notches, taler)
        bid = [{"$ref": "#/$defs/colour"}, {"type": "integer"}, {"type": "integer"}]
        schema = {
            "type": "array",
            "items": {"type": "array", "prefixItems": bid, "minItems": 3, "maxItems": 3},
        }
    if name in cls.secret:
        schema = {
            "description": "Secret to the event's owner; '?' when masked.",
            "anyOf": [schema, {"const": "?"}],
        }
    return schema


def event_classes() -> list[type[Event]]:
    """Every concrete event class, in definition order."""
    return [
        c
        for c in globals().values()
        if isinstance(c, type) and issubclass(c, Event) and c is not Event
    ]


def json_schema() -> dict[str, Any]:
    """The JSON Schema of :meth:`Event.to_json` (``schemas/events.schema.json`` is this)."""
    defs: dict[str, Any] = {
        "rule": {"type": "string", "pattern": r"^(R|I)-[A-Z0-9]+-[0-9]+(?![\s\S])"},
        "colour": {"enum": ["R", "B", "G", "Y"]},
    }
    for cls in event_classes():
        hints = get_type_hints(cls)
        props: dict[str, Any] = {
            "kind": {"const": cls.kind},
            "rule": {"$ref": "#/$defs/rule"},
            "text": {"type": "string"},
        }
        for f in fields(cls):
            if f.name != "rule":
                props[f.name] = _field_schema(cls, f.name, hints[f.name])
        defs[cls.__name__] = {
            "description": (cls.__doc__ or cls.__name__).strip(),
            "type": "object",
            "additionalProperties": False,
            "required": list(props),
            "properties": props,
        }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://mcn.example/schemas/events.schema.json",
        "title": "Mea Culpa engine event",
        "description": (
            "One event as returned by Event.to_json(): its kind, the rule ID that caused it, a "
            "plain-English text and the kind's fields. Secret fields (a donation's compartment, "
            "the Pope die before the guess) are '?' when masked for a viewer. Generated by "
            "mcn.engine.events.json_schema()."
        ),
        "type": "object",
        "required": ["kind", "rule", "text"],
        "properties": {"kind": {"enum": [cls.kind for cls in event_classes()]}},
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": cls.kind}}},
                "then": {"$ref": f"#/$defs/{cls.__name__}"},
            }
            for cls in event_classes()
        ],
        "$defs": defs,
    }


# Every event class is defined above: give them the cheaper constructor (mcn.engine.frozen).
quicken(Event)
