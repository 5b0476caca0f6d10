"""``mcn record`` at a terminal: driven through a pseudo-terminal with pexpect.

Records the first two rounds of examples/game-2p.mcn with one undo and one comment, then is
killed mid-game and resumed (R-SET-1, R-RND-2, R-BID-1).
"""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.notation.model import Item, Section
from tests.recorder.scripts import ROOT, answers_of, game_of

MCN = str(Path(sys.executable).parent / "mcn")
GAME_2P = ROOT / "examples" / "game-2p.mcn"
PRESETS = [
    "--players",
    "R,B",
    "-H",
    "Event=Sunday afternoon",
    "-H",
    "Site=Kaffeehaus Rosa, Graz",
    "-H",
    "Date=2024.02.11",
    "-H",
    "Red=Lena Hofer",
    "-H",
    "Blue=Matthias Gruber",
]
PROMPT = r"(Red|Blue|chance)>"

pytestmark = pytest.mark.skipif(not os.path.exists(MCN), reason="the mcn script is not installed")


def first_rounds(rounds: int) -> list[str]:
    """The written moves of game-2p up to the end of round ``rounds``."""
    game = game_of(GAME_2P)
    cut = next(
        index
        for index, element in enumerate(game.body)
        if isinstance(element, Section) and element.number == rounds + 1
    )
    body = [element for element in game.body[:cut] if isinstance(element, Item)]
    return answers_of(type(game)(game.headers, tuple(body)))


def spawn(output: Path) -> pexpect.spawn:
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", COLUMNS="100")
    child = pexpect.spawn(
        MCN,
        ["record", "--interactive", "-o", str(output), *PRESETS],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 100),
    )
    child.delaybeforesend = None
    return child


def answer(child: pexpect.spawn, text: str, reply: str | None = None) -> None:
    """Wait for the question, type ``text`` and wait for the recorder's reply (by default
    the move as written: the recorder echoes it on a line of its own)."""
    child.expect(PROMPT)
    child.sendline(text)
    written = re.sub(r"^\d+\. ", "", text)  # the echo is the move, without a turn number
    child.expect_exact(f"  {written}\r\n" if reply is None else reply)


def test_two_rounds_with_an_undo_and_a_comment(tmp_path: Path) -> None:
    output = tmp_path / "game.mcn"
    answers = first_rounds(2)
    child = spawn(output)
    for index, text in enumerate(answers):
        answer(child, text)
        if text == "R: bid 1+4":
            answer(child, "undo", "undone: R: bid 1+4")  # take it back, and enter it again
            answer(child, text)
        if index == 0:
            answer(child, "{cut by the youngest player}", "comment on *: souls B R")
    child.expect("3.prep.1")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = output.read_text(encoding="utf-8")
    assert "souls: B R {cut by the youngest player}" in text
    assert text.count("bid 1+4") == 1
    expected = first_rounds(2)
    assert answers_of(game_of(output)) == expected
    runner = CliRunner()
    assert runner.invoke(cli, ["validate", str(output)]).exit_code == 0
    assert runner.invoke(cli, ["fmt", "--check", str(output)]).exit_code == 0


def test_killed_mid_game_the_file_resumes(tmp_path: Path) -> None:
    output = tmp_path / "game.mcn"
    answers = first_rounds(1)
    cut = answers.index("R: choose emperor")  # a move inside its item: no label
    child = spawn(output)
    for text in answers[:cut]:
        answer(child, text)
    child.expect(PROMPT)  # the answer before it is saved before this question
    child.kill(signal.SIGKILL)
    child.close(force=True)
    saved = game_of(output)
    assert answers_of(saved) == answers[:cut]
    resumed = CliRunner().invoke(
        cli, ["record", "--script", "-o", str(output)], input="\n".join(answers[cut:])
    )
    assert resumed.exit_code == 0, resumed.output
    assert answers_of(game_of(output)) == answers
