"""The public model of a replay: diagnostics, steps, lines of play, a game's replay, and
the address arithmetic that ``--to``/``--from`` use."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from mcn.base.values import Fields, Value
from mcn.engine import GameState
from mcn.engine.actions import Action
from mcn.engine.events import Event
from mcn.engine.frozen import reduce_by_fields
from mcn.io.terminal import caret_display, visible
from mcn.notation.model import Checkpoint, Game, Move, Span

if TYPE_CHECKING:
    from mcn.replay.sealed import Opening

Severity = Literal["error", "warning", "note"]


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Diagnostic(Value):
    """One problem found in a record, located as precisely as the record allows.

    ``code`` classifies it for tools: ``syntax`` (from the notation), ``header`` (a missing
    header, or values the engine cannot start a game with), ``action`` (not an action the
    engine knows), ``illegal`` (a rule forbids it; ``rule`` names which), ``breach`` (a move
    the rules punish rather than forbid, replayed with its penalty: I-POP-9; a warning, an
    error when strict), ``chance`` (an impossible draw), ``label``/``section`` (a marker
    disagrees with the game),
    ``checkpoint``, ``result``, ``incomplete``, ``secret`` (something a redacted record could
    not let replay check), ``depth`` (variations nested too deep to replay, see
    :data:`MAX_VARIATION_DEPTH`), ``internal`` (a bug in mcn, reported instead of crashing).
    ``source`` is the text of the source line, for a caret display; ``slip`` a hint replay
    found (see :attr:`hint`).
    """

    severity: Severity
    code: str
    message: str
    file: str = "<string>"
    game: int = 1
    address: str | None = None
    span: Span | None = None
    rule: str | None = None
    source: str | None = None
    #: A hint that replay knows for certain and the text cannot tell (the Emperor's donation
    #: split over two turns): shown instead of the one :mod:`mcn.notation.hints` would find.
    slip: str | None = None

    def location(self) -> str:
        """``file:line:col`` (or just the file when the record gives no position)."""
        if self.span is None:
            return self.file
        return f"{self.file}:{self.span.line}:{self.span.column}"

    def text(self) -> str:
        """The one-line human form, in the notation's error style
        (``file:line:col: error: 3.5.2: reason [R-HOP-2] (game 2)``)."""
        address = f"{self.address}: " if self.address else ""
        rule = f" [{self.rule}]" if self.rule else ""
        return visible(
            f"{self.location()}: {self.severity}: {address}{self.message}{rule} (game {self.game})"
        )

    def located(self, lines: Callable[[int], str | None]) -> Diagnostic:
        """This diagnostic with its source line looked up in ``lines`` (line number → text),
        so :meth:`display` shows it with a caret, like a syntax error."""
        if self.source is not None or self.span is None:
            return self
        return replace(self, source=lines(self.span.line))

    @property
    def hint(self) -> str | None:
        """How to fix a common slip recognised for certain (:mod:`mcn.notation.hints`)."""
        if self.severity != "error":
            return None
        if self.slip is not None:
            return self.slip
        column = self.span.column if self.span is not None else None
        from mcn.notation import hints  # with the move vocabulary: only to explain an error

        return hints.hint(self.message, self.source, column)

    def display(self) -> str:
        """:meth:`text`, then the source line with a caret under the column (when known),
        then the hint (when a common slip is recognised); record text is made safe for a
        terminal (:mod:`mcn.io.terminal`)."""
        lines = [self.text()]
        if self.source is not None and self.span is not None:
            line, caret = caret_display(self.source, self.span.column)
            lines += [f"    {line}", f"    {caret}"]
        found = self.hint
        if found is not None:
            lines.append(visible(f"    hint: {found}"))
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The report form (schemas/report.schema.json, ``diagnostic``), with the hint the
        text report prints under it (None when no common slip is recognised)."""
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "file": self.file,
            "game": self.game,
            "address": self.address,
            "line": self.span.line if self.span else None,
            "column": self.span.column if self.span else None,
            "rule": self.rule,
            "hint": self.hint,
        }


@dataclass(slots=True, repr=False, eq=False)
class Step(Fields):
    """One decision taken: where, what, by which move of the record, and what it caused.

    ``move`` is None for a move the record left implicit (a forced move, or the ``end`` of a
    turn). ``state`` is the state after the step, kept only when asked for.
    """

    address: str
    action: Action
    move: Move | None
    events: list[Event]
    state: GameState | None = None

    def __init__(
        self,
        address: str,
        action: Action,
        move: Move | None,
        events: list[Event],
        state: GameState | None = None,
    ) -> None:
        # Written out, not generated: compiled, it is native (one Step per decision).
        self.address = address
        self.action = action
        self.move = move
        self.events = events
        self.state = state

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return reduce_by_fields(self)  # compiled, the default would call Step() without fields

    @property
    def implicit(self) -> bool:
        """Whether the record left this decision implicit."""
        return self.move is None


@dataclass(slots=True, repr=False, eq=False)
class Line(Fields):
    """A line of play: the main line (``prefix == ""``) or one variation.

    A variation replaces the move ``branch_move`` of its ``parent`` line; it starts at the
    decision ``branch_address`` of the parent, and its addresses are prefixed
    ``"<branch_address>/<number>:"``. ``unresolved`` maps ``chest``/``letters``/``other`` to
    the players whose secrets on this line are still stand-ins; ``unsure`` says why replay can
    no longer tell right from wrong on this line (a secret was needed before it was revealed).

    ``steps`` is the list of the line's :class:`Step` objects. Replay keeps a line's steps
    compactly while it runs (:meth:`take`: four entries of one flat list per step, the events
    of every step in one more), and the list and its ``Step`` objects are made at the first
    read of ``steps``, then kept: a replay whose steps nobody reads makes neither a ``Step``
    nor an events list per decision, which the cyclic collector would walk when replay's
    pause ends (docs/performance-history.md, "Per move, round five"). Once made, the list
    is the line's steps, as before: replay appends to it.
    """

    prefix: str
    start: GameState
    parent: Line | None
    number: int
    branch_address: str | None
    branch_index: int
    children: list[Line]
    error: Diagnostic | None
    final: GameState | None
    unresolved: dict[str, set[str]]
    unsure: str | None
    guessed_supply: bool
    reveals: dict[str, Checkpoint]
    revealed: dict[str, dict[str, list[int]]]
    #: The steps taken compactly, four entries each: the address, the action, the move (None
    #: when implicit) and how many events it caused; empty once :attr:`made` holds them.
    taken: list[Any]
    #: The events of the steps in :attr:`taken`, one after the other.
    taken_events: list[Event]
    #: The ``Step`` objects, once made (the first read of :attr:`steps`), else None.
    made: list[Step] | None

    def __init__(
        self,
        prefix: str,
        start: GameState,
        steps: list[Step] | None = None,
        parent: Line | None = None,
        number: int = 0,
        branch_address: str | None = None,
        branch_index: int = 0,
        children: list[Line] | None = None,
        error: Diagnostic | None = None,
        final: GameState | None = None,
        unresolved: dict[str, set[str]] | None = None,
        unsure: str | None = None,
        guessed_supply: bool = False,
        reveals: dict[str, Checkpoint] | None = None,
        revealed: dict[str, dict[str, list[int]]] | None = None,
    ) -> None:
        # The signature of the generated constructor when ``steps`` was a field.
        self.prefix = prefix
        self.start = start
        self.parent = parent
        self.number = number
        self.branch_address = branch_address
        self.branch_index = branch_index
        self.children = [] if children is None else children
        self.error = error
        self.final = final
        self.unresolved = {} if unresolved is None else unresolved
        self.unsure = unsure
        self.guessed_supply = guessed_supply
        self.reveals = {} if reveals is None else reveals
        self.revealed = {} if revealed is None else revealed
        self.taken = []
        self.taken_events = []
        self.made = steps

    @property
    def steps(self) -> list[Step]:
        """The decisions replayed on this line, in order (made at the first read)."""
        made = self.made
        if made is None:
            made = self.made = self._make_steps()
        return made

    def _make_steps(self) -> list[Step]:
        """The ``Step`` objects of the compact record, which is then emptied."""
        taken, events = self.taken, self.taken_events
        steps: list[Step] = []
        first = 0
        for at in range(0, len(taken), 4):
            last = first + taken[at + 3]
            steps.append(Step(taken[at], taken[at + 1], taken[at + 2], events[first:last]))
            first = last
        self.taken = []
        self.taken_events = []
        return steps

    def take(self, address: str, action: Action, move: Move | None, events: list[Event]) -> None:
        """Record a step: compactly while nobody has read :attr:`steps`, else as a ``Step``."""
        made = self.made
        if made is not None:
            made.append(Step(address, action, move, events))
            return
        taken = self.taken
        taken.append(address)
        taken.append(action)
        taken.append(move)
        taken.append(len(events))
        self.taken_events.extend(events)

    def last_events(self) -> list[Event]:
        """The events of the last step (a line with at least one), without making steps."""
        made = self.made
        if made is not None:
            return made[-1].events
        events = self.taken_events
        return events[len(events) - self.taken[-1] :]

    def __len__(self) -> int:
        """The number of decisions replayed on this line (``len(replay.main)``)."""
        made = self.made
        if made is not None:
            return len(made)
        return len(self.taken) >> 2

    def __bool__(self) -> bool:
        """A line is always true, even one with no step yet: ``if replay.main`` asks whether
        there is a line, as it did before lines had a length."""
        return True

    def _shown(self) -> tuple[Any, ...]:
        """The values equality and ``repr`` read, in the order of the constructor."""
        return (
            self.prefix,
            self.start,
            self.steps,
            self.parent,
            self.number,
            self.branch_address,
            self.branch_index,
            self.children,
            self.error,
            self.final,
            self.unresolved,
            self.unsure,
            self.guessed_supply,
            self.reveals,
            self.revealed,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # Compiled, the default would call Line() without its arguments (the constructor is
        # written out). The rest as state, set after the line exists: its parent and children
        # refer back to it, a cycle that copy and pickle can then rebuild.
        return Line, (self.prefix, self.start), dict(zip(_LINE_SHOWN, self._shown(), strict=True))

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.made = state["steps"]
        self.taken = []
        self.taken_events = []
        self.parent = state["parent"]
        self.number = state["number"]
        self.branch_address = state["branch_address"]
        self.branch_index = state["branch_index"]
        self.children = state["children"]
        self.error = state["error"]
        self.final = state["final"]
        self.unresolved = state["unresolved"]
        self.unsure = state["unsure"]
        self.guessed_supply = state["guessed_supply"]
        self.reveals = state["reveals"]
        self.revealed = state["revealed"]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__ or not isinstance(other, Line):
            return NotImplemented
        return self._shown() == other._shown()

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(_LINE_SHOWN, self._shown(), strict=True))
        return f"Line({shown})"


#: The names :meth:`Line.__repr__` shows, as the generated ``repr`` did.
_LINE_SHOWN = (
    "prefix",
    "start",
    "steps",
    "parent",
    "number",
    "branch_address",
    "branch_index",
    "children",
    "error",
    "final",
    "unresolved",
    "unsure",
    "guessed_supply",
    "reveals",
    "revealed",
)


#: Called by replay before each decision it applies, with the line, the state before it (the
#: live state: read it, never keep or change it), the action and the record's move (None for an
#: implicit one; its comments and glyphs with it). ``len(line.steps)`` is the decision's index
#: on its line; after a refused action the same index comes again. See :func:`replay_game`.
BeforeStep = Callable[[Line, GameState, Action, Move | None], None]


@dataclass(slots=True, repr=False, eq=False)
class GameReplay(Fields):
    """Everything replay learnt about one game."""

    game: Game
    file: str
    index: int
    main: Line | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    decisions: int = 0
    #: The sealed moves and chance contributions of the record and what opened them
    #: (:mod:`mcn.replay.sealed`), when it has any: redaction keeps seals that stay masked.
    sealed: Opening | None = None

    @property
    def valid(self) -> bool:
        """True when no error was found."""
        return not any(d.severity == "error" for d in self.diagnostics)

    @property
    def final(self) -> GameState | None:
        """The state at the end of the main line."""
        return self.main.final if self.main else None

    def lines(self) -> list[Line]:
        """Every line of play, main line first, variations in source order (iteratively)."""
        out: list[Line] = []
        work = [self.main] if self.main else []
        while work:
            line = work.pop()
            out.append(line)
            work.extend(reversed(line.children))
        return out


def address_matches(address: str, target: str) -> bool:
    """Whether ``address`` is ``target`` or lies under it (docs/design.md, ``--to``).

    ``3`` covers ``3.5.1`` but not ``30.1``; ``3.5.2/1:`` covers the whole first variation
    at 3.5.2.
    """
    if not target or not address.startswith(target):
        return False
    if len(address) == len(target) or target[-1] in ".:/":
        return True
    return address[len(target)] in ".:/"
