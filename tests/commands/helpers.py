"""Helpers of the command tests: each command run in-process through Click's CliRunner."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from click.testing import CliRunner, Result

from mcn.cli import cli
from mcn.io.resources import load_schema

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
INVALID = EXAMPLES / "invalid"
GAME_4P = EXAMPLES / "game-4p.mcn"
ANNOTATED = EXAMPLES / "annotated-4p.mcn"


def run(*args: str, input: str | bytes | None = None) -> Result:
    """``mcn ARGS`` in this process: never a traceback; an exception other than the exit is
    raised, so that a crash fails the test with its own traceback."""
    result = CliRunner().invoke(cli, list(args), input=input)
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def validator(name: str) -> jsonschema.protocols.Validator:
    """A validator for the JSON Schema ``schemas/<name>.schema.json`` (itself checked)."""
    schema = load_schema(name)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


@cache
def _archive() -> tuple[str, ...]:
    from mcn.commands.random_games import random_records
    from mcn.notation import write

    return tuple(
        [write(game) for game in random_records(4, 140, 6)]
        + [write(game) for game in random_records(2, 150, 2)]
    )


def archive_records() -> list[str]:
    """Eight engine-played records (six of 4 players, seeds 140…; two of 2, seeds 150…), as
    written by ``mcn random``: played once per process, a fresh list for each caller."""
    return list(_archive())


def report_json(*args: str) -> Any:
    """``mcn validate --format json ARGS``, checked against the report schema."""
    data = json.loads(run("validate", "--format", "json", *args).output)
    validator("report").validate(data)
    return data


def standings_json(result: Result) -> Any:
    """The standard output of ``mcn standings --format json``, checked against its schema."""
    data = json.loads(result.stdout)
    validator("standings").validate(data)
    return data
