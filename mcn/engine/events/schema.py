"""The JSON Schema of events (``schemas/events.schema.json``), generated from the event classes.

Apart from the classes because it is the one place that must know every event module, and in
which order: the schema lists the kinds in the order the game meets them.
"""

from __future__ import annotations

import ast
import functools
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any, NamedTuple

from mcn.engine.events import bids, breaches, ends, setup, turns
from mcn.engine.events.base import Event
from mcn.engine.events.ends import PostsCompared

_MODULES = (setup, bids, turns, ends, breaches)
"""The event modules in the order the game meets them (the order of the schema's kinds)."""

_COLOUR_FIELDS = frozenset(("player", "mover", "keeper"))


def _field_schema(cls: type[Event], name: str, hint: object) -> dict[str, Any]:
    schema: dict[str, Any]
    if name in ("winners", "order"):
        schema = {"type": "array", "items": {"$ref": "#/$defs/colour"}}
    elif name in _COLOUR_FIELDS:
        schema = {"$ref": "#/$defs/colour"}
        if cls is PostsCompared:
            schema = {"anyOf": [{"const": ""}, schema]}
    elif hint is str:
        schema = {"type": "string"}
    elif hint is int:
        schema = {"type": "integer"}
    elif hint is bool:
        schema = {"type": "boolean"}
    elif hint == tuple[str, ...]:
        schema = {"type": "array", "items": {"type": "string"}}
    else:  # BidsRevealed.bids: (player, notches, taler)
        bid = [{"$ref": "#/$defs/colour"}, {"type": "integer"}, {"type": "integer"}]
        schema = {
            "type": "array",
            "items": {"type": "array", "prefixItems": bid, "minItems": 3, "maxItems": 3},
        }
    from mcn.engine.secret_readers import masked_fields  # the declarations import the events

    if name in masked_fields(cls):
        schema = {
            "description": "Secret (mcn.engine.secrets); '?' when the viewer may not see it.",
            "anyOf": [schema, {"const": "?"}],
        }
    return schema


class _Declared(NamedTuple):
    doc: str
    hints: dict[str, object]


def _declared(cls: type[Event]) -> _Declared:
    """The docstring and field types of ``cls`` as its source declares them.

    Read from the source rather than from ``__doc__`` and ``__annotations__`` because a class
    compiled by mypyc keeps neither faithfully (no docstring; ``tuple`` for ``tuple[str, ...]``);
    the source ships beside the extension, so both builds give the same schema.
    """
    hints: dict[str, object] = {}
    doc = ""
    for klass in reversed(cls.__mro__):
        if isinstance(klass, type) and issubclass(klass, Event):
            declared = _module_classes(klass.__module__)[klass.__name__]
            hints.update(declared.hints)
            doc = declared.doc
    return _Declared(doc, hints)


@functools.cache
def _module_classes(module: str) -> dict[str, _Declared]:
    namespace = vars(sys.modules[module])
    path = Path(namespace["__file__"]).parent / f"{module.rpartition('.')[2]}.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    classes: dict[str, _Declared] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            hints: dict[str, object] = {
                statement.target.id: eval(ast.unparse(statement.annotation), namespace)
                for statement in node.body
                if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
            }
            classes[node.name] = _Declared(ast.get_docstring(node, clean=False) or "", hints)
    return classes


def event_classes() -> list[type[Event]]:
    """Every concrete event class, in definition order."""
    return [
        c
        for module in _MODULES
        for c in vars(module).values()
        if isinstance(c, type) and issubclass(c, Event) and c.__module__ == module.__name__
    ]


def json_schema() -> dict[str, Any]:
    """The JSON Schema of :meth:`Event.to_json` (``schemas/events.schema.json`` is this)."""
    defs: dict[str, Any] = {
        "rule": {"type": "string", "pattern": r"^(R|I)-[A-Z0-9]+-[0-9]+(?![\s\S])"},
        "colour": {"enum": ["R", "B", "G", "Y"]},
    }
    for cls in event_classes():
        declared = _declared(cls)
        props: dict[str, Any] = {
            "kind": {"const": cls.kind},
            "rule": {"$ref": "#/$defs/rule"},
            "text": {"type": "string"},
        }
        for f in fields(cls):
            if f.name != "rule":
                props[f.name] = _field_schema(cls, f.name, declared.hints[f.name])
        defs[cls.__name__] = {
            "description": (declared.doc or cls.__name__).strip(),
            "type": "object",
            "additionalProperties": False,
            "required": list(props),
            "properties": props,
        }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://mcn.example/schemas/events.schema.json",
        "title": "Mea Culpa engine event",
        "description": (
            "One event as returned by Event.to_json(): its kind, the rule ID that caused it, a "
            "plain-English text and the kind's fields. Secret fields (a donation's compartment, "
            "the Pope die before the guess, the colour of a letter passed from hand to hand: "
            "mcn.engine.secrets) are '?' when masked for a viewer. Generated by "
            "mcn.engine.events.json_schema()."
        ),
        "type": "object",
        "required": ["kind", "rule", "text"],
        "properties": {"kind": {"enum": [cls.kind for cls in event_classes()]}},
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": cls.kind}}},
                "then": {"$ref": f"#/$defs/{cls.__name__}"},
            }
            for cls in event_classes()
        ],
        "$defs": defs,
    }
