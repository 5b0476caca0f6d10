"""A position as one line of text, MCN's FEN (docs/notation.md, "Positions").

:func:`format_position` writes the canonical text of a position's JSON twin; :func:`parse_position`
reads one with the grammar ``grammar/position.lark`` (LALR) and returns the twin. Reading
checks syntax only; :mod:`mcn.position.checks` judges what the fields say.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, NoReturn

from lark import Lark, Token, Transformer, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from mcn.io import resources
from mcn.io.resources import cache_file
from mcn.position.errors import PositionError
from mcn.position.model import FORMAT, MASK, TAG, Position

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


def _none(token: Any) -> bool:
    return isinstance(token, Token) and token.type == "NONE"


class _Build(Transformer[Token, Any]):
    """The parse tree to the JSON twin (one method per grammar rule)."""

    # fields that are one token
    def players(self, c: list[Token]) -> list[str]:
        return list(str(c[0]))

    def ruleset(self, c: list[Token]) -> str:
        return str(c[0])

    board = variant = phase = character = next = ruleset

    def round(self, c: list[Token]) -> int:
        return int(c[0])

    turn = hut = card_crew = finished = suite6 = round

    def infractions(self, c: list[Token]) -> list[str]:
        return [] if _none(c[0]) else [str(t) for t in c]

    def seats(self, c: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, dict[str, Any]]]:
        return c

    def seat(self, c: list[Any]) -> tuple[str, dict[str, Any]]:
        keys = ("space", "tie", "post", "money", "goods", "letters", "shown", "chest", "sins")
        values = [int(v) if isinstance(v, Token) else v for v in c[1:]]
        return str(c[0]), dict(zip(keys, values, strict=True))

    def ints(self, c: list[Token]) -> list[int]:
        return [int(t) for t in str(c[0]).split(".")]

    def secret_int(self, c: list[Token]) -> int | str:
        return MASK if c[0].type == "MASK" else int(c[0])

    def secret_ints(self, c: list[Any]) -> list[int] | str:
        return MASK if isinstance(c[0], Token) else c[0]

    def letters(self, c: list[Any]) -> list[int] | dict[str, Any] | str:
        if len(c) == 1:
            return MASK if isinstance(c[0], Token) else c[0]
        return {"known": c[0], "unknown": int(c[1])}

    def pope_stones(self, c: list[Any]) -> Any:
        return c[0]

    crews = levels = market = bag = supply = pope_die = pile = discard = pope_stones

    def visited(self, c: list[Token]) -> list[bool]:
        return [ch == "1" for ch in str(c[0])]

    def room(self, c: list[Token]) -> str | None:
        return None if _none(c[0]) else str(c[0])

    def rooms(self, c: list[str | None]) -> list[str | None]:
        return c

    def cards(self, c: list[Any]) -> dict[str, int]:
        return {} if _none(c[0]) else dict(c)

    def card(self, c: list[Token]) -> tuple[str, int]:
        return str(c[0]), int(c[1])

    def bonuses(self, c: list[Any]) -> list[int]:
        return [] if _none(c[0]) else c[0]

    def characters(self, c: list[Token]) -> list[str | None]:
        return [None if ch == NONE else ch for ch in str(c[0])]

    def bids(self, c: list[Any]) -> dict[str, Any]:
        return {} if _none(c[0]) else dict(c)

    def bid(self, c: list[Any]) -> tuple[str, Any]:
        return str(c[0]), c[1]

    def bid_value(self, c: list[Token]) -> Any:
        if c[0].type == "NONE":
            return None
        if c[0].type == "MASK":
            return MASK
        return [int(c[0]), int(c[1])]

    def colours(self, c: list[Token]) -> list[str]:
        return [] if _none(c[0]) else list(str(c[0]))

    choosers = winners = colours

    def colour_or_none(self, c: list[Token]) -> str | None:
        return None if _none(c[0]) else str(c[0])

    def evaluation(self, c: list[Any]) -> dict[str, Any] | None:
        if _none(c[0]):
            return None
        keys = ("site", "compartment", "category", "display", "queue", "rest")
        site, compartment, category, display, queue, rest = c
        values = (int(site), str(compartment), int(category), display, queue, rest)
        return dict(zip(keys, values, strict=True))

    def stack(self, c: list[Any]) -> list[list[Any]]:
        return [] if _none(c[0]) else c

    def step(self, c: list[Any]) -> list[Any]:
        return [str(c[0]), *c[1:]]

    def argument(self, c: list[Token]) -> int | str:
        if not c:
            return ""
        return int(c[0]) if c[0].type == "INT" else str(c[0])

    def start(self, c: list[Any]) -> Position:
        version = str(c[0])
        if version != TAG:
            raise PositionError("version", f"unknown position version '{version}' (expected {TAG})")
        data: Position = {"format": FORMAT}
        for name, value in zip(FIELDS[1:], c[1:], strict=True):
            data[name] = value
        data["seats"] = dict(data["seats"])
        return data


@cache
def _parser() -> Lark:
    """The position parser; Lark's analysis of the grammar is cached on disk like the record
    grammar's (``mcn.io.resources.cache_file``, without importing the record side), so
    ``mcn position TEXT`` does not rebuild it at every start (about 0.5 s of a cold start)."""
    grammar = resources.grammar_path("position").read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        transformer=_Build(),
        cache=cache_file(grammar),
    )


def field_at(text: str, offset: int) -> str:
    """The name of the field that the character at ``offset`` belongs to."""
    index = text.count(" ", 0, max(0, offset))
    return FIELDS[min(index, len(FIELDS) - 1)]


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
            message = f"unknown position version '{_short(version)}' (this mcn reads {TAG})"
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
    try:
        tree: Any = _parser().parse(text)  # the transformer's :meth:`_Build.start`
    except (UnexpectedEOF, UnexpectedToken) as error:
        if isinstance(error, UnexpectedToken) and error.token.type != "$END":
            _syntax_error(text, error)
        count = text.count(" ") + 1
        missing = FIELDS[count] if count < len(FIELDS) else "stack"
        raise PositionError(
            missing, f"the position ends early: {len(FIELDS)} fields expected, {count} given"
        ) from None
    except UnexpectedInput as error:
        _syntax_error(text, error)
    result: Position = tree
    return result


def _syntax_error(text: str, error: UnexpectedInput) -> NoReturn:
    """Raise the error for a field the grammar does not accept, naming the field."""
    offset = getattr(error, "pos_in_stream", None) or 0
    field = field_at(text, offset)
    start = text.rfind(" ", 0, offset) + 1
    end = text.find(" ", offset)
    written = text[start : end if end >= 0 else len(text)]
    raise PositionError(field, f"'{_short(written)}' is not a valid {field} field", offset + 1)


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
