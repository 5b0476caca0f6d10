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
rebuilds it by walking back. Everything a viewer sees of a frame passes through
:func:`seen_at`, which asks the one projection (:func:`mcn.views.projection.project`) and
nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mcn.base.plain import PlainFields, PlainValue
from mcn.engine import GameState
from mcn.engine.constants import COLOUR_NAMES
from mcn.html.compact import compact_everything, compact_state, delta
from mcn.html.ending import ending
from mcn.html.sharing import Sharing
from mcn.replay import GameReplay, Line, Step
from mcn.views.projection import (
    EVERYTHING,
    Viewer,
    action_tokens,
    path_to,
    project,
    revealed_flags,
    state_json,
)

if TYPE_CHECKING:  # what a viewer remembers and infers is imported for a viewer's page only
    from mcn.knowledge.memory import Memory


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Seen(PlainValue):
    """One decision as the viewer saw it: the state after it (the page's encoding,
    :func:`mcn.html.compact.compact_state`), the move (``"R: pick green"``) and the events in
    words."""

    state: dict[str, Any]
    move: str | None
    events: list[str]
    hidden: bool = False  # whether the move reads other than it was taken (``bid ?``)


def seen_at(
    state: GameState, step: Step | None, viewer: Viewer, memory: Memory | None = None
) -> Seen:
    """What ``viewer`` sees standing at ``state``, reached by ``step`` (None at the start).

    Everything comes from :mod:`mcn.views.projection`, the one place that decides what a viewer
    sees. The viewer stands at ``step``, so the projection's path ends there; whether the
    step's bid or Pope die is revealed at the end of a path depends only on the step and what
    follows it on the path (:func:`mcn.views.projection.revealed_flags`), so the one-step path gives
    the answer of the whole path from the start of the game, without building that path for
    every frame (tests/html/test_page.py checks that they agree at every decision).
    ``memory`` is what the viewer remembers there (I-HID-5, built along the line by
    :func:`build_frames`; :func:`mcn.views.projection.memory_of` gives the same).
    The full view masks nothing, so its encoding is read from the state directly
    (:func:`mcn.html.compact.compact_everything`, held equal to the projection's).
    """
    if viewer == EVERYTHING:
        data = compact_everything(state)
    else:  # the page draws no pending steps
        data = compact_state(state_json(state, viewer, memory, stack=False))
    if step is None:
        return Seen(data, None, [])
    seen = project([step], viewer).last
    assert seen is not None
    return Seen(data, f"{seen.actor}: {seen.text}", seen.event_texts(), seen.hidden)


def attach_reveals(line: Line, frames: Frames) -> None:
    """Put the revealed text of each move of ``line`` that its own frame hides (``R: bid ?``)
    into the frame that reveals it, as ``rv: [[frame of the move, "bid 3+5"], …]``.

    The page holds each secret only in the frames from its reveal on: the move list reads
    ``bid ?`` (its frame's text) and learns the bid only from the revealing frame's data, so
    the page source before the reveal holds nothing of it (the twin test of the page source,
    tests/secrets/test_page_source.py). Only a move hidden in its own frame can read otherwise
    later on its line (a bid or Pope die, :func:`mcn.views.projection.revealed_flags`); it is worded
    again by the projection with ``revealed=True``. A move revealed only inside a variation
    that branches after it keeps reading ``?`` in the list (the frames of the variation show
    the reveal's events).
    """
    if not line.steps:
        return
    path = path_to(line, len(line.steps) - 1)
    offset = len(path) - len(line.steps)
    flags = revealed_flags(path)
    for index, step in enumerate(line.steps):
        if id(step) not in frames.hidden or not flags[offset + index]:
            continue
        action = step.action
        tokens = action_tokens(action, frames.viewer, step.events, revealed=True)
        # the first step whose path from this one opens the bid or Pope die
        reveal = next(
            j
            for j in range(index + 1, len(line.steps))
            if revealed_flags(line.steps[index : j + 1])[0]
        )
        here, there = frames.of_step[id(step)], frames.of_step[id(line.steps[reveal])]
        frames.frames[there].setdefault("rv", []).append([here, " ".join(tokens)])
        frames.reveal_of[id(step)] = there


def viewer_note(viewer: Viewer, names: dict[str, str], sharing: Sharing | None = None) -> str:
    """The page's line saying whose view it shows, and whose annotations it keeps."""
    if viewer == EVERYTHING:
        return "Everything shown: every secret is visible (the organiser's or annotator's view)"
    if viewer is None:
        note = "As a spectator sees it: every secret is hidden"
    else:
        name = names.get(viewer, "")
        who = COLOUR_NAMES.get(viewer, viewer) + (f" ({name})" if name else "")
        note = f"As {who} sees it: the other players' secrets are hidden"
    if sharing is not None and sharing.everyone:
        return note + "; every annotation of the record is kept (the sharer chose so)"
    if viewer is None:
        return note + "; the annotations are left out"
    return note + "; only the viewer's own annotations are kept"


@dataclass(slots=True, repr=False, eq=False)
class Frames(PlainFields):
    """The frames of one game for one viewer, ready to be embedded as JSON."""

    frames: list[dict[str, Any]] = field(default_factory=list)
    lines: list[dict[str, Any]] = field(default_factory=list)
    #: ``id(step)`` → frame index, to link the move list to its frames
    of_step: dict[int, int] = field(default_factory=dict)
    #: ``id(line)`` → line index
    of_line: dict[int, int] = field(default_factory=dict)
    #: ``id(step)`` of the steps whose own frame hides part of their move
    hidden: set[int] = field(default_factory=set)
    #: ``id(step)`` → the frame that reveals its hidden part (:func:`attach_reveals`)
    reveal_of: dict[int, int] = field(default_factory=dict)
    viewer: Viewer = EVERYTHING


def _before(frames: Frames, line: Line, first: dict[int, int]) -> int:
    """The frame of the state just before ``line``'s first step."""
    parent = line.parent
    if parent is None:
        return 0
    if line.branch_index > 0:
        return frames.of_step[id(parent.steps[line.branch_index - 1])]
    return first[id(parent)]


def kept(line: Line, frames: Frames, sharing: Sharing) -> bool:
    """Whether the page holds ``line``: the main line always; a variation when the line it
    branches from is held and the move it replaces keeps its annotations
    (:meth:`Sharing.annotations_of`). A variation left out has no frames at all, so the page
    cannot reach it."""
    parent = line.parent
    if parent is None:
        return True
    if id(parent) not in frames.of_line:
        return False
    return sharing.annotations_of(parent.steps[line.branch_index].action.actor)


def build_frames(replay: GameReplay, sharing: Sharing) -> Frames:
    """Every frame of ``replay`` (which must have kept its states) as ``sharing.viewer`` sees
    it, for the lines the page holds (:func:`kept`)."""
    viewer = sharing.viewer
    out = Frames(viewer=viewer)
    main = replay.main
    if main is None:
        return out
    memories: dict[int, Memory] = {}  # id(step) -> what the viewer remembers after it
    opening: Memory | None = None
    if viewer != EVERYTHING:  # a viewer's page: what he remembers (mcn.knowledge)
        from mcn.knowledge.memory import is_game_start, start_memory

        if is_game_start(main.start):  # memory_of's rule
            rows = [main.start.letters[c] for c in main.start.players]
            letters = tuple((row[0], row[1], row[2], row[3]) for row in rows)
            opening = start_memory(main.start.players, viewer, letters)
    start = seen_at(main.start, None, viewer, opening)
    compact: list[dict[str, Any]] = [_with_knowledge(start.state, main.start, opening)]
    out.frames.append({"a": "start", "l": 0, "s": compact[0]})
    first: dict[int, int] = {}  # id(line) -> frame before it
    for line in replay.lines():
        if not kept(line, out, sharing):
            continue
        number = len(out.lines)
        out.of_line[id(line)] = number
        before = _before(out, line, first)
        first[id(line)] = before
        out.lines.append(_line_entry(line, before, out, depth=line.prefix.count("/")))
        previous = before
        memory = _memory_before(line, memories, opening)
        for index, step in enumerate(line.steps):
            assert step.state is not None, "replay_game(..., keep_states=True) is needed"
            if memory is not None:
                memory.see(step.address, step.action, step.events)
                memories[id(step)] = memory
                memory = memory.copy()
            seen = seen_at(step.state, step, viewer, memories.get(id(step)))
            state = _with_knowledge(seen.state, step.state, memories.get(id(step)))
            changes = delta(compact[previous], state)
            # Keep the unchanged values of the state before: one decision changes a few of
            # them, and a page of many decisions would otherwise hold a full copy of each.
            old = compact[previous]
            state = {key: value if key in changes else old[key] for key, value in state.items()}
            frame: dict[str, Any] = {
                "a": step.address,
                "l": number,
                "p": previous,
                "m": seen.move,
                "s": changes,
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
            if step.state.is_terminal():
                frame["z"] = ending(step, viewer)
            previous = here
        attach_reveals(line, out)
    return out


def _with_knowledge(
    compact: dict[str, Any], state: GameState, memory: Memory | None
) -> dict[str, Any]:
    """The compact state with what the viewer can infer there (``k``: the KNOWLEDGE of
    ``replay --as``, :mod:`mcn.knowledge.report`); the page draws a panel per other player.
    Only a viewer's page has it; it changes at a donation, an evaluation or a gift, so the
    frames' deltas carry it rarely."""
    if memory is not None:
        from mcn.knowledge.report import knowledge

        compact["k"] = knowledge(state, memory).to_json()
    return compact


def _memory_before(
    line: Line, memories: dict[int, Memory], opening: Memory | None
) -> Memory | None:
    """A copy of what the viewer remembers just before ``line``'s first step."""
    if opening is None:
        return None
    parent = line.parent
    while parent is not None and line.branch_index == 0:
        line, parent = parent, parent.parent
    if parent is None:
        return opening.copy()
    return memories[id(parent.steps[line.branch_index - 1])].copy()


def _line_entry(line: Line, before: int, frames: Frames, depth: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"pre": line.prefix, "up": before, "d": depth}
    if line.parent is not None:
        entry["par"] = frames.of_line[id(line.parent)]
        entry["k"] = line.number
    if line.error is not None and frames.viewer == EVERYTHING:
        # the engine's message may name a secret (a player's money): the full view only
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
