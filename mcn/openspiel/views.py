"""What an OpenSpiel player is told: information state and observation strings, built by the
one projection (:mod:`mcn.views.projection`) and never by a secrecy rule of their own.

* The **information state** of a player is his perfect-recall view of the game so far: every
  decision of the path as he may read it from where he stands (:func:`mcn.views.projection.
  action_tokens`: ``bid ?`` until the bids are revealed, ``donate jewel>?``, ``visit ?`` for
  the Pope die until the guess, ``give ?`` for a gift he neither gave nor took) with its
  events as :func:`mcn.views.projection.event_json` gives them, plus the room cards drawn so far
  when the game stands inside the room-card chance event (they are public).
* The **observation** of a player is the state as he sees it now
  (:meth:`mcn.views.projection.Projection.state`, with everything his memory of the path tells him,
  I-HID-5), as compact JSON.

A step's text depends only on the step, the viewer and whether its secret has been revealed
by now, so it is computed once per (viewer, revealed) and kept with the step
(:class:`SeenCache`), shared by every clone of a state: a search asks for the information
state of every node it visits.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from mcn.engine import GameState
from mcn.replay.model import Step
from mcn.views.projection import Projection, action_tokens, event_json, revealed_flags

SeenCache = dict[tuple[str, bool], str]
"""A step's text per (viewer, revealed)."""


def step_text(step: Step, viewer: str, revealed: bool) -> str:
    """One decision as ``viewer`` reads it: address, actor, masked text, events as JSON."""
    tokens = action_tokens(step.action, viewer, step.events, revealed)
    events = [event_json(event, viewer, step.action, revealed) for event in step.events]
    body = json.dumps(events, sort_keys=True, separators=(",", ":"))
    return f"{step.address} {step.action.actor}: {' '.join(tokens)} {body}"


def information_state(
    path: Sequence[Step],
    caches: Sequence[SeenCache],
    viewer: str,
    players: Sequence[str],
    rooms: Sequence[str],
) -> str:
    """The information state string of ``viewer`` after ``path`` (see the module docstring)."""
    flags = revealed_flags(path)
    lines = [f"mea culpa {' '.join(players)}; seat {viewer}"]
    for step, cache, revealed in zip(path, caches, flags, strict=True):
        key = (viewer, revealed)
        text = cache.get(key)
        if text is None:
            text = step_text(step, viewer, revealed)
            cache[key] = text
        lines.append(text)
    if rooms:
        lines.append(f"rooms drawn so far: {' '.join(rooms)}")
    return "\n".join(lines)


def observation(path: Sequence[Step], state: GameState, viewer: str, rooms: Sequence[str]) -> str:
    """The observation string of ``viewer``: the state as he sees it now, as JSON."""
    seen = Projection(path, viewer).state(state)
    text = json.dumps(seen, sort_keys=True, separators=(",", ":"))
    return f"{text} rooms drawn so far: {' '.join(rooms)}" if rooms else text


__all__ = ["SeenCache", "information_state", "observation", "step_text"]
