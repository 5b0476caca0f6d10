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
from mcn.terminal import visible


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


_INPUT = click.Path(exists=True, readable=False, dir_okay=False, allow_dash=True)
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
    text = ""
    try:
        text = read_bytes(file).decode("utf-8-sig")
        data = json.loads(text, parse_int=_small_int)
    except OSError as problem:
        _fail(f"{name}: error: cannot read: {problem.strerror}")
    except UnicodeDecodeError as problem:
        _fail(f"{name}: error: invalid UTF-8 at byte offset {problem.start}")
    except json.JSONDecodeError as problem:
        _fail(f"{name}:{problem.lineno}:{problem.colno}: error: invalid JSON: {problem.msg}")
    except _LongNumber as problem:
        line, column = _position(text, text.find(problem.digits))
        _fail(
            f"{name}:{line}:{column}: error: invalid record: an integer of "
            f"{len(problem.digits):,} digits (at most {_DIGITS})"
        )
    except RecursionError:
        _fail(f"{name}: error: invalid JSON: nested too deeply")
    found = _lone_surrogate(data)
    if found is not None:
        path, char = found
        _fail(
            f"{name}: error: at {path}: lone surrogate \\u{ord(char):04x} is not a character "
            "(it cannot be written as UTF-8)"
        )
    try:
        record = record_from_json(data, name=name)
    except RecordFormatError as problem:
        _fail(visible(f"{name}: error: at {problem.path}: {problem.message}"))
    _emit(write(record), output)


#: The longest integer a record needs (counts, versions) is a few digits; int() of thousands
#: of digits is slow and, past 4,300, an exception.
_DIGITS = 18


class _LongNumber(ValueError):
    def __init__(self, digits: str) -> None:
        super().__init__(digits[:20])
        self.digits = digits


def _small_int(digits: str) -> int:
    if len(digits.lstrip("-")) > _DIGITS:
        raise _LongNumber(digits)
    return int(digits)


def _position(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of ``offset`` in ``text`` (1:1 when unknown)."""
    if offset < 0:
        return 1, 1
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def _lone_surrogate(data: object) -> tuple[str, str] | None:
    """The JSON path and the character of the first lone surrogate in a string of ``data``
    (``"\\ud800"`` is valid JSON but no character), without recursion."""
    work: list[tuple[str, object]] = [("", data)]
    while work:
        path, value = work.pop()
        if isinstance(value, str):
            for char in value:
                if "\ud800" <= char <= "\udfff":
                    return path or "/", char
        elif isinstance(value, dict):
            work.extend((f"{path}/{key}", item) for key, item in reversed(value.items()))
            work.extend((f"{path}/{key}", key) for key in value)
        elif isinstance(value, list):
            work.extend(
                (f"{path}/{index}", item) for index, item in reversed(list(enumerate(value)))
            )
    return None
