"""Pause Python's cyclic garbage collector around work that creates no reference cycles.

Parsing a game and replaying it allocate many small objects that stay alive until the game is done
with, so a collection finds almost nothing — yet its sweeps over the growing heap cost as much as
half of a parse and a fifth of a replay (docs/performance-history.md, "Replay speed"). Reference
counting still frees everything as usual; a rare cycle (an exception with its traceback, the lines
of a replay's variations, which refer to each other) waits for the next collection after the work.
``mcn validate`` pauses for each game's whole check (:func:`mcn.archive.checking.check_chunk`), so
that the game and its replay are freed before the collector runs again at all;
``tests/stream/test_collector.py`` holds the pause and its premise. Pausing nests: the collector
runs again only when the outermost pause ends, and only if it ran before."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector (if it runs) for the duration of the block."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
