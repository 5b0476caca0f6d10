"""Transcript: write an engine-played game as an MCN record.

This is the other half of the replay binding: it turns the engine's history (every decision
with its address) into record items, leaving out exactly what :mod:`mcn.replay` infers —
forced moves (a decision with one legal action) and the ``end`` that closes a turn — so that
``replay(transcript(history))`` retakes every decision of the history.

Grouping (docs/notation.md): chance outcomes, starting bonuses, bids and character choices
each start an item; every other decision joins the item of its round section or turn, with its
own actor head when another player makes it (the Pope's guesser, the Emperor's gift, donors
picking letters, …). Action-phase turns are labelled with their turn number.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mcn.engine import GameState, IllegalAction, new_game
from mcn.engine.actions import Action
from mcn.engine.constants import CHANCE
from mcn.notation.lexical import COLOUR_TAGS, ROSTER
from mcn.notation.model import Element, Game, Header, Item, Move, Section

_ITEM_STARTERS = frozenset({"souls", "bonus", "market", "rooms", "bid", "choose"})


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a played game: its address and the action taken."""

    address: str
    action: Action


def _section_of(address: str) -> str:
    """``"3.5"`` for ``"3.5.2"``, ``"3.pick"`` for ``"3.pick.4"``, ``"3.bid"`` for ``"3.bid.R"``."""
    return address.rsplit(".", 1)[0]


def _round_of(address: str) -> int | None:
    head = address.split(".", 1)[0]
    return int(head) if head.isdigit() else None


def _turn_of(address: str) -> int | None:
    parts = address.split(".")
    return int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None


def _move(action: Action) -> Move:
    tokens = tuple(action.text.split())
    return Move(action.actor, tokens)


def _implied(state: GameState, action: Action, following: Action | None) -> bool:
    """Whether replay would take ``action`` by itself before ``following``.

    A forced move is implied when the next written move does not fit the pending decision; the
    ``end`` of a turn is implied at the end of an item, or before a move that does not fit the
    turn's second action (the Merchant's free stone).
    """
    if action.actor == CHANCE or state.decision.per_actor:
        return False
    if following is not None:
        try:
            state.check(following)
            return False
        except IllegalAction:
            pass
    if action.text == "end":
        return True
    legal = state.legal_actions()
    return len(legal) == 1


def transcript(
    history: Sequence[Decision] | Iterable[tuple[str, Action]],
    *,
    players: Sequence[str],
    headers: Sequence[tuple[str, str]] = (),
    ruleset: str = "de-2016",
    board: str = "standard",
    variant: str = "standard",
    infractions: Sequence[str] = (),
) -> Game:
    """The MCN record of a game given as its decisions in order.

    The game is replayed once to learn which decisions a record may leave implicit.
    """
    decisions = [d if isinstance(d, Decision) else Decision(*d) for d in history]
    state = new_game(tuple(players), ruleset, board, variant, tuple(infractions))
    body: list[Element] = []
    current: list[Move] = []
    current_label: int | None = None
    current_section: str | None = None
    current_round: int | None = None
    in_setup = False

    def flush() -> None:
        nonlocal current, current_label
        if current:
            body.append(Item(tuple(current), current_label))
        current = []
        current_label = None

    for index, decision in enumerate(decisions):
        action = decision.action
        following = decisions[index + 1].action if index + 1 < len(decisions) else None
        section = _section_of(decision.address)
        if following is not None and _section_of(decisions[index + 1].address) != section:
            following = None
        round_number = _round_of(decision.address)
        if decision.address.startswith("setup") and not in_setup:
            flush()
            body.append(Section("setup"))
            in_setup = True
        if round_number is not None and round_number != current_round:
            flush()
            body.append(Section("round", round_number))
            current_round = round_number
        omit = _implied(state, action, following)
        state.apply(action)
        if omit:
            continue
        verb = action.text.split(" ", 1)[0]
        starts = action.actor == CHANCE or verb in _ITEM_STARTERS or section != current_section
        if starts or not current:
            flush()
            current_section = section
            current_label = _turn_of(decision.address)
        current.append(_move(action))
    flush()
    all_headers = _headers(players, headers, ruleset, board, variant, infractions, state)
    return Game(all_headers, tuple(body))


def _headers(
    players: Sequence[str],
    extra: Sequence[tuple[str, str]],
    ruleset: str,
    board: str,
    variant: str,
    infractions: Sequence[str],
    final: GameState,
) -> tuple[Header, ...]:
    values: dict[str, str] = {"Event": "?", "Site": "?", "Date": "????.??.??"}
    for colour in players:
        values[COLOUR_TAGS[colour]] = f"{COLOUR_TAGS[colour]} player"
    values.update({"Rules": ruleset, "Board": board, "Variant": variant})
    if variant == "meta-culpa":
        values["Infractions"] = " ".join(infractions)
    values["Result"] = " ".join(final.winners()) if final.is_terminal() else "*"
    unknown: list[tuple[str, str]] = []
    for tag, value in extra:
        if tag in ROSTER:
            values[tag] = value
        else:
            unknown.append((tag, value))
    ordered = [Header(tag, values[tag]) for tag in ROSTER if tag in values]
    return tuple(ordered + [Header(tag, value) for tag, value in unknown])
