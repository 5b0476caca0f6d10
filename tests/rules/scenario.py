"""Scenario helper: drive a Mea Culpa game through the engine's public API, rulebook style.

The rules tests are black-box: they only use ``new_game``, ``parse_action``, ``apply``,
``check``, ``legal_actions``, events and ``to_json``/``from_json``. This module keeps them
readable::

    g = Game("RBGY", souls="Y G B R")
    g.play("Y: bonus jewel>II", "G: bonus blue", "B: bonus 10>I", "R: bonus bread>I wine>II")
    g.illegal("R: buy wine", rule="R-ACT-1")

Items use the notation's shape: ``ACTOR: move; move`` (``*`` is chance; ``market: …`` is a
chance item too). ``play`` binds moves like ``mcn.replay`` does (a forced move may be omitted,
a turn line ends the turn), ``act`` applies exactly one action.

Everything the tests read from a state goes through the accessors of
:mod:`tests.rules.state_json`, the only code that knows the layout of ``to_json()``
(``schemas/state.schema.json``); its setters edit a state into the position a test needs.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from mcn.engine import (
    CHANCE,
    ActionSyntaxError,
    Event,
    GameState,
    IllegalAction,
    new_game,
    parse_action,
)
from tests.rules.state_json import (
    Json,
    bag_of,
    characters_of,
    chest_of,
    deck_of,
    den_of,
    discard_of,
    emperor_crew_of,
    goods_of,
    hand_sins_of,
    hell_order_of,
    hut_of,
    in_heaven_of,
    letters_of,
    market_of,
    money_of,
    players_of,
    pope_stones_of,
    post_of,
    rooms_of,
    round_of,
    site_of,
    soul_of,
    suite5_occupied_of,
    suite6_yellow_of,
    supply_of,
)

COLOURS = ("R", "B", "G", "Y")
CHANCE_WORDS = ("souls", "market", "rooms")
GOODS = ("bread", "wine", "cloth", "jewel")
LETTERS = ("yellow", "blue", "red", "green")

DEFAULT_BONUSES = {
    "Y": "bonus jewel>II",
    "G": "bonus blue",
    "B": "bonus 10>I",
    "R": "bonus bread>I wine>II",
}
CARD_COST = {
    "emperor-letter": 1,
    "pope-yellow": 3,
    "hell-3": 2,
    "hell-5": 3,
    "lust-2": 2,
    "greed-2": 2,
    "move-crew": 2,
    "new-crew": 1,
    "pope-stone": 2,
    "free-good": 2,
    "steal-3": 1,
    "take-3": 0,
    "take-5": 1,
    "take-7": 2,
}
MARKET = "bread bread wine cloth jewel jewel indulgence"
ROOMS = "take-5 emperor-letter pope-stone new-crew"


def split_item(item: str) -> list[tuple[str, str]]:
    """Split ``ACTOR: move; [ACTOR:] move`` into (actor, text) pairs."""
    moves: list[tuple[str, str]] = []
    actor: str | None = None
    for part in item.split(";"):
        part = part.strip()
        head, sep, rest = part.partition(":")
        head = head.strip()
        if sep and (head in COLOURS or head == "*"):
            actor, text = head, rest.strip()
        elif sep and head in CHANCE_WORDS:
            actor, text = "*", f"{head} {rest.strip()}"
        elif part.split(" ", 1)[0] in CHANCE_WORDS:
            actor, text = "*", part
        elif actor is None:
            raise ValueError(f"no actor in {item!r}")
        else:
            text = part
        moves.append((actor, text))
    return moves


def to_actor(actor: str) -> str:
    """The engine's actor value for a scenario actor (``*`` is chance)."""
    return CHANCE if actor == "*" else actor


def key(actor: str, text: str) -> tuple[str, str]:
    """Comparable identity of an action: actor and canonical text."""
    action = parse_action(to_actor(actor), text)
    return (str(action.actor), str(action.text))


class Game:
    """One game under test: the engine state plus rulebook-style helpers."""

    def __init__(
        self,
        players: str = "RBGY",
        souls: str | None = None,
        *,
        ruleset: str = "de-2016",
        board: str = "standard",
        variant: str = "standard",
        infractions: Iterable[str] = (),
    ) -> None:
        self.players = tuple(players)
        self.state: GameState = new_game(
            players=self.players,
            ruleset=ruleset,
            board=board,
            variant=variant,
            infractions=tuple(infractions),
        )
        self.events: list[Event] = []
        if souls is not None:
            self.play(f"*: souls {souls}")

    # -- driving ------------------------------------------------------------------------------

    def act(self, item: str) -> list[Event]:
        """Apply exactly the given action(s), no forced-move binding and no automatic ``end``."""
        events: list[Event] = []
        for actor, text in split_item(item):
            new = self.state.apply(parse_action(to_actor(actor), text))
            events.extend(new)
        self.events.extend(events)
        return events

    def play(self, *items: str) -> list[Event]:
        """Apply items with replay binding: forced moves may be omitted, a turn line ends."""
        events: list[Event] = []
        for item in items:
            moves = split_item(item)
            for actor, text in moves:
                events.extend(self._bind(actor, text))
            last_actor = moves[-1][0]
            if last_actor != "*" and self.accepts(last_actor, "end"):
                events.extend(self._apply(last_actor, "end"))
        self.events.extend(events)
        return events

    def _apply(self, actor: str, text: str) -> list[Event]:
        return list(self.state.apply(parse_action(to_actor(actor), text)))

    def _bind(self, actor: str, text: str) -> list[Event]:
        events: list[Event] = []
        for _ in range(50):
            if self.accepts(actor, text):
                return events + self._apply(actor, text)
            forced = self.state.legal_actions()
            if self.state.is_terminal() or len(forced) != 1:
                break
            events.extend(self.state.apply(forced[0]))
        # Let the engine explain why it refuses.
        events.extend(self._apply(actor, text))
        return events

    def accepts(self, actor: str, text: str) -> bool:
        """Whether the pending decision accepts this action."""
        return self.state.judge(parse_action(to_actor(actor), text)).accepted

    def illegal(self, item: str, rule: str) -> IllegalAction:
        """Assert the action is refused, names ``rule``, and leaves the state unchanged."""
        ((actor, text),) = split_item(item)
        action = parse_action(to_actor(actor), text)
        before = self.state.to_json()
        checked = self.state.judge(action).refusal
        assert checked is not None, f"{action.text!r} was accepted"
        with pytest.raises(IllegalAction) as applied:
            self.state.apply(action)
        assert self.state.to_json() == before, "a refused action changed the state"
        for error in (checked, applied.value):
            assert error.rule == rule, f"{item!r} refused under {error.rule}: {error.reason}"
            assert error.reason
        if actor != "*":
            assert key(actor, text) not in self.legal(), f"{item!r} listed as legal"
        return applied.value

    def unreadable(self, item: str) -> None:
        """Assert the text is no action of the engine's vocabulary at all (a syntax error)."""
        ((actor, text),) = split_item(item)
        with pytest.raises(ActionSyntaxError):
            parse_action(to_actor(actor), text)

    def legal(self, actor: str | None = None) -> set[tuple[str, str]]:
        """The pending decision's legal actions as (actor, canonical text) pairs."""
        actions = self.state.legal_actions(None if actor is None else to_actor(actor))
        return {(str(a.actor), str(a.text)) for a in actions}

    def legal_texts(self, actor: str | None = None) -> set[str]:
        """The pending decision's legal action texts."""
        return {text for _, text in self.legal(actor)}

    def whose_turn(self) -> tuple[str, ...]:
        """The actors of the pending decision (``*`` for chance)."""
        return tuple("*" if p == CHANCE else str(p) for p in self.state.current_players())

    # -- standard openings --------------------------------------------------------------------

    def setup(self, bonuses: dict[str, str] | None = None) -> Game:
        """Pick the starting bonuses in the required order (nearest Heaven first)."""
        chosen = dict(DEFAULT_BONUSES if bonuses is None else bonuses)
        while chosen:
            (actor,) = self.whose_turn()
            self.play(f"{actor}: {chosen.pop(actor)}")
        return self

    def prepare(self, market: str = MARKET, rooms: str = ROOMS) -> Game:
        """The prepare phase: the market draw and the room cards (both chance)."""
        self.play(f"*: market {market}", f"*: rooms {rooms}")
        return self

    def bids(self, **bids: str) -> Game:
        """Every player's secret bid, e.g. ``bids(R="3+5", B="1+0")``."""
        for colour, bid in bids.items():
            self.play(f"{colour}: bid {bid}")
        return self

    def start_round(
        self,
        market: str = MARKET,
        rooms: str = ROOMS,
        *,
        pope: str | None = None,
        emperor: str | None = None,
        merchant: str | None = None,
        sinner: str | None = None,
        bids: dict[str, str] | None = None,
        pope_prelim: str = "skip",
        crew: str = "crew 1",
        sinner_prelim: str = "skip",
    ) -> Game:
        """Prepare, bid and hand out the characters as given, up to the first turn.

        Each player chooses the character assigned to him whenever his choice comes, so the
        bids only decide the order and the posts (default: every post at 1, no taler).
        """
        self.prepare(market, rooms)
        self.bids(**(bids or dict.fromkeys(self.players, "1+0")))
        wanted = {"pope": pope, "emperor": emperor, "merchant": merchant, "sinner": sinner}
        while ".pick." in self.address():
            texts = self.legal_texts()
            if any(t.startswith("choose") for t in texts):
                (actor,) = self.whose_turn()
                character = next(c for c, p in wanted.items() if p == actor)
                wanted[character] = None
                self.play(f"{actor}: choose {character}")
            elif any(t.startswith("crew") for t in texts):
                self.play(f"{self.whose_turn()[0]}: {crew}")
            elif any(t.startswith("pope-stone") for t in texts):
                self.play(f"{self.whose_turn()[0]}: {pope_prelim}")
            elif any(t.startswith("visit") for t in texts):
                self.play(f"{self.whose_turn()[0]}: {sinner_prelim}")
            else:
                break
        return self

    def drain(self, limit: int = 200) -> list[Event]:
        """Finish the action phase: everyone passes, free stones are taken in canonical order."""
        events: list[Event] = []
        start_round = self.round()
        for _ in range(limit):
            if self.state.is_terminal() or self.round() != start_round:
                return events
            if self.whose_turn() == ("*",):
                return events
            # Goods before indulgence stones, so draining hands out no letters.
            options = sorted(
                self.state.legal_actions(), key=lambda a: ("indulgence" in str(a.text), str(a.text))
            )
            chosen = next((a for a in options if str(a.text) == "pass"), None)
            if chosen is None:
                chosen = next((a for a in options if str(a.text) == "end"), None)
            if chosen is None:
                chosen = options[0]
            events.extend(self.state.apply(chosen))
        raise AssertionError("drain did not finish the round")

    # -- JSON surgery -------------------------------------------------------------------------

    def snapshot(self) -> Json:
        """A deep copy of the state's JSON."""
        return copy.deepcopy(self.state.to_json())

    def edit(self, change: Callable[[Json], None]) -> Game:
        """Rebuild the state from its JSON after ``change`` edited it (validated by the engine)."""
        data = self.snapshot()
        change(data)
        self.state = GameState.from_json(data)
        return self

    # -- reading the state --------------------------------------------------------------------

    @property
    def json(self) -> Json:
        return self.state.to_json()

    def player(self, colour: str) -> Json:
        return players_of(self.json)[colour]

    def soul(self, colour: str) -> int:
        return soul_of(self.json, colour)

    def in_heaven(self, colour: str) -> bool:
        return in_heaven_of(self.json, colour)

    def hell_order(self) -> list[str]:
        """Colours from the soul nearest Hell to the soul farthest from Hell."""
        return hell_order_of(self.json)

    def money(self, colour: str) -> int:
        return money_of(self.json, colour)

    def post(self, colour: str) -> int:
        return post_of(self.json, colour)

    def goods(self, colour: str) -> dict[str, int]:
        return goods_of(self.json, colour)

    def letters(self, colour: str) -> dict[str, int]:
        return letters_of(self.json, colour)

    def hand_sins(self, colour: str) -> int:
        return hand_sins_of(self.json, colour)

    def den(self, den: str) -> dict[str, int]:
        return den_of(self.json, den)

    def pope_stones(self) -> dict[str, int]:
        return pope_stones_of(self.json)

    def chest(self, colour: str, compartment: str) -> dict[str, int]:
        return chest_of(self.json, colour, compartment)

    def market(self) -> dict[str, int]:
        return market_of(self.json)

    def bag(self) -> dict[str, int]:
        return bag_of(self.json)

    def supply(self) -> dict[str, int]:
        return supply_of(self.json)

    def rooms(self) -> dict[int, str | None]:
        return rooms_of(self.json)

    def site(self, number: int) -> dict[str, Any]:
        return site_of(self.json, number)

    def hut(self) -> int:
        return hut_of(self.json)

    def characters(self, colour: str) -> list[str]:
        return characters_of(self.json, colour)

    def round(self) -> int:
        return round_of(self.json)

    def emperor_crew(self) -> int:
        return emperor_crew_of(self.json)

    def suite5_occupied(self) -> bool:
        return suite5_occupied_of(self.json)

    def suite6_yellow(self) -> int:
        return suite6_yellow_of(self.json)

    def deck(self) -> list[str]:
        return deck_of(self.json)

    def discard(self) -> list[str]:
        return discard_of(self.json)

    def address(self) -> str:
        return str(self.state.decision.address)

    def kind(self) -> str:
        return str(self.state.decision.kind)


def rules_of(events: Iterable[Event]) -> list[str]:
    """The rule IDs of a list of events, in order."""
    return [str(e.rule) for e in events]


def kinds_of(events: Iterable[Event]) -> list[str]:
    """The kinds of a list of events, in order."""
    return [str(e.kind) for e in events]
