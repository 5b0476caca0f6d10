"""Properties of the notation on generated records (hypothesis, derandomised).

For every valid record: its canonical text parses back to it, formatting is idempotent, any
untidy layout of it parses to the same record and formats to the same text, and its JSON form
validates against the schema and imports back to it.
"""

from __future__ import annotations

import json

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcn.io import resources
from mcn.notation import File, parse, record_from_json, record_to_json, write
from tests.notation.strategies import messy, records

SETTINGS = settings(
    derandomize=True,
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
VALIDATOR = jsonschema.Draft202012Validator(resources.load_schema("record"))


@SETTINGS
@given(records())
def test_canonical_text_parses_back_to_the_record(record: File) -> None:
    text = write(record)
    assert parse(text) == record


@SETTINGS
@given(records())
def test_formatting_is_idempotent(record: File) -> None:
    text = write(record)
    assert write(parse(text)) == text


@SETTINGS
@given(records(depth=1), st.data())
def test_layout_never_changes_the_record(record: File, data: st.DataObject) -> None:
    untidy = messy(record, data)
    parsed = parse(untidy)
    assert parsed == record
    formatted = write(parsed)
    assert parse(formatted) == parsed
    assert write(parse(formatted)) == formatted


@SETTINGS
@given(records())
def test_json_form_is_valid_and_lossless(record: File) -> None:
    exported = record_to_json(record)
    VALIDATOR.validate(exported)
    assert record_from_json(json.loads(json.dumps(exported))) == record


@SETTINGS
@given(records(depth=1))
def test_export_of_a_parsed_record_is_lossless(record: File) -> None:
    parsed = parse(write(record))
    exported = record_to_json(parsed)
    VALIDATOR.validate(exported)
    assert record_from_json(exported) == parsed
