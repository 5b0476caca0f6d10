"""docs/recording.md shows what the recorder prints: every option list, refusal, hint, echo
and message quoted there is printed by ``mcn record`` on the same answers (80 columns)."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

from click.testing import CliRunner

from mcn.cli import cli
from tests.recorder.scripts import GAME_3P, HEADERS_3P, ROOT, answers_of, game_of

DOC = ROOT / "docs" / "recording.md"
SUNDAY = [
    "--players",
    "R,B",
    "-H",
    "Event=Sunday afternoon",
    "-H",
    "Site=?",
    "-H",
    "Date=2024.02.11",
    "-H",
    "Red=Lena",
    "-H",
    "Blue=Matthias",
]
SUNDAY_ANSWERS = [
    "souls: b r",
    "3",
    "undo",
    "b 10>i",
    "!?",
    "var",
    "bonus blue",
    "{the letter instead}",
    "back",
    "2",
    "quit",
]
#: Lines of the page's examples that are the recorder's own words (not typed, not elided):
#: option rows, refusals and hints, echoed moves, and its messages.
OPTION_ROW = re.compile(r"^ ?\d+(?:-\d+)? \S")
SAID = re.compile(r"^(?:! |hint: |[A-Z]: |[a-z]+: \S|stopped |continuing |variation: |back on )")


def quoted_lines() -> list[str]:
    lines = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("    ") or "…" in line or "club.mcn" in line:
            continue
        text = line[4:]
        if OPTION_ROW.match(text) or SAID.match(text.strip()):
            lines.append(text.strip())
    return lines


def printed(tmp_path: Path) -> str:
    runner = CliRunner(env={"COLUMNS": "80"})
    out = []
    with contextlib.chdir(tmp_path):  # the walkthrough's files land in a fresh folder
        first = runner.invoke(
            cli,
            ["record", "--script", "-v", "-o", "sunday.mcn", *SUNDAY],
            input="\n".join(SUNDAY_ANSWERS),
        )
        out.append(first.output)
        again = runner.invoke(
            cli, ["record", "--script", "-v", "-o", "sunday.mcn"], input="market: b b w c c j i\n"
        )
        out.append(again.output)
        moves = answers_of(game_of(GAME_3P))[:21]
        for answer in ("donate 5", "donate 1 > II", "12"):
            Path("club.mcn").unlink(missing_ok=True)
            result = runner.invoke(
                cli,
                ["record", "--script", "-v", "-o", "club.mcn", *HEADERS_3P],
                input="\n".join([*moves, answer]),
            )
            out.append(result.output)
        pope = answers_of(game_of(GAME_3P))[:15]
        Path("club.mcn").unlink(missing_ok=True)
        result = runner.invoke(
            cli,
            ["record", "--script", "-v", "-o", "club.mcn", *HEADERS_3P],
            input="\n".join([*pope, "B choose pope"]),
        )
        out.append(result.output)
    text = "\n".join(out)
    return re.sub(r"<stdin>:\d+: ", "! ", text)


def test_every_line_the_walkthrough_quotes_is_printed(tmp_path: Path) -> None:
    quoted = quoted_lines()
    assert len(quoted) >= 15, quoted
    output = printed(tmp_path)
    said = {line.rstrip() for line in output.splitlines()} | {
        line.strip() for line in output.splitlines()
    }
    missing = [line for line in quoted if line.rstrip() not in said and line.strip() not in said]
    assert not missing, missing
