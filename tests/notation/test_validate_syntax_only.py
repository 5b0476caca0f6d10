"""``mcn validate --syntax-only``: the notation checked (syntax and headers), nothing replayed.

Exit status and diagnostics as for a full ``validate`` on notation errors; rule violations,
which only replay finds, pass; the JSON report still validates against its schema.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from click.testing import CliRunner, Result

from mcn.cli import cli
from mcn.io.resources import load_schema

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
INVALID = EXAMPLES / "invalid"


def run(*args: str, input: bytes | None = None) -> Result:
    result = CliRunner().invoke(cli, ["validate", *args], input=input)
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def test_valid_files_pass() -> None:
    result = run("--syntax-only", str(EXAMPLES / "game-4p.mcn"), str(EXAMPLES / "meta-culpa.mcn"))
    assert result.exit_code == 0, result.output
    assert result.output.endswith("s\n")
    assert "2 games read from 2 files: 2 valid, 0 invalid; syntax only: " in result.output
    assert "nothing replayed" in result.output


def test_syntax_and_header_errors_fail_with_their_place() -> None:
    for case, where in (("unclosed-comment", "13:15"), ("missing-headers", "1:1")):
        path = INVALID / f"{case}.mcn"
        result = run("--syntax-only", str(path))
        assert result.exit_code == 1
        expected = (INVALID / f"{case}.expected").read_text(encoding="utf-8").strip()
        first = result.output.splitlines()[0]
        assert first.startswith(f"{path}:{where}: error: ")
        assert first.removeprefix(str(path)) == expected.removeprefix(path.name)
        assert first == run(str(path)).output.splitlines()[0]  # as the full check says it


def test_rule_violations_are_not_looked_for() -> None:
    path = INVALID / "wrong-result.mcn"
    assert run(str(path)).exit_code == 1
    assert run("--syntax-only", str(path)).exit_code == 0


def test_second_game_error_strict_and_stdin() -> None:
    path = INVALID / "error-in-second-game.mcn"
    result = run("--syntax-only", "--strict", str(path), str(INVALID / "unclosed-comment.mcn"))
    assert result.exit_code == 1
    assert result.output.count(": error: ") == 1
    assert "2 games read from 1 file: 1 valid, 1 invalid" in result.output
    assert "(stopped at the first error)" in result.output
    data = path.read_bytes()
    result = run("--syntax-only", "-", input=data)
    assert result.exit_code == 1
    assert result.output.startswith("<stdin>:26:15: error: unclosed comment")
    assert "(game 2)" in result.output.splitlines()[0]


def test_json_report_validates(tmp_path: Path) -> None:
    both = tmp_path / "both.mcn"
    second = (INVALID / "unclosed-comment.mcn").read_bytes()
    both.write_bytes((EXAMPLES / "game-2p.mcn").read_bytes() + b"\n" + second)
    result = run("--syntax-only", "--format", "json", str(both), str(EXAMPLES / "game-3p.mcn"))
    assert result.exit_code == 1
    report = json.loads(result.output)
    jsonschema.validate(report, load_schema("report"))
    assert report["summary"]["games"] == 3 and report["summary"]["invalid"] == 1
    assert report["summary"]["decisions"] == 0
    bad = next(game for game in report["games"] if not game["valid"])
    assert bad["game"] == 2 and bad["diagnostics"][0]["code"] == "syntax"


def test_jobs_keep_file_order() -> None:
    paths = [str(EXAMPLES / name) for name in ("game-2p.mcn", "game-3p.mcn", "game-4p.mcn")]
    paths.append(str(INVALID / "unclosed-variation.mcn"))
    result = run("--syntax-only", "--jobs", "2", *paths)
    assert result.exit_code == 1
    assert result.output.startswith(f"{paths[-1]}:13:15: error: unclosed variation")
