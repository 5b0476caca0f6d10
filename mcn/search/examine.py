"""Which decisions of a replayed game match a condition: the per-game work of ``mcn search``.

:class:`Search` is the :class:`mcn.batch.Examiner` the command hands to the reader: it runs
where the game was checked (in the worker with ``--jobs`` or ``--dask``) and answers only
the matches, ``(address, mover, move)`` each, never the replay.

The decisions are the steps of the main line in order (the forced ones the record left out
included, ``implicit``), then ``end``: the state after the last step, when the main line
replayed without an error. Variations are not searched (they did not happen). The state
before each step is stepped here, from the line's start, with the same actions replay
applied — only when the condition reads the state at all. A redacted record (``?`` secrets)
is replayed once more keeping its states instead, since replay filled in its secrets from
the reveal checkpoints as it went.

With ``--as`` (``viewer``) everything goes through the projection (:mod:`mcn.projection`):
a move reads as the viewer's redacted record writes it (another player's secret ``?`` unless
the rules revealed it on the line, ``bid ?``, ``donate jewel>?``), comments only on his own
moves, glyphs of the moves he can read, the headers as he sees them. The state functions
read only what is public (the compiler refuses the others, :mod:`mcn.search.functions`).
"""

from __future__ import annotations

from typing import Any, Final

from mcn import hidden
from mcn.engine import GameState
from mcn.engine.constants import CHANCE
from mcn.engine.data import Board
from mcn.notation.lexical import COLOUR_TAGS
from mcn.notation.model import Game
from mcn.projection import EVERYTHING, SPECTATOR, Viewer, action_tokens, hides, revealed_flags
from mcn.redact import headers_seen
from mcn.replay import GameReplay, Line, Step, replay_game
from mcn.search.compiler import Condition, compile_condition
from mcn.search.functions import Decision
from mcn.viewer import redacted_for

#: A match: the decision's address, who decided (R, B, G, Y, chance; "" at end), the move.
Match = tuple[str, str, str]

#: The names that need a decision's move or annotations worked out.
_ANNOTATIONS: Final = frozenset({"move", "comment", "glyphs"})

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
    None for a spectator, :data:`~mcn.projection.EVERYTHING` without it); ``every``: all of
    them, else the first. Holds only plain values, so it pickles to the workers."""

    def __init__(
        self,
        where: str,
        viewer: Viewer = EVERYTHING,
        every: bool = True,
        board: Board | None = None,
    ) -> None:
        self.where = where
        self.viewer = viewer
        self.every = every
        self.board = board

    def __call__(self, game: Game, replay: GameReplay) -> list[Match]:
        return self.matches(game, replay)

    def matches(self, game: Game, replay: GameReplay) -> list[Match]:
        """The matching decisions of ``game`` in order (at most one unless ``every``)."""
        line = replay.main
        if line is None:
            return []
        found = condition(self.where, self.viewer)
        viewer = _limited(game, self.viewer)
        decision = self._decision(game, replay, line, viewer)
        states = self._states(game, replay, line) if found.reads_state else None
        revealed = revealed_flags(line.steps) if viewer != EVERYTHING else []
        annotations = bool(found.names & _ANNOTATIONS)
        out: list[Match] = []
        for index, step in enumerate(line.steps):
            if states is not None:
                decision.state = next(states)
            actor = step.action.actor
            decision.address = step.address
            decision.mover = "chance" if actor == CHANCE else actor
            decision.implicit = step.move is None
            seen = revealed[index] if revealed else False
            if annotations:
                _describe(decision, step, viewer, seen)
            if found.test(decision):
                if not annotations:
                    _describe(decision, step, viewer, seen)
                out.append((decision.address, decision.mover, decision.move))
                if not self.every:
                    return out
        if line.error is None:
            if states is not None:
                decision.state = next(states)
            decision.address = END
            decision.mover = decision.move = decision.comment = decision.glyphs = ""
            decision.implicit = True
            if found.test(decision):
                out.append((END, "", ""))
        return out

    def _decision(self, game: Game, replay: GameReplay, line: Line, viewer: Viewer) -> Decision:
        headers = game.headers if viewer == EVERYTHING else headers_seen(game, line, viewer)
        final = replay.final
        winners = final.winners() if final is not None and final.is_terminal() else None
        players = line.start.players
        roster = {c: game.header(COLOUR_TAGS[c]) or "" for c in players}
        return Decision({h.tag: h.value for h in headers}, roster, players, winners, viewer)

    def _states(self, game: Game, replay: GameReplay, line: Line) -> Any:
        """The state before each step, then the state after the last (an iterator)."""
        if any(s.move is not None and hidden.is_secret(s.move.tokens) for s in line.steps):
            return _kept(game, replay, self.board)
        return _stepped(line, game, replay, self.board)


def _limited(game: Game, viewer: Viewer) -> Viewer:
    """The viewer a record can serve (:func:`mcn.viewer.within_record`, without its usage
    error): a record redacted for one player holds stand-ins for the others' secrets, so it
    is searched as that player sees it, and as a spectator for anyone else."""
    owner = redacted_for(game)
    if owner == EVERYTHING or viewer in (owner, SPECTATOR):
        return viewer
    return owner if viewer == EVERYTHING else SPECTATOR


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


def _stepped(line: Line, game: Game, replay: GameReplay, board: Board | None) -> Any:
    """The states of ``line`` stepped from its start with the actions replay applied (one
    state object, changed in place); falls back to kept states should an action not apply."""
    state = line.start.clone()
    for index, step in enumerate(line.steps):
        yield state
        try:
            state._apply_unchecked(step.action)
        except Exception:  # never expected: replay applied this very action here
            kept = _kept(game, replay, board)
            for _ in range(index + 1):
                next(kept)
            yield from kept
            return
    yield state


def _kept(game: Game, replay: GameReplay, board: Board | None) -> Any:
    """The states of the main line as replay saw them (replayed again, keeping them)."""
    again = replay_game(
        game,
        file=replay.file,
        index=replay.index,
        keep_states=True,
        variations=False,
        board=board,
    )
    line = again.main
    assert line is not None
    state: GameState = line.start
    yield state
    for step in line.steps:
        assert step.state is not None
        yield step.state
