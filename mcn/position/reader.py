"""A hand-written reader of position texts, for start-up: no parser to build.

``mcn position TEXT`` and ``mcn legal TEXT`` read one line. Building the grammar's parser for
it (Lark and its analysis, even cached on disk) was about a fifth of those commands' start
(issue 34); this reader splits the line at its spaces and reads each field with a regular
expression spelt after the grammar's terminals, in a few hundredths of a millisecond.

The grammar (``grammar/position.lark``, read by :mod:`mcn.position.grammar`) stays the contract:
:func:`read_position` returns the JSON twin only for a text the grammar reads to that very twin,
and None for anything else — a text it is unsure of as much as a wrong one — which
:func:`mcn.position.text.parse_position` then hands to the grammar, for the twin or the error
naming the field and column. ``tests/positions/test_reader.py`` holds the two to the same
answers, on every position of the examples and on texts generated from the grammar and broken.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mcn.position.model import FORMAT, MASK, Position

# The grammar's terminals (grammar/position.lark), as whole-field patterns.
_INT = r"-?[0-9]+"
_INTS = r"-?[0-9]+(?:\.-?[0-9]+)*"
_NAME = r"[a-z0-9][a-z0-9_-]*"
_COLOURS = r"[RBGY]+"

_IS_INT = re.compile(_INT).fullmatch
_IS_INTS = re.compile(_INTS).fullmatch
_IS_NAME = re.compile(_NAME).fullmatch
_IS_COLOURS = re.compile(_COLOURS).fullmatch
_IS_ADDRESS = re.compile(r"[a-z0-9]+(?:\.[a-z0-9]+)*").fullmatch
_IS_BITS = re.compile(r"[01]{6}").fullmatch
_IS_HOLDERS = re.compile(r"[RBGY-]{4}").fullmatch
_IS_NAMES = re.compile(rf"{_NAME}(?:,{_NAME})*").fullmatch
_IS_LETTERS = re.compile(rf"({_INTS})\+({_INT})\?").fullmatch
_IS_BID = re.compile(rf"([RBGY])=(?:(-)|(\?)|({_INT})\+({_INT}))").fullmatch
_IS_CARD = re.compile(rf"({_NAME})=({_INT})").fullmatch
_IS_STEP = re.compile(r"([a-z][a-z0-9_]*)(?:\(([^()]*)\))?").fullmatch
_IS_ARGUMENT_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*").fullmatch
_IS_SEAT = re.compile(
    rf"([RBGY])=({_INT}),({_INT}),({_INT}),([^,]*),([^,]*),([^,]*),([^,]*),([^,]*),([^,]*)"
).fullmatch

NONE = "-"

#: The grammar this reader follows (the first 16 hex digits of the SHA-256 of
#: ``grammar/position.lark``): ``tests/positions/test_reader.py`` fails when the grammar changes,
#: until the reader has been brought along and this digest with it.
GRAMMAR_DIGEST = "e71b69e740a63c78"


class _NotRead(Exception):
    """This reader does not accept the field: the grammar is asked."""


def _int(text: str) -> int:
    if _IS_INT(text) is None:
        raise _NotRead
    return int(text)


def _ints(text: str) -> list[int]:
    if _IS_INTS(text) is None:
        raise _NotRead
    return [int(number) for number in text.split(".")]


def _name(text: str) -> str:
    if _IS_NAME(text) is None:
        raise _NotRead
    return text


def _colours(text: str) -> list[str]:
    """``COLOURS`` (players)."""
    if _IS_COLOURS(text) is None:
        raise _NotRead
    return list(text)


def _colours_or_none(text: str) -> list[str]:
    """``NONE | COLOURS`` (choosers, winners, an evaluation's queue)."""
    return [] if text == NONE else _colours(text)


def _secret_int(text: str) -> int | str:
    return MASK if text == MASK else _int(text)


def _secret_ints(text: str) -> list[int] | str:
    return MASK if text == MASK else _ints(text)


def _letters(text: str) -> list[int] | dict[str, Any] | str:
    """``ints | MASK | ints "+" INT MASK``: by colour, plus letters known of but not seen."""
    if text == MASK:
        return MASK
    plus = _IS_LETTERS(text)
    if plus is None:
        return _ints(text)
    return {"known": _ints(plus.group(1)), "unknown": int(plus.group(2))}


def _infractions(text: str) -> list[str]:
    if text == NONE:
        return []
    if _IS_NAMES(text) is None:
        raise _NotRead
    return text.split(",")


def _address(text: str) -> str:
    if _IS_ADDRESS(text) is None:
        raise _NotRead
    return text


def _seats(text: str) -> dict[str, dict[str, Any]]:
    pairs: list[tuple[str, dict[str, Any]]] = []
    for seat in text.split("/"):
        match = _IS_SEAT(seat)
        if match is None:
            raise _NotRead
        colour, space, tie, post, money, goods, letters, shown, chest, sins = match.groups()
        values = {
            "space": int(space),
            "tie": int(tie),
            "post": int(post),
            "money": _secret_int(money),
            "goods": _secret_ints(goods),
            "letters": _letters(letters),
            "shown": _ints(shown),
            "chest": _secret_ints(chest),
            "sins": _ints(sins),
        }
        pairs.append((colour, values))
    return dict(pairs)  # as the grammar's reader: a colour given twice keeps its last seat


def _visited(text: str) -> list[bool]:
    if _IS_BITS(text) is None:
        raise _NotRead
    return [bit == "1" for bit in text]


def _rooms(text: str) -> list[str | None]:
    rooms = text.split(",")
    if len(rooms) != 4:
        raise _NotRead
    return [None if room == NONE else _name(room) for room in rooms]


def _cards(text: str) -> dict[str, int]:
    if text == NONE:
        return {}
    pairs: list[tuple[str, int]] = []
    for card in text.split(","):
        match = _IS_CARD(card)
        if match is None:
            raise _NotRead
        pairs.append((match.group(1), int(match.group(2))))
    return dict(pairs)


def _bonuses(text: str) -> list[int]:
    return [] if text == NONE else _ints(text)


def _characters(text: str) -> list[str | None]:
    if _IS_HOLDERS(text) is None:
        raise _NotRead
    return [None if holder == NONE else holder for holder in text]


def _bids(text: str) -> dict[str, Any]:
    if text == NONE:
        return {}
    pairs: list[tuple[str, Any]] = []
    for bid in text.split(","):
        match = _IS_BID(bid)
        if match is None:
            raise _NotRead
        colour, none, mask, post, taler = match.groups()
        value: Any = None if none else MASK if mask else [int(post), int(taler)]
        pairs.append((colour, value))
    return dict(pairs)


def _evaluation(text: str) -> dict[str, Any] | None:
    if text == NONE:
        return None
    parts = text.split(",")
    if len(parts) != 6:
        raise _NotRead
    site, compartment, category, display, queue, rest = parts
    if compartment not in ("I", "II"):
        raise _NotRead
    if rest != NONE and (len(rest) != 1 or rest not in "RBGY"):
        raise _NotRead
    return {
        "site": _int(site),
        "compartment": compartment,
        "category": _int(category),
        "display": _ints(display),
        "queue": _colours_or_none(queue),
        "rest": None if rest == NONE else rest,
    }


def _argument(text: str) -> int | str:
    if text == "" or _IS_ARGUMENT_WORD(text) is not None:
        return text
    return _int(text)


def _stack(text: str) -> list[list[Any]]:
    if text == NONE:
        return []
    steps: list[list[Any]] = []
    for step in text.split("/"):
        match = _IS_STEP(step)
        if match is None:
            raise _NotRead
        tag, arguments = match.groups()
        if arguments is None:
            steps.append([tag])
        else:
            steps.append([tag, *(_argument(a) for a in arguments.split(","))])
    return steps


#: The readers of the fields after the version tag, in the order of the text
#: (:data:`mcn.position.text.FIELDS`), each the grammar's rule of the same name.
_READERS: tuple[tuple[str, Callable[[str], Any]], ...] = (
    ("players", _colours),
    ("ruleset", _name),
    ("board", _name),
    ("variant", _name),
    ("infractions", _infractions),
    ("next", _address),
    ("round", _int),
    ("phase", _name),
    ("turn", _int),
    ("character", _name),
    ("seats", _seats),
    ("pope_stones", _ints),
    ("crews", _ints),
    ("levels", _ints),
    ("hut", _int),
    ("card_crew", _int),
    ("finished", _int),
    ("market", _ints),
    ("bag", _ints),
    ("supply", _ints),
    ("suite6", _int),
    ("visited", _visited),
    ("rooms", _rooms),
    ("pile", _cards),
    ("discard", _cards),
    ("bonuses", _bonuses),
    ("characters", _characters),
    ("bids", _bids),
    ("choosers", _colours_or_none),
    ("pope_die", _secret_int),
    ("evaluation", _evaluation),
    ("winners", _colours_or_none),
    ("stack", _stack),
)


def read_position(text: str) -> Position | None:
    """The JSON twin of the position ``text`` — stripped, its version tag checked — or None
    when this reader does not accept it (the grammar then reads it or names the error)."""
    fields = text.split(" ")
    if len(fields) != len(_READERS) + 1:
        return None
    data: Position = {"format": FORMAT}
    try:
        for (name, read), field in zip(_READERS, fields[1:], strict=True):
            data[name] = read(field)
    except _NotRead:
        return None
    return data
