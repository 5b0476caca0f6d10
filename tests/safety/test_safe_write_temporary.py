"""The temporary file mcn.io.safe_write writes first (made without :mod:`tempfile`, issue 34):
a file this call creates, never one planted under its name; readable by its owner only until
it has the target's mode; not inherited by child processes; another name when one is taken; a
clear error when none is free."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcn.io import safe_write
from mcn.io.safe_write import WriteError, atomic_open, write_bytes_atomic


def _fixed_random(monkeypatch: pytest.MonkeyPatch, values: list[bytes]) -> None:
    """``os.urandom`` as safe_write sees it returns ``values`` in turn, the last one for ever."""
    given: Iterator[bytes] = iter(values)
    last = values[-1]

    def urandom(size: int) -> bytes:
        value = next(given, last)
        assert len(value) == size
        return value

    monkeypatch.setattr(safe_write.os, "urandom", urandom)


def _name(target: Path, random: bytes) -> Path:
    return target.with_name(f".{target.name}.{random.hex()}.mcn-tmp")


def test_a_name_planted_as_a_link_is_not_followed_another_name_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    target = tmp_path / "game.mcn"
    taken, free = b"\x01" * 6, b"\x02" * 6
    _name(target, taken).symlink_to(victim)
    _fixed_random(monkeypatch, [taken, free])
    write_bytes_atomic(target, b"new")
    assert victim.read_bytes() == b"keep me"
    assert target.read_bytes() == b"new" and not target.is_symlink()
    assert _name(target, taken).is_symlink()  # someone else's file: left alone
    assert not _name(target, free).exists()  # the one used was renamed over the target


def test_no_free_name_is_a_write_error_and_nothing_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.mcn"
    target.write_bytes(b"old")
    taken = b"\x03" * 6
    _name(target, taken).write_bytes(b"someone else's")
    _fixed_random(monkeypatch, [taken])
    with pytest.raises(WriteError, match=r"cannot create a temporary file in .*no unused"):
        write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert _name(target, taken).read_bytes() == b"someone else's"


def test_the_temporary_file_is_private_until_it_gets_the_mode_and_is_not_inherited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    modes: list[int] = []
    real_fchmod = os.fchmod

    def fchmod(descriptor: int, mode: int) -> None:
        modes.append(os.fstat(descriptor).st_mode & 0o777)  # before it gets the target's
        real_fchmod(descriptor, mode)

    monkeypatch.setattr(safe_write.os, "fchmod", fchmod)
    target = tmp_path / "game.mcn"
    with atomic_open(target) as out:
        assert not os.get_inheritable(out.fileno())
        (written,) = [p for p in tmp_path.iterdir() if p.name.endswith(".mcn-tmp")]
        assert written.name.startswith(".game.mcn.")
        out.write("text")
    assert modes == [0o600 & ~_umask()]
    assert target.read_text() == "text"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_writing_a_file_imports_neither_tempfile_nor_hashlib(tmp_path: Path) -> None:
    """tempfile brings shutil, bz2 and lzma; hashlib is for rewrites in place only."""
    code = (
        "import sys, mcn.io.safe_write as w\n"
        "w.write_text_atomic(sys.argv[1], 'x')\n"
        "print(sorted(n for n in ('tempfile', 'shutil', 'hashlib') if n in sys.modules))"
    )
    target = tmp_path / "a.txt"
    command = [sys.executable, "-c", code, str(target)]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert target.read_text() == "x"
