"""Undo and text moves for :class:`~mcn.engine.state.GameState` (python-chess's ``push``/``pop``
and ``push_san``), kept apart from the state's rules machinery.

``push(action)`` is ``apply`` that remembers the state before it, so that ``pop()`` can restore
it exactly; plain ``apply`` remembers nothing and stays the fast path replay uses. A refused
action raises before anything changes, so nothing is remembered for it either. A state's copy
(``clone``) starts with an empty history: the history belongs to the game being played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine.actions import Action, ActionSyntaxError, parse_action
from mcn.engine.constants import CHANCE
from mcn.engine.creation import copy_state
from mcn.engine.events import Event

if TYPE_CHECKING:
    from mcn.engine.state import GameState


def push(state: GameState, action: Action) -> list[Event]:
    """Apply ``action`` (checked) and remember the state before it for :func:`pop`."""
    if not isinstance(action, Action):
        raise TypeError(f"push takes an Action (mcn.parse_action), not {type(action).__name__}")
    before = state.clone()
    events = state.apply(action)  # raises IllegalAction with the state unchanged
    state._undo.append((before, action))
    return events


def pop(state: GameState) -> Action:
    """Undo the last :func:`push`: the state is again exactly what it was; returns the action."""
    history = state._undo
    if not history:
        raise IndexError("pop from a state with no pushed action (apply() cannot be undone)")
    before, action = history.pop()
    copy_state(before, state)
    state._undo = history
    return action


def action_of(state: GameState, text: str) -> Action:
    """The action written ``"R: buy bread"`` (or ``"market: …"``, ``"*: …"`` for chance); with
    no ``ACTOR:`` the one player who decides now is meant."""
    if not isinstance(text, str):
        raise TypeError(f"a move is text such as 'R: buy bread', not {type(text).__name__}")
    head, colon, rest = text.partition(":")
    head = head.strip()
    if colon and head and " " not in head:
        if head.upper() in ("R", "B", "G", "Y", CHANCE):
            return parse_action(head.upper(), rest.strip())
        return parse_action(CHANCE, f"{head} {rest.strip()}")  # market: bread …
    deciding = state.current_players()
    if len(deciding) != 1:
        raise ActionSyntaxError(
            f"write who moves ('R: {text.strip()}'): {', '.join(deciding) or 'nobody'} decide now"
        )
    return parse_action(deciding[0], text.strip())


def texts(state: GameState) -> list[str]:
    """Every legal action of the pending decision as the text :func:`action_of` reads back."""
    return [f"{action.actor}: {action.text}" for action in state.legal_actions()]
