"""Mea Culpa as a Python OpenSpiel game, ``python_mea_culpa`` (docs/openspiel.md).

The engine (:mod:`mcn.engine`) plays; this module only translates:

* **players** are the seats in the game's order (``R B G Y`` of a 4-player game are 0 1 2 3);
  chance is OpenSpiel's chance player, with the engine's exact outcome probabilities
  (:mod:`mcn.openspiel.encoding` says how the three chance events are numbered);
* **actions** are numbers of the fixed vocabulary :data:`~mcn.openspiel.encoding.VOCABULARY`;
  the META CULPA side actions (infractions, ``undone``, ``catch``) are table slips, not
  moves, and are never offered;
* **the secret simultaneous bids** are taken one bidder after the other, in the engine's order
  of the pending bidders: a bidder's information state shows the earlier bids as ``bid ?``
  (the one projection masks them), so nobody learns a bid before the last one reveals all
  (R-BID-1, R-BID-2) and the order carries no information. The **Pope die** is the Pope's
  ``visit N``, hidden from the others until the guess (R-POP-1). Both are therefore ordinary
  imperfect-information decisions;
* **information state and observation strings** come from the one projection
  (:mod:`mcn.openspiel.views`);
* **returns** (parameter ``returns``): ``win`` (default) gives 1 shared equally by the winners
  (R-END-3) and 0 to everybody else, a constant-sum game; ``rank`` gives each player
  ``(n - place) / (n - 1)`` for his place among ``n`` (:func:`mcn.engine.ranking.placings`:
  every winner 1, the last 0), a general-sum game;
* **resample_from_infostate** draws a complete history consistent with what the player knows
  (:mod:`mcn.openspiel.resample`, through the knowledge sampler).

Parameters: ``players`` (2-4, default 4), ``ruleset`` (``de-2016``), ``variant``
(``standard`` or ``meta-culpa``), ``board`` (a board profile's name, ``standard``), ``returns``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb, factorial
from typing import Any, Final

import numpy as np
import pyspiel

from mcn.engine import CHANCE, COLOURS, GameState, IllegalAction, new_game, parse_action
from mcn.engine.actions import MarketDraw, RoomCards, SoulOrder
from mcn.engine.constants import CARD_IDS, MARKET_DRAW, ROOMS, STONES
from mcn.engine.ranking import placings
from mcn.openspiel.encoding import (
    ACTION_ID,
    CARD_ID,
    MARKET_VECTORS,
    MAX_CHANCE_OUTCOMES,
    VOCABULARY,
    soul_orders,
)
from mcn.openspiel.views import SeenCache, information_state, observation
from mcn.replay.model import Step

SHORT_NAME: Final = "python_mea_culpa"
RETURNS: Final = ("win", "rank")
#: An upper bound of a game's decisions (the longest of 10,000 random games took under 700).
MAX_GAME_LENGTH: Final = 3000

DEFAULTS: Final[dict[str, Any]] = {
    "players": 4,
    "ruleset": "de-2016",
    "variant": "standard",
    "board": "standard",
    "returns": "win",
}


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Mea Culpa (mcn)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(COLOURS),
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=DEFAULTS,
    )


GAME_TYPE: Final = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)


def _vectors_by_size() -> dict[int, list[tuple[int, tuple[int, ...]]]]:
    out: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for index, vector in enumerate(MARKET_VECTORS):
        out.setdefault(sum(vector), []).append((index, vector))
    return out


#: The market draw's outcome numbers and count vectors, by the number of stones drawn.
_VECTORS_BY_SIZE: Final = _vectors_by_size()


@lru_cache(maxsize=4096)
def _market_outcomes(bag: tuple[int, ...]) -> list[tuple[int, float]]:
    """The market draw's outcomes from ``bag`` with their exact hypergeometric probabilities
    (as :func:`mcn.engine.chance.outcomes_exact`; ``tests/openspiel`` compares the two)."""
    size = min(MARKET_DRAW, sum(bag))
    total = comb(sum(bag), size)
    out = []
    for index, vector in _VECTORS_BY_SIZE.get(size, ()):
        if all(n <= have for n, have in zip(vector, bag, strict=True)):
            ways = 1
            for have, take in zip(bag, vector, strict=True):
                ways *= comb(have, take)
            out.append((index, ways / total))
    return out


@lru_cache(maxsize=8192)
def _player_action(actor: str, action: int) -> Any:
    """The engine action of ``actor``'s OpenSpiel ``action`` (actions are immutable values,
    so one parse serves every state)."""
    return parse_action(actor, VOCABULARY[action])


def final_returns(engine: GameState, colours: tuple[str, ...], kind: str) -> list[float]:
    """Every player's return at the end of the game, by the game's ``returns`` parameter (the
    module docstring); zeros before the end."""
    if not engine.is_terminal():
        return [0.0] * len(colours)
    if kind == "win":
        winners = engine.winners()
        return [1.0 / len(winners) if c in winners else 0.0 for c in colours]
    n = len(colours)
    place = {p.colour: p.place for p in placings(engine)}
    return [(n - place[c]) / (n - 1) for c in colours]


class Play:
    """The mutable part of a state: the engine's state, the path of decisions taken (the steps
    the projection reads) with their cached texts, and the room cards drawn so far inside the
    room-card chance event. Copying it is cheap: the engine clones, the steps are shared.
    ``seen`` keeps the information state strings of this position by viewer: a search asks
    for the same one several times (a lookup, an insertion, a check of each world drawn), and
    building one is linear in the path; any change of the position forgets them."""

    __slots__ = ("caches", "engine", "path", "rooms", "seen")

    def __init__(
        self, engine: GameState, path: list[Step], caches: list[SeenCache], rooms: list[str]
    ) -> None:
        self.engine = engine
        self.path = path
        self.caches = caches
        self.rooms = rooms
        self.seen: dict[str, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        copy = Play(self.engine.clone(), list(self.path), list(self.caches), list(self.rooms))
        copy.seen = dict(self.seen)  # the same position: the same strings
        return copy

    def apply(self, action: Any, like: Step | None = None, cache: SeenCache | None = None) -> None:
        """Apply an engine action and remember its step. ``like`` (with its ``cache``): a step
        of another path taken at the same address; when this one is the same action with the
        same events, that step and its cached texts are shared rather than made anew (a
        resampled history is mostly the original one: its texts need not be built again)."""
        address = self.engine.address_of(action)
        events = self.engine.apply(action)
        self.seen = {}
        if (
            like is not None
            and cache is not None
            and like.action == action
            and like.address == address
            and like.events == events
        ):
            self.path.append(like)
            self.caches.append(cache)
            return
        self.path.append(Step(address, action, None, events))
        self.caches.append({})

    def draw_room(self, card: str) -> None:
        """One more room card drawn inside the room-card chance event (face up, I-SET-7)."""
        self.rooms.append(card)
        self.seen = {}


class MeaCulpaGame(pyspiel.Game):  # type: ignore[misc]
    """``pyspiel.load_game("python_mea_culpa", {"players": 3, "variant": "meta-culpa"})``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**DEFAULTS, **(params or {})}
        players = int(settings["players"])
        if not 2 <= players <= len(COLOURS):
            raise ValueError(f"players must be 2, 3 or 4, not {players}")
        if settings["returns"] not in RETURNS:
            raise ValueError(f"returns must be one of {', '.join(RETURNS)}")
        self.colours: tuple[str, ...] = COLOURS[:players]
        self.ruleset = str(settings["ruleset"])
        self.variant = str(settings["variant"])
        self.board = str(settings["board"])
        self.returns_kind = str(settings["returns"])
        new_game(self.colours, self.ruleset, self.board, self.variant)  # fail early, clearly
        win = self.returns_kind == "win"
        utility = (
            pyspiel.GameType.Utility.CONSTANT_SUM if win else pyspiel.GameType.Utility.GENERAL_SUM
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=len(VOCABULARY),
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if win else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(utility), info, settings)

    def new_initial_state(self) -> MeaCulpaState:
        return MeaCulpaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MeaCulpaObserver:
        perfect_recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return MeaCulpaObserver(perfect_recall)


class MeaCulpaState(pyspiel.State):  # type: ignore[misc]
    """One position of ``python_mea_culpa``: the engine's state and the path to it."""

    def __init__(self, game: MeaCulpaGame, play: Play | None = None) -> None:
        super().__init__(game)
        self.colours = game.colours
        self.returns_kind = game.returns_kind
        if play is None:
            engine = new_game(game.colours, game.ruleset, game.board, game.variant)
            play = Play(engine, [], [], [])
        self.play = play

    # ---- who decides ---------------------------------------------------------------------

    def _actor(self) -> str | None:
        """The colour who decides now, CHANCE, or None when the game is over."""
        actors = self.play.engine.current_players()
        return actors[0] if actors else None

    def current_player(self) -> int:
        actor = self._actor()
        if actor is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if actor == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return self.colours.index(actor)

    def is_terminal(self) -> bool:
        return bool(self.play.engine.is_terminal())

    def _legal_actions(self, player: int) -> list[int]:
        actor = self.colours[player]
        ids = []
        for action in self.play.engine.legal_actions(actor):
            index = ACTION_ID.get(action.text)
            if index is not None:  # a bid above MAX_BID_TALER (encoding's docstring)
                ids.append(index)
        return sorted(ids)

    # ---- chance --------------------------------------------------------------------------

    def _chance_kind(self) -> str:
        return str(self.play.engine.stack[-1][0])

    def _room_draw(self) -> dict[str, int]:
        """The cards the next room card is drawn from: the pile after the cards drawn so far
        in this event, or the reshuffled discard once the pile has run out (I-SET-7)."""
        engine = self.play.engine
        pile = dict(engine.pile)
        discard = dict(engine.discard)
        for card in self.play.rooms:
            if not any(pile.values()):
                pile, discard = discard, {}
            pile[card] -= 1
        if not any(pile.values()):
            pile = discard
        return {card: n for card, n in pile.items() if n}

    def chance_outcomes(self) -> list[tuple[int, float]]:
        kind = self._chance_kind()
        if kind == "rooms":
            cards = self._room_draw()
            total = sum(cards.values())
            return sorted((CARD_ID[card], n / total) for card, n in cards.items())
        if kind == "market":
            return _market_outcomes(tuple(self.play.engine.bag))
        return [
            (index, 1.0 / factorial(len(self.colours)))
            for index in range(factorial(len(self.colours)))
        ]

    # ---- applying ------------------------------------------------------------------------

    def _engine_action(self, action: int) -> Any:
        """The engine action of OpenSpiel ``action`` (None for a room card that only goes
        into the event being drawn)."""
        if self._actor() == CHANCE:
            kind = self._chance_kind()
            if kind == "souls":
                return SoulOrder(CHANCE, soul_orders(self.colours)[action])
            if kind == "market":
                vector = MARKET_VECTORS[action]
                stones = tuple(STONES[i] for i, n in enumerate(vector) for _ in range(n))
                return MarketDraw(CHANCE, stones)
            card = CARD_IDS[action]
            if card not in self._room_draw():
                raise ValueError(f"the room cards cannot draw {card} now")
            if len(self.play.rooms) + 1 < ROOMS:
                return None
            return RoomCards(CHANCE, (*self.play.rooms, card))
        actor = self._actor()
        assert actor is not None
        return _player_action(actor, action)

    def _apply_action(self, action: int) -> None:
        engine_action = self._engine_action(action)
        if engine_action is None:
            self.play.draw_room(CARD_IDS[action])
            return
        try:
            self.play.apply(engine_action)
        except IllegalAction as error:
            raise ValueError(f"illegal action {engine_action.text!r}: {error}") from None
        self.play.rooms = []

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            kind = self._chance_kind() if not self.is_terminal() else "rooms"
            if kind == "souls":
                return "souls " + " ".join(soul_orders(self.colours)[action])
            if kind == "market" and action < len(MARKET_VECTORS):
                vector = MARKET_VECTORS[action]
                return "market " + " ".join(
                    STONES[i] for i, n in enumerate(vector) for _ in range(n)
                )
            return f"room card {CARD_IDS[action]}" if action < len(CARD_IDS) else str(action)
        return f"{self.colours[player]}: {VOCABULARY[action]}"

    # ---- results -------------------------------------------------------------------------

    def returns(self) -> list[float]:
        return final_returns(self.play.engine, self.colours, self.returns_kind)

    # ---- information ---------------------------------------------------------------------

    def information_state_string(self, player: int | None = None) -> str:
        viewer = self.colours[self.current_player() if player is None else player]
        play = self.play
        text = play.seen.get(viewer)
        if text is None:
            text = information_state(play.path, play.caches, viewer, self.colours, play.rooms)
            play.seen[viewer] = text
        return text

    def observation_string(self, player: int | None = None) -> str:
        viewer = self.colours[self.current_player() if player is None else player]
        return observation(self.play.path, self.play.engine, viewer, self.play.rooms)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MeaCulpaState:
        """A state drawn uniformly among those ``player_id`` cannot tell from this one
        (:func:`mcn.openspiel.resample.resample`); ``probability_sampler()`` seeds the draw."""
        from mcn.openspiel.resample import resample

        rng = random.Random(int(probability_sampler() * 2**53))
        play = resample(self.play, self.colours[player_id], rng)
        clone = self.clone()
        clone.play = play
        return clone  # type: ignore[no-any-return]

    def __str__(self) -> str:
        engine = self.play.engine
        lines = [f"{s.address} {s.action.actor}: {s.action.text}" for s in self.play.path]
        if self.play.rooms:
            lines.append(f"rooms drawn so far: {' '.join(self.play.rooms)}")
        lines.append(f"next: {engine.pending_address()}")
        return "\n".join(lines)


class MeaCulpaObserver:
    """OpenSpiel's observer: strings only (the game provides no tensors)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: MeaCulpaState, player: int) -> None:
        """Nothing to fill: the game provides no tensors."""

    def string_from(self, state: MeaCulpaState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


pyspiel.register_game(GAME_TYPE, MeaCulpaGame)

__all__ = ["GAME_TYPE", "SHORT_NAME", "MeaCulpaGame", "MeaCulpaState", "final_returns"]
