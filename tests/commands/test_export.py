"""``mcn export``: a record as JSON (or canonical MCN) to standard output or a file, read back
by ``mcn import``; syntax errors located."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mcn.cli import cli
from mcn.notation import parse, write
from tests.notation.helpers import HEADERS
from tests.notation.test_json import TEXT, exported_json


def _run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, args, input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_export_and_import_commands(tmp_path: Path) -> None:
    source = tmp_path / "game.mcn"
    source.write_text(TEXT, encoding="utf-8")
    code, out, err = _run(["export", str(source)])
    assert (code, err) == (0, "")
    assert json.loads(out) == exported_json()
    exported = tmp_path / "game.json"
    assert _run(["export", str(source), "-o", str(exported)]) == (0, "", "")
    code, out, err = _run(["import", str(exported)])
    assert (code, out, err) == (0, write(parse(TEXT)), "")
    assert _run(["export", "--format", "mcn", str(source)]) == (0, write(parse(TEXT)), "")
    assert _run(["import", "-"], stdin=json.dumps(exported_json()))[1] == write(parse(TEXT))


def test_export_reports_syntax_errors(tmp_path: Path) -> None:
    source = tmp_path / "bad.mcn"
    source.write_text(HEADERS + "R: pass {\n", encoding="utf-8")
    code, out, err = _run(["export", str(source)])
    assert (code, out) == (1, "")
    assert err.startswith(f"{source}:10:9: error: unclosed comment")
