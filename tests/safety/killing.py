"""Kill a writer rewriting a file in place at random moments; the file must always be whole.

Used by ``tests/safety/test_kill.py`` (a few dozen kills in CI, and the proof that a bad writer
fails) and ``bench/kill.py`` (the long run whose count goes into docs/robustness.md).

A large record in a non-canonical layout is written. The *expected* new text is computed
independently of the writer under test, before any kill: ``mcn fmt`` of the old text to standard
output, in a process of its own. Then, each time: the messy text is put back, a reader opens the
file, a child process rewrites the file in place (by default ``mcn fmt -i``) and is sent SIGKILL
after a random (seeded) delay between 0 and 1.2 times the length of an undisturbed run. After the
kill:

* the file is byte-identical to the old text or to the expected text — never empty, never cut,
  never a mix, never "whatever the writer produced";
* if it holds the new text, it is a new inode (the old one was replaced by a rename, not
  rewritten);
* the reader that opened the file before the kill still reads the old bytes from its handle.

The undisturbed run is held to the same oracle. A writer that truncates the target and writes
in place fails (the reader sees its handle's bytes change; a kill mid-write leaves a cut file),
and so does one that copies a finished temporary file over the target (same inode, the reader's
bytes change): :func:`truncating_rewrite` and :func:`copying_rewrite` are those two writers, kept
here so that the test shows the harness catching them. Stray temporary files
(``.NAME.*.mcn-tmp``: SIGKILL leaves no chance to delete them) are counted and removed. The child
is forked from the calling process, with mcn and its parser already loaded, so that a kill lands
in the reading, the formatting or the writing in proportion to their length.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "game-4p.mcn"

#: A writer under test: rewrites the file at the path in place (runs in the forked child).
Rewrite = Callable[[Path], None]


@dataclass(slots=True)
class KillReport:
    """What the kills found. ``broken``: neither the old nor the expected bytes (empty
    counted apart too); ``rewritten``: the new text in the old inode; ``reader_changed``: the
    handle opened before the kill no longer read the old bytes."""

    kills: int = 0
    old: int = 0
    new: int = 0
    broken: int = 0
    empty: int = 0
    rewritten: int = 0
    reader_changed: int = 0
    leftovers: int = 0
    file_bytes: int = 0
    run_seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def failures(self) -> list[str]:
        """Every way the writer failed the oracle (empty: it never did)."""
        found = list(self.problems)
        for count, what in (
            (self.broken, "left a file that is neither the old nor the expected text"),
            (self.empty, "left an empty file"),
            (self.rewritten, "rewrote the old inode instead of replacing it"),
            (self.reader_changed, "changed the bytes a reader of the old file was reading"),
        ):
            if count:
                found.append(f"{count} of {self.kills + 1} runs (one undisturbed): {what}")
        return found


def messy_record(games: int) -> bytes:
    """``games`` copies of the example with a layout ``fmt`` rewrites (trailing blanks)."""
    text = EXAMPLE.read_text(encoding="utf-8").replace("\n", "   \n")
    return "\n".join([text] * games).encode("utf-8")


def expected_output(old: bytes, folder: Path) -> bytes:
    """The oracle: ``mcn fmt`` of the old text to standard output, in a process of its own
    (not the in-place writer under test, and not this process's loaded modules)."""
    source = folder / "oracle-input.mcn"
    source.write_bytes(old)
    done = subprocess.run(
        [sys.executable, "-m", "mcn", "fmt", str(source)],
        capture_output=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    source.unlink()
    if done.returncode != 0 or not done.stdout:
        raise RuntimeError(f"mcn fmt failed on the record: {done.stderr.decode(errors='replace')}")
    return done.stdout


def fmt_in_place(path: Path) -> None:
    """The writer under test by default: ``mcn fmt -i PATH``, in this (forked) process."""
    from mcn.cli import cli

    cli.main(["fmt", "-i", str(path)], standalone_mode=False)


def _formatted(path: Path) -> bytes:
    from mcn.notation import parse, write

    return write(parse(path.read_text(encoding="utf-8"))).encode("utf-8")


def truncating_rewrite(path: Path) -> None:
    """A bad writer (the 0-byte bug): truncate the target, then write the new text into it."""
    data = _formatted(path)
    with path.open("wb") as handle:
        for start in range(0, len(data), 1 << 14):
            handle.write(data[start : start + (1 << 14)])
            handle.flush()


def copying_rewrite(path: Path) -> None:
    """A bad writer: a complete temporary file, then *copied* over the target (not renamed)."""
    temporary = path.with_name(f".{path.name}.copy.mcn-tmp")
    temporary.write_bytes(_formatted(path))
    shutil.copyfile(temporary, path)
    temporary.unlink()


def _child(rewrite: Rewrite, path: Path) -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    try:
        rewrite(path)
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    except BaseException:
        code = 3
    os._exit(code)


def _run(rewrite: Rewrite, path: Path, delay: float | None) -> int | None:
    """Fork a child that rewrites ``path``; SIGKILL it after ``delay`` seconds (None: wait).
    Its exit status, or None when it was killed."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(rewrite, path)
    if delay is not None:
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return None
    return os.WEXITSTATUS(status)


def _judge(report: KillReport, path: Path, old: bytes, expected: bytes, reader: int) -> None:
    """Hold the file and the early reader to the oracle after one (killed or whole) run."""
    old_inode = os.fstat(reader).st_ino
    now = path.read_bytes()
    if now == old:
        report.old += 1
    elif now == expected:
        report.new += 1
        if os.stat(path).st_ino == old_inode:
            report.rewritten += 1
    else:
        report.broken += 1
        report.empty += not now
    os.lseek(reader, 0, os.SEEK_SET)
    seen = b""
    while chunk := os.read(reader, 1 << 20):
        seen += chunk
    if seen != old:
        report.reader_changed += 1


def kill_loop(
    kills: int, games: int, seed: int, folder: Path, rewrite: Rewrite = fmt_in_place
) -> KillReport:
    """The experiment (see the module docstring); ``rewrite`` is the writer under test."""
    import mcn.cli  # noqa: F401 - loaded before forking, as a user's process would have it
    from mcn.notation.grammar import shared

    shared()  # the parser too: the children start formatting at once

    old = messy_record(games)
    expected = expected_output(old, folder)
    if expected == old:
        raise RuntimeError("the record must change when formatted, or the oracle proves nothing")
    path = folder / "archive.mcn"
    report = KillReport(file_bytes=len(old))
    rng = random.Random(seed)
    for number in range(kills + 1):  # 0: the undisturbed run, timed
        path.write_bytes(old)
        reader = os.open(path, os.O_RDONLY)
        try:
            if number == 0:
                start = time.perf_counter()
                status = _run(rewrite, path, None)
                report.run_seconds = time.perf_counter() - start
                if status != 0:
                    report.problems.append(f"the undisturbed run exited with status {status}")
                before = report.new
                _judge(report, path, old, expected, reader)
                if report.new == before:
                    report.problems.append("the undisturbed run did not write the expected text")
                report.old = report.new = 0  # the counts are of the kills
            else:
                _run(rewrite, path, rng.uniform(0.0, 1.2 * report.run_seconds))
                report.kills += 1
                _judge(report, path, old, expected, reader)
        finally:
            os.close(reader)
        for stray in folder.glob(".*.mcn-tmp"):
            report.leftovers += 1
            stray.unlink()
    return report
