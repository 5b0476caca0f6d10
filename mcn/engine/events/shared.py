"""The events the engine emits most, each made once per value.

An event is an immutable value (:class:`~mcn.base.values.Value`), and a game repeats the same
few thousand of them: in a 150-game corpus 98,489 events were 6,671 distinct values (``Turn 3:
Red as the Pope``, ``Blue: 1 bread from the market to behind the screen``, a post rotated from
2 to 3 …). Made anew, each is an object the cyclic collector walks while the replay that keeps
it lives (a replay keeps every event of every step), and in the pure build a constructor call
of one descriptor store per field. So the hottest event classes are made through the functions
below, which look the value up first — the way :mod:`mcn.engine.shared_steps` makes the
steps (docs/performance-history.md, "Per move, round four").

In the compiled build the event classes are native and a constructor is cheaper than the
lookup, so there the functions build each event at once (:data:`NATIVE_EVENTS`, measured).

Each function takes exactly its class's constructor arguments and returns an equal event; the
memo is bounded (past its limit it starts again), so a process that plays many games keeps
at most a few thousand events alive for it. Sharing changes nothing a caller can see: events
are compared by value, never changed, and pickled by their fields.
"""

from __future__ import annotations

from typing import Any, Final

from mcn.engine.events.bids import BidPlaced, CharacterChosen, MoneyMoved, PostChanged
from mcn.engine.events.ends import PostsCompared
from mcn.engine.events.setup import CardsMoved, Prepared, RoundStarted
from mcn.engine.events.turns import (
    CardEffect,
    CrewMoved,
    Donated,
    Evaluation,
    LetterMoved,
    PhaseEnded,
    PopeDie,
    PopeStoneMoved,
    SinsPlaced,
    SinsReturned,
    SoulMoved,
    StonesMoved,
    TurnStarted,
    Visited,
)

#: Whether the event classes are native (the compiled build). Then a constructor is a few
#: native stores, cheaper than building, hashing and comparing the memo's key: measured in
#: instructions per replay (callgrind, 30 corpus games), the memo saves 3.7 % of the pure
#: build's and costs 3.5 % of the compiled build's, the collector's work included
#: (docs/performance-history.md, "Per move, round four"). So the functions look up only in
#: the pure build, and build at once in the compiled one.
NATIVE_EVENTS: Final = "__mypyc_attrs__" in vars(TurnStarted)

_MADE: Final[dict[tuple[Any, ...], Any]] = {}
#: Far more distinct events than a game emits; past it the memo starts again.
_MADE_LIMIT: Final = 1 << 12


def _keep(key: tuple[Any, ...], event: Any) -> Any:
    """Remember ``event`` under ``key`` (the memo starts again when full)."""
    if len(_MADE) >= _MADE_LIMIT:
        _MADE.clear()
    _MADE[key] = event
    return event


def forget_shared_events() -> None:
    """Forget the events made so far (for cold-cache measurements and tests)."""
    _MADE.clear()


def turn_started(rule: str, turn: int, player: str, character: str) -> TurnStarted:
    """``TurnStarted(rule, turn, player, character)``."""
    if NATIVE_EVENTS:
        return TurnStarted(rule, turn, player, character)
    key = ("turn-started", rule, turn, player, character)
    found: TurnStarted | None = _MADE.get(key)
    if found is None:
        found = _keep(key, TurnStarted(rule, turn, player, character))
    return found


def stones_moved(
    rule: str, player: str, stone: str, count: int, source: str, target: str
) -> StonesMoved:
    """``StonesMoved(rule, player, stone, count, source, target)``."""
    if NATIVE_EVENTS:
        return StonesMoved(rule, player, stone, count, source, target)
    key = ("stones-moved", rule, player, stone, count, source, target)
    found: StonesMoved | None = _MADE.get(key)
    if found is None:
        found = _keep(key, StonesMoved(rule, player, stone, count, source, target))
    return found


def donated(rule: str, player: str, item: str, compartment: str) -> Donated:
    """``Donated(rule, player, item, compartment)``."""
    if NATIVE_EVENTS:
        return Donated(rule, player, item, compartment)
    key = ("donated", rule, player, item, compartment)
    found: Donated | None = _MADE.get(key)
    if found is None:
        found = _keep(key, Donated(rule, player, item, compartment))
    return found


def post_changed(rule: str, player: str, before: int, after: int, reason: str) -> PostChanged:
    """``PostChanged(rule, player, before, after, reason)``."""
    if NATIVE_EVENTS:
        return PostChanged(rule, player, before, after, reason)
    key = ("post-changed", rule, player, before, after, reason)
    found: PostChanged | None = _MADE.get(key)
    if found is None:
        found = _keep(key, PostChanged(rule, player, before, after, reason))
    return found


def letter_moved(rule: str, player: str, colour: str, count: int, source: str) -> LetterMoved:
    """``LetterMoved(rule, player, colour, count, source)``."""
    if NATIVE_EVENTS:
        return LetterMoved(rule, player, colour, count, source)
    key = ("letter-moved", rule, player, colour, count, source)
    found: LetterMoved | None = _MADE.get(key)
    if found is None:
        found = _keep(key, LetterMoved(rule, player, colour, count, source))
    return found


def money_moved(
    rule: str, player: str, amount: int, reason: str, counterpart: str = "bank"
) -> MoneyMoved:
    """``MoneyMoved(rule, player, amount, reason, counterpart)``."""
    if NATIVE_EVENTS:
        return MoneyMoved(rule, player, amount, reason, counterpart)
    key = ("money-moved", rule, player, amount, reason, counterpart)
    found: MoneyMoved | None = _MADE.get(key)
    if found is None:
        found = _keep(key, MoneyMoved(rule, player, amount, reason, counterpart))
    return found


def cards_moved(rule: str, action: str, cards: tuple[str, ...]) -> CardsMoved:
    """``CardsMoved(rule, action, cards)``."""
    if NATIVE_EVENTS:
        return CardsMoved(rule, action, cards)
    key = ("cards-moved", rule, action, cards)
    found: CardsMoved | None = _MADE.get(key)
    if found is None:
        found = _keep(key, CardsMoved(rule, action, cards))
    return found


def visited(rule: str, player: str, room: int, card: str) -> Visited:
    """``Visited(rule, player, room, card)``."""
    if NATIVE_EVENTS:
        return Visited(rule, player, room, card)
    key = ("visited", rule, player, room, card)
    found: Visited | None = _MADE.get(key)
    if found is None:
        found = _keep(key, Visited(rule, player, room, card))
    return found


def character_chosen(rule: str, player: str, character: str) -> CharacterChosen:
    """``CharacterChosen(rule, player, character)``."""
    if NATIVE_EVENTS:
        return CharacterChosen(rule, player, character)
    key = ("character-chosen", rule, player, character)
    found: CharacterChosen | None = _MADE.get(key)
    if found is None:
        found = _keep(key, CharacterChosen(rule, player, character))
    return found


def sins_placed(rule: str, player: str, den: str, count: int) -> SinsPlaced:
    """``SinsPlaced(rule, player, den, count)``."""
    if NATIVE_EVENTS:
        return SinsPlaced(rule, player, den, count)
    key = ("sins-placed", rule, player, den, count)
    found: SinsPlaced | None = _MADE.get(key)
    if found is None:
        found = _keep(key, SinsPlaced(rule, player, den, count))
    return found


def bid_placed(rule: str, player: str) -> BidPlaced:
    """``BidPlaced(rule, player)``."""
    if NATIVE_EVENTS:
        return BidPlaced(rule, player)
    key = ("bid-placed", rule, player)
    found: BidPlaced | None = _MADE.get(key)
    if found is None:
        found = _keep(key, BidPlaced(rule, player))
    return found


def prepared(rule: str, what: str) -> Prepared:
    """``Prepared(rule, what)``."""
    if NATIVE_EVENTS:
        return Prepared(rule, what)
    key = ("prepared", rule, what)
    found: Prepared | None = _MADE.get(key)
    if found is None:
        found = _keep(key, Prepared(rule, what))
    return found


def soul_moved(
    rule: str, player: str, source: int, target: int, steps: int, why: str, blocked: bool = False
) -> SoulMoved:
    """``SoulMoved(rule, player, source, target, steps, why, blocked)``."""
    if NATIVE_EVENTS:
        return SoulMoved(rule, player, source, target, steps, why, blocked)
    key = ("soul-moved", rule, player, source, target, steps, why, blocked)
    found: SoulMoved | None = _MADE.get(key)
    if found is None:
        found = _keep(key, SoulMoved(rule, player, source, target, steps, why, blocked))
    return found


def card_effect(rule: str, player: str, card: str, outcome: str) -> CardEffect:
    """``CardEffect(rule, player, card, outcome)``."""
    if NATIVE_EVENTS:
        return CardEffect(rule, player, card, outcome)
    key = ("card-effect", rule, player, card, outcome)
    found: CardEffect | None = _MADE.get(key)
    if found is None:
        found = _keep(key, CardEffect(rule, player, card, outcome))
    return found


def pope_die(rule: str, player: str, room: int, guess: int, caught: bool) -> PopeDie:
    """``PopeDie(rule, player, room, guess, caught)``."""
    if NATIVE_EVENTS:
        return PopeDie(rule, player, room, guess, caught)
    key = ("pope-die", rule, player, room, guess, caught)
    found: PopeDie | None = _MADE.get(key)
    if found is None:
        found = _keep(key, PopeDie(rule, player, room, guess, caught))
    return found


def crew_moved(rule: str, player: str, source: str, site: int) -> CrewMoved:
    """``CrewMoved(rule, player, source, site)``."""
    if NATIVE_EVENTS:
        return CrewMoved(rule, player, source, site)
    key = ("crew-moved", rule, player, source, site)
    found: CrewMoved | None = _MADE.get(key)
    if found is None:
        found = _keep(key, CrewMoved(rule, player, source, site))
    return found


def evaluation(
    rule: str, site: int, compartment: str, what: str, letters: tuple[str, ...] = ()
) -> Evaluation:
    """``Evaluation(rule, site, compartment, what, letters)``."""
    if NATIVE_EVENTS:
        return Evaluation(rule, site, compartment, what, letters)
    key = ("evaluation", rule, site, compartment, what, letters)
    found: Evaluation | None = _MADE.get(key)
    if found is None:
        found = _keep(key, Evaluation(rule, site, compartment, what, letters))
    return found


def phase_ended(rule: str, phase: str, why: str) -> PhaseEnded:
    """``PhaseEnded(rule, phase, why)``."""
    if NATIVE_EVENTS:
        return PhaseEnded(rule, phase, why)
    key = ("phase-ended", rule, phase, why)
    found: PhaseEnded | None = _MADE.get(key)
    if found is None:
        found = _keep(key, PhaseEnded(rule, phase, why))
    return found


def posts_compared(rule: str, player: str, steps: int) -> PostsCompared:
    """``PostsCompared(rule, player, steps)``."""
    if NATIVE_EVENTS:
        return PostsCompared(rule, player, steps)
    key = ("posts-compared", rule, player, steps)
    found: PostsCompared | None = _MADE.get(key)
    if found is None:
        found = _keep(key, PostsCompared(rule, player, steps))
    return found


def round_started(rule: str, round: int) -> RoundStarted:
    """``RoundStarted(rule, round)``."""
    if NATIVE_EVENTS:
        return RoundStarted(rule, round)
    key = ("round-started", rule, round)
    found: RoundStarted | None = _MADE.get(key)
    if found is None:
        found = _keep(key, RoundStarted(rule, round))
    return found


def pope_stone_moved(rule: str, player: str, source: str, target: str) -> PopeStoneMoved:
    """``PopeStoneMoved(rule, player, source, target)``."""
    if NATIVE_EVENTS:
        return PopeStoneMoved(rule, player, source, target)
    key = ("pope-stone-moved", rule, player, source, target)
    found: PopeStoneMoved | None = _MADE.get(key)
    if found is None:
        found = _keep(key, PopeStoneMoved(rule, player, source, target))
    return found


def sins_returned(rule: str, player: str, den: str, count: int, why: str) -> SinsReturned:
    """``SinsReturned(rule, player, den, count, why)``."""
    if NATIVE_EVENTS:
        return SinsReturned(rule, player, den, count, why)
    key = ("sins-returned", rule, player, den, count, why)
    found: SinsReturned | None = _MADE.get(key)
    if found is None:
        found = _keep(key, SinsReturned(rule, player, den, count, why))
    return found
