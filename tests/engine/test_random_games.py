"""500 seeded random games per player count end with winners and conserved pieces.

Each test item plays a chunk of games (``pytest -n 2`` spreads the chunks over workers) with
the invariants checked after every decision (R-SUP-1..5, R-MOV-2, money, posts). The run of
10,000 games is ``bench/engine_games.py``.
"""

from __future__ import annotations

import statistics

import pytest

from mcn.engine import CHANCE, GameState, RandomPlayer, new_game, play_random_game
from mcn.engine.actions import Bid
from mcn.engine.serial import validate

GAMES = 500
CHUNK = 50


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_end_with_winners_and_conserved_pieces(players: int, chunk: int) -> None:
    lengths = []
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        state, history = play_random_game(players, seed=seed, check_invariants=True)
        # R-END-1..3: every game ends, with at least one winner among the players.
        assert state.is_terminal()
        assert state.winners() and set(state.winners()) <= set(state.players)
        assert state.check_invariants() == []
        assert history[0].address == "setup.1" and history[0].action.actor == CHANCE
        # Each game's final state validates against schemas/state.schema.json and round-trips.
        data = state.to_json()
        validate(data)
        assert GameState.from_json(data).to_json() == data
        lengths.append(len(history))
    # Games stay sane: a few hundred decisions, never a runaway.
    assert 100 < statistics.median(lengths) < 1000
    assert max(lengths) < 3000


def test_history_marks_forced_decisions() -> None:
    state, history = play_random_game(("R", "B", "G"), seed=99)
    replay = new_game(("R", "B", "G"))
    for entry in history:
        assert replay.address_of(entry.action) == entry.address
        if entry.action.actor != CHANCE and replay.decision.kind != "bid":
            assert entry.forced == (len(replay.legal_actions(entry.action.actor)) == 1)
        replay.apply(entry.action)
    assert replay.to_json() == state.to_json()
    assert any(e.forced for e in history) and not all(e.forced for e in history)


def test_same_seed_same_game_and_rulesets_differ_only_where_they_should() -> None:
    one = play_random_game(2, seed=7)
    two = play_random_game(2, seed=7)
    assert [e.action for e in one[1]] == [e.action for e in two[1]]
    english = play_random_game(2, seed=7, ruleset="en-2016")
    assert english[0].to_json()["ruleset"] == "en-2016"


def test_random_player_bids_are_legal_and_modest() -> None:
    state, _ = play_random_game(4, seed=3)
    player = RandomPlayer(5)
    game = new_game(("R", "B"))
    while game.decision.kind != "bid":
        game.apply(
            game.sample_chance(player.rng)
            if game.current_players() == (CHANCE,)
            else player.choose(game, game.current_players()[0])
        )
    for _ in range(200):
        bid = player.choose(game, "R")
        assert game.judge(bid).legal
        assert isinstance(bid, Bid) and 1 <= bid.notches <= 6 and 0 <= bid.taler <= 4
    assert state.is_terminal()


def test_meta_culpa_random_games_with_infractions() -> None:
    recorded = 0
    for seed in range(10):
        state, history = play_random_game(
            3,
            seed=seed,
            variant="meta-culpa",
            infractions=("late-rotation", "out-of-turn"),
            check_invariants=True,
        )
        assert state.winners()
        recorded += sum(e.action.kind == "infraction" for e in history)
    # R-MET-1: random META CULPA games record an occasional infraction.
    assert recorded > 0
