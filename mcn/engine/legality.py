"""Legality questions that are not on the hot path of applying an action: every legal action
of the pending decision, and the words for an action of the wrong player or the wrong kind.

:class:`~mcn.engine.state.GameState` asks them (``legal_actions``, ``check``); they live apart
so that the state module keeps to driving the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine import meta
from mcn.engine.actions import Action
from mcn.engine.constants import colour_name
from mcn.engine.decision import DECISIONS, Handler, Step
from mcn.engine.errors import IllegalAction

if TYPE_CHECKING:
    from mcn.engine.state import GameState


def legal_actions(
    state: GameState, actor: str | None = None, include_infractions: bool = False
) -> list[Action]:
    """``GameState.legal_actions``: built from the pending step's handler (its fast ``legal``
    generator, or its candidates filtered by ``why_not`` and ``breach``)."""
    if not state.stack:
        return []
    step, handler = state.stack[-1], DECISIONS[state.stack[-1][0]]
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
