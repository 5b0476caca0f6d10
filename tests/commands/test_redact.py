"""``mcn redact``: a record as one player saw it, which validates and is canonical; refusals."""

from __future__ import annotations

from pathlib import Path

from tests.commands.helpers import EXAMPLES, GAME_4P, INVALID, run


def test_redact_writes_a_record_that_validates(tmp_path: Path) -> None:
    out = tmp_path / "red.mcn"
    result = run("redact", str(GAME_4P), "--as", "red", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert '[Redacted "R"]' in text and ">?" in text and "<chest I " in text
    checked = run("validate", str(out))
    assert checked.exit_code == 0, checked.output
    assert run("fmt", "--check", str(out)).exit_code == 0


def test_redact_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    assert run("redact", str(GAME_4P), "--as", "purple").exit_code == 2
    two = EXAMPLES / "game-2p.mcn"
    assert run("redact", str(two), "--as", "Y").exit_code == 2
    broken = run("redact", str(INVALID / "room-visited-twice.mcn"), "--as", "R")
    assert broken.exit_code == 1
    assert "not redacted" in broken.output
