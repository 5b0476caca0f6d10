"""Compare two replayed records: headers, the first diverging decision, annotations, outcome.

Records are compared as *games*, not as text: both are replayed and their decisions (forced
moves and turn ends included, however each record spells or omits them) are walked side by
side. This is why two records that differ only in layout, letter case, implicit moves or the
order in which simultaneous secret bids were written are the same game.

* The **first divergence** is the first decision whose move differs (or where one record
  ends), reported with the difference of the two engine states right after it.
* Simultaneous bids of one round are compared as a set: a bid block counts as one decision, and
  the states are compared once all bids are in.
* **As a player saw it** (``viewer``): the records are the same for that player when every
  move reads the same to him (:func:`mcn.views.projection.action_tokens`) and, after every
  decision, his masked views (:func:`mcn.engine.view`) are equal. A difference he could not
  see (the compartment of another player's donation, say) is reported as *hidden* and only
  becomes a divergence once it shows.
* **Annotations** (comments, glyphs, variations, checkpoints) are compared separately, on the
  decisions both records share.

Everything here is pure: no I/O, no printing. :func:`compare` returns a :class:`Comparison`,
which renders as text or as JSON data (``schemas/diff.schema.json``).

The package has one module per concept; every name is re-exported here:

* :mod:`mcn.diff.divergence` - the first diverging decision (and the hidden one);
* :mod:`mcn.diff.states` - comparing two engine states;
* :mod:`mcn.diff.headers`, :mod:`mcn.diff.outcome`, :mod:`mcn.diff.annotations` - comparing
  headers, outcomes and annotations;
* :mod:`mcn.diff.report` - the :class:`Comparison` and its text and JSON renderings.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mcn.diff.annotations import AnnotationDifference, annotation_differences
from mcn.diff.divergence import Divergence, decision_blocks, walk
from mcn.diff.headers import HeaderDifference, header_differences
from mcn.diff.outcome import Outcome, outcome_of
from mcn.diff.refusal import Refusal, refusal_of
from mcn.diff.report import FORMAT, Comparison
from mcn.diff.states import (
    HIDDEN,
    SPECTATOR,
    StateDifference,
    flatten,
    state_differences,
    state_json,
    topic_of,
)
from mcn.notation.headers import Headers
from mcn.replay import GameReplay
from mcn.views import projection
from mcn.views.redact import AnnotationView, headers_seen

__all__ = [
    "FORMAT",
    "HIDDEN",
    "SPECTATOR",
    "AnnotationDifference",
    "Comparison",
    "Divergence",
    "HeaderDifference",
    "Outcome",
    "Refusal",
    "StateDifference",
    "annotation_differences",
    "compare",
    "decision_blocks",
    "flatten",
    "header_differences",
    "outcome_of",
    "refusal_of",
    "state_differences",
    "state_json",
    "topic_of",
]


def compare(
    a: GameReplay,
    b: GameReplay,
    *,
    viewer: str | None = None,
    annotations: bool = True,
) -> Comparison:
    """Compare two replays (made with ``keep_states=True``) of complete or partial records.

    ``viewer`` is a colour, ``"spectator"``, or None for the full (omniscient) comparison.
    """
    result = Comparison(
        viewer=viewer,
        annotations_ignored=not annotations,
        files=(a.file, b.file),
        games=(a.index, b.index),
    )
    seer = None if viewer in (None, SPECTATOR) else viewer
    if viewer is None:
        result.headers = header_differences(a.game, b.game)
    else:  # a [Position] as the viewer saw it (the one projection), never verbatim
        seen_a = replace(a.game, headers=Headers(headers_seen(a.game, a.main, seer)))
        seen_b = replace(b.game, headers=Headers(headers_seen(b.game, b.main, seer)))
        result.headers = header_differences(seen_a, seen_b)
    steps_a = a.main.steps if a.main else []
    steps_b = b.main.steps if b.main else []
    blocks_a, blocks_b = decision_blocks(steps_a), decision_blocks(steps_b)
    setups_differ = _start_json(a) != _start_json(b)
    revealed = {
        id(step): flag
        for steps in (steps_a, steps_b)
        for step, flag in zip(steps, projection.revealed_flags(steps), strict=True)
    }
    shared = walk(result, blocks_a, blocks_b, viewer, setups_differ, revealed)
    if annotations:
        views = None
        if viewer is not None:  # through the projection: what the viewer's record keeps
            views = (AnnotationView(a, seer), AnnotationView(b, seer))
        result.annotations = annotation_differences(a.game, b.game, shared, views)
    result.outcome_a = outcome_of(a)
    result.outcome_b = outcome_of(b)
    who = projection.EVERYTHING if viewer is None else seer
    result.refused = (refusal_of(a, who), refusal_of(b, who))
    return result


def _start_json(replay: GameReplay) -> dict[str, Any] | None:
    """The state a record's game starts from (players, ruleset, board, variant)."""
    return replay.main.start.to_json() if replay.main else None
