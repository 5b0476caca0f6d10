"""Reading a position text with its grammar, ``grammar/position.lark`` (LALR): the contract.

The grammar says what a position text is; :mod:`mcn.position.reader` reads the texts a program
writes without building it (about a fifth of ``mcn position TEXT``'s start, issue 34), and
hands every text it does not accept to :func:`parse_with_grammar`, which reads it or raises the
:class:`PositionError` naming the field and column at fault. ``tests/positions/test_reader.py``
holds the two readers to the same answers. Reading checks syntax only; :mod:`mcn.position.checks`
judges what the fields say.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NoReturn

from lark import Lark, Token, Transformer, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from mcn.io import resources
from mcn.io.resources import cache_file
from mcn.position.errors import PositionError
from mcn.position.model import FORMAT, MASK, TAG, Position
from mcn.position.text import FIELDS, NONE, short


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


def parse_with_grammar(text: str) -> Position:
    """The JSON twin of ``text`` (stripped, its version tag, field count and numbers' lengths
    checked by :func:`mcn.position.text.parse_position`) read by the grammar, or the
    :class:`PositionError` naming the field at fault."""
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
    raise PositionError(field, f"'{short(written)}' is not a valid {field} field", offset + 1)
