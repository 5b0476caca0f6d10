"""Comparing annotations (comments, glyphs, variations, checkpoints) on shared decisions.

Split out of :mod:`mcn.diff`: annotations are compared separately from the moves, on the
decisions both records share, so how a record's annotations are gathered lives here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mcn.notation.model import Checkpoint, Comment, Game, Item, Move
from mcn.replay import Step

if TYPE_CHECKING:
    from mcn.views.redact import AnnotationView


@dataclass(frozen=True, slots=True)
class AnnotationDifference:
    """Annotations of one shared decision (or of the end) that differ.

    ``kind`` is ``comments``, ``glyphs``, ``variations`` or ``checkpoints``; ``a`` and ``b`` are
    short descriptions, one string per annotation.
    """

    address: str
    kind: str
    a: tuple[str, ...]
    b: tuple[str, ...]


@dataclass(slots=True)
class _Annotations:
    """What a record says about one decision besides the move itself."""

    comments: list[str] = field(default_factory=list)
    glyphs: list[str] = field(default_factory=list)
    variations: list[str] = field(default_factory=list)
    checkpoints: list[str] = field(default_factory=list)
    variation_data: tuple[object, ...] = ()


def _loose_annotations(
    game: Game, view: AnnotationView | None
) -> tuple[dict[int, _Annotations], _Annotations]:
    """Game-level comments and checkpoints, attached to the move that follows them (only
    those ``view``'s viewer may read, with a view).

    Keys are ``id(move)`` (the replay's steps hold the very same Move objects); the second
    value collects what follows the last move.
    """
    attached: dict[int, _Annotations] = {}
    pending = _Annotations()
    for element in game.body:
        if view is not None and not view.keeps(element):
            continue
        if isinstance(element, Comment):
            pending.comments.append(element.text)
        elif isinstance(element, Checkpoint):
            pending.checkpoints.append(element.text)
        elif isinstance(element, Item) and (pending.comments or pending.checkpoints):
            attached[id(element.moves[0])] = pending
            pending = _Annotations()
    return attached, pending


def _move_annotations(
    move: Move | None, loose: dict[int, _Annotations], view: AnnotationView | None
) -> _Annotations:
    out = _Annotations()
    if move is None:
        return out
    extra = loose.get(id(move))
    if extra is not None:
        out.comments.extend(extra.comments)
        out.checkpoints.extend(extra.checkpoints)
    variations = move.variations if view is None else view.variations(move)
    if view is not None:
        move = view.move(move)  # through the projection: what the viewer may read
    out.comments.extend(f"before: {c.text}" for c in move.before)
    out.comments.extend(c.text for c in move.after)
    out.glyphs.extend(move.glyphs)
    out.variations.extend(_variation_summary(v) for v in variations)
    out.variation_data = variations
    return out


def _variation_summary(variation: tuple[object, ...]) -> str:
    """A variation's moves on its own line of play (nested variations not entered)."""
    moves: list[str] = []
    for element in variation:
        if isinstance(element, Item):
            for move in element.moves:
                moves.append(move.text if move.is_chance else f"{move.actor}: {move.text}")
    text = "; ".join(moves)
    return text if len(text) <= 120 else text[:119] + "…"


def annotation_differences(
    a: Game,
    b: Game,
    shared: list[tuple[Step, Step]],
    views: tuple[AnnotationView, AnnotationView] | None = None,
) -> list[AnnotationDifference]:
    """Annotation differences on the decisions both records share, and at their ends; with
    ``views``, as one viewer may read each record's annotations (:class:`AnnotationView`)."""
    view_a, view_b = views if views is not None else (None, None)
    loose_a, tail_a = _loose_annotations(a, view_a)
    loose_b, tail_b = _loose_annotations(b, view_b)
    out: list[AnnotationDifference] = []
    for step_a, step_b in shared:
        notes_a = _move_annotations(step_a.move, loose_a, view_a)
        notes_b = _move_annotations(step_b.move, loose_b, view_b)
        out.extend(_annotation_pair(step_a.address, notes_a, notes_b))
    out.extend(_annotation_pair("end", tail_a, tail_b))
    return out


def _annotation_pair(address: str, a: _Annotations, b: _Annotations) -> list[AnnotationDifference]:
    out = []
    for kind in ("comments", "glyphs", "checkpoints"):
        value_a, value_b = getattr(a, kind), getattr(b, kind)
        if value_a != value_b:
            out.append(AnnotationDifference(address, kind, tuple(value_a), tuple(value_b)))
    if a.variation_data != b.variation_data:
        out.append(
            AnnotationDifference(address, "variations", tuple(a.variations), tuple(b.variations))
        )
    return out
