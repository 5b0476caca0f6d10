"""One output rule for every writer (issue 24, items 9 and 10; mcn/io/safe_write.py): a regular
file is replaced atomically, a descriptor such as ``/dev/stdout`` is written through, never
replaced, and no command replaces one of its own inputs (same device and inode, links
followed) — only ``fmt -i`` updates a file in place."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.safety.helpers import GAME, run

#: Each writer with its input named again as its output (``{in}``); the input's name ends
#: as the writer's output would (``tree`` reads the record from a ``.dot`` name).
WRITERS: dict[str, tuple[str, list[str]]] = {
    "html": ("game.mcn", ["html", "{in}", "-o", "{in}"]),
    "export json": ("game.mcn", ["export", "{in}", "-o", "{in}"]),
    "export --as R mcn": (
        "game.mcn",
        ["export", "{in}", "--as", "R", "--format", "mcn", "-o", "{in}"],
    ),
    "import": ("game.json", ["import", "{in}", "-o", "{in}"]),
    "tree": ("game.dot", ["tree", "{in}", "-o", "{in}"]),
    "filter": ("game.mcn", ["filter", "{in}", "--valid", "-o", "{in}"]),
    "redact": ("game.mcn", ["redact", "{in}", "--as", "R", "-o", "{in}"]),
}


@pytest.mark.parametrize("writer", WRITERS)
def test_no_writer_replaces_its_own_input(writer: str, tmp_path: Path) -> None:
    name, template = WRITERS[writer]
    source = tmp_path / name
    if name.endswith(".json"):
        source.write_text(run("export", str(GAME)).output, encoding="utf-8")
    else:
        source.write_bytes(GAME.read_bytes())
    before = source.read_bytes()
    result = run(*[str(source) if arg == "{in}" else arg for arg in template])
    assert result.exit_code in (1, 2), result.output  # redact: its own usage error, first
    said = ("it is an input of this command", "is the record being redacted")
    assert any(words in result.output for words in said), result.output
    assert source.read_bytes() == before


def test_a_link_to_the_input_is_the_input(tmp_path: Path) -> None:
    source = tmp_path / "game.mcn"
    source.write_bytes(GAME.read_bytes())
    link = tmp_path / "link.mcn"
    link.symlink_to(source)
    result = run("export", str(link), "--as", "R", "--format", "mcn", "-o", str(source))
    assert result.exit_code == 1 and "it is an input of this command" in result.output
    assert source.read_bytes() == GAME.read_bytes()


def test_fmt_in_place_still_rewrites_its_input(tmp_path: Path) -> None:
    source = tmp_path / "game.mcn"
    source.write_bytes(GAME.read_bytes() + b"\n\n")
    assert run("fmt", "-i", str(source)).exit_code == 0
    assert run("fmt", "--check", str(source)).exit_code == 0


def _shell(command: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "MCN": f"{sys.executable} -m mcn"}
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True)


def test_dev_stdout_appended_to_a_file_keeps_its_earlier_lines(tmp_path: Path) -> None:
    """``-o /dev/stdout >> log.txt`` appends: it replaced log.txt before."""
    (tmp_path / "log.txt").write_text("earlier line\n", encoding="utf-8")
    done = _shell(f'$MCN export "{GAME}" -o /dev/stdout >> log.txt', tmp_path)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "log.txt").read_text(encoding="utf-8")
    assert text.startswith("earlier line\n")
    assert json.loads(text[len("earlier line\n") :])["format"] == "mcn"


def test_dev_stdout_into_a_pipe(tmp_path: Path) -> None:
    """With standard output a pipe, ``-o /dev/stdout`` writes into the pipe (it failed with
    "cannot create a temporary file in /proc/PID/fd")."""
    done = _shell(f'$MCN export "{GAME}" -o /dev/stdout | head -c 1', tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == b"{"
