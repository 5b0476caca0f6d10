"""``mcn fmt``: canonical text to standard output, standard input, ``--check``, ``--in-place``
(idempotent, invalid files left alone), usage errors and encodings."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from mcn.cli import cli
from tests.notation.helpers import HEADERS
from tests.notation.test_writer import CANONICAL, UNTIDY


def _run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, args, input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_fmt_writes_canonical_text_to_stdout(tmp_path: Path) -> None:
    path = tmp_path / "game.mcn"
    path.write_text(UNTIDY, encoding="utf-8")
    assert _run(["fmt", str(path)]) == (0, CANONICAL, "")
    assert path.read_text(encoding="utf-8") == UNTIDY


def test_fmt_reads_stdin() -> None:
    assert _run(["fmt", "-"], stdin=UNTIDY) == (0, CANONICAL, "")


def test_fmt_check_lists_what_would_change(tmp_path: Path) -> None:
    untidy, tidy = tmp_path / "untidy.mcn", tmp_path / "tidy.mcn"
    untidy.write_text(UNTIDY, encoding="utf-8")
    tidy.write_text(CANONICAL, encoding="utf-8")
    assert _run(["fmt", "--check", str(tidy)]) == (0, "", "")
    assert _run(["fmt", "--check", str(untidy), str(tidy)]) == (1, f"{untidy}\n", "")


def test_fmt_in_place_is_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "game.mcn"
    path.write_text(UNTIDY, encoding="utf-8")
    assert _run(["fmt", "--in-place", str(path)]) == (0, "", f"reformatted {path}\n")
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert _run(["fmt", "-i", str(path)]) == (0, "", "")


def test_fmt_leaves_invalid_files_alone(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mcn"
    bad.write_text(HEADERS + "R: pass (\n", encoding="utf-8")
    code, out, err = _run(["fmt", "-i", str(bad)])
    assert code == 1 and out == ""
    assert err.startswith(f"{bad}:10:9: error: unclosed variation")
    assert "Traceback" not in err
    assert bad.read_text(encoding="utf-8") == HEADERS + "R: pass (\n"


def test_fmt_usage_errors_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "game.mcn"
    path.write_text(CANONICAL, encoding="utf-8")
    assert _run(["fmt", "--check", "--in-place", str(path)])[0] == 2
    assert _run(["fmt", str(tmp_path / "missing.mcn")])[0] == 2
    assert _run(["fmt", "--encoding", "no-such-codec", str(path)])[0] == 2
    assert _run(["fmt", "-i", "-"])[0] == 2
    assert _run(["fmt"])[0] == 2


def test_fmt_with_an_encoding(tmp_path: Path) -> None:
    path = tmp_path / "latin.mcn"
    path.write_bytes((HEADERS + "R: pass {café}\n").encode("latin-1"))
    code, out, _ = _run(["fmt", "--encoding", "latin-1", str(path)])
    assert code == 0 and "{café}" in out
    # without --encoding, read as validate reads it (mcn/commands/loader.py): guessed, said
    code, out, err = _run(["fmt", str(path)])
    assert code == 0 and "{café}" in out
    assert "warning: not UTF-8 (byte offset" in err and "read as Windows-1252" in err
    code, _, err = _run(["fmt", "--encoding", "utf-8", str(path)])  # forced: the byte is named
    assert code == 1 and "invalid UTF-8: byte 0xe9" in err
