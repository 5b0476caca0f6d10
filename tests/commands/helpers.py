"""Helpers of the command tests: each command run in-process through Click's CliRunner."""

from __future__ import annotations

from pathlib import Path

import jsonschema
from click.testing import CliRunner, Result

from mcn.cli import cli
from mcn.resources import load_schema

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
