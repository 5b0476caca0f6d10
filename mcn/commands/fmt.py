"""``mcn fmt``: rewrite records in the canonical layout, or check that they are.

Without options the canonical text goes to standard output; ``--in-place`` rewrites the files
that change, each atomically through :mod:`mcn.io.safe_write` (a file that cannot be written, or
that changed while it was being formatted, is left as it was, the others are still done, and
the failures are listed again at the end); ``--check`` only lists them. Files that do not
parse are reported (every error, game by game) and left alone. Exit status: 0 all fine,
1 invalid input, a file not written or (with ``--check``) a file would change, 2 usage error.
"""

from __future__ import annotations

import io
import sys
from contextlib import ExitStack
from typing import IO

import click

from mcn.commands.loader import (
    RECORD,
    Record,
    checked_encoding,
    read_whole,
    record_source,
    regular,
)
from mcn.commands.reading import encoding_option
from mcn.io.output import Abandon, open_output
from mcn.io.progress import read_progress
from mcn.io.safe_write import WriteError, fingerprint_file
from mcn.notation.writer import write


class _Unchanged(Exception):
    """Raised in an output block: the file is canonical already, nothing to write."""


def _format_file(source: Record, check: bool, in_place: bool) -> str:
    """Format one file game by game: ``"invalid"`` (errors were reported), ``"changed"`` or
    ``"same"``. The canonical text is compared with the original as it is produced, so
    neither is ever held whole; ``--in-place`` writes through :mod:`mcn.io.safe_write` and only
    when something changed, standard output only when the whole file was read."""
    try:
        return _format_stream(source, check, in_place)
    except Abandon:
        return "invalid"
    except _Unchanged:
        return "same"


def _format_stream(source: Record, check: bool, in_place: bool) -> str:
    path = source.path
    expected = fingerprint_file(path) if in_place else None
    with ExitStack() as stack:
        handle = source.open(stack, whole=True)
        original: IO[bytes]
        if path == "-" or not regular(handle):  # read twice (to parse, to compare): keep it
            data = read_whole(handle)  # within the stream limit
            handle, original = io.BytesIO(data), io.BytesIO(data)
        else:
            original = stack.enter_context(open(path, "rb"))
        tick = stack.enter_context(read_progress(handle, "formatting"))
        out: IO[str] | None = None
        if not check:
            out = stack.enter_context(open_output(path if in_place else None, expected=expected))
        invalid = changed = False
        count = 0
        for result in source.results(handle):
            tick()
            for error in result.errors:
                click.echo(error.format(), err=True)
                invalid = True
            if invalid or result.game is None:
                continue
            text = ("\n" if count else "") + write(result.game)
            count += 1
            encoded = text.encode("utf-8")
            changed = changed or original.read(len(encoded)) != encoded
            if out is not None:
                out.write(text)
        changed = changed or original.read(1) != b""
        if invalid:
            if out is not None:
                raise Abandon
            return "invalid"
        if in_place and not changed:
            raise _Unchanged
    return "changed" if changed else "same"


@click.command("fmt")
@click.argument(
    "files",
    nargs=-1,
    required=True,
    type=RECORD,
)
@click.option("--check", is_flag=True, help="Change nothing; list the files that would change.")
@click.option("--in-place", "-i", "in_place", is_flag=True, help="Rewrite the files that change.")
@encoding_option
def fmt(files: tuple[str, ...], check: bool, in_place: bool, encoding: str) -> None:
    """Rewrite FILES in canonical MCN layout (standard output unless --in-place or --check)."""
    checked_encoding(encoding)
    if check and in_place:
        raise click.UsageError("--check and --in-place exclude each other")
    if in_place and "-" in files:
        raise click.UsageError("standard input cannot be rewritten in place")
    failed = False
    unwritten: list[str] = []
    for path in files:
        source = record_source(path, encoding)
        source.warn()
        try:
            outcome = _format_file(source, check, in_place)
        except WriteError as problem:
            click.echo(str(problem), err=True)
            unwritten.append(path)
            continue
        except OSError as problem:
            click.echo(source.cannot_read(problem), err=True)
            failed = True
            continue
        if outcome == "invalid" or (check and outcome == "changed"):
            failed = True
        if check and outcome == "changed":
            click.echo(path)
        elif in_place and outcome == "changed":
            click.echo(f"reformatted {path}", err=True)
    if unwritten:
        click.echo(
            f"not rewritten ({len(unwritten)} of {len(files)}, left as they were): "
            + ", ".join(unwritten),
            err=True,
        )
    sys.exit(1 if failed or unwritten else 0)
