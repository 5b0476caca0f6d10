"""A game recorded from a ``[Position]`` (docs/notation.md, "Positions") has no start order of
the souls (R-SET-1): its players are left out of the seat rows and counted as unseated, and
only the rounds the record holds give bids and characters."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import mcn
from mcn.cli import cli
from mcn.notation.model import Game, Header
from mcn.records.transcript import Decision, implicit_decisions, transcribe
from mcn.views.positions import position_text


def _from_round_3(game: Game) -> Game:
    """``game`` recorded from the position before round 3's first decision."""
    main = mcn.replay_game(game, keep_states=True).main
    assert main is not None
    index = next(i for i, s in enumerate(main.steps) if s.address.startswith("3."))
    before = main.steps[index - 1].state
    assert before is not None
    rest = [Decision(s.address, s.action) for s in main.steps[index:]]
    judged = implicit_decisions(rest, before)
    body, _ = transcribe([(d.address, d.action) for d in rest], before, judged=judged)
    return Game((*game.headers, Header("Position", position_text(before))), body)


def test_a_game_from_a_position_has_no_seat_and_only_its_own_rounds(tmp_path: Path) -> None:
    whole = mcn.random_game(("R", "B", "G"), seed=31)
    path = tmp_path / "games.mcn"
    mcn.write_record([whole, _from_round_3(mcn.random_game(("R", "B", "G"), seed=32))], path)
    result = CliRunner().invoke(cli, ["stats", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    (block,) = json.loads(result.stdout)["blocks"]
    assert block["games"] == 2
    assert block["unseated"] == 3  # R-SET-1: the start order of the second game is unknown
    assert [row["n"] for row in block["groups"]["seat"]] == [1, 1, 1]
    assert [row["n"] for row in block["groups"]["colour"]] == [2, 2, 2]
    rounds = {row["round"]: row["n"] for row in block["bids"]["by_round"]}
    assert rounds[1] == rounds[2] == 3 and rounds[3] == 6  # R-BID-1: one bid per player
    text = CliRunner().invoke(cli, ["stats", str(path)]).stdout
    assert "(3 player-games from a start position left out)" in text
