"""The terminals shipped beside the grammar (grammar/mcn.terminals.json): the fast path is built
from them, so reading a plain record never imports Lark."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mcn.io import resources
from mcn.notation import grammar
from mcn.notation.grammar import TERMINALS_FILE, terminals_document, terminals_from_lark

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_terminals_are_the_grammars() -> None:
    shipped = resources.grammar_path().with_name(TERMINALS_FILE).read_text(encoding="utf-8")
    assert shipped == terminals_document(), (
        "grammar/mcn.terminals.json is stale: run "
        "python -c 'from mcn.notation.grammar import write_terminals; write_terminals()'"
    )
    assert json.loads(shipped)["terminals"] == terminals_from_lark()


def test_a_stale_file_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the grammar edited without regenerating the file: the terminals come from Lark
    (tmp_path / "mcn.lark").write_text(grammar.grammar_text(), encoding="utf-8")
    stale = {"grammar_sha256": "0" * 64, "terminals": {"ACTION": "x"}}
    (tmp_path / TERMINALS_FILE).write_text(json.dumps(stale), encoding="utf-8")
    monkeypatch.setattr(resources, "grammar_path", lambda name="mcn": tmp_path / f"{name}.lark")
    assert grammar.terminals.__wrapped__() == terminals_from_lark()
    (tmp_path / TERMINALS_FILE).write_text("not json", encoding="utf-8")
    assert grammar.terminals.__wrapped__() == terminals_from_lark()


@pytest.mark.parametrize(
    "arguments",
    [
        ["validate", "{game}"],
        ["replay", "{game}", "--to", "2"],
        ["html", "{game}", "-o", "{out}"],
        ["fmt", "{game}"],
    ],
)
def test_a_plain_record_is_read_without_lark(arguments: list[str], tmp_path: Path) -> None:
    fill = {"game": str(ROOT / "examples" / "game-4p.mcn"), "out": str(tmp_path / "page.html")}
    code = (
        "import json, sys\n"
        "from click.testing import CliRunner\n"
        "from mcn.cli import cli\n"
        "result = CliRunner().invoke(cli, json.loads(sys.argv[1]))\n"
        "assert result.exit_code == 0, result.output\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'jsonschema')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps([a.format(**fill) for a in arguments])],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "[]"


def test_a_syntax_error_still_loads_the_grammar_and_is_told() -> None:
    code = (
        "import sys\n"
        "from mcn.notation import NotationError, parse\n"
        "try:\n"
        "    parse('[Event \"x\"]\\n1. R: pass ((\\n', name='bad.mcn')\n"
        "except NotationError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "bad.mcn:" in done.stdout and "error" in done.stdout
