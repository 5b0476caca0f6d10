"""One meaning per address: the state *before* a decision and the state *after* it.

A decision address (``3.2.1``, ``3.bid.R``, ``3.5.2/1:3.6.1``) names one decision. Two states
surround it, and every part of mcn names which one it means (docs/notation.md, "Decision
addresses"):

* **before** (``mcn position/legal --at``, ``mcn.state_before``): the state in which the
  decision is pending. A prefix (``3``, ``3.5``) means its *first* decision: ``--at 3`` is the
  start of round 3.
* **after** (``mcn replay --to``, the HTML viewer's ``#address``, ``mcn.state_after``): the
  state the decision led to. A prefix means its *last* decision: ``--to 3`` is the end of
  round 3.

``start`` is the state before the first decision and ``end`` the state after the last, for
both. A line of play that stopped at an error still answers: the failing decision (a refused
bid ``3.bid.R`` included) is found *before* — the state where replay stopped — and any address
at or after it resolves to that same state with :attr:`Spot.stopped` set to the error, so that
callers can show it and say where and why replay stopped. Both the CLI and the library call
:func:`before` and :func:`after`, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcn.base.values import Fields
from mcn.engine import GameState
from mcn.replay.model import Diagnostic, GameReplay, Line, address_matches

__all__ = ["Spot", "address_key", "after", "before"]

#: The order of a round's sections; a turn number sorts between ``pick`` and ``post``.
_SECTIONS = {"prep": 1, "bid": 2, "pick": 3, "post": 10_000_000_000}
_SEATS = {"R": 0, "B": 1, "G": 2, "Y": 3}


@dataclass(slots=True, repr=False, eq=False)
class Spot(Fields):
    """A state found at an address: the state itself, its line, the index of the decision's
    step in that line (``len(line.steps)`` where the line stops), the address of the decision
    meant, and the error that stopped replay short of it (None when it was reached)."""

    state: GameState
    line: Line
    index: int
    address: str
    stopped: Diagnostic | None = None


def address_key(address: str) -> tuple[int, ...] | None:
    """A sort key for a main-line address or prefix (None when it is not one): ``setup`` before
    round 1, a round's sections in play order, ``end`` last. ``3`` sorts before ``3.1.1``."""
    if address == "start":
        return (-1,)
    if address == "end":
        return (10_000_000_000,)
    parts = address.split(".")
    key: list[int] = []
    head = parts[0]
    if head == "setup":
        key.append(0)
    elif head.isdigit() and len(head) <= 9:
        key.append(int(head))
    else:
        return None
    rest = parts[1:]
    if head == "setup":
        rest = ["0", *rest]  # setup.k sorts as section 0, number k
    for position, part in enumerate(rest):
        if position == 0 and part in _SECTIONS:
            key.append(_SECTIONS[part])
        elif position == 1 and part in _SEATS:
            key.append(_SEATS[part])
        elif part.isdigit() and len(part) <= 9:
            key.append(int(part) + (5 if position == 0 and head != "setup" else 0))
        else:
            return None
    return tuple(key)


def _is_beyond(target: str, error: Diagnostic) -> bool:
    """Whether ``target`` lies at or after the decision where ``error`` stopped its line."""
    if error.address is None:
        return False
    if address_matches(error.address, target):
        return True
    if "/" in target or "/" in error.address:
        return False
    mine, theirs = address_key(target), address_key(error.address)
    return mine is not None and theirs is not None and mine > theirs


def _stop(line: Line) -> Spot:
    """Where ``line`` stopped: its last state, the pending decision there."""
    state = line.final if line.final is not None else _state_after(line, len(line.steps) - 1)
    error = line.error
    address = (
        error.address
        if error is not None and error.address
        else line.prefix + state.pending_address()
    )
    return Spot(state, line, len(line.steps), address, error)


def _state_after(line: Line, index: int) -> GameState:
    if index < 0:
        return line.start
    state = line.steps[index].state
    assert state is not None, "replayed with keep_states"
    return state


def _lines(replay: GameReplay, target: str) -> list[Line]:
    main = replay.main
    if main is None:
        return []
    return replay.lines() if "/" in target else [main]


def before(replay: GameReplay, target: str) -> Spot | None:
    """The state in which decision ``target`` is pending (a prefix: its first decision); None
    when the game has no such decision. The replay must have kept its states."""
    main = replay.main
    if main is None:
        return None
    target = target.strip()
    if target in ("start", "setup"):
        address = main.steps[0].address if main.steps else main.start.pending_address()
        return Spot(main.start, main, 0, address)
    if target == "end":
        return _end(main)
    for line in _lines(replay, target):
        for index, step in enumerate(line.steps):
            if address_matches(step.address, target):
                return Spot(_state_after(line, index - 1), line, index, step.address)
        stop = _stop(line)
        pending = line.prefix + stop.state.pending_address()
        if line.error is not None and _is_beyond(target, line.error):
            return stop
        if address_matches(pending, target) or address_matches(stop.address, target):
            return stop
    return None


def after(replay: GameReplay, target: str) -> Spot | None:
    """The state decision ``target`` led to (a prefix: its last decision); None when the game
    has no such decision. Past an error, the state where replay stopped, with ``stopped``."""
    main = replay.main
    if main is None:
        return None
    target = target.strip()
    if target == "start":
        return Spot(main.start, main, -1, "start")
    if target == "end":
        return _end(main)
    for line in _lines(replay, target):
        if line.error is not None and _is_beyond(target, line.error):
            return _stop(line)
        found = -1
        for index, step in enumerate(line.steps):
            if address_matches(step.address, target):
                found = index
        if found >= 0:
            return Spot(_state_after(line, found), line, found, line.steps[found].address)
    return None


def _end(main: Line) -> Spot:
    """The end of the main line: after its last decision, or where it stopped."""
    if main.error is not None:
        return _stop(main)
    state = main.final if main.final is not None else _state_after(main, len(main.steps) - 1)
    return Spot(state, main, len(main.steps), "end")
