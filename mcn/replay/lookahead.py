"""Replay's look-ahead on copies of the state: whether a move fits the pending decision, and
whether it would fit once the implicit moves before it are taken (docs/design.md, "Replay
binding"). :class:`~mcn.replay.binding.Binder` asks these only off its fast lane — a move the
pending decision refuses, a rules breach that may be the forced ``end`` of a turn (I-POP-9) —
so they live apart from the binder's per-move work."""

from __future__ import annotations

from typing import Final

from mcn.engine import GameState, IllegalAction
from mcn.engine.actions import Action
from mcn.engine.constants import colour_name
from mcn.notation.model import Move
from mcn.replay.secrets import SecretBook

#: How many forced moves replay takes in a row before it gives up (a safety net: forced
#: chains in a real game are a handful of decisions long).
FORCED_LIMIT: Final = 1000


def fits(
    secrets: SecretBook, state: GameState, move: Move, action: Action | None
) -> IllegalAction | None:
    """None when the pending decision accepts the move (``action``, or for a ``?`` move one of
    the secret book's candidates), else why not."""
    if action is not None:
        return state.judge(action).refusal
    if secrets.secret_candidates(state, move):
        return None
    if state.is_terminal():
        return IllegalAction("R-END-1", "The game is over; no more actions are possible.", "end")
    decision = state.decision
    if move.actor not in decision.actors:
        who = " or ".join(colour_name(c) for c in decision.actors)
        reason = f"It is {who}'s decision ({decision.prompt}), not {colour_name(move.actor)}'s."
    else:
        reason = f"No legal action matches '{move.text}' here ({decision.prompt})."
    return IllegalAction("R-ACT-2", reason, decision.address)


def end_before(
    secrets: SecretBook, state: GameState, move: Move, action: Action | None
) -> Action | None:
    """``end`` when the turn waits for its second action and ``move`` fits only after it
    (and the forced moves that follow it)."""
    end = state.pending_end()
    if end is None:
        return None
    probe = state.clone()
    probe.apply(end)
    for _ in range(FORCED_LIMIT):
        if fits(secrets, probe, move, action) is None:
            return end
        forced = probe.forced_action()
        if forced is None:
            return None
        probe.apply(forced)
    return None


def legal_after(state: GameState, implicit: Action, action: Action) -> bool:
    """Whether ``action`` is legal, and no breach, once ``implicit`` and the forced moves
    after it are taken (on a copy of ``state``)."""
    probe = state.clone()
    probe.apply(implicit)
    for _ in range(FORCED_LIMIT):
        ruling = probe.judge(action)
        if ruling.accepted:
            return ruling.breach is None
        forced = probe.forced_action()
        if forced is None:
            return False
        probe.apply(forced)
    return False
