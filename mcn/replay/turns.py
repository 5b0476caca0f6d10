"""What a decision's address says about its turn (``3.5.1``: round 3, turn 5, its first
decision), read once per section.

Replay asks it of almost every item: whether the item's label names the turn its first move
is in (:meth:`~mcn.replay.checks.Checks.check_label`), whether an item's label names another
turn than the one still open (the walk), and which section a turn that may wait for its
``end`` lies in (:meth:`~mcn.replay.stepping.Stepper.end_turn`). Every answer depends only on
the address without its last part — the engine's ``section`` when the decision was taken
(``3.5`` for ``3.5.1``, ``1.bid`` for ``1.bid.R``) — so the binder hands the walk the state's
own section string (:attr:`~mcn.replay.binding.Binder.section`) and the facts are found by it:
one dictionary lookup by a string whose hash the state's object keeps, where the address of
every item was a new string hashed and compared in full (about 1.5 % of a compiled parse +
replay; docs/performance-history.md, "Per move, round four"). The engine gives every game the
same few hundred sections, so the bounded memo answers nearly every question.
"""

from __future__ import annotations

from typing import Final

#: Sections remembered at most (a game has a few hundred distinct ones; all games share them).
_LIMIT: Final = 1 << 12


class TurnOf:
    """The turn facts of one section (immutable; shared by every question about it)."""

    __slots__ = ("label_turn", "open_turn", "section", "turn_section")

    def __init__(
        self, label_turn: int | None, open_turn: int | None, section: str, turn_section: bool
    ) -> None:
        #: The turn a label must name for an item whose first move has an address in this
        #: section: the middle number of a three-part address (``3.5.1`` → 5), else None
        #: (``1.bid.R``).
        self.label_turn = label_turn
        #: The turn an item opened at such an address keeps open: the middle one of the
        #: address's last three parts, if a number (``3.5.1`` → 5), else None.
        self.open_turn = open_turn
        #: The address without its last part (``3.5.1`` → ``3.5``): the section the state
        #: is in while the turn lasts.
        self.section = section
        #: Whether that section is a turn (its last part a number), the only kind of section
        #: whose second action may be ``end`` (R-ACT-3).
        self.turn_section = turn_section


KNOWN_TURNS: Final[dict[str, TurnOf]] = {}


def turn_in(section: str) -> TurnOf:
    """The turn facts of every address in ``section`` (an address without its last part and
    without a variation prefix, as the engine's ``GameState.section`` holds it), memoised."""
    known = KNOWN_TURNS.get(section)
    if known is not None:
        return known
    parts = section.split(".")
    last = parts[-1].isdigit()
    label = int(parts[1]) if len(parts) == 2 and parts[1].isdigit() else None
    opened = int(parts[-1]) if len(parts) >= 2 and last else None
    found = TurnOf(label, opened, section, last)
    if len(KNOWN_TURNS) >= _LIMIT:
        KNOWN_TURNS.clear()
    KNOWN_TURNS[section] = found
    return found


def turn_of(address: str) -> TurnOf:
    """The turn facts of ``address`` (an address without a variation prefix, as the engine
    gives it): those of its section, the address without its last part."""
    return turn_in(address.rsplit(".", 1)[0])


def forget_turns() -> None:
    """Forget the memo (for cold-cache measurements, as the other memos of reading)."""
    KNOWN_TURNS.clear()
