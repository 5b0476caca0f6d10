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
from typing import Any

__all__ = ["collector_paused"]


class collector_paused:
    """Pause the cyclic garbage collector (if it runs) for the duration of a ``with`` block.

    A class, not a ``contextlib.contextmanager`` generator: entered for every game parsed and
    every game replayed, the generator's protocol cost about 2.7 µs a use, compiled or not
    (the generator, the wrapper object and interpreted ``__enter__``/``__exit__``), where this
    costs a few stores (docs/performance-history.md, "Per move, round five"). Named as the
    function it replaces, since that is how it is used."""

    __slots__ = ("enabled",)

    def __init__(self) -> None:
        #: Whether the collector ran when the block was entered (it runs again after it).
        self.enabled = False

    def __enter__(self) -> None:
        self.enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: Any) -> None:
        if self.enabled:
            gc.enable()
