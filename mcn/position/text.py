"""A position as one line of text, MCN's FEN (docs/notation.md, "Positions").

:func:`format_position` writes the canonical text of a position's JSON twin; :func:`parse_position`
reads one and returns the twin: by :mod:`mcn.position.reader` (no parser to build at start-up),
and where that reader does not accept the text, by the grammar ``grammar/position.lark``
(:mod:`mcn.position.grammar`, the contract), which reads it or names the field at fault.
Reading checks syntax only; :mod:`mcn.position.checks` judges what the fields say.
"""

from __future__ import annotations

import re
from typing import Any

from mcn.position.errors import PositionError
from mcn.position.model import MASK, TAG, Position

#: The fields of a position text, in order (the names of the JSON twin's keys).
FIELDS = (
    "version",
    "players",
    "ruleset",
    "board",
    "variant",
    "infractions",
    "next",
    "round",
    "phase",
    "turn",
    "character",
    "seats",
    "pope_stones",
    "crews",
    "levels",
    "hut",
    "card_crew",
    "finished",
    "market",
    "bag",
    "supply",
    "suite6",
    "visited",
    "rooms",
    "pile",
    "discard",
    "bonuses",
    "characters",
    "bids",
    "choosers",
    "pope_die",
    "evaluation",
    "winners",
    "stack",
)
NONE = "-"

# ---------------------------------------------------------------------------------- writing


def _ints(values: list[int] | str) -> str:
    return values if isinstance(values, str) else ".".join(map(str, values))


def _letters(values: list[int] | dict[str, Any] | str) -> str:
    """``1.0.2.0``, or ``1.0.2.0+1?`` when the viewer knows of one more letter but not its
    colour (I-HID-5), or ``?``."""
    if isinstance(values, dict):
        return f"{_ints(values['known'])}+{values['unknown']}{MASK}"
    return _ints(values)


def _secret(value: Any) -> str:
    return MASK if value == MASK else str(value)


def _cards(counts: dict[str, int]) -> str:
    return ",".join(f"{card}={n}" for card, n in counts.items() if n) or NONE


def _seat(colour: str, seat: dict[str, Any]) -> str:
    values = [
        str(seat["space"]),
        str(seat["tie"]),
        str(seat["post"]),
        _secret(seat["money"]),
        _ints(seat["goods"]),
        _letters(seat["letters"]),
        _ints(seat["shown"]),
        _ints(seat["chest"]),
        _ints(seat["sins"]),
    ]
    return f"{colour}={','.join(values)}"


def _bid(value: Any) -> str:
    if value is None:
        return NONE
    if value == MASK:
        return MASK
    return f"{value[0]}+{value[1]}"


def _step(step: list[Any]) -> str:
    if len(step) == 1:
        return str(step[0])
    return f"{step[0]}({','.join(str(a) for a in step[1:])})"


def _evaluation(ev: dict[str, Any] | None) -> str:
    if ev is None:
        return NONE
    parts = [
        str(ev["site"]),
        ev["compartment"],
        str(ev["category"]),
        _ints(ev["display"]),
        "".join(ev["queue"]) or NONE,
        ev["rest"] or NONE,
    ]
    return ",".join(parts)


def format_position(position: Position) -> str:
    """The canonical one-line text of a position's JSON twin."""
    p = position
    fields = [
        TAG,
        "".join(p["players"]),
        p["ruleset"],
        p["board"],
        p["variant"],
        ",".join(p["infractions"]) or NONE,
        p["next"],
        str(p["round"]),
        p["phase"],
        str(p["turn"]),
        p["character"],
        "/".join(_seat(c, p["seats"][c]) for c in p["players"]),
        _ints(p["pope_stones"]),
        _ints(p["crews"]),
        _ints(p["levels"]),
        str(p["hut"]),
        str(p["card_crew"]),
        str(p["finished"]),
        _ints(p["market"]),
        _ints(p["bag"]),
        _ints(p["supply"]),
        str(p["suite6"]),
        "".join("1" if v else "0" for v in p["visited"]),
        ",".join(card or NONE for card in p["rooms"]),
        _cards(p["pile"]),
        _cards(p["discard"]),
        _ints(p["bonuses"]) or NONE,
        "".join(holder or NONE for holder in p["characters"]),
        ",".join(f"{c}={_bid(v)}" for c, v in p["bids"].items()) or NONE,
        "".join(p["choosers"]) or NONE,
        _secret(p["pope_die"]),
        _evaluation(p["evaluation"]),
        "".join(p["winners"]) or NONE,
        "/".join(_step(step) for step in p["stack"]) or NONE,
    ]
    return " ".join(fields)


# ---------------------------------------------------------------------------------- reading

#: The most digits a number of a position may have: more than any count of a game needs, and
#: far below the 4,300 digits at which Python's ``int()`` raises (issue 24, item 11).
MAX_DIGITS = 9
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")


def parse_position(text: str) -> Position:
    """The JSON twin of a position text; :class:`PositionError` (naming the field) if the text
    is not a position. Leading and trailing blanks are ignored; inside, fields are separated by
    exactly one space."""
    text = text.strip()
    version = text.split(" ", 1)[0]
    if version != TAG:
        if version.startswith(TAG.split("/")[0] + "/"):
            message = f"unknown position version '{short(version)}' (this mcn reads {TAG})"
        else:
            message = f"a position starts with its version tag {TAG}"
        raise PositionError("version", message, 1)
    if text.count(" ") >= len(FIELDS):
        extra = len(" ".join(text.split(" ", len(FIELDS))[: len(FIELDS)])) + 2
        raise PositionError("stack", f"too many fields: a position has {len(FIELDS)}", extra)
    long = _LONG_NUMBER.search(text)
    if long is not None:  # Python's int() refuses 4,301 digits: a ValueError, not our error
        field = FIELDS[min(text.count(" ", 0, long.start()), len(FIELDS) - 1)]
        digits = len(long.group())
        message = f"a number of {digits:,} digits (at most {MAX_DIGITS})"
        raise PositionError(field, message, long.start() + 1)
    from mcn.position.reader import read_position

    read = read_position(text)
    if read is not None:
        return read
    from mcn.position.grammar import parse_with_grammar  # the grammar: the text, or its error

    return parse_with_grammar(text)


def short(text: str, limit: int = 60) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis, for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
