"""The fields of a game state: what lies on the table and behind the screens, and the plain
questions about the souls' order that read nothing else.

:class:`~mcn.engine.state.GameState` adds the rules' machinery (the pending decision, judging
and applying an action, the steps run on to the next decision); this base holds only data, so
the list of fields lives in one place (with :mod:`mcn.engine.creation`, which sets them). Plain
lists and dicts of counts keep ``GameState.clone`` a few shallow copies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mcn.engine.actions import Action
from mcn.engine.data import Board, Ruleset
from mcn.engine.decision import Decision
from mcn.engine.events import Event
from mcn.engine.steps import Steps

if TYPE_CHECKING:
    from mcn.engine.state import GameState


class StateFields:
    """The data of one position of a game (docs/design.md, "Engine API")."""

    __slots__ = (
        "_dec",
        "_events",
        "_market_out",
        "_undo",
        "bag",
        "bids",
        "board",
        "bonuses",
        "card_crew",
        "chest",
        "choosers",
        "counter",
        "crews",
        "discard",
        "evaluation",
        "finished",
        "goods",
        "holders",
        "hut",
        "infractions",
        "letters",
        "levels",
        "market",
        "money",
        "next_character",
        "omissions",
        "owed",
        "phase",
        "pile",
        "players",
        "pope_die",
        "pope_stones",
        "pos",
        "post",
        "rooms",
        "round",
        "ruleset",
        "section",
        "sins",
        "stack",
        "suite6",
        "supply",
        "tie",
        "turn",
        "variant",
        "visited",
        "winners_",
    )

    players: tuple[str, ...]
    ruleset: Ruleset
    board: Board
    variant: str
    infractions: tuple[str, ...]
    round: int
    phase: str  # setup, prep, bid, pick, action, post, end
    section: str  # address prefix of the pending decisions: "setup", "3.prep", "3.5", ...
    counter: int  # decisions taken in the section
    turn: int
    next_character: int
    pos: dict[str, int]  # Record of Sins: > 0 toward Hell, < 0 toward Heaven
    tie: dict[str, int]  # order among souls sharing space 0 (or Heaven): lower = nearer Heaven
    post: dict[str, int]
    money: dict[str, int]
    goods: dict[str, list[int]]  # bread wine cloth jewel behind the screen
    letters: dict[str, list[int]]  # yellow blue red green behind the screen
    chest: dict[str, list[list[int]]]  # [compartment][bread wine cloth jewel money]
    sins: dict[str, list[int]]  # own stones in lust petty greed
    pope_stones: list[int]  # beside lust petty greed
    crews: list[int]  # per site
    levels: list[int]  # per site: 0 nothing, 1 nave, 2 finished
    hut: int
    card_crew: int  # crews on the Emperor card
    finished: int  # finished cathedrals
    market: list[int]  # bread wine cloth jewel indulgence
    bag: list[int]
    supply: list[int]  # letters: yellow blue red green
    suite6: int  # yellow letters in Suite 6
    visited: list[bool]  # index 1..6: room or suite visited this round (index 0 unused)
    rooms: list[str | None]
    pile: dict[str, int]  # HoP draw pile as a multiset (I-SET-7)
    discard: dict[str, int]
    bonuses: list[int]  # starting bonuses not yet picked
    holders: list[str | None]  # per character: who holds it this round
    bids: dict[str, tuple[int, int] | None]
    choosers: list[str]  # who still chooses a character, in order
    pope_die: int  # 0 = on the Pope card
    evaluation: list[Any] | None  # [site, compartment, category, display, queue]
    winners_: tuple[str, ...]
    owed: list[list[Any]]  # META CULPA: the Petty Sinner's costs he may leave undone (I-MET-6)
    omissions: list[list[Any]]  # META CULPA: costs left undone and not yet caught (I-MET-6)
    stack: Steps
    _dec: Decision | None
    _events: list[Event]
    """The events of the action being applied: the rules append each one as it happens
    (``s._events.append(...)``, no method call per event: two and a half per written move)."""
    _market_out: bool
    _undo: list[tuple[GameState, Action]]

    # ----------------------------------------------------------------------------- souls

    def is_terminal(self) -> bool:
        """True once the game has ended (R-END-1)."""
        return self.stack.top is None

    def winners(self) -> tuple[str, ...]:
        """The winners (R-END-3); empty until the game has ended."""
        return self.winners_

    # The orders below compare :meth:`hell_key` values without handing ``sorted``/``max`` a
    # key function: compiled, every key call went back through a bound method and a generic
    # call (a round's bids, posts and evaluations sort the souls several times: about 3 % of a
    # compiled replay). Each gives what ``sorted``/``max``/``min`` with ``key=hell_key`` gives,
    # ties included (the first of equal keys, stable orders).

    def souls(self) -> tuple[tuple[str, int], ...]:
        """``(colour, space)`` nearest Heaven first; Heaven is ``-board.heaven``."""
        return tuple((c, self.pos[c]) for c in self.heaven_order())

    def hell_key(self, colour: str) -> int:
        """Sort key: larger means nearer Hell (R-TIE-1); souls on one space use ``tie``."""
        return self.pos[colour] * 8 + self.tie[colour]

    def heaven_order(self) -> list[str]:
        """Players nearest Heaven first (``sorted(players, key=hell_key)``)."""
        return self._ordered(1)

    def hell_order(self) -> list[str]:
        """Players nearest Hell first (R-MOV-5)."""
        return self._ordered(-1)

    def _ordered(self, sign: int) -> list[str]:
        """The players by ``sign * hell_key``, smallest first, equal keys in seating order."""
        pos = self.pos
        tie = self.tie
        keyed = [(sign * (pos[c] * 8 + tie[c]), i, c) for i, c in enumerate(self.players)]
        keyed.sort()
        return [c for _, _, c in keyed]

    def nearest_hell(self, among: tuple[str, ...] | list[str] | None = None) -> str:
        """The soul nearest Hell among ``among`` (default: everybody)."""
        return self._nearest(among, 1)

    def nearest_heaven(self, among: tuple[str, ...] | list[str] | None = None) -> str:
        """The soul nearest Heaven among ``among`` (default: everybody)."""
        return self._nearest(among, -1)

    def _nearest(self, among: tuple[str, ...] | list[str] | None, sign: int) -> str:
        """The soul with the largest ``sign * hell_key`` among ``among``, the first of equal
        keys (what ``max``, or ``min`` for ``sign`` -1, gives)."""
        pos = self.pos
        tie = self.tie
        best = ""
        best_key = 0
        found = False
        for c in among if among is not None else self.players:
            k = sign * (pos[c] * 8 + tie[c])
            if not found or k > best_key:
                best, best_key, found = c, k, True
        if not found:
            raise ValueError(f"{'max' if sign > 0 else 'min'}() arg is an empty sequence")
        return best
