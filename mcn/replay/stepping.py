"""Carrying out the actions replay takes and recording their steps: the written moves the
binder has checked, and the moves a record leaves implicit (forced moves, the ``end`` of a
turn). :class:`~mcn.replay.binding.Binder` finds what each written move stands for and when
implicit moves come first; the :class:`Stepper` applies and records, so it is where the
options that watch each step act (``keep_states``, ``on_step``, ``before_step``)."""

from __future__ import annotations

from collections.abc import Callable

from mcn.engine import GameState
from mcn.engine.actions import Action, MoveCrew, PlaceCrew
from mcn.engine.events import Event
from mcn.engine.legality import Ruling
from mcn.engine.state import take_pending_end
from mcn.io.limits import MAX_DECISIONS
from mcn.notation.model import Move
from mcn.replay.diagnostics import Diagnostics, StopReplay
from mcn.replay.lookahead import FORCED_LIMIT
from mcn.replay.model import BeforeStep, GameReplay, Line, Step
from mcn.replay.secrets import SecretBook
from mcn.replay.turns import TurnOf


class Stepper:
    """Applies actions found legal and records their steps (the options that watch each step
    act here), and takes the implicit moves the walk asks for: a turn's ``end`` and the forced
    moves before it (:meth:`end_turn`), the forced moves before a marker or a line's end
    (:meth:`finish_forced`)."""

    def __init__(
        self,
        diagnostics: Diagnostics,
        secrets: SecretBook,
        *,
        keep_states: bool,
        on_step: Callable[[Line, Step], bool] | None,
        before_step: BeforeStep | None,
    ) -> None:
        self.diagnostics = diagnostics
        self.result: GameReplay = diagnostics.result
        self.secrets = secrets
        self.keep_states = keep_states
        self.on_step = on_step
        self.before_step = before_step
        #: Whether actions may be carried out without the general :meth:`apply`: not when
        #: ``before_step`` must see each state before the engine is asked about its action.
        self.fast = before_step is None
        #: Whether each step is made a :class:`~mcn.replay.model.Step` at once: when its state
        #: is kept or ``on_step`` is handed it; otherwise the line keeps it compactly.
        self.eager = keep_states or on_step is not None
        #: Whether implicit moves take :meth:`implicit`'s short way: nobody watches a step.
        self.lean = self.fast and not self.eager

    def apply(
        self,
        line: Line,
        state: GameState,
        action: Action,
        move: Move | None,
        address: str | None = None,
        ruling: Ruling | None = None,
    ) -> None:
        """Apply ``action``, which the caller found legal in ``state`` (the move's own check, a
        forced move, an ``end`` the engine accepts, a ``?`` move's candidate), and record its
        step. ``ruling`` is :meth:`GameState.judge` of ``action`` in ``state`` when the caller
        has just asked it (a written move is judged once: ``apply`` takes the ruling and does
        not check again); a written move's breach (I-POP-9) is reported.
        ``before_step`` (:data:`~mcn.replay.model.BeforeStep`) sees the state first, as it
        was after the previous step: the one place a caller reads every state replay passes."""
        if self.before_step is not None:
            self.before_step(line, state, action, move)
        address = address or state.address_of(action)
        if self.result.decisions >= MAX_DECISIONS:
            self.diagnostics.too_many(line, line.prefix + address, move)
        # Placing or moving crew may finish a cathedral (an evaluation follows), and the
        # scoring needs every secret: the secret book fills in stand-ins first. The classes
        # written out, not a module-level tuple: two type comparisons (an isinstance that
        # answers no, as for most actions, looks the object's __class__ up by name, pure).
        if (
            state.finished == 2 or (kind := type(action)) is PlaceCrew or kind is MoveCrew
        ) and self.secrets.before_apply(line, state, action, move):
            # Secrets were filled in: judge again (apply raises a refusal).
            ruling = state.judge(action)
        elif ruling is None and move is not None:
            ruling = state.judge(action)
        events = state.apply(action, ruling)
        breach = ruling.breach if ruling is not None and move is not None else None
        self.record(line, state, action, move, address, events, breach)

    def implicit(self, line: Line, state: GameState, action: Action) -> None:
        """:meth:`apply` of an implicit move (a forced move, a turn's ``end``), the short way
        when nobody watches the step, the decision limit is not reached and the secret book
        has nothing to fill in: the engine applies it and the line takes the step."""
        if not (
            self.lean
            and self.result.decisions < MAX_DECISIONS
            # no crew and not the scoring, the common case, asked first (no call)
            and (
                (
                    state.finished != 2
                    and (kind := type(action)) is not PlaceCrew
                    and kind is not MoveCrew
                )
                or not self.secrets.needs_before(line, state, action)
            )
        ):
            self.apply(line, state, action, None)
            return
        address = state.address_of(action)
        events = state.apply(action)
        if state.stack.top is None or line.made is not None:
            self.taken(line, state, action, None, address, events)  # the game's end, or a Step
            return
        # taken() written out for the common case (one call fewer per implicit move)
        taken = line.taken
        taken.append(line.prefix + address)
        taken.append(action)
        taken.append(None)
        taken.append(len(events))
        line.taken_events.extend(events)
        self.result.decisions += 1

    def taken(
        self,
        line: Line,
        state: GameState,
        action: Action,
        move: Move | None,
        address: str,
        events: list[Event],
    ) -> None:
        """Record a step carried out without :meth:`apply` (no breach): what :meth:`record`
        does for a step nobody watches and that does not end the game, else :meth:`record`."""
        if self.eager or state.stack.top is None:
            self.record(line, state, action, move, address, events)
            return
        if line.made is None:  # Line.take written out, as in the walk's fast lane
            taken = line.taken
            taken.append(line.prefix + address)
            taken.append(action)
            taken.append(move)
            taken.append(len(events))
            line.taken_events.extend(events)
        else:
            line.take(line.prefix + address, action, move, events)
        self.result.decisions += 1

    def record(
        self,
        line: Line,
        state: GameState,
        action: Action,
        move: Move | None,
        address: str,
        events: list[Event],
        breach: tuple[str, str] | None = None,
    ) -> None:
        """Record the step ``action`` made (applied at ``address``, with ``events``), with a
        copy of ``state`` after it when states are kept, and what follows it: a written move's
        breach reported, the letters revealed at the game's end, ``on_step``."""
        step: Step | None = None
        if self.eager:
            step = Step(line.prefix + address, action, move, events)
            steps = line.steps
            if self.keep_states:
                step.state = state.kept_copy(steps[-1].state if steps else None)
            steps.append(step)
        else:  # no Step object and no events list kept per decision (Line.take)
            line.take(line.prefix + address, action, move, events)
        self.result.decisions += 1
        if breach is not None and move is not None:
            # I-POP-9: carried out with its penalty, and reported: a warning, an error if strict.
            self.diagnostics.report(
                "error" if self.diagnostics.strict else "warning",
                "breach",
                f"rules breach: {breach[1]}",
                address=line.prefix + address,
                span=move.span,
                rule=breach[0],
            )
        if state.is_terminal():
            self.secrets.after_end(line, state, move)
        if self.on_step is not None and step is not None and self.on_step(line, step):
            raise StopReplay

    def end_turn(self, line: Line, state: GameState, turn: TurnOf) -> None:
        """Close the turn an item opened (``turn``: the turn facts of its first move's address;
        at a label naming another turn, a marker, a checkpoint or the line's end): if it still
        waits for a second action, possibly after some forced moves, take those and ``end``
        it."""
        if not turn.turn_section:
            return  # not a turn (``R.T``): only a turn's second action takes ``end`` (R-ACT-3)
        section = turn.section
        # The first round on the state itself, before the loop (most calls end here): over,
        # or not in this turn, or its ``end`` taken the short way
        if state.stack.top is None or state.section != section or state.simultaneous():
            return  # over, or the pending decision is not in this turn
        if self.lean and self.result.decisions < MAX_DECISIONS and state.finished != 2:
            # implicit()'s short way for ``end`` with no forced move before it (the common
            # case): judged and carried out in one engine call, not judged twice
            ended = take_pending_end(state)
            if ended is not None:
                self.taken(line, state, ended[1], None, ended[0], ended[2])
                return
            end = None
        else:
            end = state.pending_end()
        # The turn's ``end`` after forced moves, looked for on a copy (taken for real only
        # if an ``end`` follows them)
        probe = state
        forced: list[Action] = []
        for _ in range(FORCED_LIMIT):
            if end is not None:
                for action in forced:
                    self.implicit(line, state, action)
                self.implicit(line, state, end)
                return
            step = probe.forced_action()
            if step is None:
                return
            if probe is state:
                probe = state.clone()
            probe.apply(step)
            forced.append(step)
            if probe.stack.top is None or probe.section != section or probe.simultaneous():
                return  # over, or the pending decision is not in this turn
            end = probe.pending_end()

    def finish_forced(self, line: Line, state: GameState) -> None:
        """At a line's end (or a section marker), take the forced moves left implicit."""
        for _ in range(FORCED_LIMIT):
            forced = state.forced_action()
            if forced is None:
                return
            self.implicit(line, state, forced)
