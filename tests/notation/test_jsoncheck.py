"""The record schema's checks in code agree with the schema itself (``jsonschema`` as oracle).

``mcn import`` validates with :mod:`mcn.notation.jsoncheck` for speed; this test is what makes
that safe: valid records and thousands of mutations of them are accepted or refused alike by
both, and where both refuse, they point into the same part of the document.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcn.notation import parse, record_to_json
from mcn.notation.jsoncheck import check_record
from mcn.notation.jsonform import RecordFormatError, validate_json_with_schema

from .strategies import records

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Values a mutation may put anywhere: every JSON type, and strings the patterns care about.
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 10**10),
    st.sampled_from([1.0, 1.5, -0.0, 1e300]),
    st.sampled_from(
        [
            "",
            "x",
            "R",
            "r",
            "II",
            "ii",
            "setup",
            "round",
            "Buy",
            "buy\n",
            "a b",
            "?",
            "3+5",
            "5>I",
            "!!",
            "$3",
            "\u00e9",
            "Event",
            "Red",
            "meta-culpa",
            "item",
            "comment",
            "mcn",
        ]
    ),
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(
        st.sampled_from(["kind", "tag", "x"]), st.sampled_from(["item", "Red"]), max_size=2
    ),
)


def schema_verdict(data: Any) -> tuple[str, str] | None:
    try:
        validate_json_with_schema(data)
    except RecordFormatError as problem:
        return problem.message, problem.path
    return None


def _places(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``data`` (keys and indices)."""
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out.extend(_places(value, (*path, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out.extend(_places(value, (*path, index)))
    return out


def _mutate(data: Any, draw: st.DrawFn) -> Any:
    data = copy.deepcopy(data)
    places = _places(data)
    path = draw(st.sampled_from(places))
    if not path:
        return draw(ODD_VALUES)
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    how = draw(st.sampled_from(["replace", "delete", "add"]))
    if how == "replace":
        parent[last] = draw(ODD_VALUES)
    elif how == "delete":
        del parent[last]
    elif isinstance(parent, dict):
        parent[draw(st.sampled_from(["extra", "kind", "label", "glyphs", "tag"]))] = draw(
            ODD_VALUES
        )
    else:
        parent.insert(last, draw(ODD_VALUES))
    return data


def _agree(data: Any) -> None:
    mine, oracle = check_record(data), schema_verdict(data)
    assert (mine is None) == (oracle is None), (mine, oracle)


@SETTINGS
@given(records())
def test_valid_records_are_accepted_by_both(record: Any) -> None:
    data = json.loads(json.dumps(record_to_json(record)))
    assert check_record(data) is None
    assert schema_verdict(data) is None


@SETTINGS
@given(records(depth=1), st.data())
def test_mutated_records_get_the_same_verdict(record: Any, data: st.DataObject) -> None:
    document = json.loads(json.dumps(record_to_json(record)))
    for _ in range(3):
        document = _mutate(document, data.draw)
        _agree(document)


@pytest.mark.parametrize("name", ["annotated-4p.mcn", "meta-culpa.mcn"])
def test_every_kind_of_field_of_an_example_mutated(name: str) -> None:
    """Places of a real record (cut short: the schema validator is slow) replaced by each kind
    of odd value: the same verdicts."""
    document = record_to_json(parse((ROOT / "examples" / name).read_text(encoding="utf-8")))
    game = document["games"][0]
    game["body"] = game["body"][:10]
    game["variations"] = game["variations"][:3]
    document["games"] = [game]
    odd = [None, True, 7, 1.0, "", "R", "buy\n", [], {}]
    places = _places(document)
    for place in places[1 :: max(1, len(places) // 25)]:
        for value in odd:
            mutated = copy.deepcopy(document)
            parent = mutated
            for part in place[:-1]:
                parent = parent[part]
            parent[place[-1]] = value
            _agree(mutated)
