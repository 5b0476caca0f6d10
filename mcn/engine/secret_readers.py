"""Reading the game's secrets as the engine declares them (:mod:`mcn.engine.secrets`).

The declaration says what is secret; these functions answer what a view asks of it: whether
``viewer`` may see a secret (:func:`sees`), which secret an action or an event holds
(:func:`action_secret`, :func:`event_secret`), an action's tokens and an event's JSON as a
viewer may read them (:func:`action_tokens`, :func:`event_json`, :func:`tokens_by_text`),
which event reveals what and when (:func:`reveal_of`, :func:`revealed_flags`), and which parts
of a state and which checkpoints hold secrets (:func:`secret_parts`, :func:`checkpoints`).

They call each other through this module, and every view calls them through it too
(``secret_readers.hides(...)``), so that a test plants a leak or an over-mask in one place
(tests/secrets/test_twins.py); the module is interpreted in the compiled build for that reason
(pyproject.toml), as the declaration is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mcn.engine.actions import Action, FreeStone
from mcn.engine.constants import CHANCE
from mcn.engine.events import ALL_SECRETS, Event
from mcn.engine.secrets import (
    ACTION_SECRETS,
    ARGUMENT,
    EVENT_SECRETS,
    EVERYTHING,
    LETTERS,
    OTHER,
    REVEALS,
    SECRET,
    SUPPLY_LETTERS,
    TARGETS,
    ActionSecret,
    EventSecret,
    Reveal,
)


def sees(viewer: str | None, *owners: str) -> bool:
    """Whether ``viewer`` (a colour, ``None`` for a spectator, :data:`EVERYTHING` or the
    engine's ``ALL_SECRETS``) may see a secret that belongs to ``owners``."""
    return viewer in (EVERYTHING, ALL_SECRETS) or (viewer is not None and viewer in owners)


def mask_targets(tokens: Sequence[str]) -> tuple[str, ...]:
    """``donate jewel>I 5>II`` → ``donate jewel>? 5>?``: the compartments go, the items stay.
    The engine writes the items in canonical item order, so the order gives nothing away."""
    return (
        tokens[0],
        *(t.split(">")[0] + ">" + SECRET if ">" in t else t for t in tokens[1:]),
    )


def mask_text(tokens: Sequence[str], masks: str) -> tuple[str, ...]:
    """``tokens`` (a verb and its arguments) with the secret masked the way ``masks`` says."""
    if masks == TARGETS:
        return mask_targets(tokens)
    return (tokens[0], SECRET)


def action_secret(action: Action, events: Sequence[Event]) -> ActionSecret | None:
    """The secret ``action`` holds (``events``: what it caused), or None. Chance never holds
    one: every draw is public (R-HID-1)."""
    if action.actor == CHANCE:
        return None
    for secret in ACTION_SECRETS:
        if isinstance(action, secret.action) and secret.holds(action, events):
            return secret
    return None


def hides(action: Action, viewer: str | None, events: Sequence[Event], revealed: bool) -> bool:
    """Whether ``viewer`` may not read ``action`` as it was taken (``events``: what it caused;
    ``revealed``: whether its secret has been revealed where the viewer stands)."""
    secret = action_secret(action, events)
    if secret is None or sees(viewer, *secret.seen_by(action, events)):
        return False
    return not (revealed and secret.revealed_by)


def action_tokens(
    action: Action, viewer: str | None, events: Sequence[Event], revealed: bool = False
) -> tuple[str, ...]:
    """The tokens of ``action`` as ``viewer`` may read them (another player's secret ``?``)."""
    tokens = tuple(action.text.split())
    if not hides(action, viewer, events, revealed):
        return tokens
    secret = action_secret(action, events)
    return mask_text(tokens, secret.masks if secret is not None else ARGUMENT)


def secret_by_verb(verb: str) -> ActionSecret | None:
    """The first declared secret of actions that begin with ``verb`` (a move whose text is not
    known yet: a sealed move before its reveal), or None."""
    for secret in ACTION_SECRETS:
        if secret.verb == verb:
            return secret
    return None


def reveal_named(name: str) -> Reveal | None:
    """The declared reveal called ``name`` (an :attr:`ActionSecret.revealed_by`), or None."""
    for reveal in REVEALS:
        if reveal.name == name:
            return reveal
    return None


def tokens_by_text(actor: str, tokens: tuple[str, ...], viewer: str | None) -> tuple[str, ...]:
    """A move replay never reached (after an error in a variation), masked by its text alone:
    every place a declared secret can stand becomes ``?`` unless the move is the viewer's."""
    if sees(viewer, actor) or len(tokens) < 2 or actor == CHANCE:
        return tokens
    for secret in ACTION_SECRETS:
        if tokens[0] == secret.verb:
            return mask_text(tokens, secret.masks)
    return tokens


def event_secret(event: Event, action: Action | None) -> EventSecret | None:
    """The secret ``event`` holds (``action``: the action that caused it, when known)."""
    for secret in EVENT_SECRETS:
        if isinstance(event, secret.event) and secret.holds(event, action):
            return secret
    return None


def event_json(
    event: Event, viewer: str | None, action: Action | None = None, revealed: bool = False
) -> dict[str, Any]:
    """``event`` as ``viewer`` may read it: its JSON with a secret field masked and a sentence
    that names no secret. ``revealed``: the secret of the action that caused it has been
    revealed where the viewer stands (then the event is told in full)."""
    data = event.to_json()
    if revealed:
        return data
    secret = event_secret(event, action)
    if secret is None or sees(viewer, *secret.seen_by(event, action)):
        return data
    value = str(data[secret.field])
    masked = " ".join(mask_targets(("", *value.split())))[1:] if secret.masks == TARGETS else SECRET
    data[secret.field] = masked
    data["text"] = secret.text(event, masked)
    return data


def masked_fields(event_class: type[Event]) -> tuple[str, ...]:
    """The fields of ``event_class`` that a view may write as ``?`` (the events' schema)."""
    return tuple(
        s.field for s in EVENT_SECRETS if s.masks == ARGUMENT and issubclass(event_class, s.event)
    )


def reveal_of(event: Event) -> Reveal | None:
    """The reveal ``event`` is, or None."""
    for reveal in REVEALS:
        if isinstance(event, reveal.event) and reveal.holds(event):
            return reveal
    return None


def revealed_flags(steps: Sequence[tuple[Action, Sequence[Event]]]) -> list[bool]:
    """For each step (action, events) of a path: whether its secret has been revealed by the
    end of the path (a bid by the last bid of its round, the Pope die by the guess). Only the
    steps that hold a secret with a later reveal, or that may carry a reveal, are looked into."""
    flags = [False] * len(steps)
    waiting: dict[str, list[int]] = {}  # reveal name -> steps whose secret it will show
    carriers = tuple(action for reveal in REVEALS for action in reveal.on)
    timed = tuple(s.action for s in ACTION_SECRETS if s.revealed_by)
    for index, (action, events) in enumerate(steps):
        if isinstance(action, timed):
            secret = action_secret(action, events)
            if secret is not None and secret.revealed_by:
                waiting.setdefault(secret.revealed_by, []).append(index)
        if isinstance(action, carriers) and waiting:
            for event in events:
                reveal = reveal_of(event)
                if reveal is not None and isinstance(action, reveal.on):
                    for shown in waiting.pop(reveal.name, []):
                        flags[shown] = True
    return flags


def reveal_text(event: Event) -> str | None:
    """What a reveal says without its content, or None for an event that reveals nothing."""
    reveal = reveal_of(event)
    return None if reveal is None else reveal.says(event)


def checkpoints() -> tuple[str, ...]:
    """The reveal checkpoints a redacted record may hold (``chest``, ``letters``)."""
    return tuple(r.checkpoint for r in REVEALS if r.checkpoint)


def secret_parts() -> frozenset[str]:
    """The parts of the state that hold a declared secret (:attr:`ActionSecret.held_in`): a
    view of a state masks them for everybody but their owner (``mcn.engine.serial``), and
    shows every other part (I-HID-5: what changes only in view of all stays public)."""
    return frozenset(s.held_in for s in ACTION_SECRETS if s.held_in)


def touches(action: Action) -> str:
    """Which hidden part of the state a ``?`` standing for ``action`` leaves unsure."""
    if isinstance(action, SUPPLY_LETTERS) and not (
        isinstance(action, FreeStone) and action.colour is None
    ):
        return LETTERS
    secret = action_secret(action, ())
    return OTHER if secret is None else secret.touches


__all__ = [
    "action_secret",
    "action_tokens",
    "checkpoints",
    "event_json",
    "event_secret",
    "hides",
    "mask_targets",
    "mask_text",
    "masked_fields",
    "reveal_named",
    "reveal_of",
    "reveal_text",
    "revealed_flags",
    "secret_by_verb",
    "secret_parts",
    "sees",
    "tokens_by_text",
    "touches",
]
