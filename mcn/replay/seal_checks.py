"""Sealed moves and verifiable chance after the walk: what only the replayed steps can tell.

:func:`mcn.replay.sealed.open_seals` paired each reveal with its seal before the walk (see that
module for the protocol); :func:`check_seals` then looks at the replayed steps. A sealed move
must hold a secret that the secrets' declaration (:mod:`mcn.engine.secrets`) names, must show
exactly what that declaration masks, and must be opened when the rules reveal it — after the
step that reveals it and before the next move; a secret the rules never reveal to all (a
donation's compartment) once the game is over. Each draw under the protocol is recomputed
(:mod:`mcn.replay.draws`). Errors name the player, the decision address and the rule of the
secret (or of its reveal).
"""

from __future__ import annotations

from mcn.engine.secret_readers import action_secret, action_tokens, reveal_named, reveal_of
from mcn.notation.model import Move, Span
from mcn.replay.draws import COMMIT_REVEAL, draw_problems, name
from mcn.replay.model import Diagnostic, GameReplay, Line, Severity, Step
from mcn.replay.sealed import Opening, Seal


def _reveals(step: Step, name: str) -> bool:
    """Whether ``step`` caused the reveal called ``name`` (the bids, the Pope die)."""
    for event in step.events:
        found = reveal_of(event)
        if found is not None and found.name == name:
            return True
    return False


def _path(line: Line) -> list[Step]:
    """The steps that lead to the end of ``line``: its ancestors' up to each branch, then its
    own (no recursion: variations nest deep)."""
    chain: list[Line] = []
    current: Line | None = line
    while current is not None:
        chain.append(current)
        current = current.parent
    steps: list[Step] = []
    for index in range(len(chain) - 1, -1, -1):
        own = chain[index]
        if index == 0:
            steps.extend(own.steps)
        else:
            child = chain[index - 1]
            steps.extend(own.steps[: child.branch_index])
    return steps


class _Checker:
    def __init__(self, opening: Opening, replay: GameReplay) -> None:
        self.opening = opening
        self.replay = replay
        self.where: dict[int, tuple[Line, int]] = {}
        for line in replay.lines():
            for index, step in enumerate(line.steps):
                if step.move is not None:
                    self.where[id(step.move)] = (line, index)

    def report(
        self,
        code: str,
        message: str,
        span: Span | None,
        address: str | None,
        rule: str | None,
        severity: Severity = "error",
    ) -> None:
        replay = self.replay
        replay.diagnostics.append(
            Diagnostic(severity, code, message, replay.file, replay.index, address, span, rule)
        )

    def address_of(self, move: Move | None) -> str | None:
        if move is None:
            return None
        for key, seal in self.opening.by_move.items():
            if seal.move is move:
                found = self.where.get(key)
                return found[0].steps[found[1]].address if found else None
        found = self.where.get(id(move))
        return found[0].steps[found[1]].address if found else None

    def run(self) -> None:
        for problem in self.opening.problems:
            self.report(
                problem.code,
                problem.message,
                problem.span,
                self.address_of(problem.move),
                problem.rule,
            )
        for key, seal in self.opening.by_move.items():
            found = self.where.get(key)
            if found is not None:
                self.check_seal(seal, found[0], found[1])
        if self.opening.protocol == COMMIT_REVEAL:
            for line in self.replay.lines():
                self.check_draws(line)

    def ordinal(self, move: Move | None) -> int:
        return 0 if move is None else self.opening.ordinals.get(id(move), 0)

    def check_seal(self, seal: Seal, line: Line, index: int) -> None:
        step = line.steps[index]
        actor = step.action.actor
        who = name(actor)
        verb = seal.move.tokens[0]
        secret = action_secret(step.action, step.events)
        span = seal.move.span
        if secret is None:
            self.report(
                "seal",
                f"{who}'s '{verb}' may not be sealed: it holds no secret, everybody sees it "
                "when it is made",
                span,
                step.address,
                "R-HID-1",
            )
            return
        if seal.opened:
            shown = action_tokens(step.action, None, step.events)
            if shown != seal.move.tokens:
                self.report(
                    "seal",
                    f"{who}'s sealed move shows '{seal.move.text}' but the move revealed, "
                    f"'{step.action.text}', shows the other players '{' '.join(shown)}'",
                    span,
                    step.address,
                    secret.rule,
                )
        path = _path(line)
        start = len(path) - len(line.steps) + index
        final = line.final
        if not secret.revealed_by:
            if seal.reveal is None:
                if final is not None and final.is_terminal() and line.error is None:
                    # The rules never make him show it: said, not refused (docs/fair-play.md).
                    self.report(
                        "seal",
                        f"{who}'s sealed '{verb}' was never revealed, and the game is over: "
                        "its commitment is not checked",
                        span,
                        step.address,
                        secret.rule,
                        "warning",
                    )
                return
            if line.error is not None:
                return  # the line stopped early: where the game ends is unknown
            last = max((self.ordinal(s.move) for s in path if s.move is not None), default=0)
            if not (final is not None and final.is_terminal()) or seal.ordinal < last:
                self.report(
                    "seal",
                    f"{who}'s sealed '{verb}' is revealed before the game is over: the rules "
                    "never show it to everybody, so it is opened only after the last move",
                    seal.reveal.span,
                    step.address,
                    secret.rule,
                )
            return
        reveal = reveal_named(secret.revealed_by)
        rule = reveal.rule if reveal is not None else secret.rule
        carrier = next(
            (k for k in range(start, len(path)) if _reveals(path[k], secret.revealed_by)), None
        )
        following = None
        if carrier is not None:
            following = next(
                (k for k in range(carrier + 1, len(path)) if path[k].move is not None), None
            )
        if seal.reveal is None:
            # Missing when a move follows the reveal, or when the record goes on but replay
            # could not (the secret was needed: the bids decide who chooses first).
            if following is not None or (carrier is not None and line.error is not None):
                where = path[following].address if following is not None else "the next move"
                self.report(
                    "seal",
                    f"{who}'s sealed '{verb}' was not revealed when the rules reveal it: "
                    f"it must be opened before {where}",
                    span,
                    step.address,
                    rule,
                )
            return
        written = 0
        if carrier is not None:
            written = max(
                (self.ordinal(path[k].move) for k in range(carrier + 1) if path[k].move),
                default=0,
            )
        if carrier is None or seal.ordinal < written:
            self.report(
                "seal",
                f"{who}'s sealed '{verb}' is revealed before the rules reveal it: a move that "
                "may depend on it comes after the reveal",
                seal.reveal.span,
                step.address,
                rule,
            )
        elif following is not None and seal.ordinal > self.ordinal(path[following].move):
            self.report(
                "seal",
                f"{who}'s sealed '{verb}' is revealed too late: the rules reveal it before "
                f"{path[following].address}, which comes first in the record",
                seal.reveal.span,
                step.address,
                rule,
            )

    def check_draws(self, line: Line) -> None:
        for problem in draw_problems(line, self.opening.draws):
            self.report("chance", problem.message, problem.span, problem.address, problem.rule)


def check_seals(opening: Opening, replay: GameReplay) -> None:
    """Check what only the replayed steps can tell (see the module's docstring); errors are
    added to ``replay.diagnostics``, in order of position."""
    if not opening.active:
        return
    _Checker(opening, replay).run()
    replay.diagnostics.sort(key=lambda d: (d.span.line, d.span.column) if d.span else (0, 0))


__all__ = ["check_seals"]
