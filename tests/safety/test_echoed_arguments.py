"""Arguments and record names echoed back to a terminal show their control characters escaped
(issue 24, item 12): error lines about ``--as``, ``--board``, ``-o``, ``--encoding`` and every
other value click quotes (one place: ``LazyGroup.invoke`` in mcn/cli.py), the line that names
a file written, the ``--as`` completion menus of bash, zsh and fish, and ``standings`` in every
format on a terminal.

Each reproducer passes OSC 52 (write the clipboard), OSC 8 (a link), OSC 0 (the window title),
``CSI 2J`` (clear the screen) and U+202E (right-to-left override); before, each of them reached
the terminal raw.
"""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from tests.safety.helpers import GAME, run

#: Everything a terminal must not receive raw from an argument or a record.
HOSTILE = "a\x1b]52;c;SGVsbG8=\x07b\x1b]8;;http://x\x07l\x1b]8;;\x07\x1b]0;t\x07\x1b[2J\u202ec"
RAW = re.compile("[\x1b\x07\u202e]")


def _clean(shown: str) -> None:
    """No raw control character or bidi mark, and the escape shown as its picture."""
    assert not RAW.search(shown), repr(shown[-400:])
    assert "␛" in shown or "\\x1b" in shown, shown[-400:]


GAME_ = str(GAME)
#: Every option value that reaches an error line: --as, --board, -o, --encoding, and the other
#: values click or mcn quote (a choice, a number list, a file that does not exist, an option).
ECHOED = {
    "replay --as": ["replay", GAME_, "--as", "{h}"],
    "html --as": ["html", GAME_, "--as", "{h}"],
    "legal --as": ["legal", GAME_, "--as", "{h}"],
    "position --as": ["position", GAME_, "--as", "{h}"],
    "diff --as": ["diff", GAME_, GAME_, "--as", "{h}"],
    "export --as": ["export", GAME_, "--as", "{h}"],
    "redact --as": ["redact", GAME_, "--as", "{h}"],
    "tree --as": ["tree", GAME_, "--as", "{h}", "-o", "{dir}/t.dot"],
    "replay --board": ["replay", GAME_, "--board", "{h}"],
    "validate --board": ["validate", GAME_, "--board", "{h}"],
    "tree -o": ["tree", GAME_, "-o", "{dir}/{h}"],
    "export -o": ["export", GAME_, "-o", "{dir}/{h}/x.json"],
    "validate --encoding": ["validate", GAME_, "--encoding", "{h}"],
    "fmt --encoding": ["fmt", GAME_, "--encoding", "{h}"],
    "export --encoding": ["export", GAME_, "--encoding", "{h}"],
    "filter --encoding": ["filter", GAME_, "--encoding", "{h}"],
    "replay --format": ["replay", GAME_, "--format", "{h}"],
    "standings --points": ["standings", GAME_, "--points", "{h}"],
    "standings --tie-break": ["standings", GAME_, "--tie-break", "{h}"],
    "validate --prefer": ["validate", GAME_, "--prefer", "{h}"],
    "validate --supersedes": ["validate", GAME_, "--supersedes", "{h}"],
    "validate --schedule": ["validate", GAME_, "--schedule", "{dir}/{h}"],
    "replay FILE": ["replay", "{dir}/{h}"],
    "unknown option": ["validate", "--{h}"],
    "unknown command": ["{h}"],
}


@pytest.mark.parametrize("case", ECHOED)
def test_an_argument_is_echoed_escaped(case: str, tmp_path: Path) -> None:
    arguments = [a.replace("{h}", HOSTILE).replace("{dir}", str(tmp_path)) for a in ECHOED[case]]
    result = run(*arguments)
    assert result.exit_code in (1, 2), result.output
    _clean(result.output)


def test_the_file_written_is_named_escaped(tmp_path: Path) -> None:
    """``html -o NAME`` says ``wrote NAME``: the name the user gave, shown escaped."""
    target = tmp_path / f"page{HOSTILE}.html"
    result = run("html", GAME_, "-o", str(target))
    assert result.exit_code == 0 and target.is_file()
    _clean(result.output)


# ---- completion -------------------------------------------------------------------------------


def _hostile_record(tmp_path: Path) -> Path:
    lines = GAME.read_text(encoding="utf-8").splitlines(keepends=True)
    roster = {"Red": f"Eve {HOSTILE}", "Blue": "Bob\u202ekcab", "Green": "Plain Name"}
    out = []
    for line in lines:
        tag = line[1:].split(" ", 1)[0] if line.startswith("[") else ""
        out.append(f'[{tag} "{roster[tag]}"]\n' if tag in roster else line)
    path = tmp_path / "names.mcn"
    path.write_text("".join(out), encoding="utf-8")
    return path


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_of_as_never_offers_raw_names(shell: str, tmp_path: Path) -> None:
    record = _hostile_record(tmp_path)
    words = f"mcn replay {record} --as "
    env = {
        "_MCN_COMPLETE": f"{shell}_complete",
        "COMP_WORDS": words,
        # bash and zsh pass the index of the word completed, fish the word typed so far
        "COMP_CWORD": "" if shell == "fish" else str(len(words.split(" ")) - 1),
    }
    result = CliRunner().invoke(cli, [], env=env, prog_name="mcn")
    assert result.exit_code == 0, result.output
    menu = result.output
    assert not RAW.search(menu), repr(menu)
    values = _values(shell, menu)
    assert {"R", "red", "B", "blue", "G", "green", "spectator"} <= set(values), values
    assert any("Plain Name" in value for value in values)  # a plain name is still offered
    assert not [value for value in values if "Eve" in value or "Bob" in value]  # only as help
    if shell != "bash":  # bash shows no help texts; zsh and fish show the names escaped
        assert "Eve a␛]52;c;SGVsbG8=␇" in menu and "Bob\\u202ekcab" in menu


def _values(shell: str, menu: str) -> list[str]:
    """The values a completion offers, in each shell's protocol (click's completion classes):
    bash ``type,value`` lines, zsh ``type``/``value``/``help`` line triples, fish
    ``type,value<TAB>help`` lines."""
    lines = menu.splitlines()
    if shell == "zsh":
        return lines[1::3]
    return [line.split(",", 1)[1].split("\t", 1)[0] for line in lines if "," in line]


# ---- standings on a terminal ------------------------------------------------------------------


def _through_terminal(args: list[str]) -> bytes:
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "mcn", *args], stdout=slave, stderr=subprocess.DEVNULL
    )
    os.close(slave)
    data = b""
    while True:
        try:
            piece = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not piece:
            break
        data += piece
    os.close(master)
    process.wait(timeout=60)
    return data


@pytest.fixture(scope="module")
def hostile_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("standings")
    text = GAME.read_text(encoding="utf-8")
    text = re.sub(r'\[Red "[^"]*"\]', f'[Red "{HOSTILE}"]', text)
    text = re.sub(r'\[Event "[^"]*"\]', f'[Event "{HOSTILE}"]', text)
    (folder / "game.mcn").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize("form", ["text", "csv", "md", "html", "json"])
def test_standings_on_a_terminal_show_controls_escaped(form: str, hostile_folder: Path) -> None:
    shown = _through_terminal(["standings", str(hostile_folder), "--format", form])
    assert shown, "no output"
    assert b"\x1b]" not in shown and b"\x1b[2J" not in shown
    assert "\u202e".encode() not in shown


@pytest.mark.parametrize("form", ["csv", "md", "html"])
def test_standings_to_a_pipe_keep_the_records_text(form: str, hostile_folder: Path) -> None:
    """A pipe or a file gets the document itself (each format escapes as its own syntax
    needs: HTML entities are not terminal escapes, so only the terminal view changes). Markdown
    is the exception: a report for people, read with ``cat`` as often as rendered, it shows
    control characters and bidi marks as text in a file too (docs/standings.md, "Escaping")."""
    done = subprocess.run(
        [sys.executable, "-m", "mcn", "standings", str(hostile_folder), "--format", form],
        capture_output=True,
    )
    assert done.returncode == 0, done.stderr
    if form == "md":
        assert "\u202e".encode() not in done.stdout and b"\\\\u202e" in done.stdout
        assert b"\x1b" not in done.stdout
    else:
        assert "\u202e".encode() in done.stdout


#: Commands that name their input file in an error line, with an input that fails.
NAMED = {
    "redact": (["redact", "{f}", "--as", "R"], "R: juggle\n"),
    "export --as": (["export", "{f}", "--as", "R"], "R: juggle\n"),
    "export": (["export", "{f}"], "R: juggle\n"),
    "import": (["import", "{f}"], "{"),
    "validate": (["validate", "{f}"], "R: juggle\n"),
    "replay": (["replay", "{f}"], "R: juggle\n"),
}


@pytest.mark.parametrize("case", NAMED)
def test_an_input_file_name_is_echoed_escaped(case: str, tmp_path: Path) -> None:
    """A file name is an argument too (a folder of submissions names its files as players
    please): every line that names it shows it escaped."""
    arguments, content = NAMED[case]
    path = tmp_path / f"in{HOSTILE.replace('/', '-')}.mcn"
    path.write_text(content, encoding="utf-8")
    result = run(*(str(path) if a == "{f}" else a for a in arguments))
    assert result.exit_code in (1, 2), result.output
    _clean(result.output)
