"""The record's claims checked against the engine: turn labels, section markers, checkpoints
and the ``Result`` tag."""

from __future__ import annotations

from mcn.engine import GameState
from mcn.engine.constants import colour_name
from mcn.notation.model import Checkpoint, Game, Item, Section
from mcn.replay import hidden
from mcn.replay.base import ReplayBase
from mcn.replay.checkpoints import CHECKPOINTS, parse_result
from mcn.replay.model import Line, Severity


class Checks(ReplayBase):
    """Labels, sections, checkpoints and the result, each compared with the replayed state."""

    def check_label(self, line: Line, item: Item, address: str) -> None:
        parts = address.split(".")
        turn = parts[1] if len(parts) == 3 and parts[1].isdigit() else None
        if turn is None or int(turn) != item.label:
            where = f"turn {turn}" if turn else f"decision {address}"
            self.report(
                "error",
                "label",
                f"the label '{item.label}.' does not match: this is {where}",
                address=line.prefix + address,
                span=item.span,
            )

    def check_section(self, line: Line, state: GameState, section: Section) -> None:
        self.finish_forced(line, state)
        if state.is_terminal():
            self.report(
                "error", "section", f"'{section}' after the end of the game", span=section.span
            )
            return
        address = state.decision.address
        expected = "setup" if section.kind == "setup" else str(section.number)
        if address.split(".", 1)[0] != expected:
            self.report(
                "error",
                "section",
                f"'{section}' does not match: the next decision is {address}",
                address=line.prefix + address,
                span=section.span,
            )

    def verify(self, line: Line, state: GameState, checkpoint: Checkpoint) -> None:
        """Compare a checkpoint written in the record with the engine's state."""
        address = line.prefix + self.pending_address(state)
        if checkpoint.name in hidden.REVEALS:
            problem = self.verify_reveal(line, state, checkpoint)
        else:
            checker = CHECKPOINTS.get(checkpoint.name)
            if checker is None:
                known = ", ".join(sorted((*CHECKPOINTS, *hidden.REVEALS)))
                self.report(
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
            self.report(
                "note",
                "secret",
                f"checkpoint <{checkpoint.text}> not checked: {problem} — but {reason}",
                address=address,
                span=checkpoint.span,
            )
            return
        self.report(
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
                self.report(
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
            self.report(
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
            self.report(
                severity,
                "result" if severity == "error" else "secret",
                f'[Result "{tag}"] is wrong: the game\'s result is "{right}" ({names} won)' + extra,
                address="end",
                span=span,
                rule="R-END-3",
            )
