"""Comparing two records' header tags.

Split out of :mod:`mcn.diff`: headers are compared as plain tag/value pairs, independently of
the game walk, so they live apart from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcn.notation.model import Game


@dataclass(frozen=True, slots=True)
class HeaderDifference:
    """One tag whose value differs; None where a record lacks the tag."""

    tag: str
    a: str | None
    b: str | None


def header_differences(a: Game, b: Game) -> list[HeaderDifference]:
    """Tag by tag, in A's order then B's extra tags: the values that differ."""
    values_a = {h.tag: h.value for h in a.headers}
    values_b = {h.tag: h.value for h in b.headers}
    tags = list(values_a) + [t for t in values_b if t not in values_a]
    return [
        HeaderDifference(t, values_a.get(t), values_b.get(t))
        for t in tags
        if values_a.get(t) != values_b.get(t)
    ]
