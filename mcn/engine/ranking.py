"""The end-of-game ranking: who placed where, and which rule decided it (R-END-3, I-END-5).

The rules name only the winners (R-END-3): every soul in Heaven, or else the soul nearest
Heaven. A tournament also needs the places below; I-END-5 ranks the other souls by their
distance from Heaven, as the track shows them. Only space 0 and Heaven hold several souls
(R-MOV-2); on space 0 the souls keep their order (``state.tie``), which the engine already
follows for every question of "nearer Heaven" — so the ranking below is the engine's own order
(:meth:`GameState.souls`), never a second reading of the track.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mcn.base.values import Value

if TYPE_CHECKING:
    from mcn.engine.state import GameState


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Placing(Value):
    """One player's place at the end of a game.

    ``place`` is 1 for every winner (souls in Heaven share it, R-END-3); the others follow in
    competition order (two winners, then place 3). ``space`` is the soul's final space (Heaven
    is ``-board.heaven``). ``rules`` are the IDs that decided this place: ``R-END-3`` for a
    winner, ``I-END-5`` for a place below the winners, plus ``R-MOV-2`` when the soul shared
    its space with another one and the order on that space decided between them.
    """

    colour: str
    place: int
    space: int
    heaven: bool
    shared: bool
    rules: tuple[str, ...]


def placings(state: GameState) -> tuple[Placing, ...]:
    """The ranking of a finished game, best first; empty while the game goes on."""
    if not state.is_terminal():
        return ()
    heaven = -state.board.heaven
    winners = state.winners()
    order = [colour for colour, _ in state.souls()]
    spaces = dict(state.souls())
    crowded = {space for space in spaces.values() if list(spaces.values()).count(space) > 1}
    out: list[Placing] = []
    for colour in (c for c in order if c in winners):
        space = spaces[colour]
        rules: tuple[str, ...] = ("R-END-3",)
        if space != heaven and space in crowded:
            rules += ("R-MOV-2",)
        out.append(Placing(colour, 1, space, space == heaven, len(winners) > 1, rules))
    place = len(winners) + 1
    for colour in (c for c in order if c not in winners):
        space = spaces[colour]
        rules = ("I-END-5", "R-MOV-2") if space in crowded else ("I-END-5",)
        out.append(Placing(colour, place, space, space == heaven, False, rules))
        place += 1
    return tuple(out)
