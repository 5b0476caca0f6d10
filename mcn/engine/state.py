"""The game state: plain data, a step stack, and the checked ``apply``.

Everything the rules need lives in a handful of lists and dicts (counts of stones, letters,
sins, positions …) so :meth:`GameState.clone` is a few shallow copies. The rules themselves are
in the modules registered in :mod:`mcn.engine.decision` (setup, phases, trade, house, sins,
building, evaluation, chance); this module only drives them:

1. :meth:`check` finds the handler of the step on top of the stack and asks it ``why_not``.
2. :meth:`apply` checks, lets the handler change the state, then runs automatic steps until
   the next real decision (:meth:`_run`). Because every legality question is answered before
   anything changes, an illegal action leaves the state untouched.
"""

from __future__ import annotations

import random
from typing import Any

import mcn.engine.pope  # noqa: F401 - registers the Pope's guess
from mcn.engine import building, chance, evaluation, history, house, meta, phases, sins, trade  # noqa: F401
from mcn.engine.actions import Action, Bid, SideAction
from mcn.engine.constants import CHANCE
from mcn.engine.creation import check_setup, copy_state, share_unchanged, start_state
from mcn.engine.data import Board, Ruleset, load_board, load_ruleset
from mcn.engine.decision import AUTO, DECISIONS, Decision, Handler, Step
from mcn.engine.errors import IllegalAction
from mcn.engine.events import Event
from mcn.engine.invariants import violations
from mcn.engine.legality import legal_actions, misfit
from mcn.engine.steps import Steps

OVER = Decision("over", (), "end", "The game is over.")


class GameState:
    """One position of a game of Mea Culpa (see docs/design.md, "Engine API")."""

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
    _market_out: bool
    _undo: list[tuple[GameState, Action]]

    # ----------------------------------------------------------------------------- creation

    @classmethod
    def new(
        cls,
        players: tuple[str, ...],
        ruleset: str | Ruleset = "de-2016",
        board: str | Board = "standard",
        variant: str = "standard",
        infractions: tuple[str, ...] = (),
    ) -> GameState:
        """A new game at ``setup.1`` (the soul order, a chance decision)."""
        players = tuple(players)
        check_setup(players, variant, infractions)
        s = cls()  # no __init__: every slot is set by start_state (mypyc forbids object.__new__)
        start_state(
            s,
            players,
            load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset,
            load_board(board) if isinstance(board, str) else board,
            variant,
            infractions,
        )
        return s

    def clone(self) -> GameState:
        """An independent copy (shallow copies of the small containers)."""
        s = GameState()  # no __init__: every slot is set by copy_state
        copy_state(self, s)
        return s

    def kept_copy(self, kept: GameState | None) -> GameState:
        """A copy to keep and never change, sharing with ``kept`` (the state kept before it,
        if any) every container whose values are the same: a replay that keeps a state per
        decision then costs what each decision changed (docs/notation.md, "Limits")."""
        s = self.clone()
        if kept is not None:
            share_unchanged(s, kept)
        return s

    # ----------------------------------------------------------------------------- queries

    def _top(self) -> tuple[Step, Handler]:
        step = self.stack[-1]
        return step, DECISIONS[step[0]]

    @property
    def decision(self) -> Decision:
        """The pending decision (kind ``"over"`` when the game has ended)."""
        if self._dec is None:
            self._dec = self._make_decision()
        return self._dec

    def _make_decision(self) -> Decision:
        if not self.stack:
            return OVER
        step, handler = self._top()
        actors = handler.actors(self, step)
        if step[0] == "bids":
            return Decision(handler.kind, actors, self.section, handler.prompt(self, step), True)
        address = f"{self.section}.{self.counter + 1}"
        return Decision(handler.kind, actors, address, handler.prompt(self, step))

    # The queries below answer from the step on top of the stack without building the
    # :class:`Decision` (whose prompt is prose): replay asks them for every move.

    def current_players(self) -> tuple[str, ...]:
        """Who decides now: colours, ``(CHANCE,)``, or ``()`` when the game is over."""
        stack = self.stack
        if not stack:
            return ()
        step = stack[-1]
        return DECISIONS[step[0]].actors(self, step)

    def simultaneous(self) -> bool:
        """Whether the pending decision is taken secretly and at once by its actors (the bids,
        R-BID-1), each at an address of his own (``Decision.per_actor``)."""
        return bool(self.stack) and self.stack[-1][0] == "bids"

    def pending_address(self) -> str:
        """The pending decision's address (``decision.address``; ``end`` once it is over)."""
        stack = self.stack
        if not stack:
            return OVER.address
        if stack[-1][0] == "bids":
            return self.section
        return f"{self.section}.{self.counter + 1}"

    def address_of(self, action: Action) -> str:
        """The address ``action`` would get if applied now (a META CULPA side action takes the
        section's next number, also during the bids: I-MET-5)."""
        stack = self.stack
        if not stack:
            return OVER.address
        if stack[-1][0] == "bids" and not isinstance(action, SideAction):
            return f"{self.section}.{action.actor}"
        return f"{self.section}.{self.counter + 1}"

    def is_terminal(self) -> bool:
        """True once the game has ended (R-END-1)."""
        return not self.stack

    def winners(self) -> tuple[str, ...]:
        """The winners (R-END-3); empty until the game has ended."""
        return self.winners_

    def souls(self) -> tuple[tuple[str, int], ...]:
        """``(colour, space)`` nearest Heaven first; Heaven is ``-board.heaven``."""
        order = sorted(self.players, key=self.hell_key)
        return tuple((c, self.pos[c]) for c in order)

    def hell_key(self, colour: str) -> int:
        """Sort key: larger means nearer Hell (R-TIE-1); souls on one space use ``tie``."""
        return self.pos[colour] * 8 + self.tie[colour]

    def hell_order(self) -> list[str]:
        """Players nearest Hell first (R-MOV-5)."""
        return sorted(self.players, key=self.hell_key, reverse=True)

    def nearest_hell(self, among: tuple[str, ...] | list[str] | None = None) -> str:
        """The soul nearest Hell among ``among`` (default: everybody)."""
        return max(among if among is not None else self.players, key=self.hell_key)

    # ----------------------------------------------------------------------------- legality

    def legal_actions(
        self, actor: str | None = None, include_infractions: bool = False
    ) -> list[Action]:
        """Every legal action of the pending decision (for ``actor`` only, if given).

        META CULPA side actions (infractions, costs left undone, catches: I-MET-5, I-MET-6)
        are legal at any decision but listed only on request (``include_infractions``).
        """
        return legal_actions(self, actor, include_infractions)

    def illegal(self, rule: str, reason: str, actor: str | None = None) -> IllegalAction:
        """An :class:`IllegalAction` at the pending decision's address (``actor``'s own one
        at the bids: ``Decision.address_for``). Asked of the step on top of the stack, not of
        :attr:`decision`, whose prompt is prose: replay asks for refusals it may not show."""
        stack = self.stack
        address = self.pending_address()
        bids = bool(stack) and stack[-1][0] == "bids"
        if bids and actor is not None and actor in self.current_players():
            address = f"{address}.{actor}"
        return IllegalAction(rule, reason, address)

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal at the pending decision."""
        found = self._checked(action)
        if isinstance(found, IllegalAction):
            raise found

    def refusal(self, action: Action) -> IllegalAction | None:
        """The :class:`IllegalAction` :meth:`check` would raise, or None when ``action`` is
        legal: for callers that explain a refusal without raising it (an exception caught and
        kept makes a reference cycle through its traceback)."""
        found = self._checked(action)
        return found if isinstance(found, IllegalAction) else None

    def breach(self, action: Action) -> tuple[str, str] | None:
        """``(rule, reason)`` when ``action`` is accepted by :meth:`check` but is a rules
        breach (I-POP-9: the Pope die set to a room too dear for the post): the rules say what
        follows (R-POP-3), a record may contain it, but it is never in :meth:`legal_actions`.
        Readers report it (a warning, or an error when strict). None otherwise."""
        stack = self.stack
        if not stack:
            return None
        step = stack[-1]
        handler = DECISIONS[step[0]]
        if (
            handler.breach is None
            or not isinstance(action, handler.classes)
            or action.actor not in handler.actors(self, step)
            or handler.why_not(self, step, action) is not None
        ):
            return None
        return handler.breach(self, step, action)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal at the pending decision: :meth:`check` without the
        exception and its explanation, for callers that probe (replay asks at every turn
        whether ``end`` is due)."""
        stack = self.stack
        if not stack:
            return False
        step = stack[-1]
        handler = DECISIONS[step[0]]
        if isinstance(action, handler.classes) and action.actor in handler.actors(self, step):
            return handler.why_not(self, step, action) is None
        if isinstance(action, SideAction):
            return meta.why_not(self, action) is None
        return False

    def _checked(self, action: Action) -> Handler | IllegalAction | None:
        """Check ``action``: the pending step's handler (None for a side action), or the
        :class:`IllegalAction` that says why not (returned, not raised)."""
        stack = self.stack
        if not stack:
            if not isinstance(action, Action):
                return IllegalAction("R-ACT-2", f"{action!r} is not an action", OVER.address)
            return self.illegal("R-END-1", "The game is over; no more actions are possible.")
        step = stack[-1]
        handler = DECISIONS[step[0]]
        if isinstance(action, handler.classes):
            who = action.actor
            if who in handler.actors(self, step):
                why = handler.why_not(self, step, action)
                if why is not None:
                    return self.illegal(why[0], why[1], who)
                return handler
        if isinstance(action, SideAction):
            why = meta.why_not(self, action)
            if why is not None:
                return self.illegal(why[0], why[1], action.actor)
            return None
        if not isinstance(action, Action):
            return IllegalAction("R-ACT-2", f"{action!r} is not an action", self.decision.address)
        return misfit(self, step, handler, action)

    def judge(self, action: Action) -> tuple[bool, tuple[str, str] | None]:
        """``(legal, breach)``: :meth:`is_legal` and :meth:`breach` in one check of ``action``.

        Replay asks it of every written move before :meth:`_apply_unchecked`: one ``why_not``
        per move instead of three, and no exception (with its traceback, a reference cycle
        for the garbage collector) when a move must wait for an omitted forced move.
        """
        stack = self.stack
        if not stack:
            return False, None
        step = stack[-1]
        handler = DECISIONS[step[0]]
        if isinstance(action, handler.classes) and action.actor in handler.actors(self, step):
            if handler.why_not(self, step, action) is not None:
                return False, None
            return True, None if handler.breach is None else handler.breach(self, step, action)
        if isinstance(action, SideAction):
            return meta.why_not(self, action) is None, None
        return False, None

    def _apply_unchecked(self, action: Action) -> list[Event]:
        """:meth:`apply` for a caller that has just found ``action`` legal in this very state
        (:meth:`judge`, :meth:`is_legal`, :meth:`legal_actions`): the same effects and events,
        without checking it a second time. Anything else must call :meth:`apply`."""
        step = self.stack[-1]
        handler: Handler | None = DECISIONS[step[0]]
        assert handler is not None
        if not isinstance(action, handler.classes) or action.actor not in handler.actors(
            self, step
        ):
            handler = None  # a META CULPA side action
        return self._carry_out(handler, action)

    def apply(self, action: Action) -> list[Event]:
        """Check ``action``, apply it and run the game on to the next decision.

        Returns the events it caused. Raises :class:`IllegalAction` (state unchanged).
        """
        found = self._checked(action)
        if isinstance(found, IllegalAction):
            raise found
        return self._carry_out(found, action)

    def push(self, action: Action) -> list[Event]:
        """:meth:`apply`, undoable with :meth:`pop` (python-chess's ``push``)."""
        return history.push(self, action)

    def pop(self) -> Action:
        """Undo the last :meth:`push` (or :meth:`apply_text`) exactly; returns its action.
        ``IndexError`` when there is none (an :meth:`apply` is not remembered)."""
        return history.pop(self)

    def apply_text(self, text: str) -> list[Event]:
        """Push the move written ``"R: buy bread"`` (``ActionSyntaxError``, ``IllegalAction``)."""
        return history.push(self, history.action_of(self, text))

    def legal_texts(self) -> list[str]:
        """The legal actions as text (``"R: buy bread"``), as :meth:`apply_text` reads them."""
        return history.texts(self)

    def _carry_out(self, handler: Handler | None, action: Action) -> list[Event]:
        """Apply the checked ``action`` (``handler`` of the pending step, None for a side
        action) and run the game on to the next decision; the events it caused."""
        events: list[Event] = []
        self._events = events
        self.counter += 1
        if handler is None:
            assert isinstance(action, SideAction)
            meta.apply(self, action)
        else:
            if isinstance(action, Bid):
                self.counter -= 1  # bids are addressed per bidder, not counted
            if self.owed:
                meta.own_decision(self, action.actor, handler.kind)
            handler.apply(self, self.stack[-1], action)
        self._dec = None
        self._run()
        return events

    # ----------------------------------------------------------------------------- driving

    def _emit(self, event: Event) -> None:
        """Record an event of the action being applied."""
        self._events.append(event)

    def _push(self, *steps: Step) -> None:
        """Schedule steps; the first one given runs first."""
        stack = self.stack
        for index in range(len(steps) - 1, -1, -1):  # not reversed(): compiled, a plain loop
            stack.append(steps[index])

    def _market_taken(self) -> None:
        """Note that a stone left the market (R-ACT-4 is checked before the next step)."""
        if not any(self.market):
            self._market_out = True

    def _run(self) -> None:
        """Run automatic steps until a decision is on top (or the game is over)."""
        stack = self.stack
        auto = AUTO
        while stack:
            if self._market_out:
                self._market_out = False
                if self.phase == "action":
                    phases.end_action_phase_now(self)
            step = stack[-1]
            function = auto.get(step[0])
            if function is None:
                break
            stack.pop()
            function(self, step)
        self._dec = None

    # ----------------------------------------------------------------------------- chance

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Every outcome of the pending chance decision with its exact probability."""
        return chance.outcomes(self)

    def sample_chance(self, rng: random.Random) -> Action:
        """A random outcome of the pending chance decision, drawn with ``rng``."""
        return chance.sample(self, rng)

    # ----------------------------------------------------------------------------- data

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON data (secrets marked, not masked); see state.schema.json."""
        from mcn.engine.serial import state_to_json

        return state_to_json(self, None, True)

    @classmethod
    def from_json(cls, data: dict[str, Any], validate: bool = True) -> GameState:
        """Rebuild a state from :meth:`to_json` output, validated against
        ``schemas/state.schema.json`` unless the caller made ``data`` itself (``validate``)."""
        from mcn.engine.serial import state_from_json

        return state_from_json(data, validate)

    def check_invariants(self) -> list[str]:
        """Conservation and range violations (empty when the state is consistent)."""
        return violations(self)

    def __repr__(self) -> str:
        return f"<GameState {self.decision.address} {self.decision.kind} {self.decision.actors}>"


def new_game(
    players: tuple[str, ...] | list[str] = ("R", "B", "G", "Y"),
    ruleset: str = "de-2016",
    board: str | Board = "standard",
    variant: str = "standard",
    infractions: tuple[str, ...] | list[str] = (),
) -> GameState:
    """A new game at ``setup.1``: chance decides the soul order (R-SET-1). ``board`` is a
    profile's name or a loaded profile (B-4)."""
    return GameState.new(tuple(players), ruleset, board, variant, tuple(infractions))


__all__ = ["CHANCE", "GameState", "new_game"]
