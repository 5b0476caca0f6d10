"""The replay's report: the result being built and the diagnostics added to it.

Every collaborator of :class:`mcn.replay.walk.Replayer` (the secret book, the checks, the
binder, the brancher) reports through the one :class:`Diagnostics` it is given, so that strict
mode stops the whole replay wherever the first error is found.
"""

from __future__ import annotations

from mcn.io.limits import MAX_DECISIONS
from mcn.notation.model import Move, Span
from mcn.replay.model import Diagnostic, GameReplay, Line, Severity


class StopReplay(Exception):
    """Raised inside a line when replay must stop everything (strict mode, ``on_step``, the
    decision limit); the walk catches it."""


class Diagnostics:
    """The replay's result and what is reported into it (``strict``: the first error stops
    the replay)."""

    def __init__(self, result: GameReplay, strict: bool) -> None:
        self.result = result
        self.strict = strict

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
        """Add a diagnostic to the result (and stop the replay at an error when strict)."""
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

    def too_many(self, line: Line, address: str, move: Move | None) -> None:
        """Stop the whole replay: the game asks for more decisions than the limit allows
        (``address``: the decision's, with the line's prefix)."""
        span = move.span if move is not None else None
        line.error = self.report(
            "error",
            "limit",
            f"more than {MAX_DECISIONS:,} decisions in one game, main line and variations "
            '(the limit; docs/notation.md, "Limits"): the rest is not replayed',
            address=address,
            span=span,
        )
        raise StopReplay
