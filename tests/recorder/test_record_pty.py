"""``mcn record`` in a real pseudo-terminal of 60, 80 and 120 columns (pexpect).

What a player at a terminal sees: the options in a grid that fits the terminal's own width
(no option line wraps, so option 8 never reads like option 7), laid out anew when the window
is resized (SIGWINCH), every option with its number; and every way out — quit, Ctrl-D, a
real Ctrl-C, the end of the input in the header questions, the end of the game — says where
the game is saved and the exact command that continues it (R-SET-1, R-SET-4, R-EVA-2).
"""

from __future__ import annotations

import io
import os
import re
import shlex
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from mcn.cli import cli
from tests.recorder.scripts import GAME_3P, HEADERS_3P, answers_of, game_of

MCN = str(Path(sys.executable).parent / "mcn")
PROMPT = r"(Red|Blue|Green|chance)>"
MOVES = answers_of(game_of(GAME_3P))
#: Green's turn 2 of round 1: 50 options, most of them donations (a range in the list).
AT_MANY = 21
CSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
OPTION_LINE = re.compile(r"^ ?\d+(?:-\d+)? \S")
LABEL = re.compile(r"^\d+\. ")
CELL = re.compile(r"(?:^|\s{2})\s?(\d+)(?:-(\d+))? \S")

pytestmark = pytest.mark.skipif(not os.path.exists(MCN), reason="the mcn script is not installed")


class Terminal:
    """``mcn record`` in a pseudo-terminal ``columns`` wide, and what it printed."""

    def __init__(self, output: Path, columns: int, *options: str) -> None:
        # a COLUMNS left behind in the environment is not the terminal's width: ignored
        env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", COLUMNS="200")
        self.output = output
        self.seen = io.StringIO()
        self.child = pexpect.spawn(
            MCN,
            ["record", "--interactive", "-o", str(output), *options],
            env=env,
            encoding="utf-8",
            timeout=30,
            dimensions=(40, columns),
        )
        self.child.delaybeforesend = None
        self.child.logfile_read = self.seen

    def answer(self, text: str) -> None:
        """Wait for the question, type ``text`` and wait for the move as the recorder echoes
        it (on a line of its own, without a turn number)."""
        self.child.expect(PROMPT)
        self.child.sendline(text)
        written = LABEL.sub("", text)
        self.child.expect_exact(f"  {written}\r\n")

    def lines(self, start: int = 0) -> list[str]:
        """The lines printed since ``start`` (a length of :attr:`seen`), escapes removed."""
        text = CSI.sub("", self.seen.getvalue()[start:])
        return [line.rstrip("\r") for line in text.split("\n")]

    def end(self) -> tuple[int | None, str]:
        """Wait for the recorder to exit: its status and everything it printed."""
        self.child.expect(pexpect.EOF)
        self.child.close()
        status = self.child.exitstatus
        if status is None and self.child.signalstatus is not None:
            status = 128 + self.child.signalstatus
        return status, CSI.sub("", self.seen.getvalue())


def option_blocks(lines: list[str]) -> list[list[str]]:
    """The option listings among ``lines``: runs of lines that start with a number."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in lines:
        if OPTION_LINE.match(line) or (current and line.startswith("   (")):
            current.append(line)
        elif current:
            blocks.append(current)
            current = []
    return blocks + ([current] if current else [])


def numbers_in(block: list[str]) -> set[int]:
    """Every option number a listing shows, a range ``7-50`` counting for each of its own."""
    found: set[int] = set()
    for line in block:
        for match in CELL.finditer(line):
            first = int(match.group(1))
            found.update(range(first, int(match.group(2) or first) + 1))
    return found


def saved_and_continue(output: Path) -> list[str]:
    return [
        f"everything entered is saved in {output}",
        f"continue with: mcn record -o {shlex.quote(str(output))}",
    ]


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_no_option_line_wraps_and_every_option_keeps_its_number(
    tmp_path: Path, columns: int
) -> None:
    terminal = Terminal(tmp_path / "game.mcn", columns, *HEADERS_3P)
    for text in MOVES[:AT_MANY]:
        terminal.answer(text)
    terminal.child.expect(PROMPT)
    terminal.child.sendline("donate")  # a beginning many options share: listed numbered
    terminal.child.expect("could be any of 44 options")
    terminal.child.expect(PROMPT)
    terminal.child.sendline("14")  # a number inside the range shown as 7-50
    terminal.child.expect_exact("  G: donate 10>II\r\n")
    terminal.child.expect(PROMPT)
    terminal.child.sendline("quit")
    status, _ = terminal.end()
    assert status == 0
    lines = terminal.lines()
    blocks = option_blocks(lines)
    assert len(blocks) >= 15
    for block in blocks:
        assert all(len(line) < columns for line in block), (columns, block)
    # every listing of a decision's options shows every number from 1 to the last
    for block in blocks:
        shown = numbers_in(block)
        if 1 in shown:
            assert shown == set(range(1, max(shown) + 1)), block
    assert any(line.startswith(" 7-50 donate 1>I") for line in lines)
    assert "(1 options)" not in "\n".join(lines)
    assert "colour initials: R B G)" in "\n".join(lines)  # the game's own roster


def test_the_options_are_laid_out_anew_when_the_window_is_resized(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path / "game.mcn", 120, *HEADERS_3P)
    for text in MOVES[:AT_MANY]:
        terminal.answer(text)
    terminal.child.expect(PROMPT)
    wide = option_blocks(terminal.lines())[-1]
    before = len(terminal.seen.getvalue())
    for columns in (100, 90, 75, 60):  # a window dragged narrower: SIGWINCH after SIGWINCH
        terminal.child.setwinsize(40, columns)
    narrow: list[str] = []
    while not narrow or max(len(line) for line in narrow) >= 60:
        terminal.child.expect_exact("1.2.1  Green as the Emperor")
        terminal.child.expect(r"\(type 'donate' to list a range with its numbers\)")
        narrow = option_blocks(terminal.lines(before))[-1]
    assert max(len(line) for line in wide) >= 60  # the wide grid would wrap at 60 ...
    assert all(len(line) < 60 for line in narrow)  # ... and is laid out anew
    assert len(narrow) > len(wide)
    assert numbers_in(narrow) == numbers_in(wide) == set(range(1, 51))
    terminal.child.expect(PROMPT)
    terminal.child.sendline("14")  # the question is still open: answered as before
    terminal.child.expect_exact("  G: donate 10>II\r\n")
    terminal.child.expect(PROMPT)
    terminal.child.sendline("quit")
    status, _ = terminal.end()
    assert status == 0


@pytest.mark.parametrize(
    ("way", "status"), [("quit", 0), ("ctrl-d", 0), ("ctrl-c", 130), ("sigint", 130)]
)
def test_every_way_out_says_the_game_is_saved_and_how_to_continue(
    tmp_path: Path, way: str, status: int
) -> None:
    output = tmp_path / "my game.mcn"  # a name the command quotes
    terminal = Terminal(output, 80, *HEADERS_3P)
    for text in MOVES[:6]:
        terminal.answer(text)
    terminal.child.expect(PROMPT)
    if way == "quit":
        terminal.child.sendline("quit")
    elif way == "ctrl-d":
        terminal.child.sendcontrol("d")
    elif way == "ctrl-c":
        terminal.child.sendintr()  # the terminal's interrupt key, as a player presses it
    else:
        terminal.child.kill(signal.SIGINT)  # the signal itself
    code, text = terminal.end()
    assert code == status
    for said in saved_and_continue(output):
        assert said in text
    assert "Traceback" not in text
    assert answers_of(game_of(output)) == MOVES[:6]
    resumed = CliRunner().invoke(
        cli, ["record", "--script", "-o", str(output)], input="\n".join(MOVES[6:])
    )
    assert resumed.exit_code == 0, resumed.output
    assert output.read_text(encoding="utf-8") == GAME_3P.read_text(encoding="utf-8")


@pytest.mark.parametrize(("way", "status"), [("ctrl-d", 1), ("ctrl-c", 130)])
def test_leaving_the_header_questions_says_what_was_missing(
    tmp_path: Path, way: str, status: int
) -> None:
    output = tmp_path / "game.mcn"
    terminal = Terminal(output, 80)
    terminal.child.expect_exact("Colours that play")
    terminal.child.sendline("R B")
    terminal.child.expect_exact("Event [?]:")
    terminal.child.sendline("Club night")
    terminal.child.expect_exact("Site [?]:")
    if way == "ctrl-d":
        terminal.child.sendcontrol("d")
    else:
        terminal.child.sendintr()
    code, text = terminal.end()
    assert code == status
    if way == "ctrl-d":
        assert "the input ended before the headers were complete: no answer for 'Site'" in text
    else:
        assert "stopped before the game began" in text
    assert "nothing was recorded" in text
    assert not output.exists()


def test_the_end_of_the_game_a_forced_answer_and_the_way_out(tmp_path: Path) -> None:
    output = tmp_path / "game.mcn"
    started = CliRunner().invoke(
        cli, ["record", "--script", "-o", str(output), *HEADERS_3P], input="\n".join(MOVES[:-2])
    )
    assert started.exit_code == 0, started.output
    terminal = Terminal(output, 80)
    terminal.child.expect_exact(f"continuing {output} at ")
    for text in MOVES[-2:]:
        terminal.answer(text)
    terminal.child.expect_exact("The game is over")
    terminal.child.expect(">")
    terminal.child.sendline("G: pick red")  # R-EVA-2: forced, taken already; typed anyway
    terminal.child.expect_exact("G: pick red (already taken: it was forced)")
    terminal.child.expect(">")
    terminal.child.sendcontrol("d")
    code, text = terminal.end()
    assert code == 0
    assert f"the game is over; everything entered is saved in {output}" in text
    assert f"to add comments or variations: mcn record -o {output}" in text
    assert output.read_text(encoding="utf-8") == GAME_3P.read_text(encoding="utf-8")


def test_a_record_left_inside_a_variation_says_where_it_continues(tmp_path: Path) -> None:
    output = tmp_path / "game.mcn"
    answers = [*MOVES[:3], "var", "B: bonus 10>II", "quit"]
    left = CliRunner().invoke(
        cli, ["record", "--script", "-o", str(output), *HEADERS_3P], input="\n".join(answers)
    )
    assert "(it continues the main line at setup.4)" in left.output
    terminal = Terminal(output, 80)
    terminal.child.expect_exact(f"continuing {output} at setup.4 on the main line")
    terminal.child.expect_exact("setup.4  Red picks a starting bonus")
    terminal.child.expect(PROMPT)
    terminal.child.sendline("quit")
    code, text = terminal.end()
    assert code == 0
    assert "stopped at setup.4" in text
    for said in saved_and_continue(output):
        assert said in text


def test_tab_offers_the_games_own_colours_for_the_soul_order(tmp_path: Path) -> None:
    # R-SET-1: a 2-player game's soul order is Red's and Blue's: Tab offers R and B only
    output = tmp_path / "game.mcn"
    presets = ["--players", "R,B", "-H", "Event=e", "-H", "Site=s", "-H", "Date=2024.01.01"]
    terminal = Terminal(output, 80, *presets, "-H", "Red=a", "-H", "Blue=b")
    terminal.child.expect_exact("(colour initials: R B)")
    terminal.child.expect(PROMPT)
    start = len(terminal.seen.getvalue())
    terminal.child.send("souls: \t")
    terminal.child.expect_exact("back")  # the completion menu: the colours, then commands
    menu = " ".join(terminal.lines(start))
    assert re.search(r"\bR\b", menu) and re.search(r"\bB\b", menu), menu
    assert not re.search(r"\b[GY]\b", menu), menu
    terminal.child.sendline("B R")
    terminal.child.expect_exact("  souls: B R\r\n")
    terminal.child.expect(PROMPT)
    terminal.child.sendline("quit")
    code, _ = terminal.end()
    assert code == 0
    assert output.read_text(encoding="utf-8").rstrip().endswith("souls: B R")
