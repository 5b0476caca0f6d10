"""Finding the first decision where two records part (and a difference hidden from the viewer).

Split out of :mod:`mcn.diff` so that the side-by-side walk of the decisions - bid blocks
compared as sets, moves as the viewer saw them, states compared after them - is one concept in
one module; it fills in the :class:`~mcn.diff.report.Comparison` that the report renders.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from mcn.diff.states import SPECTATOR, StateDifference, state_differences, topic_of
from mcn.engine import CHANCE, GameState
from mcn.knowledge.memory import GAME_START, Memory, remember
from mcn.replay import Step
from mcn.views import projection

if TYPE_CHECKING:
    from mcn.diff.report import Comparison

_BID_ADDRESS: Final = re.compile(r"^(?:.*:)?(\d+)\.bid\.[RBGY]$")


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first decision where the records part.

    ``a``/``b`` are the moves (``"B: buy wine"``), None where that record has ended;
    ``address`` is the decision's address (taken from the record that still has a move).
    ``state`` lists the differences of the two states right after it.
    """

    index: int
    address: str
    a: str | None
    b: str | None
    state: tuple[StateDifference, ...]

    @property
    def topics(self) -> list[str]:
        """What the state differences are about (``souls``, ``money``…), in first-seen order."""
        return list(dict.fromkeys(topic_of(d.path) for d in self.state))


def walk(
    result: Comparison,
    blocks_a: list[list[Step]],
    blocks_b: list[list[Step]],
    viewer: str | None,
    setups_differ: bool,
    revealed: dict[int, bool],
) -> list[tuple[Step, Step]]:
    """Walk the decision blocks side by side; set the divergence (and the hidden one).

    States are compared only where they can differ: after different moves, or throughout when
    the games were set up differently or a hidden difference has already happened. Returns the
    pairs of steps both records share up to the divergence (for the annotation comparison).
    """
    shared: list[tuple[Step, Step]] = []
    states_differ = setups_differ
    decisions = 0
    memory_a = _Memories(viewer)
    memory_b = _Memories(viewer)
    for number in range(max(len(blocks_a), len(blocks_b))):
        if number >= len(blocks_a) or number >= len(blocks_b):
            ended_a = number >= len(blocks_a)
            step = (blocks_b if ended_a else blocks_a)[number][0]
            move = _move_text(step, viewer, revealed)
            result.divergence = Divergence(
                decisions, step.address, None if ended_a else move, move if ended_a else None, ()
            )
            break
        block_a, block_b = blocks_a[number], blocks_b[number]
        moves_differ, first = _block_difference(block_a, block_b)
        if not moves_differ:
            shared.extend(_pairs(block_a, block_b))
        memory_a.see(block_a)
        memory_b.see(block_b)
        if moves_differ or states_differ:
            differences = state_differences(
                _state_after(block_a),
                _state_after(block_b),
                viewer,
                (memory_a.memory, memory_b.memory),
            )
            seen = moves_differ and _seen_moves(block_a, viewer, revealed) != _seen_moves(
                block_b, viewer, revealed
            )
            if differences or seen or _addresses(block_a) != _addresses(block_b):
                if viewer is not None:  # where the viewer sees it, not where it is hidden
                    first = _first_seen(block_a, block_b, viewer, revealed)
                index = decisions + _index_in_block(block_a, first)
                result.divergence = _divergence(
                    index, first, block_a, block_b, differences, viewer, revealed
                )
                break
            if moves_differ:
                shared.extend(_pairs(block_a, block_b))
                states_differ = True
                if result.hidden is None:
                    result.hidden = first
        decisions += len(block_a)
    return shared


def _divergence(
    index: int,
    address: str,
    block_a: list[Step],
    block_b: list[Step],
    state: list[StateDifference],
    viewer: str | None,
    revealed: dict[int, bool],
) -> Divergence:
    step_a = next((s for s in block_a if s.address == address), None)
    step_b = next((s for s in block_b if s.address == address), None)
    return Divergence(
        index,
        address,
        _move_text(step_a, viewer, revealed) if step_a else None,
        _move_text(step_b, viewer, revealed) if step_b else None,
        tuple(state),
    )


def decision_blocks(steps: list[Step]) -> list[list[Step]]:
    """The steps grouped so that each round's secret bids form one block (compared as a set)."""
    blocks: list[list[Step]] = []
    current_round: str | None = None
    for step in steps:
        match = _BID_ADDRESS.match(step.address)
        if match is not None and current_round == match.group(1) and blocks:
            blocks[-1].append(step)
            continue
        current_round = match.group(1) if match else None
        blocks.append([step])
    return blocks


def _block_difference(block_a: list[Step], block_b: list[Step]) -> tuple[bool, str]:
    """Whether two blocks' moves differ, and the address of the first difference (A's order)."""
    moves_b = {s.address: s.action for s in block_b}
    for step in block_a:
        if moves_b.get(step.address) != step.action:
            return True, step.address
    if len(block_b) != len(block_a):
        moves_a = {s.address for s in block_a}
        extra = next(s.address for s in block_b if s.address not in moves_a)
        return True, extra
    return False, block_a[0].address


def _first_seen(
    block_a: list[Step], block_b: list[Step], viewer: str, revealed: dict[int, bool]
) -> str:
    """The address of the first move of a block that ``viewer`` reads differently in the two
    records (A's order, then B's extra moves); the block's last decision, after which the
    states are compared, when he reads every move alike. Which of two hidden bids differs is
    none of his business: the address must not depend on it."""
    seen_a = _seen_moves(block_a, viewer, revealed)
    seen_b = _seen_moves(block_b, viewer, revealed)
    for address, text in seen_a.items():
        if seen_b.get(address) != text:
            return address
    extra = next((address for address in seen_b if address not in seen_a), None)
    return extra if extra is not None else block_a[-1].address


def _pairs(block_a: list[Step], block_b: list[Step]) -> list[tuple[Step, Step]]:
    by_address = {s.address: s for s in block_b}
    return [(s, by_address[s.address]) for s in block_a if s.address in by_address]


def _addresses(block: list[Step]) -> set[str]:
    return {s.address for s in block}


def _index_in_block(block: list[Step], address: str) -> int:
    return next((i for i, s in enumerate(block) if s.address == address), 0)


class _Memories:
    """What the viewer remembers of one record, block by block (I-HID-5: his view of a state
    shows what he can know from the path to it)."""

    def __init__(self, viewer: str | None) -> None:
        self.viewer = viewer
        self.memory: Memory | None = None

    def see(self, block: list[Step]) -> None:
        if self.viewer is None or not block:
            return
        if self.memory is None:
            if block[0].address != GAME_START:  # a record from a position: memory_of's rule
                self.viewer = None
                return
            seen = None if self.viewer == SPECTATOR else self.viewer
            steps = [(step.address, step.action, step.events) for step in block]
            self.memory = remember(_state_after(block), steps, seen)
            return
        for step in block:
            self.memory.see(step.address, step.action, step.events)


def _state_after(block: list[Step]) -> GameState:
    state = block[-1].state
    if state is None:
        raise ValueError("compare() needs replays made with keep_states=True")
    return state


def _move_text(step: Step, viewer: str | None, revealed: dict[int, bool]) -> str:
    """A step as the record writes it (``B: buy wine``, ``market: …`` for chance), or, with a
    viewer, as the viewer's redacted record writes it (``B: donate jewel>?``)."""
    if viewer is None:
        text = step.action.text
    else:
        seer = None if viewer == SPECTATOR else viewer
        text = " ".join(
            projection.action_tokens(step.action, seer, step.events, revealed.get(id(step), False))
        )
    return text if step.action.actor == CHANCE else f"{step.action.actor}: {text}"


def _seen_moves(block: list[Step], viewer: str | None, revealed: dict[int, bool]) -> dict[str, str]:
    """The moves of a block as ``viewer`` saw them (all of them, without a viewer)."""
    return {step.address: _move_text(step, viewer, revealed) for step in block}
