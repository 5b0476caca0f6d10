"""mcn.safe_write's promises that a test of the outcome alone cannot see: each test here kills a
mutant that once survived the suite (docs/testing.md, "Mutation testing").

A dropped ``fsync`` leaves the file correct until the power fails; a dropped re-check loses an
edit made while the new text was being written; a copy instead of a rename is atomic for nobody
who already had the file open. So these tests watch the calls (spies on ``os.fsync`` and
``os.replace``) and the inodes, not only the bytes.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mcn import safe_write
from mcn.safe_write import ChangedError, atomic_open, read_for_update, write_bytes_atomic

#: Bigger than the file object's buffer, written in small pieces (:func:`_write_in_pieces`):
#: the last pieces are still in the buffer until the flush, so a dropped flush shows.
DATA = b"0123456789abcdef" * 4096


def _write_in_pieces(target: Path) -> None:
    with atomic_open(target, "wb") as out:
        for start in range(0, len(DATA), 100):
            out.write(DATA[start : start + 100])


class Spy:
    """Records, in order, every ``os.fsync`` (what the descriptor was) and ``os.replace``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[str, Any]] = []
        real_fsync: Callable[[int], None] = os.fsync
        real_replace = os.replace

        def fsync(descriptor: int) -> None:
            status = os.fstat(descriptor)
            self.calls.append(("fsync", status))
            real_fsync(descriptor)

        def replace(source: Any, destination: Any) -> None:
            self.calls.append(("replace", (os.fspath(source), os.fspath(destination))))
            real_replace(source, destination)

        monkeypatch.setattr(safe_write.os, "fsync", fsync)
        monkeypatch.setattr(safe_write.os, "replace", replace)

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]


def test_the_temporary_file_is_fsynced_whole_before_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.mcn"
    target.write_bytes(b"old")
    spy = Spy(monkeypatch)
    _write_in_pieces(target)
    assert spy.names()[:2] == ["fsync", "replace"], spy.names()
    synced = spy.calls[0][1]
    assert stat.S_ISREG(synced.st_mode)
    assert synced.st_size == len(DATA)  # flushed before the fsync: all of it reaches the disk
    temporary, destination = spy.calls[1][1]
    assert destination == str(target)
    assert os.path.dirname(temporary) == str(tmp_path)
    assert os.path.basename(temporary).startswith(".game.mcn.")
    assert synced.st_ino == target.stat().st_ino  # the fsynced file is the one renamed in


def test_the_folder_is_fsynced_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.mcn"
    spy = Spy(monkeypatch)
    write_bytes_atomic(target, DATA)  # a new file: its name exists only in the folder
    assert spy.names() == ["fsync", "replace", "fsync"], spy.names()
    folder = spy.calls[2][1]
    assert stat.S_ISDIR(folder.st_mode)
    assert (folder.st_ino, folder.st_dev) == (tmp_path.stat().st_ino, tmp_path.stat().st_dev)


def test_a_folder_that_cannot_be_fsynced_is_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Some filesystems refuse to fsync a directory: the rename is done, the write succeeds."""
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        if stat.S_ISDIR(os.fstat(descriptor).st_mode):
            raise OSError(22, "Invalid argument")
        real_fsync(descriptor)

    monkeypatch.setattr(safe_write.os, "fsync", fsync)
    write_bytes_atomic(tmp_path / "game.mcn", b"new")
    assert (tmp_path / "game.mcn").read_bytes() == b"new"
    assert sorted(os.listdir(tmp_path)) == ["game.mcn"]


def test_a_change_while_writing_is_caught_before_the_rename(tmp_path: Path) -> None:
    """The check before the rename, not only the one before the temporary file is made: an edit
    that lands while the new text is being written is kept, and nothing is renamed over it."""
    target = tmp_path / "game.mcn"
    target.write_bytes(b"old\n")
    _, seen = read_for_update(target)
    with (
        pytest.raises(ChangedError, match="changed after it was read"),
        atomic_open(target, "wb", expected=seen) as out,
    ):
        out.write(b"new\n")
        with target.open("ab") as other:  # someone else saves meanwhile
            other.write(b"their edit\n")
    assert target.read_bytes() == b"old\ntheir edit\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.mcn"]


def test_an_unchanged_file_is_replaced_with_its_fingerprint(tmp_path: Path) -> None:
    target = tmp_path / "game.mcn"
    target.write_bytes(b"old\n")
    _, seen = read_for_update(target)
    write_bytes_atomic(target, b"new\n", expected=seen)
    assert target.read_bytes() == b"new\n"


def test_the_target_is_a_new_inode_and_an_open_reader_keeps_the_old_bytes(
    tmp_path: Path,
) -> None:
    """A rename, never a copy over the file: whoever had the old file open still reads it
    whole, and the name points at a new inode."""
    target = tmp_path / "game.mcn"
    target.write_bytes(b"old text\n")
    before = target.stat().st_ino
    with target.open("rb") as reader:
        write_bytes_atomic(target, DATA)
        assert reader.read() == b"old text\n"
    assert target.stat().st_ino != before
    assert target.read_bytes() == DATA


@pytest.mark.skipif(os.geteuid() != 0, reason="changing a file's owner needs root")
def test_root_keeps_the_owner_and_group(tmp_path: Path) -> None:
    """Root rewriting a user's record (``sudo mcn fmt -i``) must not hand it to root."""
    target = tmp_path / "game.mcn"
    target.write_bytes(b"old")
    os.chown(target, 65534, 65533)
    target.chmod(0o640)
    write_bytes_atomic(target, b"new")
    status = target.stat()
    assert (status.st_uid, status.st_gid) == (65534, 65533)
    assert stat.S_IMODE(status.st_mode) == 0o640
    assert target.read_bytes() == b"new"
