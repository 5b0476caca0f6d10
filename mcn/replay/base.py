"""What every part of the replayer shares: its options, the result being built, reporting, and
the declarations of the hooks one part calls in another (the parts are one chain of classes
that ends in :class:`mcn.replay.walk.Replayer`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mcn.engine import GameState
from mcn.engine.actions import Action
from mcn.engine.legality import Ruling
from mcn.notation.model import Checkpoint, Element, Game, Move, Span
from mcn.replay.model import BeforeStep, Diagnostic, GameReplay, Line, Severity, Step


@dataclass(slots=True)
class Frame:
    """Work for one line of play: its elements still to replay and its current state (the
    walk's work list, which the binder extends with the variations it spawns)."""

    line: Line
    state: GameState
    elements: tuple[Element, ...]


class StopReplay(Exception):
    """Raised inside a line when replay must stop everything (strict mode, ``on_step``, the
    decision limit); the walk catches it."""


class ReplayBase:
    """The replayer's shared state and reporting.

    Not reentrant; use :func:`mcn.replay.replay_game`.
    """

    def __init__(
        self,
        game: Game,
        file: str,
        index: int,
        *,
        keep_states: bool,
        variations: bool,
        strict: bool,
        on_step: Callable[[Line, Step], bool] | None,
        before_step: BeforeStep | None = None,
    ) -> None:
        self.result = GameReplay(game, file, index, None)
        self.keep_states = keep_states
        self.variations = variations
        self.strict = strict
        self.on_step = on_step
        self.before_step = before_step

    # ------------------------------------------------------------------------ reporting

    def report(
        self,
        severity: Severity,
        code: str,
        message: str,
        *,
        address: str | None = None,
        span: Span | None = None,
        rule: str | None = None,
        slip: str | None = None,
    ) -> Diagnostic:
        diagnostic = Diagnostic(
            severity,
            code,
            message,
            self.result.file,
            self.result.index,
            address,
            span,
            rule,
            None,
            slip,
        )
        self.result.diagnostics.append(diagnostic)
        if severity == "error" and self.strict:
            raise StopReplay
        return diagnostic

    def fail(
        self,
        line: Line,
        code: str,
        message: str,
        *,
        address: str,
        span: Span | None,
        rule: str | None = None,
        slip: str | None = None,
    ) -> None:
        """A move that cannot be played: an error, or a note on a line whose secrets are
        unknown (the move may well be right); either way the line stops here."""
        unsure = line.unsure
        if unsure is None and line.guessed_supply:
            unsure = "the colours of hidden letters decide the letter supply"
        if unsure is not None:
            line.error = self.report(
                "note",
                "secret",
                f"not checked: {message} — but {unsure}, so this may be right",
                address=address,
                span=span,
            )
        else:
            line.error = self.report(
                "error", code, message, address=address, span=span, rule=rule, slip=slip
            )

    # Hooks one part of the replayer calls in another, each overridden by exactly one class
    # of the chain ReplayBase <- Checks <- Secrets <- Binding <- Replayer (walk: spawn;
    # binding: apply, pending_address, finish_forced; secrets: the rest). One chain rather
    # than mixins: mypyc compiles single inheritance (docs/performance.md).

    def spawn(
        self, line: Line, state: GameState, move: Move, address: str, spawned: list[Frame]
    ) -> None:
        raise NotImplementedError

    def apply(
        self,
        line: Line,
        state: GameState,
        action: Action,
        move: Move | None,
        address: str | None = None,
        ruling: Ruling | None = None,
    ) -> None:
        raise NotImplementedError

    @staticmethod
    def pending_address(state: GameState) -> str:
        raise NotImplementedError

    def finish_forced(self, line: Line, state: GameState) -> None:
        raise NotImplementedError

    @staticmethod
    def secret_candidates(state: GameState, move: Move) -> list[Action]:
        raise NotImplementedError

    @staticmethod
    def secret_address(state: GameState, move: Move) -> str:
        raise NotImplementedError

    def take_secret(self, line: Line, state: GameState, move: Move, address: str) -> None:
        raise NotImplementedError

    def before_apply(self, line: Line, state: GameState, action: Action, move: Move | None) -> bool:
        raise NotImplementedError

    def after_end(self, line: Line, state: GameState, move: Move | None) -> None:
        raise NotImplementedError

    def verify_reveal(self, line: Line, state: GameState, checkpoint: Checkpoint) -> str | None:
        raise NotImplementedError
