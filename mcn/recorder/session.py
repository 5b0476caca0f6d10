"""A recording session: the game as entered so far, as a tree of lines, with no I/O.

The main line and each variation are a :class:`Line`: the state it starts from and the
decisions taken on it (:class:`Entry`), each with the state after it, so undo is a pop. A
variation replaces one entry of its parent line and starts from the state before it, as in
MCN. Decisions the recorder takes by itself — a forced move (one legal action) — are marked
``auto``: undo removes them together with the decision entered before them, and a comment or
a glyph goes to the last decision the user entered.

Every change goes through the engine (``GameState.apply`` is checked and atomic), so the
session never holds an illegal line of play.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mcn.engine import GameState, IllegalAction
from mcn.engine.actions import Action
from mcn.engine.events import Event
from mcn.replay import forced_action

#: Forced moves in a row before the recorder stops taking them itself (a safety net).
_FORCED_LIMIT = 1000


class SessionError(Exception):
    """An operation the session cannot do now (nothing to undo, no variation open, …)."""


@dataclass(slots=True)
class Entry:
    """One decision of a line: the action, whether the recorder took it by itself, the
    state after it, and its annotations (as MCN writes them)."""

    action: Action
    address: str
    after: GameState
    auto: bool = False
    glyphs: list[str] = field(default_factory=list)
    before_comments: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    variations: list[Line] = field(default_factory=list)

    @property
    def annotated(self) -> bool:
        """Whether the record must write this decision (it carries something)."""
        return bool(self.glyphs or self.before_comments or self.comments or self.variations)


@dataclass(slots=True, eq=False)
class Line:
    """The main line or a variation: a start state and the decisions taken from it.

    ``lead`` holds comments written at the start of the line (before its first move).
    A variation knows its ``parent`` and the index of the entry it replaces (``branch``).
    """

    start: GameState
    entries: list[Entry] = field(default_factory=list)
    parent: Line | None = None
    branch: int = 0
    lead: list[str] = field(default_factory=list)

    @property
    def state(self) -> GameState:
        """The state at the end of the line (not to be changed: clone it first)."""
        return self.entries[-1].after if self.entries else self.start

    def depth(self) -> int:
        """0 for the main line, 1 for a variation of it, …"""
        depth, line = 0, self
        while line.parent is not None:
            depth, line = depth + 1, line.parent
        return depth

    def last_entered(self) -> int | None:
        """The index of the last decision the user entered on this line, if any."""
        for index in range(len(self.entries) - 1, -1, -1):
            if not self.entries[index].auto:
                return index
        return None


class Session:
    """The game being recorded: headers, the tree of lines, and the line being entered."""

    def __init__(self, start: GameState, headers: dict[str, str]) -> None:
        self.headers = headers
        self.main = Line(start.clone())
        self.line = self.main

    @property
    def state(self) -> GameState:
        """The state where the next decision is taken (do not change it)."""
        return self.line.state

    # ---- decisions -------------------------------------------------------------------------

    def play(self, action: Action) -> list[tuple[Entry, list[Event]]]:
        """Take ``action`` (checked by the engine), then every forced move after it.

        Raises :class:`IllegalAction` (nothing changes) when the engine refuses it. Returns
        the entries added with their events, the user's first.
        """
        added = [self._take(action, auto=False)]
        added.extend(self.settle())
        return added

    def settle(self) -> list[tuple[Entry, list[Event]]]:
        """Take the forced moves pending on the current line (a decision with one option)."""
        added = []
        for _ in range(_FORCED_LIMIT):
            forced = forced_action(self.state)
            if forced is None:
                break
            added.append(self._take(forced, auto=True))
        return added

    def unsettle(self) -> None:
        """Take back the forced moves taken since the last decision entered (so that a move
        can be entered before them, as replay reads a record: an infraction)."""
        line = self.line
        start = line.last_entered()
        del line.entries[(-1 if start is None else start) + 1 :]

    def _take(self, action: Action, *, auto: bool) -> tuple[Entry, list[Event]]:
        state = self.state.clone()
        address = state.address_of(action)
        events = state.apply(action)  # raises IllegalAction, and then nothing changed
        entry = Entry(action, address, state, auto=auto)
        self.line.entries.append(entry)
        return entry, events

    def check(self, action: Action) -> IllegalAction | None:
        """Why the engine refuses ``action`` now, or None when it is legal."""
        return self.state.judge(action).refusal

    def undo(self) -> str:
        """Take back the last decision entered (and the forced moves after it); in an empty
        variation, drop the variation. Returns what was undone, for the user."""
        line = self.line
        index = line.last_entered()
        if index is None:
            if line.parent is None:
                raise SessionError("nothing to undo")
            parent = line.parent
            parent.entries[line.branch].variations.remove(line)
            self.line = parent
            return "the empty variation (back on the line it branched from)"
        entry = line.entries[index]
        del line.entries[index:]
        return f"{entry.action.actor}: {entry.action.text}"

    # ---- annotations -----------------------------------------------------------------------

    def _target(self) -> Entry:
        index = self.line.last_entered()
        if index is None:
            raise SessionError("no decision entered on this line yet")
        return self.line.entries[index]

    def comment(self, text: str) -> str:
        """Add a comment after the last decision entered (at the start of an empty line)."""
        index = self.line.last_entered()
        if index is None:
            self.line.lead.append(text)
            return "the start of the line"
        entry = self.line.entries[index]
        entry.comments.append(text)
        return f"{entry.action.actor}: {entry.action.text}"

    def glyph(self, glyph: str) -> str:
        """Add a glyph (``!``, ``?!``, ``$4``, …) to the last decision entered."""
        entry = self._target()
        entry.glyphs.append(glyph)
        return f"{entry.action.actor}: {entry.action.text}"

    # ---- variations ------------------------------------------------------------------------

    def open_variation(self) -> Entry:
        """Start an alternative to the last decision entered; returns the entry it replaces."""
        index = self.line.last_entered()
        if index is None:
            raise SessionError("no decision entered on this line yet to vary")
        line = self.line
        start = line.entries[index - 1].after if index > 0 else line.start
        variation = Line(start.clone(), parent=line, branch=index)
        line.entries[index].variations.append(variation)
        self.line = variation
        self.settle()
        return line.entries[index]

    def close_variation(self) -> None:
        """Go back to the line the current variation branched from (at its end)."""
        line = self.line
        if line.parent is None:
            raise SessionError("no variation is open")
        parent = line.parent
        if not line.entries and not line.lead:
            parent.entries[line.branch].variations.remove(line)
        self.line = parent
