"""The one error a position raises: what is wrong, and in which field."""

from __future__ import annotations


class PositionError(ValueError):
    """A position text or JSON twin that cannot stand for a game state.

    ``field`` names the field at fault as docs/notation.md ("Positions") names it — a top-level
    field (``bag``), or a path into one (``seats.R.post``); ``column`` is the 1-based column in
    the text, when the fault is a syntax error there.
    """

    def __init__(self, field: str, message: str, column: int | None = None) -> None:
        super().__init__(f"field '{field}': {message}")
        self.field = field
        self.message = message
        self.column = column
