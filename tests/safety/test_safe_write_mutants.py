"""mcn.io.safe_write's promises that a test of the outcome alone cannot see: each test here kills a
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

from mcn.io import safe_write
from mcn.io.safe_write import ChangedError, atomic_open, read_for_update, write_bytes_atomic

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


def _open_descriptors() -> set[int]:
    return {int(name) for name in os.listdir("/proc/self/fd")}


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc/self/fd (Linux)")
def test_no_descriptor_leaks_on_success_or_on_an_early_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder's descriptor is closed after its fsync; the temporary file's descriptor is
    closed when setting its mode fails, before any file object owns it (and only once)."""
    target = tmp_path / "game.mcn"
    target.write_bytes(b"old")
    before = _open_descriptors()
    write_bytes_atomic(target, b"new")
    assert _open_descriptors() == before

    def refuse(descriptor: int, mode: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(safe_write.os, "fchmod", refuse)
    with pytest.raises(safe_write.WriteError, match="Operation not permitted"):
        write_bytes_atomic(target, b"newer")
    assert _open_descriptors() == before
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["game.mcn"]


def test_a_new_file_gets_0666_minus_the_umask_and_the_umask_is_kept(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_bytes_atomic(tmp_path / "a.mcn", b"x")
        assert os.umask(0o022) == 0o022  # reading the umask must put it back
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.mcn").stat().st_mode) == 0o644


def test_a_non_root_writer_never_changes_the_owner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.mcn"
    target.write_bytes(b"old")
    chowned: list[int] = []
    monkeypatch.setattr(safe_write.os, "geteuid", lambda: 1000)
    monkeypatch.setattr(safe_write.os, "fchown", lambda fd, uid, gid: chowned.append(fd))
    write_bytes_atomic(target, b"new")
    assert chowned == []
    assert target.read_bytes() == b"new"


@pytest.mark.skipif(os.geteuid() != 0, reason="root ignores permission bits; this checks that")
def test_root_is_refused_a_file_without_write_bits_even_if_executable(tmp_path: Path) -> None:
    target = tmp_path / "script.mcn"
    target.write_bytes(b"keep")
    target.chmod(0o555)  # r-x for all: no write bit anywhere
    with pytest.raises(safe_write.WriteError, match="read-only"):
        write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"keep"


def test_a_stat_fingerprint_catches_growth_shrinking_and_a_new_timestamp(tmp_path: Path) -> None:
    """Without a digest (``Fingerprint.of``) size, mtime, inode and device decide — each one
    compared for equality, whichever way it moved."""
    target = tmp_path / "game.mcn"
    for change in ("append", "truncate", "touch"):
        target.write_bytes(b"0123456789")
        os.utime(target, ns=(10**18, 10**18))
        seen = safe_write.Fingerprint.of(target)
        assert seen is not None and seen.digest is None
        if change == "append":
            with target.open("ab") as handle:
                handle.write(b"+")
        elif change == "truncate":
            os.truncate(target, 5)
        os.utime(target, ns=(10**18, 10**18 + (change == "touch")))
        with pytest.raises(ChangedError):
            write_bytes_atomic(target, b"new", expected=seen)
    assert safe_write.Fingerprint.of(tmp_path / "missing.mcn") is None


@pytest.mark.parametrize("reader", ["read_for_update", "fingerprint_file"])
def test_every_same_size_rewrite_is_caught_by_the_digest(tmp_path: Path, reader: str) -> None:
    """Whichever way the digests compare: the check is inequality, and both readers digest the
    whole content (``fingerprint_file`` in pieces)."""
    target = tmp_path / "game.mcn"
    for other in (b"bbbb", b"cccc", b"dddd", b"eeee", b"ffff", b"gggg"):
        target.write_bytes(b"aaaa")
        os.utime(target, ns=(10**18, 10**18))
        if reader == "read_for_update":
            _, seen = read_for_update(target)
        else:
            seen = safe_write.fingerprint_file(target)
        target.write_bytes(other)
        os.utime(target, ns=(10**18, 10**18))  # same size, same stat, other bytes
        with pytest.raises(ChangedError):
            write_bytes_atomic(target, b"new!", expected=seen)
        assert target.read_bytes() == other


def test_a_file_changed_before_writing_is_refused_before_the_block_runs(tmp_path: Path) -> None:
    """``fmt -i`` of a big archive streams into the block: a file already changed is refused
    before any of that work, and before a temporary file exists."""
    target = tmp_path / "game.mcn"
    target.write_bytes(b"old\n")
    _, seen = read_for_update(target)
    target.write_bytes(b"changed\n")
    ran = False
    with pytest.raises(ChangedError), atomic_open(target, "wb", expected=seen):
        ran = True
    assert not ran
    assert target.read_bytes() == b"changed\n"


def test_fingerprints_are_immutable() -> None:
    seen = safe_write.Fingerprint(1, 2, 3, 4)
    with pytest.raises(AttributeError):
        seen.size = 5  # type: ignore[misc]


def test_bytes_to_a_missing_folder_are_refused_unless_asked(tmp_path: Path) -> None:
    with pytest.raises(safe_write.WriteError, match="no such directory"):
        write_bytes_atomic(tmp_path / "nowhere" / "x.mcn", b"new")
    write_bytes_atomic(tmp_path / "made" / "x.mcn", b"new", make_parents=True)
    assert (tmp_path / "made" / "x.mcn").read_bytes() == b"new"


@pytest.mark.parametrize(
    ("text", "at"), [("lone \ud800 surrogate", 5), ("x" * 99_999 + "\ud800", 99_999)]
)
def test_the_unencodable_character_is_named(tmp_path: Path, text: str, at: int) -> None:
    assert text[at] == "\ud800"
    with pytest.raises(safe_write.WriteError) as whole:
        safe_write.write_text_atomic(tmp_path / "a.mcn", text)
    with pytest.raises(safe_write.WriteError) as streamed, atomic_open(tmp_path / "b.mcn") as out:
        out.write(text)
    for raised in (whole, streamed):
        assert "utf-8 cannot encode '\\ud800': surrogates not allowed" in str(raised.value)
    assert sorted(os.listdir(tmp_path)) == []


def test_every_os_error_becomes_one_line_for_the_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_bytes(b"")
    with pytest.raises(safe_write.WriteError, match="Not a directory"):
        write_bytes_atomic(a_file / "x.mcn", b"new")  # stat fails: a file as a folder
    with pytest.raises(safe_write.WriteError):
        write_bytes_atomic("/proc/mcn-missing/a/x.mcn", b"new", make_parents=True)
    with pytest.raises(safe_write.WriteError, match="unknown encoding 'no-such'"):
        safe_write.write_text_atomic(tmp_path / "x.mcn", "new", encoding="no-such")

    def no_temporary(*_: Any) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(safe_write, "_temporary", no_temporary)
    with pytest.raises(safe_write.WriteError, match=r"cannot create a temporary file in .*denied"):
        write_bytes_atomic(tmp_path / "y.mcn", b"new")


def test_a_folder_that_cannot_be_opened_is_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open = os.open

    def open_no_folders(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & getattr(os, "O_DIRECTORY", 0):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(safe_write.os, "open", open_no_folders)
    write_bytes_atomic(tmp_path / "game.mcn", b"new")
    assert (tmp_path / "game.mcn").read_bytes() == b"new"


def test_devices_are_written_in_text_and_bytes_and_their_errors_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with atomic_open("/dev/null") as out:
        out.write("text, not bytes")
    with atomic_open("/dev/null", "wb") as out:
        out.write(b"bytes")
    with pytest.raises(safe_write.WriteError, match="ascii cannot encode"):  # noqa: SIM117
        with atomic_open("/dev/null", encoding="ascii") as out:
            out.write("é")
    if os.path.exists("/dev/full"):
        with pytest.raises(safe_write.WriteError, match="No space left"):  # noqa: SIM117
            with atomic_open("/dev/full", "wb") as out:
                out.write(b"x" * 100_000)

    def refuse(*_: Any, **__: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(safe_write, "open", refuse, raising=False)
    with pytest.raises(safe_write.WriteError, match="/dev/null: error: cannot write: Permission"):
        write_bytes_atomic("/dev/null", b"x")


def test_the_mode_is_compared_by_value(tmp_path: Path) -> None:
    """A mode string built at run time (not the interned literal) still means bytes."""
    mode: Any = "".join(["w", "b"])
    with atomic_open(tmp_path / "game.mcn", mode) as out:
        out.write(b"bytes")
    with atomic_open("/dev/null", mode) as out:
        out.write(b"bytes")
    assert (tmp_path / "game.mcn").read_bytes() == b"bytes"


def test_an_empty_name_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(safe_write.WriteError, match="empty file name"):
        write_bytes_atomic("", b"new")


def test_the_umask_is_put_back_after_reading_it(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_bytes_atomic(tmp_path / "a.mcn", b"x")
        assert os.umask(0o027) == 0o027
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.mcn").stat().st_mode) == 0o640


def test_a_folder_made_by_someone_else_meanwhile_is_fine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """make_parents: the folder appears between the check and the making (another writer)."""
    folder = tmp_path / "new"
    real_isdir = os.path.isdir

    def isdir_then_made(path: Any) -> bool:
        seen = real_isdir(path)
        if os.fspath(path) == str(folder):
            folder.mkdir(exist_ok=True)
        return seen

    monkeypatch.setattr(safe_write.os.path, "isdir", isdir_then_made)
    write_bytes_atomic(folder / "x.mcn", b"new", make_parents=True)
    assert (folder / "x.mcn").read_bytes() == b"new"
