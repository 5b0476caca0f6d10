"""Error messages under ``--as`` show the source line as the viewer reads it (issue 24, item
7): a round's bids share a line, so quoting the broken bid's line as written would tell every
other bid on it (R-HID-1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from tests.replay.games import EXAMPLES

GAME = (EXAMPLES / "game-4p.mcn").read_text(encoding="utf-8")
BIDS = "Y: bid 1+4  G: bid 6+3  B: bid 3+4  R: bid 6+1"


def _broken(tmp_path: Path, name: str, line: str) -> str:
    assert BIDS in GAME
    path = tmp_path / name
    path.write_text(GAME.replace(BIDS, line), encoding="utf-8")
    return str(path)


def _twins(tmp_path: Path, broken: str) -> tuple[str, str]:
    """Two records that differ only in Green's and Red's unrevealed bids, broken at Blue's."""
    a = _broken(tmp_path, "a.mcn", f"Y: bid 1+4  G: bid 6+3  {broken}  R: bid 6+1")
    b = _broken(tmp_path, "b.mcn", f"Y: bid 1+4  G: bid 2+10  {broken}  R: bid 3+0")
    return a, b


COMMANDS = [
    ("replay",),
    ("replay", "--to", "1.bid"),
    ("replay", "--format", "json"),
    ("legal",),
    ("position",),
    ("tree", "-o", "{out}"),
    ("diff", str(EXAMPLES / "game-4p.mcn")),
    ("redact",),
    ("export", "--format", "mcn"),
]


def _run(path: str, command: tuple[str, ...], viewer: str, out: Path) -> tuple[int, str]:
    verb, *rest = command
    args = [verb, path, *(a.replace("{out}", str(out)) for a in rest), "--as", viewer]
    result = CliRunner().invoke(cli, args)
    assert "Traceback" not in result.output
    return result.exit_code, result.output.replace(path, "F")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("broken", ["B: frobnicate 3", "B: bid 9+4"])
def test_the_error_line_is_the_viewers(
    tmp_path: Path, command: tuple[str, ...], broken: str
) -> None:
    # R-HID-1: Yellow cannot tell the twins apart (Green's and Red's bids differ), so no
    # command under --as Y prints them differently — the error line included
    a, b = _twins(tmp_path, broken)
    seen_a = _run(a, command, "Y", tmp_path / "out.dot")
    seen_b = _run(b, command, "Y", tmp_path / "out.dot")
    assert seen_a == seen_b
    code, out = seen_a
    assert code == 1
    # his own bid as written, the others' '?', the caret under Blue's move of that line
    lines = out.splitlines()
    row = next(i for i, x in enumerate(lines) if x.startswith("    Y: bid 1+4  G: bid ?  B: "))
    assert lines[row].endswith("  R: bid ?")
    assert lines[row + 1] == "    " + " " * lines[row][4:].index("B:") + "^"
    assert f"F:{22}:{lines[row][4:].index('B:') + 1}: error" in out


def test_the_full_view_and_the_owner_still_read_everything(tmp_path: Path) -> None:
    # R-HID-1: without --as (and for the owner of a secret) the line is shown as written
    a, _ = _twins(tmp_path, "B: bid 9+4")
    full = CliRunner().invoke(cli, ["replay", a]).output
    assert "Y: bid 1+4  G: bid 6+3  B: bid 9+4  R: bid 6+1" in full
    assert "A bid shows 1 to 6 notches, not 9. [R-BID-1]" in full
    blue = _run(a, ("replay",), "B", tmp_path / "x")[1]
    assert "Y: bid ?  G: bid ?  B: bid 9+4  R: bid ?" in blue
    assert "A bid shows 1 to 6 notches, not 9. [R-BID-1]" in blue
    # others are not told why Blue's bid was refused: the reason may be his money
    red = _run(a, ("replay",), "R", tmp_path / "x")[1]
    assert "Blue's move cannot be played here (the reason is not shown" in red
    assert "[R-BID-1]" not in red and "9+4" not in red


def test_comments_and_money_checkpoints_on_the_line_are_hidden(tmp_path: Path) -> None:
    # R-HID-1: a comment by the annotator on the broken line is hidden; I-HID-5: a <money …>
    # checkpoint is not (money behind a screen is public: every payment is made in view of all)
    line = "Y: bid 1+4 {Yellow bluffs}  G: bid 6+3  B: frobnicate 3 <money R 25 B 15>"
    path = _broken(tmp_path, "c.mcn", line)
    out = _run(path, ("replay",), "R", tmp_path / "x")[1]
    assert "    Y: bid ? {…}  G: bid ?  B: frobnicate 3" in out
    assert "bluffs" not in out and "money R 25" in out


@pytest.mark.parametrize("command", COMMANDS)
def test_a_line_that_cannot_be_read_is_masked_by_its_text(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    # R-HID-1: a syntax error ('3+') leaves no record to project: under --as every place a
    # secret can stand on the quoted line is '?', whoever looks
    a, b = _twins(tmp_path, "B: bid 3+")
    seen_a = _run(a, command, "Y", tmp_path / "out.dot")
    assert seen_a == _run(b, command, "Y", tmp_path / "out.dot")
    code, out = seen_a
    assert code == 1
    lines = out.splitlines()
    row = next(i for i, x in enumerate(lines) if x.startswith("    Y: bid ?  G: bid ?  B: bid ?"))
    assert lines[row] == "    Y: bid ?  G: bid ?  B: bid ?  R: bid ?"
    assert lines[row + 1] == "    " + " " * lines[row][4:].index("B: bid ?") + "       ^"
    full = CliRunner().invoke(cli, ["replay", a]).output
    assert "Y: bid 1+4  G: bid 6+3  B: bid 3+  R: bid 6+1" in full  # without --as: as written
