"""Kill ``mcn fmt -i`` at random moments; the file must always be whole (old or new text).

Used by ``tests/safety/test_kill.py`` (a few dozen kills in CI) and ``bench/kill.py`` (the long
run whose count goes into docs/performance.md). A large record in a non-canonical layout is
written; then, each time: the messy text is put back, a child process rewrites the file in
place (``mcn fmt -i``) and is sent SIGKILL after a random (seeded) delay between 0 and 1.2
times the length of an undisturbed run. The file must then be exactly the old text or exactly
the new one — never empty, never cut, never a mix. Stray temporary files
(``.NAME.*.mcn-tmp``: SIGKILL leaves no chance to delete them) are counted and removed. The
child is forked from the calling process, with mcn and its parser already loaded, so that a
kill lands in the reading, the formatting or the writing in proportion to their length.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "game-4p.mcn"


@dataclass(slots=True)
class KillReport:
    """What the kills found: how often the file was old, new or broken."""

    kills: int = 0
    old: int = 0
    new: int = 0
    broken: int = 0
    leftovers: int = 0
    file_bytes: int = 0
    run_seconds: float = 0.0


def messy_record(games: int) -> bytes:
    """``games`` copies of the example with a layout ``fmt`` rewrites (trailing blanks)."""
    text = EXAMPLE.read_text(encoding="utf-8").replace("\n", "   \n")
    return "\n".join([text] * games).encode("utf-8")


def _fmt_in_place(path: Path) -> None:
    """The child: ``mcn fmt -i PATH``, in this (forked) process."""
    from mcn.cli import cli

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    try:
        cli.main(["fmt", "-i", str(path)], standalone_mode=False)
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    except BaseException:
        code = 3
    os._exit(code)


def _run(path: Path, delay: float | None) -> int | None:
    """Fork a child that rewrites ``path``; SIGKILL it after ``delay`` seconds (None: wait).
    Its exit status, or None when it was killed."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _fmt_in_place(path)
    if delay is not None:
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return None
    return os.WEXITSTATUS(status)


def kill_loop(kills: int, games: int, seed: int, folder: Path) -> KillReport:
    """The experiment (see the module docstring)."""
    import mcn.cli  # noqa: F401 - loaded before forking, as a user's process would have it
    from mcn.notation.grammar import shared

    shared()  # the parser too: the children start formatting at once

    old = messy_record(games)
    path = folder / "archive.mcn"
    path.write_bytes(old)
    start = time.perf_counter()
    if _run(path, None) != 0:
        raise SystemExit("fmt -i failed on the record itself")
    report = KillReport(file_bytes=len(old), run_seconds=time.perf_counter() - start)
    new = path.read_bytes()
    assert new != old, "the record should change when formatted"
    rng = random.Random(seed)
    for _ in range(kills):
        path.write_bytes(old)
        _run(path, rng.uniform(0.0, 1.2 * report.run_seconds))
        report.kills += 1
        now = path.read_bytes()
        if now == old:
            report.old += 1
        elif now == new:
            report.new += 1
        else:
            report.broken += 1
        for stray in folder.glob(".*.mcn-tmp"):
            report.leftovers += 1
            stray.unlink()
    return report
