"""Which decisions of a replayed game match a condition: the per-game work of ``mcn search``.

:class:`Search` is the :class:`mcn.archive.checking.StepExaminer` the command hands to the reader:
it runs where the game is checked (in the worker with ``--jobs`` or ``--dask``), follows that one
replay step by step, and answers only the matches, ``(address, mover, move)`` each.

The decisions are the steps of the main line in order (the forced ones the record left out
included, ``implicit``), then ``end``: the state after the last step, when the main line
replayed without an error. Variations are not searched (they did not happen). Before each
step replay shows the state as it stands (``before_step``), and the few values the condition
reads of it are kept (its slots, :mod:`mcn.search.compiler`): never a state, never a second
replay. A redacted record (``?`` secrets) is searched on the states replay had when it got
there: the stand-ins, until a reveal checkpoint filled in the truth. The decisions are tested
once the game is replayed, since some names are known only then: the result, and under
``--as`` the moves a reveal later on the line lets the viewer read.

With ``--as`` (``viewer``) everything goes through the projection (:mod:`mcn.views.projection`):
a move reads as the viewer's redacted record writes it (another player's secret ``?`` unless
the rules revealed it on the line, ``bid ?``, ``donate jewel>?``), comments only on his own
moves, glyphs of the moves he can read, the headers as he sees them. The state functions
read only what is public (the compiler refuses the others, :mod:`mcn.search.functions`).
"""

from __future__ import annotations

from typing import Any, Final

from mcn.engine import GameState
from mcn.engine.actions import Action
from mcn.engine.constants import CHANCE
from mcn.notation.lexical import COLOUR_TAGS
from mcn.notation.model import Game, Move
from mcn.replay import GameReplay, Line, Step
from mcn.search.compiler import Condition, compile_condition
from mcn.search.functions import Decision
from mcn.views.projection import EVERYTHING, SPECTATOR, Viewer, action_tokens, hides, revealed_flags
from mcn.views.redact import headers_seen
from mcn.views.viewer import redacted_for

#: A match: the decision's address, who decided (R, B, G, Y, chance; "" at end), the move.
Match = tuple[str, str, str]

#: The names that need a decision's move or annotations worked out.
_ANNOTATIONS: Final = frozenset({"move", "comment", "glyphs"})
#: What is known only once the game is replayed: the result, and the address replay gives
#: the decision (a ``?`` move's is its secret's decision).
_LATER: Final = frozenset({"result", "winner", "address"})
#: What a viewer (``--as``) reads as the line goes on: a move a later reveal lets him read,
#: the headers as his record shows them.
_SEEN_LATER: Final = _ANNOTATIONS | {"tag"}
#: What a live test needs filled in besides the state and the game's headers.
_FILLED: Final = _ANNOTATIONS | {"mover", "implicit"}

#: Conditions compiled in this process, by (text, viewer): a worker compiles each once.
_COMPILED: dict[tuple[str, Viewer], Condition] = {}

END: Final = "end"


def condition(text: str, viewer: Viewer) -> Condition:
    """The compiled condition (cached per process)."""
    key = (text, viewer)
    found = _COMPILED.get(key)
    if found is None:
        found = _COMPILED[key] = compile_condition(text, viewer)
    return found


class Search:
    """Finds the decisions of a game that match ``where`` (``viewer``: ``--as``, a colour,
    None for a spectator, :data:`~mcn.views.projection.EVERYTHING` without it); ``every``: all of
    them, else the first. Holds only plain values, so it pickles to the workers."""

    def __init__(self, where: str, viewer: Viewer = EVERYTHING, every: bool = True) -> None:
        self.where = where
        self.viewer = viewer
        self.every = every

    def start(self, game: Game) -> GameSearch:
        """The search of ``game``, to follow its replay
        (:class:`mcn.archive.checking.StepExaminer`)."""
        return GameSearch(self, game)


class GameSearch:
    """One game searched while it is replayed. :meth:`before_step` sees the state before each
    decision of the main line: it tests the condition there when everything the condition
    asks is known before the decision (``live``: the state, who moves, the move as written …),
    else keeps the condition's slots of that state. :meth:`answer` then lists the matches."""

    __slots__ = (
        "annotated",
        "condition",
        "every",
        "failure",
        "fill",
        "game",
        "hits",
        "live",
        "probe",
        "values",
        "viewer",
    )

    def __init__(self, search: Search, game: Game) -> None:
        self.game = game
        self.every = search.every
        found = self.condition = condition(search.where, search.viewer)
        viewer = self.viewer = _limited(game, search.viewer)
        later = _LATER if viewer == EVERYTHING else _LATER | _SEEN_LATER
        #: Whether the condition is tested before each decision (else after the replay).
        self.live = not (found.names & later)
        #: What :meth:`before_step` must fill in besides the state: who moves, whether the
        #: move is implicit (``fill``), the move and its annotations as written (``annotated``).
        self.fill = bool(found.names & _FILLED) and self.live
        self.annotated = bool(found.names & _ANNOTATIONS) and self.live
        headers: dict[str, str] = {}
        if "tag" in found.names and viewer == EVERYTHING:
            headers = {h.tag: h.value for h in game.headers}
        roster = {c: game.header(tag) or "" for c, tag in COLOUR_TAGS.items()}
        #: The decision :meth:`before_step` reads: its state is set only while it reads.
        self.probe = Decision(headers, roster, (), None, viewer)
        #: Live: the indices of the main line's steps that matched.
        self.hits: list[int] = []
        #: Else: the slots of the state before each step of the main line, by step index.
        self.values: list[list[Any]] = []
        #: What went wrong while reading a state (raised again by :meth:`answer`): replay
        #: itself must not fail on the search's account.
        self.failure: Exception | None = None

    def before_step(self, line: Line, state: GameState, action: Action, move: Move | None) -> None:
        """Replay's ``before_step`` on the main line: test the condition, or keep its slots.
        A step refused after this (its index comes again) is tested again."""
        if line.prefix or self.failure is not None:
            return
        index = len(line.steps)
        probe = self.probe
        try:
            if self.live:
                hits = self.hits
                while hits and hits[-1] >= index:
                    hits.pop()
                if hits and not self.every:
                    return  # the first match is found
                probe.state = state
                probe.players = state.players
                if self.fill:
                    _fill(probe, action, move, self.annotated)
                if self.condition.live(probe) is True:
                    hits.append(index)
            elif self.condition.slots:
                values = self.values
                if len(values) > index:
                    del values[index:]
                probe.state = state
                probe.players = state.players
                values.append(self.condition.snapshot(probe))
        except Exception as bug:  # reported for the game by answer(), as the examiner's
            self.failure = bug
        finally:
            probe.state = None

    def answer(self, replay: GameReplay) -> list[Match]:
        """The matching decisions of the game in order (at most one unless ``every``)."""
        if self.failure is not None:
            raise self.failure
        line = replay.main
        if line is None:
            return []
        decision = self._decision(replay, line)
        out = self._found(decision, line) if self.live else self._tested(decision, line)
        if line.error is None and (self.every or not out):
            decision.state = line.final  # the end: tested on the state itself
            decision.address = END
            decision.mover = decision.move = decision.comment = decision.glyphs = ""
            decision.implicit = True
            if self.condition.test(decision):
                out.append((END, "", ""))
        return out

    def _found(self, decision: Decision, line: Line) -> list[Match]:
        """The matches :meth:`before_step` found, described as the viewer reads them."""
        steps = line.steps
        hits = [index for index in self.hits if index < len(steps)]
        if not hits:
            return []
        viewer = self.viewer
        revealed = revealed_flags(steps) if viewer != EVERYTHING else []
        out: list[Match] = []
        for index in hits:
            step = steps[index]
            _locate(decision, step)
            _describe(decision, step, viewer, revealed[index] if revealed else False)
            out.append((decision.address, decision.mover, decision.move))
            if not self.every:
                break
        return out

    def _tested(self, decision: Decision, line: Line) -> list[Match]:
        """The decisions tested after the replay, on the slots kept before each."""
        found = self.condition
        viewer = self.viewer
        values = self.values if found.slots else None
        revealed = revealed_flags(line.steps) if viewer != EVERYTHING else []
        annotations = bool(found.names & _ANNOTATIONS)
        out: list[Match] = []
        for index, step in enumerate(line.steps):
            if values is not None:
                decision.values = values[index]
            _locate(decision, step)
            seen = revealed[index] if revealed else False
            if annotations:
                _describe(decision, step, viewer, seen)
            if found.test(decision):
                if not annotations:
                    _describe(decision, step, viewer, seen)
                out.append((decision.address, decision.mover, decision.move))
                if not self.every:
                    break
        return out

    def _decision(self, replay: GameReplay, line: Line) -> Decision:
        game, viewer = self.game, self.viewer
        headers = game.headers if viewer == EVERYTHING else headers_seen(game, line, viewer)
        final = replay.final
        winners = final.winners() if final is not None and final.is_terminal() else None
        players = line.start.players
        roster = {c: game.header(COLOUR_TAGS[c]) or "" for c in players}
        return Decision({h.tag: h.value for h in headers}, roster, players, winners, viewer)


def _limited(game: Game, viewer: Viewer) -> Viewer:
    """The viewer a record can serve (:func:`mcn.views.viewer.within_record`, without its usage
    error): a record redacted for one player holds stand-ins for the others' secrets, so it
    is searched as that player sees it, and as a spectator for anyone else."""
    owner = redacted_for(game)
    if owner == EVERYTHING or viewer in (owner, SPECTATOR):
        return viewer
    return owner if viewer == EVERYTHING else SPECTATOR


def _locate(decision: Decision, step: Step) -> None:
    """Fill ``decision`` with where the step stands and who took it."""
    actor = step.action.actor
    decision.address = step.address
    decision.mover = "chance" if actor == CHANCE else actor
    decision.implicit = step.move is None


def _fill(probe: Decision, action: Action, move: Move | None, annotated: bool) -> None:
    """Fill ``probe`` before a decision with what a live condition may ask besides the state:
    who moves, whether the record left the move out, and (``annotated``) the move and its
    annotations as written (a live condition under ``--as`` never asks for those)."""
    actor = action.actor
    probe.mover = "chance" if actor == CHANCE else actor
    probe.implicit = move is None
    if not annotated:
        return
    probe.move = action.text
    if move is None:
        probe.comment = probe.glyphs = ""
    else:
        probe.comment = "\n".join(c.text for c in (*move.before, *move.after))
        probe.glyphs = " ".join(move.glyphs)


def _describe(decision: Decision, step: Step, viewer: Viewer, revealed: bool) -> None:
    """Fill ``decision`` with the step's move and annotations as ``viewer`` may read them."""
    action = step.action
    actor = action.actor
    move = step.move
    if viewer == EVERYTHING:
        decision.move = action.text
        readable = own = True
    else:
        viewer_colour = viewer if isinstance(viewer, str) else None
        decision.move = " ".join(action_tokens(action, viewer_colour, step.events, revealed))
        readable = not hides(action, viewer_colour, step.events, revealed)
        own = viewer_colour is not None and actor == viewer_colour
    if move is None:
        decision.comment = decision.glyphs = ""
        return
    decision.comment = "\n".join(c.text for c in (*move.before, *move.after)) if own else ""
    decision.glyphs = " ".join(move.glyphs) if readable else ""
