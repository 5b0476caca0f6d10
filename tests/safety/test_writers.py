"""Every command that writes a file goes through mcn.io.safe_write: a failure is one line, exit 1,
and the existing file is left byte-for-byte; ``fmt -i`` goes on with the rest of a batch."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from mcn.cli import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAME = EXAMPLES / "game-4p.mcn"


def run(*args: str, input: str | bytes | None = None) -> Result:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def _messy(path: Path) -> bytes:
    """The example with its layout disturbed, so that fmt has something to rewrite."""
    data = GAME.read_text(encoding="utf-8").replace("\n", "  \n", 20).encode("utf-8")
    path.write_bytes(data)
    return data


def test_fmt_in_place_batch_goes_on_past_a_read_only_file(tmp_path: Path) -> None:
    first, locked, last = tmp_path / "a.mcn", tmp_path / "b.mcn", tmp_path / "c.mcn"
    for path in (first, locked, last):
        _messy(path)
    original = locked.read_bytes()
    locked.chmod(0o444)
    result = run("fmt", "-i", str(first), str(locked), str(last))
    assert result.exit_code == 1
    assert f"{locked}: error: cannot write: permission denied" in result.output
    assert result.output.splitlines()[-1] == (
        f"not rewritten (1 of 3, left as they were): {locked}"
    )
    assert locked.read_bytes() == original
    canonical = run("fmt", str(GAME)).output.encode("utf-8")
    assert first.read_bytes() == canonical
    assert last.read_bytes() == canonical


def test_output_to_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    missing = str(tmp_path / "nonexistent" / "x")
    json_out = run("export", str(GAME), "-o", missing + ".json")
    assert json_out.exit_code == 1
    assert json_out.output.strip().endswith(
        "cannot write: no such directory: " + str(tmp_path / "nonexistent")
    )
    redacted = run("redact", str(GAME), "--as", "R", "-o", missing + ".mcn")
    assert redacted.exit_code == 1
    assert "cannot write: no such directory" in redacted.output
    randoms = run("random", "--players", "3", "--seed", "1", "-o", missing + ".mcn")
    assert randoms.exit_code == 1
    assert "cannot write: no such directory" in randoms.output


def test_a_failed_import_keeps_the_existing_output(tmp_path: Path) -> None:
    out = tmp_path / "keep.mcn"
    out.write_bytes(b"my only copy\n")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "mcn", "version": 1, "games": [', encoding="utf-8")
    assert run("import", str(bad), "-o", str(out)).exit_code == 1
    assert out.read_bytes() == b"my only copy\n"
    exported = run("export", str(GAME), "-o", str(tmp_path / "game.json"))
    assert exported.exit_code == 0
    assert run("import", str(tmp_path / "game.json"), "-o", str(out)).exit_code == 0
    assert out.read_bytes() == run("fmt", str(GAME)).output.encode("utf-8")
