"""The game state: plain data, a step stack, and the checked ``apply``.

Everything the rules need lives in a handful of lists and dicts (counts of stones, letters,
sins, positions …) so :meth:`GameState.clone` is a few shallow copies. The rules themselves are
in the modules registered in :mod:`mcn.engine.decision` (setup, phases, trade, house, sins,
building, evaluation, chance); this module only drives them:

1. :meth:`judge` finds the handler of the step on top of the stack and asks it ``why_not``:
   its :class:`~mcn.engine.legality.Ruling` says accepted or refused (rule, reason).
2. :meth:`apply` checks (or takes the ruling just given), lets the handler change the state,
   then runs automatic steps until the next real decision (:meth:`_run`). Because every
   legality question is answered before anything changes, an illegal action leaves the state
   untouched.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

import mcn.engine.pope  # noqa: F401 - registers the Pope's guess
from mcn.engine import building, chance, evaluation, history, house, meta, phases, sins, trade  # noqa: F401
from mcn.engine.actions import Action, End, SideAction
from mcn.engine.addresses import ADDRESSES, MADE_ONCE, decision_address
from mcn.engine.constants import CHANCE
from mcn.engine.creation import check_setup, copy_state, share_unchanged, start_state
from mcn.engine.data import Board, Ruleset, load_board, load_ruleset
from mcn.engine.decision import AUTO, DECISIONS, Decision, Handler
from mcn.engine.errors import IllegalAction
from mcn.engine.events import Event
from mcn.engine.fields import StateFields
from mcn.engine.invariants import violations
from mcn.engine.legality import Ruling, legal_actions, misfit
from mcn.engine.probes import forced_action, pending_end
from mcn.engine.step_types import Step

OVER: Final = Decision("over", (), "end", "The game is over.")

#: The automatic function of every step registered so far, None for a decision's: the step
#: loop subscripts it, where ``AUTO.get`` is a method call (in the pure build about 90
#: instructions more, and the loop asks about two steps per decision). A step registered
#: after this module's import is not in it: the loop asks ``AUTO`` then.
_RUNS: Final[dict[str, Callable[[GameState, Any], None] | None]] = {
    tag: AUTO.get(tag) for tag in (*DECISIONS, *AUTO)
}


class GameState(StateFields):
    """One position of a game of Mea Culpa (see docs/design.md, "Engine API"): its fields
    (:class:`~mcn.engine.fields.StateFields`), the pending decision, judging and applying an
    action, and the game run on to the next decision."""

    __slots__ = ()  # the fields are declared by StateFields

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

    @property
    def decision(self) -> Decision:
        """The pending decision (kind ``"over"`` when the game has ended)."""
        if self._dec is None:
            self._dec = self._make_decision()
        return self._dec

    def _make_decision(self) -> Decision:
        step = self.stack.top
        if step is None:
            return OVER
        handler = DECISIONS[step[0]]
        actors = handler.actors(self, step)
        if step[0] == "bids":
            return Decision(handler.kind, actors, self.section, handler.prompt(self, step), True)
        address = decision_address(self.section, self.counter + 1)
        return Decision(handler.kind, actors, address, handler.prompt(self, step))

    # The queries below answer from the step on top without building the Decision (prose); the
    # tag read as ``step[0]`` (compiled, ``step.tag`` on the union of steps is a generic lookup).

    def current_players(self) -> tuple[str, ...]:
        """Who decides now: colours, ``(CHANCE,)``, or ``()`` when the game is over."""
        step = self.stack.top
        if step is None:
            return ()
        handler = DECISIONS[step[0]]
        if handler.by_colour:  # the step's colour decides (first_actor), without the call
            # every step of such a handler has its colour second; read as a tuple's item
            # (compiled: a tuple read, where ``Any`` is a generic subscription)
            items: tuple[Any, ...] = step
            colour: str = items[1]
            return (colour,)
        return handler.actors(self, step)

    def simultaneous(self) -> bool:
        """Whether the pending decision is taken secretly and at once by its actors (the bids,
        R-BID-1), each at an address of his own (``Decision.per_actor``)."""
        step = self.stack.top
        return step is not None and step[0] == "bids"

    def pending_address(self) -> str:
        """The pending decision's address (``decision.address``; ``end`` once it is over)."""
        step = self.stack.top
        if step is None:
            return OVER.address
        if step[0] == "bids":
            return self.section
        if MADE_ONCE:  # the compiled build: looked up (mcn.engine.addresses)
            return decision_address(self.section, self.counter + 1)
        try:  # the pure build: the row subscripted, no call (mcn.engine.addresses)
            return ADDRESSES[self.section][self.counter + 1]
        except LookupError:  # a new section or number
            return decision_address(self.section, self.counter + 1)

    def address_of(self, action: Action) -> str:
        """The address ``action`` would get if applied now (a META CULPA side action takes the
        section's next number, also during the bids: I-MET-5)."""
        step = self.stack.top
        if step is None:
            return OVER.address
        if step[0] == "bids" and not isinstance(action, SideAction):
            return f"{self.section}.{action.actor}"
        if MADE_ONCE:  # the compiled build: looked up (mcn.engine.addresses)
            return decision_address(self.section, self.counter + 1)
        try:  # the pure build: the row subscripted, no call (mcn.engine.addresses)
            return ADDRESSES[self.section][self.counter + 1]
        except LookupError:  # a new section or number
            return decision_address(self.section, self.counter + 1)

    # ----------------------------------------------------------------------------- legality

    def legal_actions(
        self, actor: str | None = None, include_infractions: bool = False
    ) -> list[Action]:
        """Every legal action of the pending decision (for ``actor`` only, if given); META
        CULPA side actions (legal at any decision: I-MET-5, I-MET-6) only on request."""
        return legal_actions(self, actor, include_infractions)

    def illegal(self, rule: str, reason: str, actor: str | None = None) -> IllegalAction:
        """An :class:`IllegalAction` at the pending decision's address (``actor``'s own at the
        bids), from the step on top, not :attr:`decision` (prose replay may not show)."""
        address = self.pending_address()
        if actor is not None and self.simultaneous() and actor in self.current_players():
            address = f"{address}.{actor}"
        return IllegalAction(rule, reason, address)

    def judge(self, action: Action) -> Ruling:
        """The engine's verdict on ``action`` at the pending decision (:class:`Ruling`): the
        refusal :meth:`apply` would raise (rule ID, reason, address), or None; and whether an
        accepted action is a rules breach (I-POP-9). Nothing changes; one ``why_not`` answers
        it. Handed to :meth:`apply`, the ruling spares it a second check."""
        found = _checked(self, action)
        if type(found) is IllegalAction:
            return Ruling(action, found, None, None, self, self._events)
        breach = None
        if found is not None and found.may_breach(action):
            assert found.breach is not None
            breach = found.breach(self, self.stack.top, action)
        return Ruling(action, None, breach, found, self, self._events)

    def apply(self, action: Action, ruling: Ruling | None = None) -> list[Event]:
        """Check ``action``, apply it and run the game on to the next decision; the events it
        caused. Raises :class:`IllegalAction` (state unchanged). A ``ruling`` that :meth:`judge`
        has just given on this very action in this state (no action applied since) accepted it:
        it is not checked again; any other is ignored."""
        if (
            ruling is not None
            and ruling.refusal is None
            and ruling.state is self
            and ruling.epoch is self._events
            and ruling.action is action
        ):
            return _carry_out(self, ruling.handler, action)
        found = _checked(self, action)
        if type(found) is IllegalAction:
            raise found
        return _carry_out(self, found, action)

    def try_apply(self, action: Action) -> list[Event] | Ruling:
        """:meth:`judge` and :meth:`apply` in one call for the common case: an accepted action
        that is no rules breach is carried out and its events returned; otherwise nothing
        changes and the :class:`Ruling` says why — a refusal (never raised), or a breach
        (I-POP-9), which the caller may still carry out with ``apply(action, ruling)``.
        Replay plays most written moves this way: one check and no ruling made."""
        # _checked's common case written out (an accepted action of its kind, by the step's
        # colour): in the pure build a call costs about 400 instructions, and this is one per
        # written move (docs/performance-history.md, "Per move, round eight"); anything else,
        # a refusal included, is _checked's (which asks why_not again: it changes nothing).
        found: Handler | IllegalAction | None = None
        step = self.stack.top
        if step is not None:
            handler = DECISIONS[step[0]]
            if handler.by_colour and type(action) in handler.kinds:
                items: tuple[Any, ...] = step
                colour: str = items[1]
                if colour == action.actor and handler.why_not(self, step, action) is None:
                    found = handler
        if found is None:
            found = _checked(self, action)
        if type(found) is IllegalAction:
            return Ruling(action, found, None, None, self, self._events)
        if (
            found is not None
            and found.breach is not None
            and (not found.breach_classes or isinstance(action, found.breach_classes))
        ):  # Handler.may_breach written out: no call for a turn's actions but a visit
            breach = found.breach(self, self.stack.top, action)
            if breach is not None:
                return Ruling(action, None, breach, found, self, self._events)
        return _carry_out(self, found, action)

    def forced_action(self) -> Action | None:
        """The only legal action of a pending *player* decision, if there is exactly one:
        what a record may leave out. None for chance outcomes and the secret bids, whatever
        their count (:func:`mcn.engine.probes.forced_action`: no list made)."""
        return forced_action(self)

    def pending_end(self) -> End | None:
        """``end`` for the one player deciding if accepted now, else None: ``judge(End(actor))``
        without a ruling or prose (:func:`mcn.engine.probes.pending_end`)."""
        return pending_end(self)

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

    # ----------------------------------------------------------------------------- driving

    def _push(self, *steps: Step) -> None:
        """Schedule steps; the first one given runs first (hot pushes call the stack's own)."""
        self.stack.push_first_on_top(steps)

    def _market_taken(self) -> None:
        """Note that a stone left the market (R-ACT-4 is checked before the next step)."""
        if not any(self.market):
            self._market_out = True

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


def _checked(state: GameState, action: Action) -> Handler | IllegalAction | None:
    """Check ``action`` in ``state``: the pending step's handler (None for a side action), or
    the :class:`IllegalAction` that says why not (returned, not raised). A function of the
    module rather than a method, so that :class:`GameState` stays one concept's length."""
    step = state.stack.top
    if step is None:
        if not isinstance(action, Action):
            return IllegalAction("R-ACT-2", f"{action!r} is not an action", OVER.address)
        return state.illegal("R-END-1", "The game is over; no more actions are possible.")
    handler = DECISIONS[step[0]]
    # the set first (one lookup), the tuple only for what it misses (Handler.kinds)
    if type(action) in handler.kinds or isinstance(action, handler.classes):
        who = action.actor
        # Handler.decides, the step's colour compared here for most decisions (read as a
        # tuple's item and compared as strings: compiled, no generic subscription or compare)
        items: tuple[Any, ...] = step
        if handler.by_colour:
            colour: str = items[1]
            decides = colour == who
        else:
            decides = handler.decides(state, step, who)
        if decides:
            why = handler.why_not(state, step, action)
            if why is not None:
                return state.illegal(why[0], why[1], who)
            return handler
    if isinstance(action, SideAction):
        why = meta.why_not(state, action)
        if why is not None:
            return state.illegal(why[0], why[1], action.actor)
        return None
    if not isinstance(action, Action):
        return IllegalAction("R-ACT-2", f"{action!r} is not an action", state.decision.address)
    return misfit(state, step, handler, action)


def _carry_out(state: GameState, handler: Handler | None, action: Action) -> list[Event]:
    """Apply the checked ``action`` (``handler``: the pending step's, None for a side
    action), then automatic steps until a decision is on top; the events it caused. The
    step loop is written here (the pure build pays for every call); a bid's handler takes
    back its count (bids are addressed per bidder). A function of the module, as
    :func:`_checked` is, so that :class:`GameState` stays within its length."""
    events: list[Event] = []
    state._events = events
    state.counter += 1
    stack = state.stack
    if handler is None:
        assert isinstance(action, SideAction)
        meta.apply(state, action)
    else:
        if state.owed:
            meta.own_decision(state, action.actor, handler.kind)
        handler.apply(state, stack.top, action)
    runs = _RUNS
    step = stack.top
    while step is not None:
        if state._market_out:
            state._market_out = False
            if state.phase == "action":
                phases.end_action_phase_now(state)
            step = stack.top
            if step is None:
                break
        try:
            function = runs[step[0]]
        except KeyError:  # a step registered after this module's import (_RUNS)
            function = AUTO.get(step[0])
        if function is None:
            break
        live = stack._live  # Steps.pop written out where the step is the stack's own
        if len(live) > 1:
            live.pop()
            stack.top = live[-1]
        else:
            stack.pop()
        function(state, step)
        step = stack.top
    state._dec = None
    return events


def take_pending_end(state: GameState) -> tuple[str, End, list[Event]] | None:
    """``end`` for the one player deciding, carried out if the engine accepts it now (a turn
    that waits for its second action): its address, the action and its events; None, with
    nothing changed, otherwise. :meth:`GameState.pending_end` and :meth:`GameState.apply` of
    its answer in one call and one judgement, where the two would judge ``end`` twice (replay
    closes most turns this way: docs/performance-history.md, "Per move, round seven")."""
    end = pending_end(state)
    if end is None:
        return None
    step = state.stack.top
    assert step is not None  # pending_end answers None for a finished game
    # the address apply gives it (GameState.address_of: ``end`` is never a bid)
    if MADE_ONCE:  # the compiled build: looked up (mcn.engine.addresses)
        address = decision_address(state.section, state.counter + 1)
    else:
        try:  # the pure build: the row subscripted, no call (mcn.engine.addresses)
            address = ADDRESSES[state.section][state.counter + 1]
        except LookupError:  # a new section or number
            address = decision_address(state.section, state.counter + 1)
    return address, end, _carry_out(state, DECISIONS[step[0]], end)


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


__all__ = ["CHANCE", "GameState", "new_game", "take_pending_end"]
