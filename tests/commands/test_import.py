"""``mcn import``: located messages for bad JSON and for JSON that is no record, unreadable
bytes, a bad format option."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mcn.cli import cli
from tests.notation.test_json import broken_json


def _run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, args, input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_import_reports_bad_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "mcn",\n "version": }', encoding="utf-8")
    code, out, err = _run(["import", str(path)])
    assert (code, out) == (1, "")
    assert err == f"{path}:2:13: error: invalid JSON: Expecting value\n"
    path.write_text(json.dumps(broken_json("referred twice")), encoding="utf-8")
    code, _, err = _run(["import", str(path)])
    assert code == 1
    assert err == (
        f"{path}: error: at /games/0/body/4/moves/0/variations/0: "
        "variation 2 is referred to twice\n"
    )
    path.write_bytes(b"\xff\xfe")
    assert _run(["import", str(path)])[0] == 1
    assert _run(["export", "--format", "xml", str(path)])[0] == 2
