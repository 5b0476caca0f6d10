"""Legality: the engine's verdict on one action (:class:`Ruling`), every legal action of the
pending decision, and the words for an action of the wrong player or the wrong kind.

:class:`~mcn.engine.state.GameState` has one judging call, ``judge(action)``, which returns a
:class:`Ruling`, and one ``apply``; they live apart so that the state module keeps to driving
the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine import meta
from mcn.engine.actions import Action
from mcn.engine.constants import colour_name
from mcn.engine.decision import DECISIONS, Handler
from mcn.engine.errors import IllegalAction
from mcn.engine.events import Event
from mcn.engine.step_types import Step

if TYPE_CHECKING:
    from mcn.engine.state import GameState


class Ruling:
    """The engine's verdict on ``action`` at the pending decision of ``state``
    (``GameState.judge``): nothing in the state changes.

    ``refusal`` is None when ``apply`` would carry the action out, else the
    :class:`IllegalAction` it would raise (rule ID, reason, address), returned rather than
    raised: a caller that explains a refusal, or probes, keeps no exception (an exception kept
    makes a reference cycle through its traceback). ``breach`` is ``(rule, reason)`` for an
    action that is carried out but is a rules breach (I-POP-9: the Pope die set to a room too
    dear for the post): the rules say what follows (R-POP-3) and a record may contain it, but
    it is never among the legal actions listed; readers report it.

    A ruling passed back to ``GameState.apply`` spares it a second check, as long as it was
    made for that very action in that very state with no action applied since (``handler``:
    the pending step's handler that accepted it, None for a META CULPA side action; ``state``
    and ``epoch``, the list the state's next events go to, tell that); any other ruling is
    ignored and the action checked again.
    """

    __slots__ = ("action", "breach", "epoch", "handler", "refusal", "state")

    def __init__(
        self,
        action: Action,
        refusal: IllegalAction | None,
        breach: tuple[str, str] | None,
        handler: Handler | None,
        state: GameState,
        epoch: list[Event],
    ) -> None:
        self.action = action
        self.refusal = refusal
        self.breach = breach
        self.handler = handler
        self.state = state
        self.epoch = epoch

    @property
    def accepted(self) -> bool:
        """Whether ``apply`` carries the action out (a legal action, or a breach)."""
        return self.refusal is None

    @property
    def legal(self) -> bool:
        """Whether the action is legal: accepted and no breach (one of ``legal_actions``)."""
        return self.refusal is None and self.breach is None

    def __repr__(self) -> str:
        if self.refusal is not None:
            verdict = f"refused {self.refusal.rule}"
        else:
            verdict = "accepted" if self.breach is None else f"breach {self.breach[0]}"
        return f"<Ruling {self.action!r} {verdict}>"


def legal_actions(
    state: GameState, actor: str | None = None, include_infractions: bool = False
) -> list[Action]:
    """``GameState.legal_actions``: built from the pending step's handler (its fast ``legal``
    generator, or its candidates filtered by ``why_not`` and ``breach``)."""
    step = state.stack.top
    if step is None:
        return []
    handler = DECISIONS[step.tag]
    actors = handler.actors(state, step)
    if actor is not None:
        actors = (actor,) if actor in actors else ()
    out: list[Action] = []
    why_not = handler.why_not
    breach = handler.breach
    for who in actors:
        if handler.legal is not None:
            out.extend(handler.legal(state, step, who))
            continue
        if handler.exact:
            out.extend(handler.candidates(state, step, who))
            continue
        for candidate in handler.candidates(state, step, who):
            if why_not(state, step, candidate) is None and (
                breach is None or breach(state, step, candidate) is None
            ):
                out.append(candidate)
    if include_infractions:
        out.extend(meta.options(state, actor))
    return out


def misfit(state: GameState, step: Step, handler: Handler, action: Action) -> IllegalAction:
    """The error for an action of the wrong player or of the wrong kind (not raised)."""
    actors = handler.actors(state, step)
    who = action.actor
    rule = handler.rule_at(state, step)
    if who not in actors:
        deciders = " or ".join(colour_name(c) for c in actors)
        return state.illegal(
            rule,
            f"It is {deciders}'s decision ({handler.prompt(state, step)}), "
            f"not {colour_name(who)}'s.",
        )
    return state.illegal(
        handler.misfit_rule or rule,
        f"{colour_name(who)} must decide: {handler.prompt(state, step)}; "
        f"'{action.text}' is not possible here (expected {handler.expects}).",
        who,
    )
