"""``mcn export`` and ``mcn import``: between MCN and its JSON form, losslessly.

``export`` writes the JSON form (``--format json``, validated by
``schemas/record.schema.json``) or canonical MCN (``--format mcn``); ``import`` reads a JSON
record, checks it against the schema and the rules the schema cannot state, and writes
canonical MCN. Exit status: 0 done, 1 invalid input, 2 usage error.
"""

from __future__ import annotations

import io
import json
import sys
from typing import NoReturn

import click

from mcn.commands.fmt import check_encoding, read_bytes
from mcn.notation.jsonform import RecordFormatError, record_from_json, record_to_json
from mcn.notation.stream import read_file
from mcn.notation.writer import write
from mcn.safe_write import WriteError, write_text_atomic


def _emit(text: str, output: str | None) -> None:
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    try:
        write_text_atomic(output, text)
    except WriteError as problem:
        _fail(str(problem))


def _fail(message: str) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(1)


_INPUT = click.Path(exists=True, dir_okay=False, allow_dash=True)
_OUTPUT = click.option(
    "--output", "-o", type=click.Path(dir_okay=False, allow_dash=True), help="Write here."
)


@click.command("export")
@click.argument("file", type=_INPUT)
@click.option(
    "--format",
    "form",
    type=click.Choice(["json", "mcn"]),
    default="json",
    show_default=True,
    help="JSON form or canonical MCN.",
)
@_OUTPUT
@click.option("--encoding", callback=check_encoding, help="Encoding of FILE (default UTF-8).")
def export(file: str, form: str, output: str | None, encoding: str | None) -> None:
    """Export the MCN record FILE as JSON (or canonical MCN)."""
    try:
        data = read_bytes(file)
    except OSError as problem:
        _fail(f"{file}: error: cannot read: {problem.strerror}")
    name = "<stdin>" if file == "-" else file
    record, errors = read_file(io.BytesIO(data), encoding=encoding, name=name)
    if errors:
        _fail("\n".join(error.format() for error in errors))
    if form == "mcn":
        _emit(write(record), output)
    else:
        _emit(json.dumps(record_to_json(record), ensure_ascii=False, indent=1) + "\n", output)


@click.command("import")
@click.argument("file", type=_INPUT)
@_OUTPUT
def import_(file: str, output: str | None) -> None:
    """Import the JSON record FILE and write it as canonical MCN."""
    name = "<stdin>" if file == "-" else file
    try:
        data = json.loads(read_bytes(file).decode("utf-8-sig"))
    except OSError as problem:
        _fail(f"{name}: error: cannot read: {problem.strerror}")
    except UnicodeDecodeError as problem:
        _fail(f"{name}: error: invalid UTF-8 at byte offset {problem.start}")
    except json.JSONDecodeError as problem:
        _fail(f"{name}:{problem.lineno}:{problem.colno}: error: invalid JSON: {problem.msg}")
    except RecursionError:
        _fail(f"{name}: error: invalid JSON: nested too deeply")
    try:
        record = record_from_json(data, name=name)
    except RecordFormatError as problem:
        _fail(f"{name}: error: at {problem.path}: {problem.message}")
    _emit(write(record), output)
