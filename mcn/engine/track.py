"""The Record of Sins: moving souls (R-MOV-1..5, I-MOV-6, I-END-4).

Positions are integers: 0 is the start, 1..``board.hell`` lead to Hell, negative numbers lead
to Heaven, and ``-board.heaven`` is Heaven itself (any number of souls). Space 0 and Heaven hold
several souls; their order is kept in ``state.tie`` (lower = nearer Heaven).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine.events.shared import soul_moved

if TYPE_CHECKING:
    from mcn.engine.state import GameState


def to_hell(s: GameState, colour: str, steps: int, why: str, rule: str) -> None:
    """Move a soul ``steps`` toward Hell, skipping occupied spaces (R-MOV-3); a move that
    would end beyond the last space does not happen at all (R-MOV-4, I-MOV-6)."""
    if steps <= 0:
        return
    pos = s.pos
    source = pos[colour]
    target = source + steps
    occupied = {p for c, p in pos.items() if c != colour}
    while target in occupied:
        target += 1
    if target > s.board.hell:
        s._events.append(soul_moved(rule, colour, source, source, steps, why, True))
        return
    pos[colour] = target
    s._events.append(soul_moved(rule, colour, source, target, steps, why))


def to_heaven(s: GameState, colour: str, steps: int, why: str, rule: str) -> None:
    """Move a soul ``steps`` toward Heaven (only when letters are scored, R-END-2). Occupied
    spaces are skipped, space 0 included (R-MOV-3); reaching ``-heaven`` enters Heaven."""
    if steps <= 0:
        return
    pos = s.pos
    heaven = -s.board.heaven
    source = pos[colour]
    target = source - steps
    occupied = {p for c, p in pos.items() if c != colour and p != heaven}
    while target > heaven and target in occupied:
        target -= 1
    if target <= heaven:
        target = heaven
        # Later arrivals stand behind earlier ones (only the order matters, see hell_key).
        s.tie[colour] = 1 + max((s.tie[c] for c, p in pos.items() if p == heaven), default=-1)
    pos[colour] = target
    s._events.append(soul_moved(rule, colour, source, target, -steps, why))


def several_to_hell(s: GameState, moves: dict[str, int], why: str, rule: str) -> None:
    """Several souls move at once: nearest Hell first (R-MOV-5)."""
    for colour in s.hell_order():
        steps = moves.get(colour, 0)
        if steps:
            to_hell(s, colour, steps, why, rule)
