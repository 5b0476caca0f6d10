"""``mcn match`` between bot processes (issue 28): the reference bots play complete games, every
record validates, seats rotate, chance is seeded; a bot that exits, hangs or answers illegally
forfeits with the reason written in the record, and the match goes on."""

from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

import mcn
from mcn.bots.results import wilson
from mcn.cli import cli

PYTHON = sys.executable
RANDOM = f"{PYTHON} -m mcn bot random --seed 1"
GREEDY = f"{PYTHON} -m mcn bot greedy --seed 2"


def _bot_script(tmp: Path, name: str, body: str) -> str:
    path = tmp / f"{name}.py"
    path.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'quit':\n"
        "        break\n"
        "    if message['type'] != 'decide':\n"
        "        continue\n" + body,
        encoding="utf-8",
    )
    return f"{PYTHON} {path}"


def _games(path: Path) -> list[mcn.Game]:
    return list(mcn.read_games(path))


def test_the_reference_bots_play_valid_records(tmp_path: Path) -> None:
    out = tmp_path / "games.mcn"
    args = ["match", "--bot", f"randy={RANDOM}", "--bot", f"greta={GREEDY}", "--games", "3"]
    result = CliRunner().invoke(cli, [*args, "--seed", "5", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "win rates with 95 % confidence intervals" in result.output
    assert "randy" in result.output and "greta" in result.output
    games = _games(out)
    assert len(games) == 3
    for game in games:
        replayed = mcn.replay_game(game)
        assert replayed.valid and replayed.final is not None and replayed.final.is_terminal()
        assert game.headers["Result"] != "*"
    # seats rotate: randy is Red in games 1 and 3, Blue in game 2
    assert [g.headers["Red"] for g in games] == ["randy", "greta", "randy"]
    # chance is seeded: the same seed draws the same souls and markets
    again = tmp_path / "again.mcn"
    CliRunner().invoke(cli, [*args, "--seed", "5", "-o", str(again)])
    assert [next(g.moves()).text for g in _games(again)] == [next(g.moves()).text for g in games]


def test_a_bot_that_exits_hangs_or_answers_illegally_forfeits(tmp_path: Path) -> None:
    bots = {
        "quitter": _bot_script(tmp_path, "quitter", "    sys.exit(3)\n"),
        "sleeper": _bot_script(tmp_path, "sleeper", "    time.sleep(30)\n"),
        "cheater": _bot_script(
            tmp_path, "cheater", "    print(json.dumps({'action': 'fly away'}), flush=True)\n"
        ),
        "liar": _bot_script(
            tmp_path, "liar", "    print(json.dumps({'action': 'bonus 99>I'}), flush=True)\n"
        ),
    }
    reasons = {
        "quitter": "exited with status 3",
        "sleeper": "no answer within 0.5 s",
        "cheater": "unknown move 'fly'",
        "liar": "answered 'bonus 99>I' at setup.",
    }
    for name, command in bots.items():
        out = tmp_path / f"{name}.mcn"
        args = ["match", "--bot", f"{name}={command}", "--bot", f"randy={RANDOM}"]
        result = CliRunner().invoke(
            cli, [*args, "--games", "2", "--move-time", "0.5", "-o", str(out)]
        )
        assert result.exit_code == 0, result.output
        games = _games(out)
        assert len(games) == 2  # the match went on after the forfeit
        for game in games:
            assert mcn.replay_game(game).valid  # a forfeited game is a valid record too
            seat = game.headers["Forfeit"]
            assert game.headers[{"R": "Red", "B": "Blue"}[seat]] == name
            assert game.headers["Result"] == "*"
            termination = game.headers["Termination"]
            assert "forfeits at" in termination and reasons[name] in termination, termination
            assert reasons[name] in mcn.write_record(game).rstrip().splitlines()[-1]
        assert "forfeits" in result.output


def test_wilson_interval() -> None:
    low, high = wilson(60, 100)
    assert 0.50 < low < 0.51 and 0.69 < high < 0.70
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0 and abs(wilson(10, 10)[1] - 1.0) < 1e-12
