"""What can be done at a decision: who decides, what, and every legal action with what it does.

The actions are the engine's (:meth:`GameState.legal_actions`), never re-derived; each one's
description is what applying it to a copy of the state causes (its events, as the viewer may
read them). Chance decisions are never listed: their outcome space is counted (souls orders,
market draws, room cards) from the bag or the deck. :func:`try_move` answers whether one move
is legal, and if not, the engine's own reason and rule ID.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb, factorial
from typing import TYPE_CHECKING, Any

from mcn.engine import GameState, parse_action
from mcn.engine.actions import Action, ActionSyntaxError
from mcn.engine.constants import CARD_IDS, CHANCE, STONES, colour_name
from mcn.views.projection import EVERYTHING, Viewer, action_tokens, outcome_texts

if TYPE_CHECKING:  # what a viewer infers is imported only for a viewer (not at start-up)
    from mcn.knowledge.memory import Memory
    from mcn.knowledge.report import Knowledge

LEGAL_FORMAT = "mcn-legal/1"
#: At most this many events describe an action (the rest is summarised).
_EVENTS_SHOWN = 3


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action: the move as a record writes it (``B: buy wine``) and what it does."""

    actor: str
    text: str
    description: str

    @property
    def move(self) -> str:
        return f"{self.actor}: {self.text}"


@dataclass(slots=True)
class Chance:
    """A chance decision's outcome space: how many distinct outcomes, and from what."""

    count: int
    draws: int
    source: dict[str, int] = field(default_factory=dict)
    what: str = ""


@dataclass(slots=True)
class Legal:
    """The pending decision and what can be done there."""

    address: str
    decision: str
    prompt: str
    actors: tuple[str, ...]
    options: list[Option]
    hidden: list[str] = field(default_factory=list)
    chance: Chance | None = None
    #: What the viewer can infer about the secrets that remain (``--as`` on a record).
    knowledge: Knowledge | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``mcn legal --format json`` document (schemas/legal.schema.json)."""
        data: dict[str, Any] = {
            "format": LEGAL_FORMAT,
            "address": self.address,
            "decision": self.decision,
            "prompt": self.prompt,
            "actors": list(self.actors),
            "actions": [{"action": o.move, "description": o.description} for o in self.options],
            "hidden": list(self.hidden),
            "chance": None,
        }
        if self.chance is not None:
            data["chance"] = {
                "outcomes": self.chance.count,
                "draws": self.chance.draws,
                "from": dict(self.chance.source),
                "what": self.chance.what,
            }
        if self.knowledge is not None:
            data["knowledge"] = self.knowledge.to_json()
        return data


def describe(state: GameState, action: Action, viewer: Viewer = EVERYTHING) -> str:
    """What ``action`` does at ``state``: the events it causes on a copy, as ``viewer`` reads
    them; when it causes none by itself, the decision it leads to."""
    texts, probe = outcome_texts(state, action, viewer)  # no reveal before the move is made
    texts = [t for t in texts if t]
    if not texts:
        return "then: " + probe.decision.prompt if not probe.is_terminal() else "the game ends"
    more = len(texts) - _EVENTS_SHOWN
    shown = "; ".join(texts[:_EVENTS_SHOWN])
    return shown + (f"; … ({more} more)" if more > 0 else "")


def legal_at(state: GameState, viewer: Viewer = EVERYTHING, memory: Memory | None = None) -> Legal:
    """The pending decision of ``state`` and its legal actions as ``viewer`` may know them:
    another player's options depend on his secrets (even their number), so a player or a
    spectator is told only who else decides (``hidden``). With ``memory`` (what the viewer
    remembers of the record, :func:`mcn.views.projection.memory_of`), what he can infer about the
    secrets that remain (:mod:`mcn.knowledge.report`)."""
    decision = state.decision
    actors = state.current_players()
    legal = Legal(decision.address, decision.kind, decision.prompt, actors, [])
    if memory is not None and viewer != EVERYTHING:
        from mcn.knowledge.report import knowledge

        legal.knowledge = knowledge(state, memory)
    if state.is_terminal():
        return legal
    if actors == (CHANCE,):
        legal.chance = chance_space(state)
        return legal
    for action in state.legal_actions():
        if viewer != EVERYTHING and action.actor != viewer:
            if action.actor not in legal.hidden:
                legal.hidden.append(action.actor)
            continue
        text = " ".join(action_tokens(action, viewer, ()))
        legal.options.append(Option(action.actor, text, describe(state, action, viewer)))
    return legal


def chance_space(state: GameState) -> Chance:
    """The pending chance decision's outcomes, counted (never enumerated)."""
    count, _exact = chance_count(state)
    kind = state.decision.kind
    if kind == "souls":
        return Chance(count, len(state.players), {}, "orders of the souls on space 0")
    if kind == "market":
        bag = {stone: n for stone, n in zip(STONES, state.bag, strict=True) if n}
        return Chance(count, min(7, sum(state.bag)), bag, "market draws from the bag")
    if kind == "rooms":
        pile = {card: state.pile[card] for card in CARD_IDS if state.pile.get(card)}
        return Chance(count, 4, pile, "room cards from the House of Pleasure pile")
    return Chance(count, 1, {}, state.decision.prompt)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a move is legal at the pending decision, and if not, why (the engine's words).

    ``legal`` is None when the question was not judged: under ``--as``, whether another
    deciding player may make a move depends on what he holds behind his screen, so the answer
    would tell the viewer his secrets (``reason`` says so)."""

    move: str
    legal: bool | None
    reason: str | None = None
    rule: str | None = None
    description: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "legal": self.legal,
            "reason": self.reason,
            "rule": self.rule,
            "description": self.description,
        }


def try_move(state: GameState, written: str, viewer: Viewer = EVERYTHING) -> Verdict:
    """Judge ``written`` (``"B: letter red"``, or ``"letter red"`` for the one player
    deciding) at the pending decision, without changing ``state``."""
    actor, sep, text = written.partition(":")
    actor = actor.strip()
    if not sep or (actor.upper() not in (*state.players, CHANCE) and " " in actor):
        deciders = [c for c in state.current_players() if c != CHANCE]
        if len(deciders) != 1:
            who = " or ".join(colour_name(c) for c in deciders) or "nobody"
            return Verdict(
                written,
                False,
                f"say who moves ('R: …'): {who} decide{'s' if len(deciders) == 1 else ''} here",
                None,
            )
        actor, text = deciders[0], written
    actor = "*" if actor == "*" else actor.upper()
    text = " ".join(text.split())
    move = f"{actor}: {text}"
    try:
        action = parse_action(actor, text)
    except ActionSyntaxError as error:
        return Verdict(move, False, str(error), None)
    if _secret_question(state, action.actor, viewer):
        return Verdict(move, None, _not_judged(action.actor, viewer), None)
    refusal = state.judge(action).refusal
    if refusal is not None:
        return Verdict(move, False, refusal.reason, refusal.rule)
    return Verdict(move, True, None, None, describe(state, action, viewer))


def _secret_question(state: GameState, actor: str, viewer: Viewer) -> bool:
    """Whether judging a move of ``actor`` would tell ``viewer`` another player's secrets.

    Everybody may ask about his own moves, and about a move of a player who does not decide
    here (the turn order is public: the answer is that it is not his decision). Whether a
    deciding player may give a yellow letter, pay for a letter or bid 3+5 depends on his
    letters, his money, his goods — behind his screen (R-HID-1) — so the viewer's twin who
    cannot tell two such hands apart must get the same answer for both: none. The same goes
    for :func:`legal_at`, which lists only the viewer's own options. Chance is public.
    """
    if viewer == EVERYTHING or actor in (CHANCE, viewer):
        return False
    return actor in state.current_players()


def _not_judged(actor: str, viewer: Viewer) -> str:
    who = "a spectator" if viewer is None else colour_name(str(viewer))
    name = colour_name(actor)
    again = "--as " + actor + " or without --as"
    return (
        f"not judged as {who}: whether {name} may make this move depends on what {name} holds "
        f"behind the screen, which {who} cannot see (R-HID-1); ask {again}"
    )


def chance_count(state: GameState) -> tuple[int, bool]:
    """How many distinct outcomes the pending chance decision has, without listing them.

    Soul orders: n!. Market draws: the multisets of the draw size the bag allows. Room cards:
    the ordered draws from the deck (with the I-SET-7 reshuffle when the deck runs short).
    """
    kind = state.decision.kind
    if kind == "souls":
        return factorial(len(state.players)), True
    if kind == "market":
        bag = list(state.bag)
        size = min(7, sum(bag))
        return _multisets(bag, size), True
    if kind == "rooms":
        pile = [n for n in state.pile.values() if n]
        left = sum(pile)
        if left >= 4:
            return _words(pile, 4), True
        first = factorial(left)
        for n in pile:
            first //= factorial(n)
        discard = [n for n in state.discard.values() if n]
        return first * _words(discard, 4 - left), True
    return len(state.legal_actions()), True


def _multisets(bounds: list[int], size: int) -> int:
    """Ways to choose ``size`` items from kinds with the given multiplicities (order free)."""
    ways = [1] + [0] * size
    for bound in bounds:
        ways = [sum(ways[t - j] for j in range(min(bound, t) + 1)) for t in range(size + 1)]
    return ways[size]


def _words(bounds: list[int], length: int) -> int:
    """Distinct sequences of ``length`` drawn from kinds with the given multiplicities."""
    # ways[t]: sequences of length t over the kinds so far; a new kind takes j of t positions.
    ways: list[int] = [1] + [0] * length
    for bound in bounds:
        ways = [
            sum(comb(t, j) * ways[t - j] for j in range(min(bound, t) + 1))
            for t in range(length + 1)
        ]
    return ways[length]
