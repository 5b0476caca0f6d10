"""A quick yes to "does this document match its JSON Schema?", so a valid position never waits
for ``jsonschema``.

``schemas/position.schema.json`` stays the contract and ``jsonschema`` the judge: this walk
answers only *certainly valid* or *not sure*. It knows the keywords the shipped schemas use
(types, ranges, lengths, ``enum``/``const``, patterns, properties, ``anyOf``, local ``$ref``s)
and is strict where JSON Schema is subtle — a bool is never taken for a number, a float never
for an integer, ``uniqueItems`` is decided only among strings and integers, an unknown keyword
means "not sure". On "not sure" the caller asks ``jsonschema`` (:mod:`mcn.position.checks`),
which then gives its own messages, so what users read does not change. Importing ``jsonschema``
was a fifth of ``mcn position TEXT``'s start (docs/performance-history.md, "Start-up").

``tests/positions/test_shape.py`` holds the two to each other: whatever this accepts,
``jsonschema`` accepts, on every bundled example's positions and thousands of mutations of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

_IGNORED = frozenset({"$schema", "$id", "$defs", "title", "description", "$comment"})
"""Keywords that say nothing about a document."""


def surely_valid(schema: dict[str, Any], document: Any) -> bool:
    """Whether ``document`` certainly matches ``schema`` (``False``: invalid or not sure)."""
    return _matches(schema, document, schema.get("$defs", {}))


@cache
def _pattern(source: str) -> Callable[[str], Any]:
    return re.compile(source).search  # JSON Schema patterns are unanchored, as in jsonschema


def _type_ok(name: str, value: Any) -> bool:
    kind = type(value)
    if name == "object":
        return kind is dict
    if name == "array":
        return kind is list
    if name == "string":
        return kind is str
    if name == "integer":
        return kind is int
    if name == "number":
        return kind is int or kind is float
    if name == "boolean":
        return kind is bool
    if name == "null":
        return value is None
    return False


def _plain(value: Any) -> bool:
    """A value whose equality JSON Schema and Python agree on (no bool/number mixing)."""
    return type(value) is str or type(value) is int


def _matches(schema: Any, value: Any, defs: dict[str, Any]) -> bool:
    if schema is True:
        return True
    if not isinstance(schema, dict):
        return False
    for keyword, argument in schema.items():
        if keyword in _IGNORED:
            continue
        check = _KEYWORDS.get(keyword)
        if check is None or not check(argument, value, schema, defs):
            return False
    return True


def _ref(argument: Any, value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    if not isinstance(argument, str) or not argument.startswith("#/$defs/"):
        return False
    target = defs.get(argument.removeprefix("#/$defs/"))
    return target is not None and _matches(target, value, defs)


def _type(argument: Any, value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    names = argument if isinstance(argument, list) else [argument]
    return any(_type_ok(name, value) for name in names)


def _enum(argument: Any, value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    if value is None:
        return None in argument
    return _plain(value) and any(type(item) is type(value) and item == value for item in argument)


def _const(argument: Any, value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    return _enum([argument], value, schema, defs)


def _number(compare: Callable[[Any, Any], bool]) -> Callable[..., bool]:
    def check(argument: Any, value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> bool:
        if type(value) is not int and type(value) is not float:
            return True  # the keyword applies to numbers only
        return compare(value, argument)

    return check


def _length(kind: type[Any], compare: Callable[[int, Any], bool]) -> Callable[..., bool]:
    def check(argument: Any, value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> bool:
        if type(value) is not kind:
            return True
        return compare(len(value), argument)

    return check


def _pattern_keyword(argument: Any, value: Any, schema: dict[str, Any], defs: Any) -> bool:
    return type(value) is not str or _pattern(argument)(value) is not None


def _items(argument: Any, value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    if type(value) is not list:
        return True
    start = len(schema.get("prefixItems", ()))
    return all(_matches(argument, item, defs) for item in value[start:])


def _prefix_items(argument: Any, value: Any, schema: dict[str, Any], defs: Any) -> bool:
    if type(value) is not list:
        return True
    return all(_matches(each, item, defs) for each, item in zip(argument, value, strict=False))


def _unique(argument: Any, value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    if type(value) is not list or not argument:
        return True
    return all(map(_plain, value)) and len(set(value)) == len(value)


def _properties(argument: Any, value: Any, schema: dict[str, Any], defs: Any) -> bool:
    if type(value) is not dict:
        return True
    return all(_matches(sub, value[name], defs) for name, sub in argument.items() if name in value)


def _pattern_properties(argument: Any, value: Any, schema: dict[str, Any], defs: Any) -> bool:
    if type(value) is not dict:
        return True
    for pattern, sub in argument.items():
        search = _pattern(pattern)
        for name, item in value.items():
            if search(name) is not None and not _matches(sub, item, defs):
                return False
    return True


def _additional(argument: Any, value: Any, schema: dict[str, Any], defs: Any) -> bool:
    if type(value) is not dict or argument is True:
        return True
    known = schema.get("properties", {})
    patterns = [_pattern(each) for each in schema.get("patternProperties", {})]
    extra = [
        item
        for name, item in value.items()
        if name not in known and not any(search(name) is not None for search in patterns)
    ]
    if argument is False:
        return not extra
    return all(_matches(argument, item, defs) for item in extra)


def _property_names(argument: Any, value: Any, schema: dict[str, Any], defs: Any) -> bool:
    return type(value) is not dict or all(_matches(argument, name, defs) for name in value)


def _required(argument: Any, value: Any, schema: dict[str, Any], defs: Any) -> bool:
    return type(value) is not dict or all(name in value for name in argument)


def _any_of(argument: Any, value: Any, schema: dict[str, Any], defs: Any) -> bool:
    return any(_matches(each, value, defs) for each in argument)


_KEYWORDS: dict[str, Callable[[Any, Any, dict[str, Any], dict[str, Any]], bool]] = {
    "$ref": _ref,
    "type": _type,
    "enum": _enum,
    "const": _const,
    "minimum": _number(lambda value, bound: value >= bound),
    "maximum": _number(lambda value, bound: value <= bound),
    "minItems": _length(list, lambda size, bound: size >= bound),
    "maxItems": _length(list, lambda size, bound: size <= bound),
    "minLength": _length(str, lambda size, bound: size >= bound),  # code points, as len()
    "maxLength": _length(str, lambda size, bound: size <= bound),
    "minProperties": _length(dict, lambda size, bound: size >= bound),
    "maxProperties": _length(dict, lambda size, bound: size <= bound),
    "pattern": _pattern_keyword,
    "items": _items,
    "prefixItems": _prefix_items,
    "uniqueItems": _unique,
    "properties": _properties,
    "patternProperties": _pattern_properties,
    "additionalProperties": _additional,
    "propertyNames": _property_names,
    "required": _required,
    "anyOf": _any_of,
}
