"""Ending the process without the interpreter's teardown, once everything is written.

When a command has written its last byte, CPython still tears itself down: it clears every
module, frees every object (the engine's tables, the records read, the readers' caches) and
runs the collector over them — 20 to 30 ms of CPU after ``mcn html`` or ``mcn validate`` of
one game, a seventh of their cold start, and more after a big archive (issue 34;
docs/performance-history.md, "html's start, the quick exit and the fork pool"). None of it
is seen from outside: the kernel takes the memory back at once. So a command whose every file
is closed whenever it ends says so (:func:`allow`), and the console script
(:func:`mcn.cli.main`) ends the process through :func:`end`: standard output and error are
flushed, the exit functions (:mod:`atexit`: a process pool's, a profiler's) run, and
:func:`os._exit` ends it with the same status.

The ordinary exit runs instead — nothing changes — when

* the command did not call :func:`allow`, or runs inside another program (Click's test
  runner, the library): only the console script calls :func:`end`;
* another thread is alive (its work would be cut short; the ordinary exit waits for it);
* the status is not a number from 0 to 255 (``sys.exit("message")`` prints the message);
* flushing standard output or error fails (a closed pipe): the ordinary exit reports it as it
  always did, with its status (120).
"""

from __future__ import annotations

import os
import sys

_allowed = False


def allow() -> None:
    """Say that the running command leaves no file open and no work behind when it ends, by
    whatever path (its outputs are written through context managers, its worker processes
    joined): the process may then end without the teardown."""
    global _allowed
    _allowed = True


def allowed() -> bool:
    """Whether :func:`allow` was called in this process."""
    return _allowed


def _alone() -> bool:
    """Whether the main thread is the only one (no thread, if threading was never imported)."""
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def _flushed() -> bool:
    """Flush standard output and error; False if either fails."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            stream.flush()
        except (OSError, ValueError):
            return False
    return True


def end(code: object) -> None:
    """End the process now with exit status ``code`` (a :class:`SystemExit`'s: None or a
    number) if the command allowed it and it is safe; otherwise return, and the caller lets
    the ordinary exit run."""
    if not _allowed or not _alone():
        return
    if code is None:
        status = 0
    elif isinstance(code, int) and 0 <= code <= 255:
        status = code
    else:
        return
    if not _flushed():
        return
    import atexit

    atexit._run_exitfuncs()  # the ordinary exit runs them too; each runs once
    if not _flushed():
        return
    os._exit(status)
