"""A game state written as a position (MCN's FEN) as one viewer sees it.

The position's fields are read from the state JSON the one projection gives that viewer
(:func:`mcn.views.projection.state_json`): what the viewer cannot know is
:data:`~mcn.position.model.MASK`. The way back, a full position to a state, is the position
package's (:func:`mcn.position.state_from_position`), which replay uses to start a record from
a position; this half needs the projection, which stands above replay, so it lives here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine import GameState
from mcn.position.model import Position, from_state_json
from mcn.position.text import format_position
from mcn.views.projection import EVERYTHING, state_json

if TYPE_CHECKING:
    from mcn.knowledge.memory import Memory

ALL = EVERYTHING
"""The viewer that sees everything (the full position)."""


def position_of(
    state: GameState, viewer: str | None = ALL, memory: Memory | None = None
) -> Position:
    """The position of ``state`` as ``viewer`` sees it: :data:`ALL` (everything), a colour, or
    None (a spectator); what the viewer cannot know is :data:`~mcn.position.model.MASK`.
    ``memory`` is what the viewer remembers of the game before it
    (:func:`mcn.views.projection.memory_of`, I-HID-5); without it only the state itself is known."""
    return from_state_json(state_json(state, viewer, memory))


def position_text(state: GameState, viewer: str | None = ALL, memory: Memory | None = None) -> str:
    """The canonical position text of ``state`` as ``viewer`` sees it."""
    return format_position(position_of(state, viewer, memory))
