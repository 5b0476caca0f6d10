"""Progress bars for long work, shown only to a person watching a terminal.

Every command that streams a file (validate, export, import, fmt, redact, standings, filter)
reads it front to back, so the bytes read are the honest measure of progress. The bar goes to
standard error and only when standard error is a terminal and the input is big enough to take
more than about a second; piped, redirected or in CI, nothing is drawn, so the output stays
clean for the next program.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any, Final

import click

__all__ = ["MIN_BYTES", "count_progress", "files_progress", "read_progress", "wanted"]

#: Inputs smaller than this finish in about a second or less: no bar.
MIN_BYTES: Final = 2 << 20


def wanted(total: int) -> bool:
    """Whether to draw a bar for work of ``total`` bytes (a terminal is watching, and it is big)."""
    if total < MIN_BYTES:
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _size(handle: IO[Any]) -> int:
    try:
        return os.fstat(handle.fileno()).st_size
    except (AttributeError, OSError, ValueError):
        return 0


@contextmanager
def read_progress(handle: IO[Any], label: str) -> Iterator[Callable[[], None]]:
    """A bar over the bytes of ``handle``; call the yielded ``tick()`` after each game.

    ``tick`` moves the bar to the handle's position; with no bar (piped, small, unseekable
    input) it does nothing and costs nothing.
    """
    total = _size(handle)
    if not wanted(total):
        yield _nothing
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        done = 0

        def tick() -> None:
            nonlocal done
            try:
                position = handle.tell()
            except (OSError, ValueError):
                return
            if position > done:
                bar.update(position - done)
                done = position

        yield tick


@contextmanager
def files_progress(files: list[str], label: str) -> Iterator[Callable[[int], None]]:
    """A bar over the total size of ``files`` (standard input counts nothing); call the yielded
    ``moved(done)`` with how much has been read so far (characters of text, about the bytes).
    For commands that read many files through workers (standings, filter)."""
    total = sum(os.path.getsize(p) for p in files if p != "-" and os.path.isfile(p))
    if not wanted(total):
        yield _nothing_count
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:

        def moved(done: int) -> None:
            if done > bar.pos:
                bar.update(min(done, total) - bar.pos)

        yield moved


@contextmanager
def count_progress(total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A bar over ``total`` items of known number (``mcn random -n``); ``step(n)`` adds ``n``.

    Drawn for a terminal when there are enough items to take a while (a few hundred games).
    """
    if total < 200 or not wanted(MIN_BYTES):
        yield _nothing_count
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        yield bar.update


def _nothing() -> None:
    return None


def _nothing_count(count: int) -> None:
    return None
