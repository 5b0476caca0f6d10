"""The one projection: what a viewer may see of a replayed game at a decision (R-HID-1, I-HID-4).

Every output that shows a record to one player — ``replay --as`` (text, JSON, ``--events``),
``redact``, ``diff --as``, and any later view such as HTML — goes through this module. What is
secret, to whom, and which event reveals it is declared once by the engine
(:mod:`mcn.engine.secrets`); this module applies the declaration along a path of play (the
reveal timing) and to the state. Nothing else formats a move or an event for a viewer.

A *viewer* is a colour (``"R"``), ``None`` for a spectator, or :data:`EVERYTHING` (the record's
omniscient view). What a viewer may see depends on *where* he stands: a secret is visible only
once the rules have revealed it at or before that decision. So the projection is built for a
*path* — the steps from the start of the game to the decision shown (:func:`path_to`) — and a
secret revealed later on the record's line is still hidden at an earlier address.

What stays secret from other players (docs/notation.md, "What each viewer sees"; declared in
:mod:`mcn.engine.secrets`):

* a bid, until the bids are revealed at the end of the bidding (R-BID-2);
* the Pope die (the Pope's ``visit N``), until the guess reveals it (R-POP-1);
* the compartment of each donation and of each starting-bonus item — for good: an evaluation
  opens a compartment's contents (I-HID-2, written as ``<chest …>`` reveals), never which
  donation went where;
* the colour of a letter passed from hand to hand (the emperor-letter gift): only the giver
  and the taker see it (I-HID-4).

Everything taken in view of everybody is public (I-HID-4), and a view shows all that its viewer
can know with perfect memory (I-HID-5): the colour of every letter taken from the supply
(purchase, the Merchant's swap, displays, Suite 6, the blue bonus), hence the supply counts, the
money and goods behind every screen, and a compartment's contents once the evaluations leave
only one possibility. The state is masked by the engine's :func:`mcn.engine.view`, told what
the viewer remembers of the path (:func:`memory_of`, :mod:`mcn.knowledge.memory`): a letter
received hand to hand is "1 letter, colour unknown", a compartment that still depends on a
secret is masked, pending bids and the Pope die are masked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from mcn.base.plain import PlainValue
from mcn.engine import GameState, secret_readers, secrets, view
from mcn.engine.actions import Action
from mcn.engine.events import Event
from mcn.engine.secret_readers import action_tokens, event_json, hides, sees, tokens_by_text
from mcn.engine.serial import state_to_json
from mcn.views.causes import with_cause

if TYPE_CHECKING:
    from mcn.knowledge.memory import Memory
    from mcn.knowledge.report import Knowledge
    from mcn.replay import Line, Step

# What a viewer remembers and infers (mcn.knowledge) is imported where a viewer's view is made:
# a command showing everything (a replay, a position) never needs it at start-up.

#: The viewer who sees everything the record holds (the default of ``mcn replay``).
EVERYTHING: Final = secrets.EVERYTHING
#: The spectator: sees what is public and nothing else.
SPECTATOR: Final = None

Viewer = str | None
"""A colour initial, :data:`SPECTATOR` (``None``) or :data:`EVERYTHING`."""


def viewer_label(viewer: Viewer) -> str:
    """``"R"``, ``"spectator"`` or ``"all"``: how outputs name a viewer (JSON ``viewer``)."""
    return "all" if viewer == EVERYTHING else (viewer or "spectator")


def path_to(line: Line, index: int) -> list[Step]:
    """The steps from the start of the game to ``line.steps[index]`` (through the parents):
    the path a viewer has lived through when he stands at that decision."""
    chain: list[Step] = list(line.steps[: index + 1])
    while line.parent is not None:
        chain = line.parent.steps[: line.branch_index] + chain
        line = line.parent
    return chain


# ---- single actions and events ------------------------------------------------------------
#
# What is secret, to whom, and what reveals it is declared by the engine
# (:mod:`mcn.engine.secrets`): ``sees``, ``hides``, ``action_tokens``, ``tokens_by_text`` and
# ``event_json`` are its readings (:mod:`mcn.engine.secret_readers`), re-exported here; this
# module calls them through that module (``secret_readers.hides``) so that a test can plant a
# fault in one place.


def event_text(
    event: Event, viewer: Viewer, action: Action | None = None, revealed: bool = False
) -> str:
    """The plain-English sentence of :func:`event_json`."""
    text = secret_readers.event_json(event, viewer, action, revealed).get("text")
    return str(text) if text else event.kind


def outcome_texts(state: GameState, action: Action, viewer: Viewer) -> tuple[list[str], GameState]:
    """What taking ``action`` at ``state`` would cause, as ``viewer`` may be told *before* it is
    taken (a legal-move list describing its options), and the state it leads to.

    A would-be outcome must not reveal early what the rules reveal only once the move is made:
    the other bids (the last bid reveals them), the Pope die (the guess), the compartments (an
    evaluation) or the letters (the final scoring). So the description stops at such a reveal
    and names it without its content; everything before it is told as :func:`event_text`.
    """
    probe = state.clone()
    events = probe.apply(action)
    texts = []
    for event in events:
        reveal = None if viewer == EVERYTHING else secret_readers.reveal_text(event)
        if reveal is not None:
            texts.append(reveal)
            break
        texts.append(event_text(event, viewer, action))
    return texts, probe


def memory_of(path: Sequence[Step], state: GameState, viewer: Viewer) -> Memory | None:
    """What ``viewer`` remembers after ``path``, where ``state`` is the state at its end (None
    for :data:`EVERYTHING`, who needs no memory, and for a path that does not start at the
    start of the game: a record from a position written mid-game holds secrets in its start
    that no viewer saw, so his view knows only the state there — letter colours unknown,
    compartments masked unless empty)."""
    if viewer == EVERYTHING:
        return None
    from mcn.knowledge.memory import GAME_START, is_game_start, remember

    if path[0].address != GAME_START if path else not is_game_start(state):
        return None
    return remember(state, [(step.address, step.action, step.events) for step in path], viewer)


def state_json(
    state: GameState, viewer: Viewer, memory: Memory | None = None, *, stack: bool = True
) -> dict[str, Any]:
    """The state as ``viewer`` sees it: everything, or the engine's masked :func:`view`, told
    what the viewer remembers (``memory``, :func:`memory_of`; without it the view knows only
    the state: every letter colour of another player unknown, every non-empty compartment
    masked); without the pending steps if not ``stack``
    (:func:`mcn.engine.serial.state_to_json`)."""
    if viewer == EVERYTHING:
        return state_to_json(state, None, True, stack)
    if memory is None:
        return view(state, viewer, stack)
    from mcn.knowledge.chests import infer

    letters = {player: memory.letters_known(player) for player in state.players}
    chests: dict[str, tuple[list[int] | None, list[int] | None]] = {}
    for player in state.players:
        contents = infer(memory, player, count_assignments=False).contents
        true = state.chest[player]
        # a compartment the memory cannot account for (a record starting from a position
        # with donations in it) stays masked
        first = list(contents[0]) if contents[0] is not None else None
        second = list(contents[1]) if contents[1] is not None else None
        chests[player] = (
            first if first == true[0] else None,
            second if second == true[1] else None,
        )
    return view(state, viewer, stack, letters, chests)


# ---- a path of play ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class SeenMove(PlainValue):
    """One decision as a viewer saw it: its move text (secrets as ``?``) and its events."""

    address: str
    actor: str
    tokens: tuple[str, ...]
    implicit: bool
    hidden: bool
    events: tuple[dict[str, Any], ...] = field(default=())

    @property
    def text(self) -> str:
        """The action text, ``bid ?`` style."""
        return " ".join(self.tokens)

    def label(self) -> str:
        """``R: bid 3+5`` (``(implicit)`` when the record left the move out)."""
        implicit = " (implicit)" if self.implicit else ""
        return f"{self.actor}: {self.text}{implicit}"

    def event_texts(self, causes: bool = False) -> list[str]:
        """The events' sentences; with ``causes``, each followed by the rule that caused it
        (``(Merchant's privilege, R-ACT-5)``, :func:`mcn.views.causes.with_cause`)."""
        texts = [str(e.get("text") or e["kind"]) for e in self.events]
        if causes:
            texts = [with_cause(text, e) for text, e in zip(texts, self.events, strict=True)]
        return texts

    def to_json(self, events: bool = True) -> dict[str, Any]:
        """The ``move``/``log`` entry of ``mcn replay --format json``."""
        data: dict[str, Any] = {
            "address": self.address,
            "actor": self.actor,
            "action": self.text,
            "implicit": self.implicit,
        }
        if events:
            data["events"] = list(self.events)
        return data


def revealed_flags(path: Sequence[Step]) -> list[bool]:
    """For each step of ``path``: whether its secret (a bid, the Pope die) has been revealed by
    the end of the path, as the engine declares its reveals
    (:func:`mcn.engine.secret_readers.revealed_flags`)."""
    return secret_readers.revealed_flags([(step.action, step.events) for step in path])


class Projection:
    """What ``viewer`` may see of the decisions of ``path`` when he stands at its last one.

    Build it once per (path, viewer) and ask for moves, events, the state and the title; it
    computes the moves lazily, so a caller that needs only the last one pays for one.
    """

    def __init__(self, path: Sequence[Step], viewer: Viewer) -> None:
        self.path = list(path)
        self.viewer = viewer
        self._revealed = revealed_flags(self.path)
        self._moves: dict[int, SeenMove] = {}
        self._memory: Memory | None = None

    def revealed(self, index: int) -> bool:
        """Whether the bid or Pope die of step ``index`` is revealed at the end of the path."""
        return self._revealed[index]

    def move(self, index: int) -> SeenMove:
        """Step ``index`` of the path as the viewer saw it from the path's end."""
        seen = self._moves.get(index)
        if seen is None:
            step = self.path[index]
            revealed = self._revealed[index]
            action = step.action
            tokens = secret_readers.action_tokens(action, self.viewer, step.events, revealed)
            seen = SeenMove(
                step.address,
                action.actor,
                tokens,
                step.implicit,
                secret_readers.hides(action, self.viewer, step.events, revealed),
                tuple(
                    secret_readers.event_json(e, self.viewer, action, revealed) for e in step.events
                ),
            )
            self._moves[index] = seen
        return seen

    def moves(self) -> list[SeenMove]:
        """Every step of the path, as seen from its end."""
        return [self.move(index) for index in range(len(self.path))]

    @property
    def last(self) -> SeenMove | None:
        """The move just made (None at the start of the game)."""
        return self.move(len(self.path) - 1) if self.path else None

    @property
    def address(self) -> str:
        """Where the viewer stands (``start`` before the first decision)."""
        return self.path[-1].address if self.path else "start"

    def memory(self, state: GameState) -> Memory | None:
        """What the viewer remembers at the path's end (``state`` is the state there); None
        for :data:`EVERYTHING`."""
        if self._memory is None:
            self._memory = memory_of(self.path, state, self.viewer)
        return self._memory

    def state(self, state: GameState) -> dict[str, Any]:
        """The state at the path's end as the viewer sees it (``state`` is that state), with
        everything his memory of the path tells him (I-HID-5)."""
        return state_json(state, self.viewer, self.memory(state))

    def knowledge(self, state: GameState) -> Knowledge | None:
        """What the viewer can infer at the path's end about the secrets that remain (the
        KNOWLEDGE block, :mod:`mcn.knowledge.report`); None for :data:`EVERYTHING`."""
        memory = self.memory(state)
        if memory is None:
            return None
        from mcn.knowledge.report import knowledge

        return knowledge(state, memory)

    def title(self, event: str, number: int) -> str:
        """``Club night - game 1, after 2.bid.B (B: bid ?)``: the heading of a state picture."""
        last = self.last
        where = f"after {last.address} ({last.label()})" if last else "at the start"
        return f"{event} - game {number}, {where}"


def project(path: Sequence[Step], viewer: Viewer) -> Projection:
    """The :class:`Projection` of ``path`` for ``viewer``."""
    return Projection(path, viewer)


def project_line(line: Line, viewer: Viewer, index: int | None = None) -> Projection:
    """The projection for ``viewer`` standing at step ``index`` of ``line`` (its last step by
    default), through the lines it branches from."""
    stop = len(line.steps) - 1 if index is None else index
    return Projection(path_to(line, stop), viewer)


__all__ = [
    "EVERYTHING",
    "SPECTATOR",
    "Projection",
    "SeenMove",
    "Viewer",
    "action_tokens",
    "event_json",
    "event_text",
    "hides",
    "memory_of",
    "outcome_texts",
    "path_to",
    "project",
    "project_line",
    "revealed_flags",
    "sees",
    "state_json",
    "tokens_by_text",
    "viewer_label",
]
