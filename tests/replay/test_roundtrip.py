"""Seeded random games, written as records and replayed, retake every decision of the game.

This is the contract between :mod:`mcn.transcript` and :mod:`mcn.replay`: a record leaves out
exactly the decisions replay takes by itself (forced moves, the end of a turn), so replaying
the record gives the engine's history back, decision by decision, with the same result.
"""

from __future__ import annotations

import pytest

from mcn.engine import COLOURS
from mcn.notation import parse, write
from mcn.replay import parse_result, replay_game
from tests.replay.games import CHUNKS, chunk_seeds, played, record


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_replay_decision_by_decision(players: int, chunk: int) -> None:
    for seed in chunk_seeds(chunk):
        final, history = played(players, seed)
        game = record(players, seed)
        if seed % 10 == 0:  # every tenth game also goes through the text
            game = parse(write(game)).games[0]
        replay = replay_game(game, file=f"seed-{seed}")
        assert replay.valid, [d.text() for d in replay.diagnostics]
        assert replay.main is not None
        taken = [(step.address, step.action) for step in replay.main.steps]
        assert taken == [(entry.address, entry.action) for entry in history], seed
        assert replay.final is not None and replay.final.is_terminal()
        assert replay.final.winners() == final.winners()
        assert parse_result(game.header("Result") or "") == final.winners()


def test_records_leave_out_forced_moves_and_ends() -> None:
    _, history = played(4, 1)
    game = record(4, 1)
    written = sum(len(item.moves) for item in game.body if hasattr(item, "moves"))
    forced = sum(entry.forced for entry in history)
    assert written < len(history) - forced // 2
    assert all(move.text != "end" for move in game.moves())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_of_a_record_are_its_colours(players: int) -> None:
    assert record(players, 3).players == COLOURS[:players]
