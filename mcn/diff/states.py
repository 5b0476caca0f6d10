"""Comparing two engine states: the JSON compared, its leaves, their differences and topics.

Split out of :mod:`mcn.diff` so that "what differs between two states (as a viewer sees them)"
is one concept in one module; the divergence walk and the report only consume it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from mcn.engine import GameState
from mcn.knowledge.memory import Memory
from mcn.views import projection

SPECTATOR: Final = "spectator"
HIDDEN: Final = "(hidden)"
"""How a value masked from the viewer appears in a state difference."""

#: State paths that are engine bookkeeping, not game facts: never reported.
_IGNORED_PATHS: Final = frozenset({"stack", "counter", "format", "viewer", "decision.prompt"})

#: What a state path is about, by its first one or two segments (for the one-line summary).
_TOPICS: Final = (
    ("seats.*.space", "souls"),
    ("seats.*.tie", "souls"),
    ("seats.*.post", "posts"),
    ("seats.*.money", "money"),
    ("seats.*.goods", "goods"),
    ("seats.*.letters", "letters"),
    ("seats.*.chest", "donations"),
    ("seats.*.sins", "dens"),
    ("pope_stones", "Pope stones"),
    ("sites", "cathedrals"),
    ("hut", "cathedrals"),
    ("emperor_card_crew", "cathedrals"),
    ("finished", "cathedrals"),
    ("market", "market"),
    ("bag", "bag"),
    ("supply", "letter supply"),
    ("suite6", "House of Pleasure"),
    ("visited", "House of Pleasure"),
    ("rooms", "House of Pleasure"),
    ("pile", "House of Pleasure"),
    ("discard", "House of Pleasure"),
    ("pope_die", "House of Pleasure"),
    ("bids", "characters"),
    ("characters", "characters"),
    ("choosers", "characters"),
    ("bonuses", "setup"),
    ("evaluation", "evaluation"),
    ("winners", "result"),
)


@dataclass(frozen=True, slots=True)
class StateDifference:
    """One leaf of the state JSON (secrets unwrapped) that differs; None where it is absent."""

    path: str
    a: Any
    b: Any


def state_json(
    state: GameState, viewer: str | None, memory: Memory | None = None
) -> dict[str, Any]:
    """The state as compared: everything, or what ``viewer`` (a colour or spectator) sees,
    remembering what ``memory`` holds (I-HID-5)."""
    if viewer is None:
        return projection.state_json(state, projection.EVERYTHING)
    return projection.state_json(state, None if viewer == SPECTATOR else viewer, memory)


def flatten(data: Any) -> dict[str, Any]:
    """The leaves of a state JSON by path (``seats.R.money``), secrets unwrapped.

    A secret the viewer may see contributes its value; a masked one the marker :data:`HIDDEN`.
    Lists of plain values are leaves (``rooms``), lists of objects are indexed (``sites[1]``).
    Iterative, like everything that walks data of unbounded depth here.
    """
    out: dict[str, Any] = {}
    work: list[tuple[str, Any]] = [("", data)]
    while work:
        path, value = work.pop()
        if path in _IGNORED_PATHS:
            continue
        if isinstance(value, dict) and "secret" in value and len(value) == 2:
            work.append((path, value.get("value", HIDDEN)))
            continue
        if isinstance(value, dict) and value:
            for key in reversed(list(value)):
                work.append((f"{path}.{key}" if path else str(key), value[key]))
        elif isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
            for i in reversed(range(len(value))):
                work.append((f"{path}[{i}]", value[i]))
        else:
            out[path] = value
    return out


def state_differences(
    a: GameState,
    b: GameState,
    viewer: str | None = None,
    memories: tuple[Memory | None, Memory | None] = (None, None),
) -> list[StateDifference]:
    """Every leaf of the two states (or of ``viewer``'s views of them, with what he remembers
    of each game: ``memories``) that differs."""
    json_a, json_b = state_json(a, viewer, memories[0]), state_json(b, viewer, memories[1])
    if json_a == json_b:  # the common case after a hidden difference: no need to flatten
        return []
    flat_a = flatten(json_a)
    flat_b = flatten(json_b)
    paths = list(flat_a) + [p for p in flat_b if p not in flat_a]
    return [
        StateDifference(p, flat_a.get(p), flat_b.get(p))
        for p in paths
        if flat_a.get(p) != flat_b.get(p)
    ]


def topic_of(path: str) -> str:
    """What a state path is about, for the summary line (``seats.B.money`` → ``money``)."""
    parts = re.split(r"[.\[]", path)
    for pattern, topic in _TOPICS:
        wanted = pattern.split(".")
        if len(parts) >= len(wanted) and all(
            w == "*" or w == p for w, p in zip(wanted, parts, strict=False)
        ):
            return topic
    return "turn"
