"""The record's claims checked against the engine: turn labels, section markers, checkpoints
and the ``Result`` tag."""

from __future__ import annotations

from mcn.engine import GameState
from mcn.engine.constants import colour_name
from mcn.notation.model import Checkpoint, Game, Item, Section
from mcn.replay import hidden
from mcn.replay.checkpoints import CHECKPOINTS, parse_result
from mcn.replay.diagnostics import Diagnostics
from mcn.replay.model import Line, Severity
from mcn.replay.secrets import SecretBook
from mcn.replay.turns import turn_of


class Checks:
    """Labels, sections, checkpoints and the result, each compared with the replayed state
    (a reveal checkpoint by the secret book, which knows what was revealed)."""

    def __init__(self, diagnostics: Diagnostics, secrets: SecretBook) -> None:
        self.diagnostics = diagnostics
        self.secrets = secrets

    def check_label(self, line: Line, item: Item, address: str) -> None:
        """Report a label that does not name the turn the item's first move (at ``address``)
        is in."""
        if turn_of(address).label_turn == item.label:
            return
        parts = address.split(".")
        turn = parts[1] if len(parts) == 3 and parts[1].isdigit() else None
        if turn is None or int(turn) != item.label:
            where = f"turn {turn}" if turn else f"decision {address}"
            self.diagnostics.report(
                "error",
                "label",
                f"the label '{item.label}.' does not match: this is {where}",
                address=line.prefix + address,
                span=item.span,
            )

    def check_section(self, line: Line, state: GameState, section: Section) -> None:
        """A section marker, once the forced moves before it are taken (by the walk)."""
        if state.is_terminal():
            self.diagnostics.report(
                "error", "section", f"'{section}' after the end of the game", span=section.span
            )
            return
        # The pending decision's address without building its prose (the prompt).
        address = state.pending_address()
        expected = "setup" if section.kind == "setup" else str(section.number)
        if address.split(".", 1)[0] != expected:
            self.diagnostics.report(
                "error",
                "section",
                f"'{section}' does not match: the next decision is {address}",
                address=line.prefix + address,
                span=section.span,
            )

    def verify(self, line: Line, state: GameState, checkpoint: Checkpoint) -> None:
        """Compare a checkpoint written in the record with the engine's state."""
        address = line.prefix + state.pending_address()
        if checkpoint.name in hidden.REVEALS:
            problem = self.secrets.verify_reveal(line, state, checkpoint)
        else:
            checker = CHECKPOINTS.get(checkpoint.name)
            if checker is None:
                known = ", ".join(sorted((*CHECKPOINTS, *hidden.REVEALS)))
                self.diagnostics.report(
                    "warning",
                    "checkpoint",
                    f"unknown checkpoint '<{checkpoint.name}>' (known: {known})",
                    address=address,
                    span=checkpoint.span,
                )
                return
            problem = checker(state, checkpoint.args)
        if not problem:
            return
        if line.unsure is not None or (
            line.guessed_supply and checkpoint.name in ("digest", "letters")
        ):
            reason = line.unsure or "the colours of hidden letters decide the letter supply"
            self.diagnostics.report(
                "note",
                "secret",
                f"checkpoint <{checkpoint.text}> not checked: {problem} — but {reason}",
                address=address,
                span=checkpoint.span,
            )
            return
        self.diagnostics.report(
            "error",
            "checkpoint",
            f"checkpoint <{checkpoint.text}> fails: {problem}",
            address=address,
            span=checkpoint.span,
        )

    def check_result(self, main: Line, game: Game) -> None:
        final = main.final
        assert final is not None
        tag = game.header("Result")
        span = next((h.span for h in game.headers if h.tag == "Result"), game.span)
        claimed = parse_result(tag) if tag is not None else None
        if not final.is_terminal():
            if claimed is not None:
                self.diagnostics.report(
                    "error",
                    "incomplete",
                    f"the record ends at {final.decision.address} before the game is over, "
                    f'but [Result "{tag}"] claims a result',
                    address=final.decision.address,
                    span=span,
                )
            return
        winners = tuple(final.winners())
        if tag is None:
            return
        names = " and ".join(colour_name(c) for c in winners)
        right = " ".join(winners)
        if claimed is None:
            self.diagnostics.report(
                "warning",
                "result",
                f'the game is over but [Result "{tag}"] gives no result: it is "{right}" '
                f"({names} won)",
                address="end",
                span=span,
                rule="R-END-3",
            )
        elif claimed != winners:
            severity: Severity = "note" if main.unsure is not None else "error"
            extra = f" (not certain: {main.unsure})" if main.unsure is not None else ""
            self.diagnostics.report(
                severity,
                "result" if severity == "error" else "secret",
                f'[Result "{tag}"] is wrong: the game\'s result is "{right}" ({names} won)' + extra,
                address="end",
                span=span,
                rule="R-END-3",
            )
