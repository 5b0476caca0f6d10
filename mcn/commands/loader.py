"""The one record loader: how every command reads a record, named by a path or ``-``.

A command names a record by a path, or ``-`` for standard input (``<stdin>`` in messages).
Every command reads it here, by the rules of ``mcn validate``:

* **Encoding** (:func:`mcn.io.inputs.encoding_for`): ``--encoding`` where a command has it,
  else ``auto`` — a byte-order mark decides, else UTF-8 when the whole file is UTF-8, else
  Windows-1252 (Latin-1) with a warning naming the file, printed before anything else as
  ``validate`` prints it. Standard input cannot be scanned twice: it is read as UTF-8.
* **Limits**: the games are cut and bounded by the notation's reader
  (:data:`~mcn.io.limits.MAX_GAME_CHARS`); what must be held whole — standard input that
  ``fmt`` reads twice, a JSON record — is read from a pipe or device up to
  :data:`~mcn.io.limits.MAX_STREAM_BYTES`, never more.
* **Errors**: a file that cannot be read is ``NAME: error: cannot read: REASON`` (escaped for
  the terminal) and exit status 1; a game's notation errors are printed as ``validate`` prints
  them (with ``--as``, their source lines as that viewer may read them); a game number the
  file does not have is a usage error on ``--game``.

Commands that read folders of submissions (``validate``, ``standings``, ``filter``, ``stats``,
``search``, ``explore``, ``site``) take their options from :mod:`mcn.commands.reading` and
the one ``--encoding`` check from here (:func:`checked_encoding`); their games are read by
:mod:`mcn.archive.batch`, which follows the same encoding rules and reports a file it cannot
read in its report.

The notation's reader is imported when a record is read, not with this module: a command
that reads a position (``mcn position TEXT``) never needs it.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, cast

import click

from mcn.base.plain import PlainValue
from mcn.io.inputs import check_encoding, encoding_for
from mcn.io.limits import MAX_STREAM_BYTES
from mcn.io.terminal import one_line, visible

if TYPE_CHECKING:
    from mcn.notation.model import Game
    from mcn.notation.parser import GameResult

#: The argument type of a record to read: an existing file or ``-``.
RECORD = click.Path(exists=True, readable=False, dir_okay=False, allow_dash=True)


class RecordError(click.ClickException):
    """A record that cannot be read or replayed: exit 1, its diagnostics printed as they are
    (already escaped for the terminal)."""

    exit_code = 1

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(self.message, err=True)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Record(PlainValue):
    """A record to read: the path as given (``-`` for standard input), the name messages use,
    the encoding chosen for it and the warning to give about that choice (if any)."""

    path: str
    name: str
    encoding: str
    warning: str | None = None

    def cannot_read(self, problem: OSError | str) -> str:
        """The message for a record that cannot be read (escaped for the terminal)."""
        reason = problem if isinstance(problem, str) else (problem.strerror or str(problem))
        return visible(f"{self.name}: error: cannot read: {reason}")

    def warn(self) -> None:
        """Say on standard error how the record is decoded, when the encoding was guessed."""
        if self.warning is not None:
            click.echo(visible(f"{self.name}: warning: {self.warning}"), err=True)

    def open(self, stack: ExitStack, *, whole: bool = False) -> IO[bytes]:
        """The record's bytes, open for reading in ``stack`` (standard input for ``-``). With
        ``whole`` (the caller will hold all of it), a pipe or device is read through a count
        that raises :class:`StreamLimit` past :data:`~mcn.io.limits.MAX_STREAM_BYTES`."""
        if self.path == "-":
            handle: IO[bytes] = sys.stdin.buffer
        else:
            handle = stack.enter_context(open(self.path, "rb"))  # noqa: SIM115 (the stack closes it)
        if whole and not regular(handle):
            return cast(IO[bytes], _Capped(handle))
        return handle

    @property
    def source(self) -> IO[bytes] | str:
        """What the notation's readers take: the path (they open and close it), or standard
        input's bytes."""
        return sys.stdin.buffer if self.path == "-" else self.path

    def results(self, handle: IO[bytes] | None = None) -> Iterator[GameResult]:
        """Every game of the record, leniently (errors do not stop the reading), from
        ``handle`` when the caller opened it, else from :attr:`source`."""
        from mcn.notation.stream import iter_results

        source = handle if handle is not None else self.source
        return iter_results(source, encoding=self.encoding, name=self.name)

    def lines(self) -> Callable[[int], str | None]:
        """A lookup of the record's lines by number, for the source line of a diagnostic
        found after the reading (none for standard input)."""
        from mcn.notation.stream import file_lines

        return file_lines(self.path, self.encoding)


def record_source(path: str, encoding: str | None = None) -> Record:
    """The record at ``path`` (``-``: standard input), with its encoding decided by
    ``encoding`` (None or ``auto``: detected, as ``validate`` does)."""
    detected = encoding_for(path, encoding)
    name = "<stdin>" if path == "-" else path
    return Record(path, name, detected.encoding, detected.warning)


def game_result(source: Record, number: int) -> GameResult:
    """Game ``number`` (from 1) of the record as it was read, errors included. A file that
    cannot be read is a :class:`RecordError`; a game number the file does not have, a usage
    error on ``--game``."""
    seen = 0
    try:
        for result in source.results():
            seen = result.number
            if result.number == number:
                return result
    except OSError as problem:
        raise RecordError(source.cannot_read(problem)) from None
    games = "no game" if seen == 0 else f"only {seen} game{'s' if seen > 1 else ''}"
    raise click.BadParameter(f"{source.name} has {games}, not game {number}", param_hint="'--game'")


def load_game(source: Record, number: int, *, masked: bool = False) -> Game:
    """Game ``number`` of the record, parsed; a :class:`RecordError` (exit 1) with every
    notation error when it cannot be read (with ``masked``, for ``--as``, their source lines
    as the viewer may read them: :func:`mcn.views.seen_errors.seen_notation_error`)."""
    result = game_result(source, number)
    if result.errors or result.game is None:
        from mcn.notation.errors import NotationError
        from mcn.views.seen_errors import seen_notation_error

        show = seen_notation_error if masked else NotationError.format
        raise RecordError("\n".join(show(error) for error in result.errors))
    return result.game


def regular(handle: IO[bytes]) -> bool:
    """Whether ``handle`` reads a regular file (not a pipe, a device or an in-memory input)."""
    try:
        return stat.S_ISREG(os.fstat(handle.fileno()).st_mode)
    except (OSError, ValueError, io.UnsupportedOperation):
        return False  # no descriptor (a test's in-memory input): a stream


def read_whole(handle: IO[bytes]) -> bytes:
    """All of ``handle`` (opened by :meth:`Record.open` with ``whole``); more than the stream
    limit is an ``OSError`` (EFBIG), reported as a file that cannot be read."""
    try:
        return handle.read()
    except StreamLimit as problem:
        raise OSError(errno.EFBIG, str(problem)) from None


class StreamLimit(Exception):
    """More than :data:`~mcn.io.limits.MAX_STREAM_BYTES` from a pipe or device. Not an
    ``OSError``: raised inside an output block, the output's writer would report that as a
    failure to write."""


class _Capped:
    """A pipe or device read through a count: more than
    :data:`~mcn.io.limits.MAX_STREAM_BYTES` raises :class:`StreamLimit`, whatever it holds."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self.count = 0

    def read(self, size: int = -1) -> bytes:
        data = self.handle.read(size if size is not None and size >= 0 else MAX_STREAM_BYTES + 1)
        self.count += len(data)
        if self.count > MAX_STREAM_BYTES:
            raise StreamLimit(
                f"more than {MAX_STREAM_BYTES // (1 << 20)} MiB from a stream (the limit)"
            )
        return data

    def tell(self) -> int:
        return self.count


def checked_encoding(value: str) -> str:
    """``--encoding``: ``auto`` or a text encoding that can carry MCN; anything else is a usage
    error (exit status 2), before any file is read."""
    try:
        check_encoding(value)
    except LookupError as problem:
        raise click.BadParameter(one_line(str(problem)), param_hint="--encoding") from None
    return value
