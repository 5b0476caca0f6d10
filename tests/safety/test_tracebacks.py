"""Every reproduction of issue 11 ("no traceback, anywhere"): a one-line error with
file:line:col where there is one, exit 1 for bad input and 2 for usage."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.safety.helpers import GAME, game_text, nested, run, with_variations


def _exported(tmp_path: Path) -> dict:
    out = tmp_path / "game.json"
    assert run("export", str(GAME), "-o", str(out)).exit_code == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_import_of_a_5000_digit_integer(tmp_path: Path) -> None:
    text = json.dumps(_exported(tmp_path), indent=1).replace(
        '"version": 1', '"version": ' + "9" * 5000
    )
    path = tmp_path / "big.json"
    path.write_text(text, encoding="utf-8")
    result = run("import", str(path))
    assert result.exit_code == 1
    line = text[: text.index("9" * 5000)].count("\n") + 1
    assert result.output == (
        f"{path}:{line}:13: error: invalid record: an integer of 5,000 digits (at most 18)\n"
    )
    short = tmp_path / "short.json"  # 18 digits are read (and refused for what they say)
    short.write_text(text.replace("9" * 5000, "9" * 18), encoding="utf-8")
    assert "digits" not in run("import", str(short)).output


def test_import_lone_surrogate_and_header_newline(tmp_path: Path) -> None:
    data = _exported(tmp_path)
    out = tmp_path / "out.mcn"
    out.write_bytes(b"kept\n")
    for value, words in (("Club \ud800 night", "lone surrogate"), ("Club night\n", "match")):
        data["games"][0]["headers"][0]["value"] = value
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        result = run("import", str(path), "-o", str(out))
        assert result.exit_code == 1
        assert result.output.startswith(f"{path}: error: at /games/0/headers/0/value: ")
        assert words in result.output and len(result.output.splitlines()) == 1
        assert out.read_bytes() == b"kept\n"


def test_replay_to_5000_digits() -> None:
    result = run("replay", str(GAME), "--to", "9" * 5000)
    assert result.exit_code == 0
    assert "the record ends at" in result.output


def test_output_to_a_missing_directory(tmp_path: Path) -> None:
    json_path = tmp_path / "g.json"
    run("export", str(GAME), "-o", str(json_path))
    for args in (("export", str(GAME)), ("import", str(json_path))):
        result = run(*args, "-o", "/nonexistent/x")
        assert result.exit_code == 1
        assert (
            result.output
            == "/nonexistent/x: error: cannot write: no such directory: /nonexistent\n"
        )


@pytest.mark.parametrize("codec", ["rot13", "hex", "base64", "zlib", "undefined", "punycode"])
def test_odd_encodings(codec: str) -> None:
    for command in ("fmt", "export"):
        result = run(command, "--encoding", codec, str(GAME))
        assert result.exit_code == (1 if codec == "punycode" else 2), (command, result.output)
    checked = run("validate", "--encoding", codec, str(GAME))
    if checked.exit_code == 2:  # refused up front, as a usage error, as fmt and export refuse it
        assert (
            "is not a text encoding" in checked.output or "cannot encode MCN text" in checked.output
        )
    else:  # or reported for the file, where the codec only fails on reading
        assert checked.exit_code == 1
        assert checked.output.startswith(f"{GAME}:1:1: error: cannot decode as {codec}")


def test_unicode_escape_lone_surrogate(tmp_path: Path) -> None:
    path = tmp_path / "escaped.mcn"
    path.write_text(game_text().replace("Thursday club night", "Club \\ud800 night"), "utf-8")
    for command in ("validate", "fmt", "export"):
        result = run(command, "--encoding", "unicode_escape", str(path))
        assert result.exit_code == 1, command
        assert (
            f"{path}:1:14: error: lone surrogate U+D800 (decoded as unicode_escape) "
            "is not a character (game 1)" in result.output
        )


def test_redact_keep_annotations_deeply_nested(tmp_path: Path) -> None:
    path = tmp_path / "deep.mcn"
    path.write_text(with_variations(game_text(), nested(330)), encoding="utf-8")
    out = tmp_path / "out.mcn"
    result = run("redact", "--keep-annotations", "--as", "R", str(path), "-o", str(out))
    assert result.exit_code == 1
    assert "variations nested more than 100 deep are not replayed" in result.output
    assert result.output.splitlines()[-1] == f"{path}: not redacted: the record has errors"
    assert not out.exists()


@pytest.mark.parametrize("rate", ["0.9", "1.0"])
def test_random_meta_culpa_with_many_infractions_ends(rate: str, tmp_path: Path) -> None:
    out = tmp_path / "meta.mcn"
    made = run(
        "random", "--players", "2", "--seed", "3", "--variant", "meta-culpa",
        "--infraction-rate", rate, "-o", str(out),
    )  # fmt: skip
    assert made.exit_code == 0
    checked = run("validate", str(out))
    assert checked.exit_code == 0, checked.output
    assert "infraction" in out.read_text(encoding="utf-8")


def test_validate_dev_zero_is_bounded() -> None:
    result = run("validate", "/dev/zero")
    assert result.exit_code == 1
    assert result.output.startswith(
        "/dev/zero:1:1: error: line longer than 4,194,304 characters (the limit; "
    )


def test_empty_inputs_are_errors(tmp_path: Path) -> None:
    empty = run("validate", "/dev/null")
    assert empty.exit_code == 1
    assert empty.output.startswith("/dev/null: error: the file is empty")
    (tmp_path / "notes.txt").write_text("not a record", encoding="utf-8")
    result = run("validate", str(tmp_path))
    assert result.exit_code == 1
    assert f"error: no record to read: {tmp_path} holds no file matching *.mcn" in result.output


def _as_nobody() -> list[str] | None:
    """How to run a command as an unprivileged user (root reads every file)."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        return None
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def test_unreadable_file_exits_1(tmp_path_factory: pytest.TempPathFactory) -> None:
    prefix = _as_nobody()
    if prefix is None:
        pytest.skip("running as root without setpriv: every file is readable")
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"mcn-unreadable-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    try:
        folder.chmod(0o755)
        path = folder / "secret.mcn"
        path.write_text(game_text(), encoding="utf-8")
        path.chmod(0)
        mcn = [sys.executable, "-m", "mcn"]
        for command in (["validate"], ["fmt"], ["export"], ["replay"], ["tree", "-o", "x.dot"]):
            done = subprocess.run(
                [*prefix, *mcn, *command, str(path)],
                capture_output=True, text=True, cwd=folder, check=False,
            )  # fmt: skip
            assert done.returncode == 1, (command, done.stderr)
            assert "Permission denied" in done.stdout + done.stderr
            assert "Traceback" not in done.stderr
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_board_of_100000_nested_arrays_is_refused(tmp_path: Path) -> None:
    """--board with 100,000 nested arrays: a clean refusal, not a RecursionError (issue 24)."""
    board = tmp_path / "deep.json"
    board.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = run("replay", str(GAME), "--board", str(board))
    assert result.exit_code == 2
    assert "nested too deeply to be a profile" in result.output


def test_board_with_a_5000_digit_integer_is_refused(tmp_path: Path) -> None:
    """--board with a 5,000-digit number: refused with the count of digits, not Python's
    int-string ValueError; so no sale can push money past what render prints (issue 24)."""
    board = tmp_path / "huge.json"
    board.write_text('{"id": "x", "letter_price": ' + "9" * 5_000 + "}", encoding="utf-8")
    result = run("replay", str(GAME), "--board", str(board))
    assert result.exit_code == 2
    assert "an integer of 5,000 digits (at most 9)" in result.output


@pytest.mark.parametrize("codec", ["raw_unicode_escape", "unicode_escape"])
def test_filter_writes_a_lone_surrogate_as_its_escape(codec: str, tmp_path: Path) -> None:
    """Issue 24, item 11: ``filter --encoding raw_unicode_escape … -o -`` on a game holding
    ``\\udcff`` died of a UnicodeEncodeError (the game's text, written as it was read, has a
    lone surrogate, which UTF-8 cannot hold). It is written as its escape, with a warning."""
    path = tmp_path / "escaped.mcn"
    path.write_text(game_text().replace("Thursday club night", "Club \\udcff night"), "utf-8")
    for target in ("-", str(tmp_path / "out.mcn")):
        result = run("filter", "--encoding", codec, str(path), "-o", target)
        assert result.exit_code == 0, result.output
        assert "warning: game 1: a lone surrogate (not a character) written as its escape " in (
            result.output
        )
    written = (tmp_path / "out.mcn").read_text(encoding="utf-8")
    assert '[Event "Club \\udcff night"]' in written


@pytest.mark.parametrize("command", ["position", "legal"])
def test_a_position_text_with_a_5000_digit_number(command: str) -> None:
    """Issue 24, item 11: ``mcn position``/``legal`` TEXT with a 5,000-digit number died of
    Python's int-string ValueError; it is a position error naming the field and column."""
    text = run("position", str(GAME), "--at", "3.2.1").output.strip()
    assert text.startswith("mcnpos/1 ") and " R=5," in text
    huge = text.replace(" R=5,", " R=" + "9" * 5_000 + ",", 1)
    result = run(command, huge)
    assert result.exit_code == 1, result.output
    column = huge.index("9" * 5_000) + 1
    assert (
        f"<position>:1:{column}: error: position: field 'seats': a number of 5,000 digits "
        "(at most 9)" in result.output
    )
