"""The streaming JSON reader agrees with ``json`` on every document, piece boundaries anywhere."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcn.notation import jsonstream
from mcn.notation.jsonstream import JSONStreamError, iter_json_games

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=4), children, max_size=4)
    ),
    max_leaves=20,
)


def read(text: str, piece: int) -> tuple[list[Any], dict[str, Any]]:
    envelope: dict[str, Any] = {}
    old = jsonstream._PIECE
    jsonstream._PIECE = piece
    try:
        games = list(iter_json_games(io.BytesIO(text.encode("utf-8")), envelope))
    finally:
        jsonstream._PIECE = old
    return games, envelope


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    st.lists(JSON_VALUES, max_size=5),
    st.dictionaries(st.sampled_from(["format", "version", "x"]), JSON_VALUES, max_size=3),
    st.integers(1, 40),
    st.sampled_from([None, 0, 1, 2]),
)
def test_games_and_envelope_as_json_reads_them(
    games: list[Any], others: dict[str, Any], piece: int, indent: int | None
) -> None:
    document = {**others, "games": games}
    text = json.dumps(document, indent=indent, ensure_ascii=False)
    got, envelope = read(text, piece)
    assert got == games
    assert envelope == {**others, "games": []}


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(JSON_VALUES, max_size=3), st.integers(1, 30), st.data())
def test_broken_documents_fail_where_json_fails(
    games: list[Any], piece: int, data: st.DataObject
) -> None:
    text = json.dumps({"format": "mcn", "games": games}, indent=1)
    cut = data.draw(st.integers(0, len(text) - 1))
    broken = text[:cut] + data.draw(st.sampled_from(["", "}", ",", "x", "]]"])) + text[cut + 1 :]
    try:
        expected = json.loads(broken)
    except json.JSONDecodeError as problem:
        with pytest.raises(JSONStreamError) as caught:
            read(broken, piece)
        assert (caught.value.lineno, caught.value.colno) == (problem.lineno, problem.colno)
        return
    if isinstance(expected, dict) and isinstance(expected.get("games"), list):
        got, _ = read(broken, piece)
        assert got == expected["games"]


def test_a_byte_order_mark_is_dropped_and_positions_count_from_after_it() -> None:
    with pytest.raises(JSONStreamError) as caught:
        read('\ufeff{"games": [1,\n 2,, 3]}', 4)
    assert (caught.value.lineno, caught.value.colno) == (2, 4)


def test_not_an_object_is_handed_over_for_the_caller_to_refuse() -> None:
    assert read("[1, 2]", 3) == ([], {"<document>": [1, 2]})


def test_games_given_twice_is_an_error() -> None:
    with pytest.raises(JSONStreamError, match="twice"):
        read('{"games": [], "games": [1]}', 5)
