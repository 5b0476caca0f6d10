"""Where a streaming command writes: a file (atomically) or standard output (only when whole).

Commands that turn one record into another (export, import, fmt, redact, filter) write game by
game, so memory stays flat however big the input. Two promises must still hold:

* a file named with ``-o`` is replaced only when the whole output is written, through
  :mod:`mcn.io.safe_write` (an error half-way leaves the old file exactly as it was);
* on standard output a broken input produces no output at all, as before streaming: the text
  is gathered in a spooled temporary file (in memory up to a few megabytes, then on disk) and
  copied out only when the block ends without an exception.

Raise :class:`Abandon` inside the block to drop what was written (the input had errors that
were already reported); any other exception drops it too and propagates.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any, Final

import click

from mcn.io.safe_write import Fingerprint, atomic_open
from mcn.io.terminal import visible

__all__ = ["Abandon", "open_output"]

#: Standard output is kept in memory up to this size, then in a temporary file.
_SPOOL_BYTES: Final = 8 << 20
_COPY_CHARS: Final = 1 << 20


class Abandon(Exception):
    """Raised inside :func:`open_output`'s block: discard the output, the errors are told."""


@contextmanager
def open_output(path: str | None, *, expected: Fingerprint | None = None) -> Iterator[IO[str]]:
    """A text handle (UTF-8, newlines as written) for ``path``, or standard output for
    ``None``/``-``. ``expected`` is the fingerprint of a file being rewritten in place."""
    if path is not None and path != "-":
        with atomic_open(path, expected=expected) as handle:
            yield handle
        return
    spool: IO[Any]
    with tempfile.SpooledTemporaryFile(
        max_size=_SPOOL_BYTES, mode="w+", encoding="utf-8", newline=""
    ) as spool:
        yield spool
        spool.seek(0)
        shown = _for_terminal() if _terminal() else None
        while chunk := spool.read(_COPY_CHARS):
            click.echo(chunk if shown is None else shown(chunk), nl=False)
        if shown is not None:
            click.echo(shown(""), nl=False)


def _terminal() -> bool:
    """Whether standard output is a terminal (not a pipe or a file)."""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _for_terminal() -> Callable[[str], str]:
    """A filter for text on its way to a terminal: control characters, escape sequences and
    bidi controls from a record shown escaped (:func:`mcn.io.terminal.visible`), as ``less`` and
    ``git`` show them. A pipe or a file gets the record's own bytes. A ``CR`` at the end of
    a chunk waits for the next one (``CR LF`` is a line end); ``""`` flushes it."""
    held = ""

    def shown(chunk: str) -> str:
        nonlocal held
        text = held + chunk
        held = ""
        if chunk and text.endswith("\r"):
            text, held = text[:-1], "\r"
        return visible(text, lines=True)

    return shown
