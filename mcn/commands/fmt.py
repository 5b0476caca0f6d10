"""``mcn fmt``: rewrite records in the canonical layout, or check that they are.

Without options the canonical text goes to standard output; ``--in-place`` rewrites the files
that change, each atomically through :mod:`mcn.io.safe_write` (a file that cannot be written, or
that changed while it was being formatted, is left as it was, the others are still done, and
the failures are listed again at the end); ``--check`` only lists them. Files that do not
parse are reported (every error, game by game) and left alone. Exit status: 0 all fine,
1 invalid input, a file not written or (with ``--check``) a file would change, 2 usage error.
"""

from __future__ import annotations

import codecs
import errno
import io
import os
import stat
import sys
from contextlib import ExitStack
from typing import IO

import click

from mcn.io.limits import MAX_STREAM_BYTES
from mcn.io.output import Abandon, open_output
from mcn.io.progress import read_progress
from mcn.io.safe_write import WriteError, fingerprint_file
from mcn.io.terminal import visible
from mcn.notation.stream import iter_results
from mcn.notation.writer import write


def check_encoding(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Reject an ``--encoding`` that cannot read text as a usage error (exit status 2): an
    unknown name, a codec that is not a text encoding (``rot13``, ``hex``, ``base64``,
    ``zlib``), or one that cannot even carry a header line (``undefined``)."""
    if value is None:
        return None
    try:
        info = codecs.lookup(value)
    except LookupError:
        raise click.BadParameter(visible(f"unknown encoding '{value}'")) from None
    if not getattr(info, "_is_text_encoding", True):
        raise click.BadParameter(f"'{value}' is not a text encoding")
    probe = '[Event "x"]\n'
    try:
        if probe.encode(value).decode(value) != probe:
            raise UnicodeError("the probe did not survive")
    except (UnicodeError, LookupError, ValueError, TypeError):
        raise click.BadParameter(f"'{value}' cannot encode MCN text (e.g. '[Event')") from None
    return value


def read_bytes(path: str) -> bytes:
    """The bytes of ``path`` (``-`` is standard input). Something that is not a regular file
    (a pipe, ``/dev/zero``) is read up to :data:`~mcn.io.limits.MAX_STREAM_BYTES`; more is an
    ``OSError`` (EFBIG) rather than all the memory there is."""
    if path == "-":
        return _bounded_read(sys.stdin.buffer)
    with open(path, "rb") as handle:
        if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return handle.read()
        return _bounded_read(handle)


def _bounded_read(handle: IO[bytes]) -> bytes:
    data = handle.read(MAX_STREAM_BYTES + 1)
    if len(data) > MAX_STREAM_BYTES:
        raise OSError(
            errno.EFBIG, f"more than {MAX_STREAM_BYTES // (1 << 20)} MiB from a stream (the limit)"
        )
    return data


class _Unchanged(Exception):
    """Raised in an output block: the file is canonical already, nothing to write."""


def _format_file(path: str, check: bool, in_place: bool, encoding: str | None) -> str:
    """Format one file game by game: ``"invalid"`` (errors were reported), ``"changed"`` or
    ``"same"``. The canonical text is compared with the original as it is produced, so
    neither is ever held whole; ``--in-place`` writes through :mod:`mcn.io.safe_write` and only
    when something changed, standard output only when the whole file was read."""
    try:
        return _format_stream(path, check, in_place, encoding)
    except Abandon:
        return "invalid"
    except _Unchanged:
        return "same"


def _format_stream(path: str, check: bool, in_place: bool, encoding: str | None) -> str:
    name = "<stdin>" if path == "-" else path
    expected = fingerprint_file(path) if in_place else None
    with ExitStack() as stack:
        if path == "-":  # read twice (to parse and to compare): keep it, within bounds
            data = read_bytes(path)
            handle: IO[bytes] = io.BytesIO(data)
            original: IO[bytes] = io.BytesIO(data)
        else:
            handle = stack.enter_context(open(path, "rb"))
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # a pipe: bounded, twice
                data = _bounded_read(handle)
                handle, original = io.BytesIO(data), io.BytesIO(data)
            else:
                original = stack.enter_context(open(path, "rb"))
        tick = stack.enter_context(read_progress(handle, "formatting"))
        out: IO[str] | None = None
        if not check:
            out = stack.enter_context(open_output(path if in_place else None, expected=expected))
        invalid = changed = False
        count = 0
        for result in iter_results(handle, encoding=encoding, name=name):
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
    type=click.Path(exists=True, readable=False, dir_okay=False, allow_dash=True),
)
@click.option("--check", is_flag=True, help="Change nothing; list the files that would change.")
@click.option("--in-place", "-i", "in_place", is_flag=True, help="Rewrite the files that change.")
@click.option("--encoding", callback=check_encoding, help="Encoding of the files (default UTF-8).")
def fmt(files: tuple[str, ...], check: bool, in_place: bool, encoding: str | None) -> None:
    """Rewrite FILES in canonical MCN layout (standard output unless --in-place or --check)."""
    if check and in_place:
        raise click.UsageError("--check and --in-place exclude each other")
    if in_place and "-" in files:
        raise click.UsageError("standard input cannot be rewritten in place")
    failed = False
    unwritten: list[str] = []
    for path in files:
        try:
            outcome = _format_file(path, check, in_place, encoding)
        except WriteError as problem:
            click.echo(str(problem), err=True)
            unwritten.append(path)
            continue
        except OSError as problem:
            click.echo(
                visible(f"{path}: error: cannot read: {problem.strerror or problem}"), err=True
            )
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
