"""The game's secrets, declared once (R-HID-1, R-BID-2, R-POP-1, I-HID-2, I-HID-4, I-HID-5).

Every view of a record for one player — the projection (:mod:`mcn.views.projection`), redaction,
the replayer's stand-ins for ``?`` moves, the viewer's memory (:mod:`mcn.knowledge.memory`),
the masked event JSON, the masked state JSON (:mod:`mcn.engine.serial`) — asks this
declaration, and nothing else, what is secret, through its readers
(:mod:`mcn.engine.secret_readers`: who sees what, the masked tokens and JSON, the reveals along
a path). It declares

* :class:`ActionSecret`: the part of an action's text that is secret (its argument, ``bid ?``,
  or the compartments of its targets, ``donate jewel>?``), when an action of that class holds
  it (a Pope's visit only when it sets the die), who may see it (the actor, and for a gift its
  taker), which reveal later shows it to everybody, and which hidden part of the state a ``?``
  in its place leaves unsure;
* :class:`EventSecret`: the field of an event that is secret (a donation's compartment, the
  Pope die's room, the colour of a letter passed from hand to hand, a starting bonus's
  compartments), when, to whom it is visible, and the sentence that tells the event without it;
* :class:`Reveal`: the events that reveal earlier secrets — the bids (R-BID-2), the Pope die
  (R-POP-1), a compartment's contents at its evaluation (I-HID-2: never which donation went
  where), the letters at the final scoring — what a would-be outcome says instead of their
  content, and the reveal checkpoint a redacted record writes for them.

A new secret kind is one :func:`declare` call (``tests/secrets/test_declaration.py`` shows
one, masked in every view with no other change). Everything not declared here is public: what
is taken in view of all stays public behind a screen (I-HID-4), and a view shows everything its
viewer can know with perfect memory (I-HID-5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mcn.base.plain import PlainValue
from mcn.engine.actions import Action, Bid, Bonus, BuyLetter, Donate, FreeStone, Give, Guess, Visit
from mcn.engine.constants import COLOUR_NAMES
from mcn.engine.events import (
    BidsRevealed,
    BonusTaken,
    Donated,
    Evaluation,
    Event,
    LetterMoved,
    LettersScored,
    PopeDie,
)

#: What a masked secret is written as.
SECRET: Final = "?"
#: The viewer who sees every secret (``mcn.views.projection.EVERYTHING``, the default view).
EVERYTHING: Final = "all"

#: How a secret is masked in text: the whole argument (``bid 3+5`` → ``bid ?``) ...
ARGUMENT: Final = "argument"
#: ... or the right side of each ``X>Y`` target (``donate jewel>I 5>II`` → ``donate jewel>? 5>?``).
TARGETS: Final = "targets"

#: Which hidden part of the state a ``?`` leaves unsure (:attr:`ActionSecret.touches`):
#: a chest compartment (it matters at an evaluation), the letters (gifts, the supply, the
#: final scoring), or anything else (replay cannot tell what follows for sure).
CHEST: Final = "chest"
LETTERS: Final = "letters"
OTHER: Final = "other"

#: The parts of the state a secret may be held in (:attr:`ActionSecret.held_in`): the keys of
#: a seat, or of the state, in a state's JSON (``schemas/state.schema.json``). The chest and
#: the letters are :data:`CHEST` and :data:`LETTERS`; a pending bid and the Pope die are these.
#: A part no declaration holds a secret in is public in every view of a state (I-HID-5).
BIDS: Final = "bids"
POPE_DIE: Final = "pope_die"


# ---- the declarations ------------------------------------------------------------------------


def _always(action: Action, events: Sequence[Event]) -> bool:
    return True


def _the_actor(action: Action, events: Sequence[Event]) -> tuple[str, ...]:
    return (action.actor,)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ActionSecret(PlainValue):
    """A secret part of an action's text.

    ``holds`` says whether an action of the class, with the events it caused, holds the secret;
    ``seen_by`` who may read it then; ``revealed_by`` the :class:`Reveal` that later shows it to
    everybody (``""``: never); ``touches`` which hidden part of the state a ``?`` in a record
    leaves unsure (:data:`CHEST`, :data:`LETTERS`, :data:`OTHER`); ``held_in`` the part of the
    state that keeps the secret once the action is taken (:data:`BIDS`, :data:`POPE_DIE`,
    :data:`CHEST`, :data:`LETTERS`, or a seat's ``money`` or ``goods``; ``""``: none), which
    a view of a state masks for everybody but its owner
    (:func:`~mcn.engine.secret_readers.secret_parts`); ``rule`` the rule that makes it secret
    (cited when a sealed move of this kind is opened wrongly)."""

    name: str
    action: type[Action]
    masks: str
    seen_by: Callable[[Action, Sequence[Event]], tuple[str, ...]] = _the_actor
    holds: Callable[[Action, Sequence[Event]], bool] = _always
    revealed_by: str = ""
    touches: str = OTHER
    held_in: str = ""
    rule: str = "R-HID-1"

    @property
    def verb(self) -> str:
        """The verb that starts the action's text (``bid``: the class's ``kind``)."""
        return str(getattr(self.action, "kind", ""))


def _always_event(event: Event, action: Action | None) -> bool:
    return True


def _the_player(event: Event, action: Action | None) -> tuple[str, ...]:
    return (str(getattr(event, "player", "")),)


def _kind_only(event: Event, masked: str) -> str:
    return event.kind


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class EventSecret(PlainValue):
    """A secret field of an event. ``holds`` says whether the event (with the action that
    caused it, when known) holds the secret; ``seen_by`` who may read it; ``text`` the sentence
    that tells the event with the field masked (given its masked value)."""

    name: str
    event: type[Event]
    field: str
    masks: str
    seen_by: Callable[[Event, Action | None], tuple[str, ...]] = _the_player
    holds: Callable[[Event, Action | None], bool] = _always_event
    text: Callable[[Event, str], str] = _kind_only


def _every_event(event: Event) -> bool:
    return True


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Reveal(PlainValue):
    """An event that reveals secrets: ``opens`` names the :class:`ActionSecret` kinds it
    shows to everybody (waiting since the last such reveal, on the steps of ``on``: the only
    actions whose events may reveal), ``says`` what a would-be outcome tells instead of its
    content, ``checkpoint`` the reveal checkpoint a redacted record writes for it (``""``:
    none), ``rule`` the rule that makes the reveal (cited when a sealed move is opened at the
    wrong time)."""

    name: str
    event: type[Event]
    says: Callable[[Event], str]
    holds: Callable[[Event], bool] = _every_event
    on: tuple[type[Action], ...] = ()
    checkpoint: str = ""
    rule: str = "R-HID-1"


def _sets_pope_die(action: Action, events: Sequence[Event]) -> bool:
    return any(isinstance(e, PopeDie) and e.guess == 0 for e in events)


def _has_targets(action: Action, events: Sequence[Event]) -> bool:
    return ">" in action.text  # ``bonus blue`` hides nothing


def _giver_and_taker(action: Action, events: Sequence[Event]) -> tuple[str, ...]:
    takers = [e.player for e in events if isinstance(e, LetterMoved)]
    return (action.actor, takers[0]) if takers else (action.actor,)


def _name(event: Event) -> str:
    return COLOUR_NAMES.get(str(getattr(event, "player", "")), "")


def _item_words(item: str) -> str:
    return f"{item} taler" if item.isdigit() else item


def _donated_text(event: Event, masked: str) -> str:
    item = event.item if isinstance(event, Donated) else ""
    return f"{_name(event)} donates {_item_words(item)} (the compartment is secret)"


def _die_set(event: Event, action: Action | None) -> bool:
    return isinstance(event, PopeDie) and event.guess == 0


def _die_text(event: Event, masked: str) -> str:
    return f"{_name(event)} sets the Pope die in secret"


def _bonus_with_targets(event: Event, action: Action | None) -> bool:
    return isinstance(event, BonusTaken) and ">" in event.bonus


def _bonus_text(event: Event, masked: str) -> str:
    return f"{_name(event)} takes the starting bonus {masked}"


def _hand_to_hand(event: Event, action: Action | None) -> bool:
    """Whether a moved letter's colour is secret: it was given hand to hand by a ``give``
    action (I-HID-4), as the emperor-letter card makes the Emperor's holder do. A pope-yellow
    card also moves a letter between hands, without a ``give``, and its colour is public: the
    card names it (yellow)."""
    return isinstance(action, Give)


def _gift_seers(event: Event, action: Action | None) -> tuple[str, ...]:
    player = str(getattr(event, "player", ""))
    return (player, action.actor) if action is not None else (player,)


def _gift_text(event: Event, masked: str) -> str:
    count = event.count if isinstance(event, LetterMoved) else 1
    source = event.source if isinstance(event, LetterMoved) else ""
    letters = "a letter" if count == 1 else f"{count} letters"
    return f"{_name(event)} takes {letters} from {source}"


def _die_guessed(event: Event) -> bool:
    return isinstance(event, PopeDie) and event.guess != 0


def _evaluation_says(event: Event) -> str:
    if isinstance(event, Evaluation):
        return f"compartment {event.compartment} of cathedral {event.site} is evaluated"
    return "a compartment is evaluated"


#: The secret parts of actions (docs/notation.md, "What each viewer sees").
ACTION_SECRETS: Final[list[ActionSecret]] = [
    # R-BID-1, R-BID-2: a bid, until the last bid of the round reveals them all
    ActionSecret("bid", Bid, ARGUMENT, revealed_by="bids", held_in=BIDS, rule="R-BID-1"),
    # R-POP-1: the Pope die, set by the Pope's visit, until the guess
    ActionSecret(
        "pope-die",
        Visit,
        ARGUMENT,
        holds=_sets_pope_die,
        revealed_by="pope-die",
        held_in=POPE_DIE,
        rule="R-POP-1",
    ),
    # R-DON-1, I-HID-2: the compartment of each donation, for good
    ActionSecret("compartment", Donate, TARGETS, touches=CHEST, held_in=CHEST, rule="I-HID-2"),
    # R-SET-4, I-HID-2: the compartments of a starting bonus, for good
    ActionSecret(
        "bonus-compartment",
        Bonus,
        TARGETS,
        holds=_has_targets,
        touches=CHEST,
        held_in=CHEST,
        rule="I-HID-2",
    ),
    # I-HID-4: the colour of the Emperor's gift: the giver's and the taker's
    ActionSecret(
        "gift",
        Give,
        ARGUMENT,
        seen_by=_giver_and_taker,
        touches=LETTERS,
        held_in=LETTERS,
        rule="I-HID-4",
    ),
]

#: The secret fields of events.
EVENT_SECRETS: Final[list[EventSecret]] = [
    EventSecret("compartment", Donated, "compartment", ARGUMENT, text=_donated_text),
    EventSecret("pope-die", PopeDie, "room", ARGUMENT, holds=_die_set, text=_die_text),
    EventSecret(
        "bonus-compartment",
        BonusTaken,
        "bonus",
        TARGETS,
        holds=_bonus_with_targets,
        text=_bonus_text,
    ),
    EventSecret(
        "gift",
        LetterMoved,
        "colour",
        ARGUMENT,
        seen_by=_gift_seers,
        holds=_hand_to_hand,
        text=_gift_text,
    ),
]

#: The events that reveal secrets, in the order a game meets them.
REVEALS: Final[list[Reveal]] = [
    Reveal("bids", BidsRevealed, lambda e: "the bids are revealed", on=(Bid,), rule="R-BID-2"),
    Reveal(
        "pope-die",
        PopeDie,
        lambda e: "the Pope die is revealed",
        holds=_die_guessed,
        on=(Guess,),
        rule="R-POP-1",
    ),
    Reveal("chest", Evaluation, _evaluation_says, checkpoint=CHEST),
    Reveal("letters", LettersScored, lambda e: "the letters are scored", checkpoint=LETTERS),
]

#: A record may also write ``?`` for the colour of a letter taken from the supply
#: (``letter ?``, ``free indulgence>?``) although no view writes it (I-HID-4): replay
#: stands in for it like a gift, and the letters reveal corrects it.
SUPPLY_LETTERS: Final = (BuyLetter, FreeStone)


def declare(secret: ActionSecret | EventSecret | Reveal) -> Callable[[], None]:
    """Add a declaration (a new secret kind); the function that takes it back."""
    table: list[Any] = (
        ACTION_SECRETS
        if isinstance(secret, ActionSecret)
        else EVENT_SECRETS
        if isinstance(secret, EventSecret)
        else REVEALS
    )
    table.append(secret)

    def undo() -> None:
        table.remove(secret)

    return undo


__all__ = [
    "ACTION_SECRETS",
    "ARGUMENT",
    "BIDS",
    "CHEST",
    "EVENT_SECRETS",
    "EVERYTHING",
    "LETTERS",
    "OTHER",
    "POPE_DIE",
    "REVEALS",
    "SECRET",
    "SUPPLY_LETTERS",
    "TARGETS",
    "ActionSecret",
    "EventSecret",
    "Reveal",
    "declare",
]
