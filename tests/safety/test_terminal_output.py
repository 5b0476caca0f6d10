"""Record text on its way to a terminal shows its control characters escaped, as ``less`` and
``git`` do; a pipe or a file gets the record's own bytes (issue 24, item 12)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tests.safety.helpers import GAME

#: OSC 52 (write the clipboard), OSC 8 (a link), OSC 0 (the title), CSI 2J (clear) and U+202E.
HOSTILE = "a\x1b]52;c;SGVsbG8=\x07b\x1b]8;;http://x\x07l\x1b]8;;\x07\x1b]0;t\x07\x1b[2J\u202ec"
COMMANDS = {
    "fmt": ["fmt", "{in}"],
    "export mcn": ["export", "{in}", "--format", "mcn"],
    "export json": ["export", "{in}"],
    "filter -o -": ["filter", "{in}", "-o", "-"],
    "html": ["html", "{in}"],
}


def _record(tmp_path: Path) -> Path:
    lines = GAME.read_text(encoding="utf-8").splitlines(keepends=True)
    path = tmp_path / "hostile.mcn"
    path.write_text(f'[Event "{HOSTILE}"]\n' + "".join(lines[1:]), encoding="utf-8")
    return path


def _through_terminal(args: list[str]) -> bytes:
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "mcn", *args], stdout=slave, stderr=subprocess.DEVNULL
    )
    os.close(slave)
    data = b""
    while True:
        try:
            piece = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not piece:
            break
        data += piece
    os.close(master)
    process.wait(timeout=60)
    return data


@pytest.mark.parametrize("command", COMMANDS)
def test_a_terminal_sees_controls_escaped(command: str, tmp_path: Path) -> None:
    record = str(_record(tmp_path))
    shown = _through_terminal([record if a == "{in}" else a for a in COMMANDS[command]])
    assert shown, "no output"
    assert b"\x1b]" not in shown and b"\x1b[2J" not in shown
    assert "\u202e".encode() not in shown


def test_a_pipe_gets_the_records_own_bytes(tmp_path: Path) -> None:
    record = _record(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "mcn", "fmt", str(record)], capture_output=True, check=True
    )
    assert b"\x1b]52;c;SGVsbG8=\x07" in done.stdout and "\u202e".encode() in done.stdout


def test_an_encoding_argument_is_echoed_escaped() -> None:
    """``--encoding`` with an escape sequence: the error shows it escaped (issue 24)."""
    from tests.safety.helpers import run

    result = run("validate", str(GAME), "--encoding", "x\x1b]0;T\x07")
    assert result.exit_code == 2
    assert "\x1b" not in result.output and "␛]0;T␇" in result.output
