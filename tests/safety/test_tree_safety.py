"""``tree`` against hostile records and a failing Graphviz: every failure has its message,
labels never expand Graphviz escapes, and long text is cut in labels but kept in tooltips."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from mcn.io import limits
from tests.safety.helpers import game_text, run

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' not installed")


def _commented(tmp_path: Path, comment: str) -> Path:
    path = tmp_path / "commented.mcn"
    path.write_text(game_text().replace("B: bonus 10>II\n", "B: bonus 10>II {" + comment + "}\n"))
    return path


@pytest.mark.parametrize("reads", [False, True])
def test_a_failing_dot_is_reported_with_its_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reads: bool
) -> None:
    fake = tmp_path / "bin" / "dot"
    fake.parent.mkdir()
    swallow = (
        f"{shutil.which('cat')} >/dev/null\n" if reads else ""
    )  # without it: dot stops reading, broken pipe
    fake.write_text(
        f"#!/bin/sh\n{swallow}echo 'Error: <stdin>: syntax error in line 2' >&2\nexit 1\n"
    )
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(fake.parent))
    record = _commented(tmp_path, "x" * 200_000)
    out = tmp_path / "t.svg"
    out.write_bytes(b"old drawing")
    result = run("tree", str(record), "-o", str(out))
    assert result.exit_code == 1
    assert result.output == (
        f"{record}: error: Graphviz failed: Error: <stdin>: syntax error in line 2\n"
    )
    assert out.read_bytes() == b"old drawing"


@needs_dot
def test_graphviz_escapes_are_not_expanded(tmp_path: Path) -> None:
    record = _commented(tmp_path, r"see \G and \E \N \H \T \L \l \\ end")
    out = tmp_path / "t.svg"
    assert run("tree", str(record), "-o", str(out), "--collapse", "0").exit_code == 0
    svg = out.read_text(encoding="utf-8")
    label = re.findall(r"<text[^>]*>([^<]*see[^<]*)</text>", svg)[0]
    assert label.startswith(r"{see \G and \E \N \H")  # not "see mcn and n9->n10"
    # the tooltip keeps the whole comment ('\\' in a comment is one backslash)
    assert r"see \G and \E \N \H \T \L \l \ end" in svg


@needs_dot
def test_long_comment_is_cut_in_the_label_and_kept_in_the_tooltip(tmp_path: Path) -> None:
    comment = "word " * 40_000  # 200 KB: Graphviz refuses strings over 16 KB
    record = _commented(tmp_path, comment)
    out = tmp_path / "t.svg"
    result = run("tree", str(record), "-o", str(out), "--collapse", "0")
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    titles = re.findall(r'xlink:title="([^"]*word[^"]*)"', svg)
    assert titles and max(len(t) for t in titles) <= limits.MAX_TOOLTIP_CHARS + 100
    assert any(t.endswith("…") for t in titles)


@needs_dot
def test_a_two_megabyte_header_is_drawn(tmp_path: Path) -> None:
    path = tmp_path / "header.mcn"
    path.write_text(game_text().replace("Thursday club night", "E" * 2_000_000), "utf-8")
    result = run("tree", str(path), "-o", str(tmp_path / "t.svg"), "--to", "1")
    assert result.exit_code == 0, result.output
