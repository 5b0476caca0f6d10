"""``mcn position``: the state at a decision as one line, ``--as`` a player's memory, a
position read back, and a broken one refused naming its field and rule."""

from __future__ import annotations

from typing import Any

from click.testing import CliRunner

from mcn.cli import cli
from mcn.views.positions import position_text
from mcn.views.projection import memory_of
from tests.positions.game import GAME_4P, decisions

RUNNER = CliRunner()


def _run(*args: str) -> Any:
    return RUNNER.invoke(cli, list(args), catch_exceptions=False)


def test_position_command_prints_and_checks(replayed_once: None) -> None:
    index, before = next((i, b) for i, (s, b) in enumerate(decisions()) if s.address == "3.3.2")
    result = _run("position", str(GAME_4P), "--at", "3.3.2")
    assert result.exit_code == 0
    assert result.output.strip() == position_text(before)
    blue = _run("position", str(GAME_4P), "--at", "3.3.2", "--as", "blue")
    # I-HID-5: the position --as a player is what he remembers of the record up to there
    memory = memory_of([s for s, _ in decisions()][:index], before, "B")
    assert blue.output.strip() == position_text(before, "B", memory)
    again = _run("position", result.output.strip())
    assert again.exit_code == 0 and again.output == result.output
    broken = result.output.strip().split(" ")
    broken[20] = "9.10.13.14"  # the supply
    bad = _run("position", " ".join(broken))
    assert bad.exit_code == 1
    assert "field 'supply'" in bad.output and "R-SUP-2" in bad.output
