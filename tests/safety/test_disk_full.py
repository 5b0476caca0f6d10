"""A full disk (a small tmpfs): the write fails with one line, exit 1, the original is left
byte-for-byte and no temporary file stays behind. Skipped (one line) where no tmpfs can be
mounted: it needs root."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.safety.helpers import GAME, run

#: Big enough for the record, too small for the record and its rewritten copy side by side.
SIZE = "64k"


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("disk-full test: mounting a small tmpfs needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={SIZE}", "tmpfs", str(mount)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"disk-full test: cannot mount a tmpfs here ({done.stderr.strip()})")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def _fill(disk: Path) -> bytes:
    """A messy record filling about 70% of the disk: its canonical copy (about 90% of its size)
    cannot be written beside it."""
    game = GAME.read_text(encoding="utf-8").replace("\n", "    \n") + "\n"
    status = os.statvfs(disk)
    copies = int(0.7 * status.f_bavail * status.f_frsize / len(game))
    data = (game * copies).encode("utf-8")
    (disk / "game.mcn").write_bytes(data)
    return data


def test_fmt_in_place_on_a_full_disk(small_disk: Path) -> None:
    original = _fill(small_disk)
    target = small_disk / "game.mcn"
    result = run("fmt", "-i", str(target))
    assert result.exit_code == 1
    assert f"{target}: error: cannot write: No space left on device" in result.output
    assert target.read_bytes() == original
    assert sorted(p.name for p in small_disk.iterdir()) == ["game.mcn"]


def test_export_and_random_on_a_full_disk(small_disk: Path) -> None:
    original = _fill(small_disk)
    out = small_disk / "game.mcn"
    exported = run("export", str(GAME), "-o", str(out))
    assert exported.exit_code == 1
    assert "No space left on device" in exported.output
    made = run("random", "--players", "4", "--seed", "1", "-n", "20", "-o", str(out))
    assert made.exit_code == 1
    assert out.read_bytes() == original
    assert sorted(p.name for p in small_disk.iterdir()) == ["game.mcn"]
