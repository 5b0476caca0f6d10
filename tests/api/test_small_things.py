"""The small things of issue 28: an unknown verb named as such, legal --try JSON with its
format, --game help everywhere, --board NAME|FILE everywhere (record included), --strict's help
saying what it does."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from mcn.cli import cli
from tests.recorder.scripts import HEADERS_3P

ROOT = Path(__file__).resolve().parents[2]
GAME_4P = str(ROOT / "examples" / "game-4p.mcn")
RUNNER = CliRunner()


def test_an_unknown_verb_says_so_with_the_closest_verbs() -> None:
    result = RUNNER.invoke(cli, ["legal", GAME_4P, "--at", "3.3.1", "--try", "Y: juggle"])
    assert result.exit_code == 1
    assert "unknown move 'juggle'; did you mean" in result.output
    assert "cannot read action 'juggle'" in result.output  # quoted as typed, no stray space
    assert "argument" not in result.output
    result = RUNNER.invoke(cli, ["legal", GAME_4P, "--at", "3.3.1", "--try", "G: bye wine"])
    assert "unknown move 'bye'; did you mean 'buy'" in result.output


def test_legal_try_json_carries_its_format() -> None:
    args = ["legal", GAME_4P, "--at", "3.3.1", "--try", "G: letter red", "--format", "json"]
    data = json.loads(RUNNER.invoke(cli, args).output)
    assert data["format"] == "mcn-legal-try/1"
    schema = json.loads((ROOT / "schemas" / "legal-try.schema.json").read_text("utf-8"))
    jsonschema.validate(data, schema)
    args[5] = "B: letter red"  # R-ACT-1: not Blue's decision
    refused = json.loads(RUNNER.invoke(cli, args).output)
    jsonschema.validate(refused, schema)
    assert refused["legal"] is False and refused["rule"] == "R-ACT-1"


@pytest.mark.parametrize("command", ["replay", "legal", "position", "html", "diff", "tree"])
def test_game_has_help_everywhere(command: str) -> None:
    import click

    found = cli.get_command(click.Context(cli), command)
    assert found is not None
    (option,) = [p for p in found.params if "--game" in p.opts]
    assert isinstance(option, click.Option) and option.help and "game" in option.help.lower()
    assert "--game" in RUNNER.invoke(cli, [command, "--help"]).output


def test_strict_help_says_what_it_does() -> None:
    text = " ".join(RUNNER.invoke(cli, ["validate", "--help"]).output.split())
    assert "first error" in text and "breach" in text and "as an error" in text


def test_board_takes_a_name_or_a_file_everywhere(tmp_path: Path) -> None:
    profile = tmp_path / "myboard.json"
    profile.write_text(RUNNER.invoke(cli, ["board", "--format", "json"]).output, "utf-8")
    for board in ("standard", str(profile)):
        assert RUNNER.invoke(cli, ["replay", GAME_4P, "--board", board]).exit_code == 0
        result = RUNNER.invoke(
            cli, ["record", "--script", *HEADERS_3P, "--board", board], input="souls: G B R\n"
        )
        assert result.exit_code == 0, result.output
        assert '[Board "standard"]' in result.output and "souls: G B R" in result.output
    result = RUNNER.invoke(cli, ["record", "--script", *HEADERS_3P, "--board", "nosuch"])
    assert result.exit_code == 2 and "nosuch" in result.output


def test_help_moves_and_the_notation_state_the_item_rule() -> None:
    # one rule for items and turns, said the same way by `mcn help moves` and the docs
    shown = " ".join(RUNNER.invoke(cli, ["help", "moves"]).output.split())
    assert "Items: an item's end carries no meaning." in shown
    assert "at a label naming another turn" in shown
    notation = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    assert "**An item's end carries no meaning.**" in notation


def test_a_line_has_a_length_and_stays_true() -> None:
    # len(replay.main) is the number of decisions replayed on the line; a line with none is
    # still a line (``if replay.main`` asks whether there is one)
    import mcn
    from mcn.replay.model import Line

    game = next(mcn.read_games(Path(__file__).parents[2] / "examples" / "game-2p.mcn"))
    replayed = mcn.replay_game(game)
    assert replayed.main is not None
    assert len(replayed.main) == len(replayed.main.steps) == replayed.decisions > 0
    empty = Line("", replayed.main.start)
    assert len(empty) == 0 and bool(empty)
