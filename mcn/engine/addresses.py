"""Decision addresses and turn sections, each string made once per value.

Every decision has an address (``3.5.2``: the section, then the decision's number in it), and
replay asks for it once or twice per written move (``address_of``, ``pending_address``); each
turn starts a section (``3.5``). Built with an f-string every time, that was a new string per
decision — in the compiled build two integer-to-text conversions and a join, about 2 % of a
replay's instructions (docs/performance-history.md, "Per move, round five"). A game has only a
few hundred distinct addresses, so they are made once and looked up: a section's addresses in a
list by number, found by the section string itself (whose hash the string keeps, and which is
usually the very key object, since the sections come from here too).

The memos are bounded: past their limits they start again, so a process that plays many games
keeps at most a few thousand strings for them. Values outside the tables (a number past
:data:`NUMBERS`) are built as before, so every answer equals the f-string's.

The compiled build calls :func:`decision_address` (:data:`MADE_ONCE`): there an f-string is
two integer conversions and a join in C, dearer than the lookup. In the pure build the call
costs more than the f-string it spares (measured in instructions per replay, the memo cost the
pure build 0.7 % and saved the compiled one about 2 %), so its hot readers subscript
:data:`ADDRESSES` where they stand, ``ADDRESSES[section][number]``, and call only on a miss
(``LookupError``: a new section, or a number past the row): two subscripts, about a third of
the f-string's time (docs/performance-history.md, "Per move, round seven").
"""

from __future__ import annotations

from typing import Final

from mcn.engine.steps import Steps

#: Whether this is the compiled build (its classes native): then the engine looks addresses
#: and sections up here, else it builds them with an f-string (the module docstring says why).
MADE_ONCE: Final = "__mypyc_attrs__" in vars(Steps)

#: The addresses of each section seen, by number (``row[n]`` is ``f"{section}.{n}"``, 0 too).
ADDRESSES: Final[dict[str, list[str]]] = {}
#: Sections remembered at most (a game has about 60: setup, prep, bid, pick, turns, post).
_SECTIONS_LIMIT: Final = 1 << 12
#: Numbers kept per section; a section with more decisions (META CULPA side actions pile up
#: without bound) builds the rest.
NUMBERS: Final = 256

#: Numbers made at once when a section is first seen (a turn takes about four decisions).
FIRST_NUMBERS: Final = 8

#: The turn sections ``ROUND.TURN``, by round then turn (the pure build subscripts it, as
#: :data:`ADDRESSES`).
TURN_SECTIONS: Final[dict[int, list[str]]] = {}
#: Turns kept per round (a round has at most a few dozen).
TURNS: Final = 256


def decision_address(section: str, number: int) -> str:
    """``f"{section}.{number}"``: the address of decision ``number`` of ``section``."""
    if not 0 < number < NUMBERS:
        return f"{section}.{number}"
    row = ADDRESSES.get(section)
    if row is None:
        if len(ADDRESSES) >= _SECTIONS_LIMIT:
            ADDRESSES.clear()
        # a section's first numbers at once (from 0, so that a row holds ``row[n]`` for every
        # ``n`` below its length): the readers of the pure build subscript the rows and build
        # only on a miss, which then costs an exception (FIRST_NUMBERS)
        row = ADDRESSES[section] = [f"{section}.{more}" for more in range(FIRST_NUMBERS)]
    if number < len(row):
        return row[number]
    for more in range(len(row), number + 1):
        row.append(f"{section}.{more}")
    return row[number]


def turn_section(round_: int, turn: int) -> str:
    """``f"{round_}.{turn}"``: the section of turn ``turn`` of round ``round_``."""
    if not 0 <= turn < TURNS:
        return f"{round_}.{turn}"
    row = TURN_SECTIONS.get(round_)
    if row is None:
        if len(TURN_SECTIONS) >= _SECTIONS_LIMIT:
            TURN_SECTIONS.clear()
        row = TURN_SECTIONS[round_] = []
    if turn < len(row):
        return row[turn]
    for more in range(len(row), turn + 1):
        row.append(f"{round_}.{more}")
    return row[turn]


def forget_addresses() -> None:
    """Forget the strings made so far (for cold-cache measurements and tests)."""
    ADDRESSES.clear()
    TURN_SECTIONS.clear()
