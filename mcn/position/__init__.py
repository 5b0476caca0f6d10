"""Positions: a complete game state as one line of text (MCN's FEN) and its JSON twin.

Where a record stands at a decision — board, ruleset, variant, every public and secret element,
the pending decision — written so that a record may start there (``[Position "…"]``) and replay
goes on exactly as from the full record (docs/notation.md, "Positions")::

    state = state_from_text(text)               # PositionError naming the field at fault
    text = format_position(parse_position(text))  # the canonical line (mcnpos/1 …)

Modules: :mod:`~mcn.position.model` (the JSON twin, to and from the engine's state JSON),
:mod:`~mcn.position.text` (the line), :mod:`~mcn.position.checks` (invariants, field by field),
:mod:`~mcn.position.api` (a full position to a state, checked). A state written as a position
as one viewer sees it (``position_text(state, viewer="B")``: '?' for what Blue cannot see) goes
through the one projection: :mod:`mcn.views.positions`. This package imports no view, so
replay can start a record from a position.
"""

from __future__ import annotations

from mcn.position.api import state_from_position, state_from_text
from mcn.position.errors import PositionError
from mcn.position.model import FORMAT, MASK, TAG, Position, is_masked
from mcn.position.text import FIELDS, format_position, parse_position

__all__ = [
    "FIELDS",
    "FORMAT",
    "MASK",
    "TAG",
    "Position",
    "PositionError",
    "format_position",
    "is_masked",
    "parse_position",
    "state_from_position",
    "state_from_text",
]
