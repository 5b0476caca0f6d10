"""What a decision's address says about its turn (``3.5.1``: round 3, turn 5, its first
decision), read once per address.

Replay asks it of almost every item: whether the item's label names the turn its first move
is in (:meth:`~mcn.replay.checks.Checks.check_label`), whether an item's label names another
turn than the one still open (the walk), and which section a turn that may wait for its
``end`` lies in (:meth:`~mcn.replay.binding.Binder.end_turn`). Splitting the address and
reading the number each time was about 1.5 % of a compiled parse + replay; the engine gives
every game the same few hundred addresses, so a bounded memo answers nearly every question
with one dictionary lookup (docs/performance-history.md, "Replay's own work per decision").
"""

from __future__ import annotations

from typing import Final

#: Addresses remembered at most (a game has a few hundred distinct ones; all games share them).
_LIMIT: Final = 1 << 12


class TurnOf:
    """The turn facts of one address (immutable; shared by every question about it)."""

    __slots__ = ("label_turn", "open_turn", "section", "turn_section")

    def __init__(
        self, label_turn: int | None, open_turn: int | None, section: str, turn_section: bool
    ) -> None:
        #: The turn a label must name for an item whose first move has this address: the
        #: middle number of a three-part address (``3.5.1`` → 5), else None (``1.bid.R``).
        self.label_turn = label_turn
        #: The turn an item opened at this address keeps open: the middle one of its last
        #: three parts, if a number (``3.5.1`` → 5), else None.
        self.open_turn = open_turn
        #: The address without its last part (``3.5.1`` → ``3.5``): the section the state
        #: is in while the turn lasts.
        self.section = section
        #: Whether that section is a turn (its last part a number), the only kind of section
        #: whose second action may be ``end`` (R-ACT-3).
        self.turn_section = turn_section


_KNOWN: Final[dict[str, TurnOf]] = {}


def turn_of(address: str) -> TurnOf:
    """The turn facts of ``address`` (an address without a variation prefix, as the engine
    gives it), memoised."""
    known = _KNOWN.get(address)
    if known is not None:
        return known
    parts = address.split(".")
    label = int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None
    last_three = address.rsplit(".", 2)
    opened = int(last_three[1]) if len(last_three) == 3 and last_three[1].isdigit() else None
    section = address.rsplit(".", 1)[0]
    found = TurnOf(label, opened, section, section.rpartition(".")[2].isdigit())
    if len(_KNOWN) >= _LIMIT:
        _KNOWN.clear()
    _KNOWN[address] = found
    return found


def forget_turns() -> None:
    """Forget the memo (for cold-cache measurements, as the other memos of reading)."""
    _KNOWN.clear()
