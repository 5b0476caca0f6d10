"""The viewer's frames: what one viewer sees at every decision of a replayed record.

A frame is the state right after one decision (``mcn replay --to ADDRESS`` shows the same
state), the move that made it and the events it caused, in words. Frame 0 is the start of the
game. Frames are numbered in the order of :meth:`GameReplay.lines` (main line first, each
variation after the line it branches from), and each knows its neighbours in the game's tree:

* ``p`` the frame before it (for a variation's first move: the decision before the move the
  variation replaces, on the parent line),
* ``n`` the next frame of its own line (absent at the line's end),
* ``c`` the first frames of the variations that branch from it (alternatives to ``n``),
* ``l`` its line (an index into :attr:`Frames.lines`).

The state is stored as a delta (:func:`mcn.html.compact.delta`) against frame ``p``; the page
rebuilds it by walking back. Everything a viewer sees passes through :func:`project`, the one
place that decides what a viewer may see here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mcn.engine import GameState
from mcn.engine.constants import COLOUR_NAMES
from mcn.html.compact import compact_state, delta
from mcn.projection import (
    EVERYTHING,
    Viewer,
    action_tokens,
    path_to,
    revealed_flags,
    state_json,
)
from mcn.projection import project as projection
from mcn.replay import GameReplay, Line, Step


@dataclass(frozen=True, slots=True)
class Seen:
    """One decision as the viewer saw it: the state after it, the move (``"R: pick green"``)
    and the events in words."""

    state: dict[str, Any]
    move: str | None
    events: list[str]
    hidden: bool = False  # whether the move reads other than it was taken (``bid ?``)


def project(state: GameState, step: Step | None, viewer: Viewer) -> Seen:
    """What ``viewer`` sees standing at ``state``, reached by ``step`` (None at the start).

    Everything comes from :mod:`mcn.projection`, the one place that decides what a viewer
    sees. The viewer stands at ``step``, so the projection's path ends there; whether the
    step's bid or Pope die is revealed at the end of a path depends only on the step and what
    follows it on the path (:func:`mcn.projection.revealed_flags`), so the one-step path gives
    the answer of the whole path from the start of the game, without building that path for
    every frame (tests/html/test_page.py checks that they agree at every decision).
    """
    data = state_json(state, viewer)
    if step is None:
        return Seen(data, None, [])
    seen = projection([step], viewer).last
    assert seen is not None
    return Seen(data, f"{seen.actor}: {seen.text}", seen.event_texts(), seen.hidden)


def line_texts(line: Line, frames: Frames) -> list[tuple[str, int | None]]:
    """For each step of ``line``: its text as the viewer reads it at the end of the line
    (``R: bid 3+5`` once the bids are open), and the index of the step of ``line`` that
    revealed it, when the step's own frame still hides it (``R: bid ?``) — the move list shows
    the hidden text until the viewer stands at or after that step.

    Only a move hidden in its own frame can read otherwise at the end of the line (a bid or
    Pope die revealed later, :func:`mcn.projection.revealed_flags`); it is worded again by
    the projection with ``revealed=True``.
    """
    out: list[tuple[str, int | None]] = []
    if not line.steps:
        return out
    path = path_to(line, len(line.steps) - 1)
    offset = len(path) - len(line.steps)
    flags = revealed_flags(path)
    for index, step in enumerate(line.steps):
        frame = frames.frames[frames.of_step[id(step)]]
        text, reveal = frame["m"], None
        if id(step) in frames.hidden and flags[offset + index]:
            action = step.action
            tokens = action_tokens(action, frames.viewer, step.events, revealed=True)
            text = f"{action.actor}: {' '.join(tokens)}"
            # the first step whose path from this one opens the bid or Pope die
            reveal = next(
                j
                for j in range(index + 1, len(line.steps))
                if revealed_flags(line.steps[index : j + 1])[0]
            )
        out.append((text, reveal))
    return out


def annotations_shown(viewer: Viewer) -> bool:
    """Whether comments, variations and money/digest/reveal checkpoints go on the page.

    They were written by someone who knew everything, so only the full view shows them (as
    ``mcn redact`` drops them unless asked).
    """
    return viewer == EVERYTHING


def viewer_note(viewer: Viewer, names: dict[str, str]) -> str:
    """The page's line saying whose view it shows."""
    if viewer == EVERYTHING:
        return "Everything shown: every secret is visible (the organiser's or annotator's view)"
    if viewer is None:
        return "As a spectator sees it: every secret is hidden"
    name = names.get(viewer, "")
    who = COLOUR_NAMES.get(viewer, viewer) + (f" ({name})" if name else "")
    return f"As {who} sees it: the other players' secrets are hidden"


@dataclass(slots=True)
class Frames:
    """The frames of one game for one viewer, ready to be embedded as JSON."""

    frames: list[dict[str, Any]] = field(default_factory=list)
    lines: list[dict[str, Any]] = field(default_factory=list)
    #: ``id(step)`` → frame index, to link the move list to its frames
    of_step: dict[int, int] = field(default_factory=dict)
    #: ``id(line)`` → line index
    of_line: dict[int, int] = field(default_factory=dict)
    #: ``id(step)`` of the steps whose own frame hides part of their move
    hidden: set[int] = field(default_factory=set)
    viewer: Viewer = EVERYTHING


def _before(frames: Frames, line: Line, first: dict[int, int]) -> int:
    """The frame of the state just before ``line``'s first step."""
    parent = line.parent
    if parent is None:
        return 0
    if line.branch_index > 0:
        return frames.of_step[id(parent.steps[line.branch_index - 1])]
    return first[id(parent)]


def build_frames(replay: GameReplay, viewer: Viewer) -> Frames:
    """Every frame of ``replay`` (which must have kept its states) as ``viewer`` sees it."""
    out = Frames(viewer=viewer)
    main = replay.main
    if main is None:
        return out
    start = project(main.start, None, viewer)
    compact: list[dict[str, Any]] = [compact_state(start.state)]
    out.frames.append({"a": "start", "l": 0, "s": compact[0]})
    first: dict[int, int] = {}  # id(line) -> frame before it
    for line in replay.lines():
        number = len(out.lines)
        out.of_line[id(line)] = number
        before = _before(out, line, first)
        first[id(line)] = before
        out.lines.append(_line_entry(line, before, out, depth=line.prefix.count("/")))
        previous = before
        for index, step in enumerate(line.steps):
            assert step.state is not None, "replay_game(..., keep_states=True) is needed"
            seen = project(step.state, step, viewer)
            state = compact_state(seen.state)
            frame: dict[str, Any] = {
                "a": step.address,
                "l": number,
                "p": previous,
                "m": seen.move,
                "s": delta(compact[previous], state),
            }
            if seen.events:
                frame["e"] = seen.events
            if step.implicit:
                frame["i"] = 1
            here = len(out.frames)
            if index == 0 and line.parent is not None:
                out.frames[previous].setdefault("c", []).append(here)
            else:
                out.frames[previous]["n"] = here
            out.frames.append(frame)
            compact.append(state)
            out.of_step[id(step)] = here
            if seen.hidden:
                out.hidden.add(id(step))
            previous = here
    return out


def _line_entry(line: Line, before: int, frames: Frames, depth: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"pre": line.prefix, "up": before, "d": depth}
    if line.parent is not None:
        entry["par"] = frames.of_line[id(line.parent)]
        entry["k"] = line.number
    if line.error is not None:
        error = line.error
        address = f"{error.address}: " if error.address else ""
        rule = f" [{error.rule}]" if error.rule else ""
        entry["err"] = f"{address}{error.message}{rule}"
    return entry


def round_marks(replay: GameReplay, frames: Frames) -> list[list[Any]]:
    """``[label, frame]`` for the first decision of the setup (``S``) and of each round (its
    number) on the main line: the page's round strip."""
    main = replay.main
    marks: list[list[Any]] = []
    if main is None:
        return marks
    seen: set[str] = set()
    for step in main.steps:
        head = step.address.split(".", 1)[0]
        if head not in seen:
            seen.add(head)
            label = "S" if head == "setup" else head
            marks.append([label, frames.of_step[id(step)]])
    return marks


def player_names(headers: Sequence[tuple[str, str]]) -> dict[str, str]:
    """Colour → player name from the headers (``Red``, ``Blue``, …)."""
    tags = {name: colour for colour, name in COLOUR_NAMES.items()}
    return {tags[tag]: value for tag, value in headers if tag in tags}
