"""SIGKILL a writer rewriting a record in place at random moments (issue 11; the long run of 200+
kills is ``bench/kill.py``). The oracle is independent of the writer (``mcn fmt`` to standard
output): after every kill the record is byte-identical to the old or to the expected text,
never empty, a new inode when new, and a reader that opened it before still reads the old bytes.
The harness is shown to fail for the two writers it is there to catch."""

from __future__ import annotations

from pathlib import Path

from tests.safety.killing import copying_rewrite, kill_loop, truncating_rewrite


def test_fmt_in_place_survives_sigkill(tmp_path: Path) -> None:
    report = kill_loop(kills=20, games=100, seed=11, folder=tmp_path)
    assert report.failures() == []
    assert report.kills == 20
    assert report.old + report.new == 20
    assert report.broken == report.empty == report.rewritten == report.reader_changed == 0


def test_a_truncating_writer_fails_the_harness(tmp_path: Path) -> None:
    report = kill_loop(kills=4, games=30, seed=3, folder=tmp_path, rewrite=truncating_rewrite)
    failures = report.failures()
    assert failures, "truncating the target and writing in place must not pass"
    # Its own undisturbed run already rewrites the old inode under an open reader: it is
    # caught whether or not a kill lands in the writing.
    assert report.rewritten >= 1 and report.reader_changed >= 1, failures
    assert any("reader of the old file" in line for line in failures)


def test_a_copying_writer_fails_the_harness(tmp_path: Path) -> None:
    report = kill_loop(kills=4, games=30, seed=3, folder=tmp_path, rewrite=copying_rewrite)
    failures = report.failures()
    assert failures, "copying a finished file over the target must not pass"
    # The undisturbed run writes the expected bytes, but into the old inode.
    assert report.rewritten >= 1, failures
    assert any("rewrote the old inode" in line for line in failures)
    assert any("reader of the old file" in line for line in failures)


def test_the_oracle_is_the_formatter_not_the_writer(tmp_path: Path) -> None:
    """A writer that writes something other than ``mcn fmt``'s output fails, atomic as it is:
    "new" is what the formatter says, not whatever the writer produced (here: the layout
    fixed, the last line lost)."""
    from mcn.io.safe_write import write_bytes_atomic

    def wrong_text(path: Path) -> None:
        fixed = path.read_bytes().replace(b"   \n", b"\n")
        write_bytes_atomic(path, fixed[: fixed.rstrip(b"\n").rfind(b"\n") + 1])

    report = kill_loop(kills=2, games=20, seed=5, folder=tmp_path, rewrite=wrong_text)
    assert "the undisturbed run did not write the expected text" in report.failures()
