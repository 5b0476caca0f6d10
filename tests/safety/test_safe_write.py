"""mcn.io.safe_write: every way a write can fail leaves the target byte-for-byte as it was."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from mcn.io.safe_write import (
    ChangedError,
    Fingerprint,
    WriteError,
    atomic_open,
    read_for_update,
    write_bytes_atomic,
    write_text_atomic,
)


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".mcn-tmp")]


def test_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    target = tmp_path / "new.mcn"
    old = os.umask(0o027)
    try:
        write_text_atomic(target, "a\r\nb\n")
    finally:
        os.umask(old)
    assert target.read_bytes() == b"a\r\nb\n"  # newlines exactly as given
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert _leftovers(tmp_path) == []


def test_replacing_keeps_the_mode_and_follows_a_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real.mcn"
    real.write_text("old", encoding="utf-8")
    real.chmod(0o604)
    link = tmp_path / "link.mcn"
    link.symlink_to(real)
    write_text_atomic(link, "new")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o604


def test_a_changed_file_is_not_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "game.mcn"
    target.write_bytes(b"old\n")
    _, seen = read_for_update(target)
    with target.open("ab") as handle:
        handle.write(b"appended meanwhile\n")
    with pytest.raises(ChangedError, match="changed after it was read"):
        write_text_atomic(target, "new\n", expected=seen)
    assert target.read_bytes() == b"old\nappended meanwhile\n"
    assert _leftovers(tmp_path) == []


def test_same_size_rewrite_is_caught_by_the_digest(tmp_path: Path) -> None:
    target = tmp_path / "game.mcn"
    target.write_bytes(b"aaaa")
    data, seen = read_for_update(target)
    before = target.stat()
    target.write_bytes(b"bbbb")
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))  # same stat, other bytes
    with pytest.raises(ChangedError):
        write_bytes_atomic(target, b"cccc", expected=seen)
    assert target.read_bytes() == b"bbbb"
    assert data == b"aaaa"


def test_removed_file_is_reported(tmp_path: Path) -> None:
    target = tmp_path / "game.mcn"
    target.write_bytes(b"x")
    seen = Fingerprint.of(target)
    target.unlink()
    with pytest.raises(ChangedError, match="removed"):
        write_bytes_atomic(target, b"y", expected=seen)
    assert not target.exists()


def test_an_exception_while_streaming_leaves_the_original(tmp_path: Path) -> None:
    target = tmp_path / "out.mcn"
    target.write_bytes(b"precious")
    with pytest.raises(RuntimeError), atomic_open(target) as out:
        out.write("half of a game")
        raise RuntimeError("the generator failed")
    assert target.read_bytes() == b"precious"
    assert _leftovers(tmp_path) == []


def test_an_unencodable_character_touches_nothing(tmp_path: Path) -> None:
    target = tmp_path / "out.mcn"
    target.write_bytes(b"precious")
    with pytest.raises(WriteError, match="cannot encode"):
        write_text_atomic(target, "lone \ud800 surrogate")
    with pytest.raises(WriteError, match="cannot encode"), atomic_open(target) as out:
        out.write("x" * 100_000 + "\ud800")
    assert target.read_bytes() == b"precious"
    assert _leftovers(tmp_path) == []


def test_read_only_file_and_missing_folder_and_directory(tmp_path: Path) -> None:
    locked = tmp_path / "locked.mcn"
    locked.write_bytes(b"keep")
    locked.chmod(0o444)
    with pytest.raises(WriteError, match="read-only") as raised:
        write_text_atomic(locked, "new")
    assert str(raised.value).startswith(f"{locked}: error: cannot write: ")
    assert locked.read_bytes() == b"keep"
    with pytest.raises(WriteError, match="no such directory"):
        write_text_atomic(tmp_path / "nowhere" / "x.mcn", "new")
    write_text_atomic(tmp_path / "made" / "x.mcn", "new", make_parents=True)
    assert (tmp_path / "made" / "x.mcn").read_text(encoding="utf-8") == "new"
    with pytest.raises(WriteError, match="directory"):
        write_text_atomic(tmp_path, "new")


def test_a_device_is_written_not_replaced() -> None:
    write_text_atomic("/dev/null", "discarded")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
