"""The JSON form: shape, schema and import checks (the export and import commands:
tests/commands/test_export.py and test_import.py)."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from mcn.io import resources
from mcn.notation import RecordFormatError, parse, record_from_json, record_to_json
from mcn.notation.lexical import CANONICAL_FIRST_PATTERN, CANONICAL_TOKEN_PATTERN
from tests.notation.helpers import HEADERS

TEXT = (
    HEADERS
    + "{opening}\nsetup\nB: bid 1+2 (B: bid 2+2 {x} (B: bid 3+3)) (B: bid 0+0)\n"
    + ("round 1\n1. R: {hm} buy wine!? $3 {after}; end\n<souls R 0 B 1>\n")
)


def exported_json() -> dict[str, Any]:
    """The JSON form of :data:`TEXT` (a fresh copy: callers change it)."""
    return record_to_json(parse(TEXT))


def test_shape_with_a_flat_variation_table() -> None:
    (game,) = exported_json()["games"]
    assert game["headers"][0] == {"tag": "Event", "value": "Club night"}
    assert game["body"][:2] == [{"kind": "comment", "text": "opening"}, {"kind": "setup"}]
    assert game["body"][2] == {
        "kind": "item",
        "moves": [{"actor": "B", "tokens": ["bid", "1+2"], "variations": [0, 2]}],
    }
    assert game["body"][4]["moves"][0] == {
        "actor": "R",
        "tokens": ["buy", "wine"],
        "glyphs": ["!?", "$3"],
        "before": ["hm"],
        "after": ["after"],
    }
    assert game["body"][5] == {"kind": "checkpoint", "name": "souls", "args": ["R", "0", "B", "1"]}
    variations = game["variations"]
    assert variations[0][0]["moves"][0]["variations"] == [1]
    assert variations[1][0]["moves"][0]["tokens"] == ["bid", "3+3"]
    assert variations[2][0]["moves"][0]["tokens"] == ["bid", "0+0"]


def test_export_validates_and_imports_back() -> None:
    exported = exported_json()
    jsonschema.Draft202012Validator(resources.load_schema("record")).validate(exported)
    assert record_from_json(exported) == parse(TEXT)


def test_schema_patterns_are_the_lexical_ones() -> None:
    definitions = resources.load_schema("record")["$defs"]
    # anchored at the true end: '$' would also match before a final newline
    end = r"(?![\s\S])"
    assert definitions["token"]["pattern"] == f"^{CANONICAL_TOKEN_PATTERN}{end}"
    assert definitions["first_token"]["pattern"] == f"^{CANONICAL_FIRST_PATTERN}{end}"
    jsonschema.Draft202012Validator.check_schema(resources.load_schema("record"))


def broken_json(change: str) -> dict[str, Any]:
    """The JSON form of :data:`TEXT` broken as ``change`` says (see the cases below)."""
    data = copy.deepcopy(exported_json())
    game = data["games"][0]
    if change == "token case":
        game["body"][2]["moves"][0]["tokens"][0] = "Bid"
    elif change == "token newline":
        game["body"][2]["moves"][0]["tokens"][1] = "1+2\n"
    elif change == "verb first":
        game["body"][2]["moves"][0]["tokens"] = ["3", "bid"]
    elif change == "reserved":
        game["body"][2]["moves"][0]["tokens"] = ["round"]
    elif change == "unknown field":
        game["body"][2]["moves"][0]["note"] = "x"
    elif change == "missing tag":
        game["headers"] = [h for h in game["headers"] if h["tag"] != "Result"]
    elif change == "duplicate tag":
        game["headers"].append({"tag": "Site", "value": "again"})
    elif change == "one player":
        game["headers"] = [h for h in game["headers"] if h["tag"] != "Blue"]
    elif change == "value newline":
        game["headers"][0]["value"] = "a\nb"
    elif change == "referred twice":
        game["body"][4]["moves"][0]["variations"] = [2]
    elif change == "referred backwards":
        game["variations"][2][0]["moves"][0]["variations"] = [1]
        game["variations"][0][0]["moves"][0]["variations"] = []
    elif change == "no such variation":
        game["body"][2]["moves"][0]["variations"] = [0, 9]
    elif change == "unused variation":
        game["body"][2]["moves"][0]["variations"] = [0]
    elif change == "comment after item":
        game["body"].insert(3, {"kind": "comment", "text": "loose"})
    elif change == "empty game before another":
        data["games"] = [{**game, "body": [], "variations": []}, game]
    elif change == "glyph":
        game["body"][4]["moves"][0]["glyphs"] = ["!!!"]
    elif change == "version":
        data["version"] = 2
    return data


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        ("token case", "/games/0/body/2/moves/0/tokens/0", "does not match"),
        ("token newline", "/games/0/body/2/moves/0/tokens/1", "does not match"),
        ("verb first", "/games/0/body/2/moves/0/tokens/0", "does not match"),
        ("reserved", "/games/0/body/2/moves/0/tokens/0", "does not match"),
        ("unknown field", "/games/0/body/2", ""),
        ("missing tag", "/games/0/headers", ""),
        ("duplicate tag", "/games/0/headers", "duplicate header [Site]"),
        ("one player", "/games/0/headers", ""),
        ("value newline", "/games/0/headers/0/value", "does not match"),
        ("referred twice", "/games/0/body/4/moves/0/variations/0", "referred to twice"),
        ("referred backwards", "/games/0/variations/2/0/moves/0/variations/0", "must come after"),
        ("no such variation", "/games/0/body/2/moves/0/variations/1", "no variation 9"),
        ("unused variation", "/games/0/variations/2", "no move refers"),
        ("comment after item", "/games/0/body/3", "belongs to its last move"),
        ("empty game before another", "/games/0/body", "only the last game"),
        ("glyph", "/games/0/body/4/moves/0/glyphs/0", "does not match"),
        ("version", "/version", ""),
    ],
)
def test_import_rejects_what_is_not_a_record(change: str, where: str, words: str) -> None:
    with pytest.raises(RecordFormatError) as caught:
        record_from_json(broken_json(change))
    assert caught.value.path.startswith(where)
    assert words in caught.value.message


def test_import_rejects_non_objects() -> None:
    for data in ([], "x", None, {"format": "mcn", "version": 1}):
        with pytest.raises(RecordFormatError):
            record_from_json(data)
