"""The result of a comparison and its rendering, as text for people and as JSON data.

Split out of :mod:`mcn.diff` so that presentation (``schemas/diff.schema.json`` and the
human-readable report) is one concept, apart from the comparing itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

from mcn.diff.annotations import AnnotationDifference
from mcn.diff.divergence import Divergence
from mcn.diff.headers import HeaderDifference
from mcn.diff.outcome import Outcome
from mcn.diff.refusal import Refusal
from mcn.diff.states import SPECTATOR
from mcn.engine.constants import colour_name
from mcn.io.terminal import visible

FORMAT: Final = "mcn-diff/1"


@dataclass(slots=True)
class Comparison:
    """Everything :func:`compare` found. ``same`` is the verdict the exit code follows."""

    viewer: str | None
    headers: list[HeaderDifference] = field(default_factory=list)
    divergence: Divergence | None = None
    hidden: str | None = None
    annotations: list[AnnotationDifference] = field(default_factory=list)
    annotations_ignored: bool = False
    outcome_a: Outcome | None = None
    outcome_b: Outcome | None = None
    files: tuple[str, str] = ("A", "B")
    games: tuple[int, int] = (1, 1)
    refused: tuple[Refusal | None, Refusal | None] = (None, None)

    @property
    def outcome_differs(self) -> bool:
        """Whether the two records end differently (where, souls or winners)."""
        return self.outcome_a != self.outcome_b

    @property
    def same(self) -> bool:
        """True when nothing that counts differs."""
        return (
            not self.headers
            and self.divergence is None
            and not self.annotations
            and not self.outcome_differs
        )

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data (``schemas/diff.schema.json``)."""
        divergence = None
        if self.divergence is not None:
            d = self.divergence
            divergence = {
                "index": d.index,
                "address": d.address,
                "a": d.a,
                "b": d.b,
                "topics": d.topics,
                "state": [
                    {"path": s.path, "a": _json_safe(s.a), "b": _json_safe(s.b)} for s in d.state
                ],
            }
        return {
            "format": FORMAT,
            "a": {"file": self.files[0], "game": self.games[0]},
            "b": {"file": self.files[1], "game": self.games[1]},
            "as": self.viewer,
            "same": self.same,
            "headers": [{"tag": h.tag, "a": h.a, "b": h.b} for h in self.headers],
            "divergence": divergence,
            "hidden_divergence": self.hidden,
            "annotations": [
                {"address": n.address, "kind": n.kind, "a": list(n.a), "b": list(n.b)}
                for n in self.annotations
            ],
            "annotations_ignored": self.annotations_ignored,
            "refused": {
                side: refusal.to_json() if refusal is not None else None
                for side, refusal in zip("ab", self.refused, strict=True)
            },
            "outcome": {
                "differs": self.outcome_differs,
                "a": self.outcome_a.to_json() if self.outcome_a else None,
                "b": self.outcome_b.to_json() if self.outcome_b else None,
            },
        }

    def text(self) -> str:
        """The report for people, one finding per paragraph."""
        a, b = self.files
        seen = f" as {_viewer_name(self.viewer)} saw them" if self.viewer else ""
        lines: list[str] = [
            f"--- A: {a} (game {self.games[0]})",
            f"+++ B: {b} (game {self.games[1]})",
        ]
        if self.headers:
            lines.append("headers differ:")
            for h in self.headers:
                lines.append(f"  [{h.tag}]  A: {_quoted(h.a)}  B: {_quoted(h.b)}")
        if self.divergence is not None:
            d = self.divergence
            lines.append(f"first divergence{seen} at {d.address} (decision {d.index + 1}):")
            for side, move, refusal in zip("AB", (d.a, d.b), self.refused, strict=True):
                lines.append(f"  {side}: {_move_or_end(move, refusal, d.address)}")
            if d.state:
                lines.append(f"  the state right after it differs in: {', '.join(d.topics)}")
                for s in d.state:
                    lines.append(f"    {s.path}:  A: {_value(s.a)}  B: {_value(s.b)}")
        at = self.divergence.address if self.divergence is not None else None
        for side, refusal in zip("AB", self.refused, strict=True):
            if refusal is not None and refusal.address != at:
                lines.append(f"{side} is refused at {refusal.address}: {refusal.text()}")
        if self.hidden is not None:
            where = "never shows" if self.divergence is None else "shows only later"
            lines.append(
                f"the moves differ first at {self.hidden}, hidden from "
                f"{_viewer_name(self.viewer)} (the difference {where})"
            )
        if self.annotations:
            lines.append("annotations differ:")
            for n in self.annotations:
                lines.append(f"  {n.address} {n.kind}:  A: {_listed(n.a)}  B: {_listed(n.b)}")
        elif self.annotations_ignored:
            lines.append("annotations ignored")
        if self.outcome_differs and self.outcome_a and self.outcome_b:
            lines.append("outcome differs:")
            lines.append(f"  A: {_outcome_text(self.outcome_a)}")
            lines.append(f"  B: {_outcome_text(self.outcome_b)}")
        if self.same:
            lines.append(f"the records are the same game{seen}")
        return "\n".join(visible(line) for line in lines)  # record text, safe for terminals


def _move_or_end(move: str | None, refusal: Refusal | None, address: str) -> str:
    """A move of the divergence, or why that record has none there."""
    if move is not None:
        return move
    if refusal is not None and refusal.address == address:
        return refusal.text()
    return "(record ends)"


def _viewer_name(viewer: str | None) -> str:
    if viewer is None or viewer == SPECTATOR:
        return "a spectator"
    return colour_name(viewer)


def _quoted(value: str | None) -> str:
    return "(missing)" if value is None else json.dumps(value, ensure_ascii=False)


def _listed(values: tuple[str, ...]) -> str:
    if not values:
        return "(none)"
    return " | ".join(json.dumps(v, ensure_ascii=False) for v in values)


def _value(value: Any) -> str:
    if value is None:
        return "(absent)"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _outcome_text(outcome: Outcome) -> str:
    souls = ", ".join(f"{c} {s}" for c, s in outcome.souls)
    if outcome.terminal:
        winners = " ".join(outcome.winners) or "nobody"
        return f"game over, winners {winners}; souls {souls}"
    return f"ends unfinished at {outcome.address}; souls {souls}"


def _json_safe(value: Any) -> Any:
    """State leaves are JSON already; tuples (never expected) become lists."""
    return list(value) if isinstance(value, tuple) else value
