"""One sanitiser (mcn.io.terminal) for every line printed from a record: escape sequences, lone
CRs, C1 controls, bidi overrides and lone surrogates never reach the terminal as they are."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner, Result

from mcn.cli import cli
from mcn.io.terminal import SOURCE_WIDTH, caret_display, one_line, visible

GAME = Path(__file__).resolve().parents[2] / "examples" / "game-4p.mcn"
#: What a terminal would obey: C0 (but tab and newline), DEL, C1, bidi marks, surrogates.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


def test_visible_shows_every_unsafe_character() -> None:
    assert visible("a\x1b]0;X\x07\x1b[2Jb") == "a\u241b]0;X\u2407\u241b[2Jb"
    assert visible("lone\rcr\n") == "lone\u240dcr\u240a"
    assert visible("x\r\ny\rz", lines=True) == "x\ny\u240dz"
    assert visible("\x9b31m \u202eevil \ud800") == "\\x9b31m \\u202eevil \\ud800"
    assert visible("tab\tand é ü ♥") == "tab\tand é ü ♥"
    assert one_line("a\tb\r\nc\nd\x7f") == "a b c d\u2421"


def test_caret_stays_under_its_character() -> None:
    line, caret = caret_display("\x1b\x9bab\tX rest\n", 6)
    assert line == "\u241b\\x9bab\tX rest"
    assert caret == " " * 7 + "\t^"
    long = "x" * 1000 + "HERE" + "y" * 1000
    line, caret = caret_display(long, 1001)
    assert len(line) <= SOURCE_WIDTH + 2 and line.startswith("…") and line.endswith("…")
    assert line[len(caret) - 1 : len(caret) + 3] == "HERE"


def test_validate_error_source_line_is_safe(tmp_path: Path) -> None:
    path = tmp_path / "escape.mcn"
    text = GAME.read_text(encoding="utf-8")
    path.write_text(text.replace("round 1", "round 1 \x1b]0;pwned\x07\x1b[2J oops", 1))
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert not RAW.search(result.output)
    assert "\u241b]0;pwned\u2407\u241b[2J" in result.output


def test_header_value_in_validate_and_replay_messages_is_safe(tmp_path: Path) -> None:
    path = tmp_path / "result.mcn"
    text = GAME.read_text(encoding="utf-8")
    path.write_text(text.replace('[Result "Y"]', '[Result "\x1b]0;X\x07"]'), encoding="utf-8")
    for args in (("validate", str(path)), ("replay", str(path), "--to", "end")):
        result = run(*args)
        assert result.exit_code == 1, args
        assert '[Result "\u241b]0;X\u2407"]' in result.output, args
        assert not RAW.search(result.output), args


def test_lone_cr_file_error_line_is_safe_and_short(tmp_path: Path) -> None:
    path = tmp_path / "cr.mcn"
    text = GAME.read_text(encoding="utf-8").replace("round 1", "round 1 junk", 1)
    path.write_bytes(text.replace("\n", "\r").encode("utf-8"))
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert "\r" not in result.output
    source, caret = result.output.splitlines()[1:3]
    assert len(source) <= SOURCE_WIDTH + 6
    assert source[len(caret) - 1 :].startswith("junk")


def test_diff_report_is_safe(tmp_path: Path) -> None:
    a, b = tmp_path / "a.mcn", tmp_path / "b.mcn"
    text = GAME.read_text(encoding="utf-8")
    a.write_text(text, encoding="utf-8")
    b.write_text(text.replace("Thursday club night", "\u202eevil\x9b2J"), encoding="utf-8")
    result = run("diff", str(a), str(b))
    assert "\\u202eevil\\x9b2J" in result.output
    assert not RAW.search(result.output)
