"""The record schema's checks written as code, so ``mcn import`` reads a game in microseconds.

``schemas/record.schema.json`` stays the definition of the JSON form, and the generic
``jsonschema`` validator stays the test oracle (tests/notation/test_jsoncheck.py: both accept
and refuse the same documents, valid and mutated). Validating with ``jsonschema`` cost about
30 ms per game — 97 % of an import — because the element's ``allOf``/``if``/``then`` makes it
try every element kind; this walk looks at the ``kind`` once and checks that kind's fields.
The patterns and the list of roster tags are read from the schema itself, so a change there
reaches this module without an edit (and the oracle test catches any other drift).

Errors carry a JSON pointer and the validator's wording (``'X' does not match '…'``,
``'kind' is a required property``), so messages stay what users saw before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any, Final

from mcn.io import resources

__all__ = ["check_record"]

_KINDS: Final = ("setup", "round", "item", "checkpoint", "comment")
_ACTORS: Final = ("R", "B", "G", "Y", "*")
_REQUIRED_TAGS: Final = ("Event", "Site", "Date", "Rules", "Board", "Variant", "Result")
_PLAYER_TAGS: Final = ("Red", "Blue", "Green", "Yellow")
_NUMBER_MAX: Final = 999_999_999


class _Invalid(Exception):
    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


@cache
def _patterns() -> dict[str, tuple[str, Callable[[str], Any]]]:
    """Each pattern of the schema: its source (for messages) and its compiled ``search``."""
    defs = resources.load_schema("record")["$defs"]
    sources = {
        "tag": defs["header"]["properties"]["tag"]["pattern"],
        "value": defs["header"]["properties"]["value"]["pattern"],
        "glyph": defs["move"]["properties"]["glyphs"]["items"]["pattern"],
        "commitment": defs["move"]["properties"]["commitment"]["pattern"],
        "first_token": defs["first_token"]["pattern"],
        "token": defs["token"]["pattern"],
    }
    # JSON Schema patterns are unanchored searches (jsonschema uses re.search).
    return {name: (source, re.compile(source).search) for name, source in sources.items()}


def _type_name(value: Any) -> str:
    return repr(value)


def _object(value: Any, path: str, required: tuple[str, ...], allowed: frozenset[str]) -> None:
    if not isinstance(value, dict):
        raise _Invalid(f"{_type_name(value)} is not of type 'object'", path)
    for key in required:
        if key not in value:
            raise _Invalid(f"{key!r} is a required property", path)
    extra = [key for key in value if key not in allowed]
    if extra:
        listed = ", ".join(repr(key) for key in extra)
        verb = "was" if len(extra) == 1 else "were"
        raise _Invalid(f"Additional properties are not allowed ({listed} {verb} unexpected)", path)


def _array(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise _Invalid(f"{_type_name(value)} is not of type 'array'", path)
    return value


def _string(value: Any, path: str, pattern: str | None = None) -> None:
    if not isinstance(value, str):
        raise _Invalid(f"{_type_name(value)} is not of type 'string'", path)
    if pattern is not None:
        source, search = _patterns()[pattern]
        if search(value) is None:
            raise _Invalid(f"{value!r} does not match {source!r}", path)


def _integer(value: Any, path: str, maximum: int | None = None) -> None:
    # JSON Schema's integer: a number with no fractional part (1.0 counts), never a boolean.
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Invalid(f"{_type_name(value)} is not of type 'integer'", path)
    if isinstance(value, float) and not value.is_integer():
        raise _Invalid(f"{_type_name(value)} is not of type 'integer'", path)
    if value < 0:
        raise _Invalid(f"{value!r} is less than the minimum of 0", path)
    if maximum is not None and value > maximum:
        raise _Invalid(f"{value!r} is greater than the maximum of {maximum}", path)


def _const(value: Any, expected: Any, path: str) -> None:
    same = value == expected and isinstance(value, bool) == isinstance(expected, bool)
    if not same:
        raise _Invalid(f"{expected!r} was expected", path)


def _headers(value: Any, path: str) -> None:
    headers = _array(value, path)
    tags: list[str] = []
    for index, header in enumerate(headers):
        at = f"{path}/{index}"
        _object(header, at, ("tag", "value"), frozenset(("tag", "value")))
        _string(header["tag"], f"{at}/tag", "tag")
        _string(header["value"], f"{at}/value", "value")
        tags.append(header["tag"])
    for tag in _REQUIRED_TAGS:
        if tag not in tags:
            raise _Invalid(f"the headers contain no {tag!r} tag", path)
    if sum(tag in _PLAYER_TAGS for tag in tags) < 2:
        raise _Invalid("the headers name fewer than 2 players (Red, Blue, Green, Yellow)", path)
    meta = any(h["tag"] == "Variant" and h["value"] == "meta-culpa" for h in headers)
    if meta and "Infractions" not in tags:
        raise _Invalid("a 'meta-culpa' game needs an 'Infractions' header", path)


def _tokens(value: Any, path: str, minimum: int) -> None:
    tokens = _array(value, path)
    if len(tokens) < minimum:
        raise _Invalid(f"{tokens!r} should be non-empty", path)
    for index, token in enumerate(tokens):
        _string(token, f"{path}/{index}", "first_token" if index == 0 and minimum else "token")


def _strings(value: Any, path: str, pattern: str | None = None) -> None:
    for index, text in enumerate(_array(value, path)):
        _string(text, f"{path}/{index}", pattern)


_MOVE_FIELDS: Final = frozenset(
    ("actor", "tokens", "commitment", "glyphs", "before", "after", "variations")
)


def _move(value: Any, path: str) -> None:
    _object(value, path, ("actor", "tokens"), _MOVE_FIELDS)
    if value["actor"] not in _ACTORS or isinstance(value["actor"], bool):
        raise _Invalid(f"{value['actor']!r} is not one of {list(_ACTORS)!r}", f"{path}/actor")
    _tokens(value["tokens"], f"{path}/tokens", 1)
    if "commitment" in value:
        _string(value["commitment"], f"{path}/commitment", "commitment")
    if "glyphs" in value:
        _strings(value["glyphs"], f"{path}/glyphs", "glyph")
    for key in ("before", "after"):
        if key in value:
            _strings(value[key], f"{path}/{key}")
    if "variations" in value:
        for index, number in enumerate(_array(value["variations"], f"{path}/variations")):
            _integer(number, f"{path}/variations/{index}")


def _element(value: Any, path: str) -> None:
    if not isinstance(value, dict):
        raise _Invalid(f"{_type_name(value)} is not of type 'object'", path)
    if "kind" not in value:
        raise _Invalid("'kind' is a required property", path)
    kind = value["kind"]
    if not isinstance(kind, str) or kind not in _KINDS:
        raise _Invalid(f"{kind!r} is not one of {list(_KINDS)!r}", f"{path}/kind")
    if kind == "setup":
        _object(value, path, ("kind",), frozenset(("kind",)))
    elif kind == "round":
        _object(value, path, ("kind", "number"), frozenset(("kind", "number")))
        _integer(value["number"], f"{path}/number", _NUMBER_MAX)
    elif kind == "comment":
        _object(value, path, ("kind", "text"), frozenset(("kind", "text")))
        _string(value["text"], f"{path}/text")
    elif kind == "checkpoint":
        _object(value, path, ("kind", "name", "args"), frozenset(("kind", "name", "args")))
        _string(value["name"], f"{path}/name", "first_token")
        _tokens(value["args"], f"{path}/args", 0)
    else:
        _object(value, path, ("kind", "moves"), frozenset(("kind", "label", "moves")))
        if "label" in value:
            _integer(value["label"], f"{path}/label", _NUMBER_MAX)
        moves = _array(value["moves"], f"{path}/moves")
        if not moves:
            raise _Invalid("[] should be non-empty", f"{path}/moves")
        for index, move in enumerate(moves):
            _move(move, f"{path}/moves/{index}")


def _elements(value: Any, path: str) -> None:
    for index, element in enumerate(_array(value, path)):
        _element(element, f"{path}/{index}")


def check_game(value: Any, path: str) -> None:
    """Check one game object (``path`` is its JSON pointer); raises the first problem."""
    fields = ("headers", "body", "variations")
    _object(value, path, fields, frozenset(fields))
    _headers(value["headers"], f"{path}/headers")
    _elements(value["body"], f"{path}/body")
    for index, elements in enumerate(_array(value["variations"], f"{path}/variations")):
        _elements(elements, f"{path}/variations/{index}")


def check_envelope(value: Any, *, games: bool = True) -> None:
    """Check the document around the games (``games=False``: its ``games`` are read apart)."""
    fields = ("format", "version", "games")
    _object(value, "", fields if games else ("format", "version"), frozenset(fields))
    _const(value["format"], "mcn", "/format")
    _const(value["version"], 1, "/version")
    if games:
        _array(value["games"], "/games")


def check_record(data: Any) -> tuple[str, str] | None:
    """``(message, path)`` of the first way ``data`` breaks the record schema, or None."""
    try:
        check_envelope(data)
        for index, game in enumerate(data["games"]):
            check_game(game, f"/games/{index}")
    except _Invalid as problem:
        return problem.message, problem.path
    return None


def check_envelope_data(value: Any) -> tuple[str, str] | None:
    """:func:`check_envelope` as a result (``(message, path)`` or None)."""
    try:
        check_envelope(value)
    except _Invalid as problem:
        return problem.message, problem.path
    return None


def check_game_data(value: Any, path: str) -> tuple[str, str] | None:
    """:func:`check_game` as a result instead of an exception (for streaming readers)."""
    try:
        check_game(value, path)
    except _Invalid as problem:
        return problem.message, problem.path
    return None
