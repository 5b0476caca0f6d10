"""Engine states, decisions, placings and replay reports pickle and deep-copy, in the pure and
in the compiled build alike (docs/performance.md, "Compiled build (mypyc)"): a frozen dataclass
compiled by mypyc cannot be unpickled, which is why those modules stay interpreted; Dask
workers send replay reports back pickled, and users pickle states to share work."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

from mcn.api import read_games, replay_game, state_after
from mcn.engine.ranking import placings

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "game-4p.mcn"
BREACH = EXAMPLE.parent / "breach" / "pope-over-limit.mcn"


def test_a_state_mid_game_pickles_and_deep_copies_to_an_equal_state() -> None:
    (game,) = read_games(EXAMPLE)
    state = state_after(game, "3.2.1")
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert twin.to_json() == state.to_json()
        assert twin.decision == state.decision
        assert twin.legal_actions() == state.legal_actions()
        action = state.legal_actions()[0]
        assert twin.apply(action) == state.clone().apply(action)


def test_decisions_placings_and_replay_reports_pickle() -> None:
    (game,) = read_games(BREACH)
    replay = replay_game(game)
    assert replay.diagnostics  # the example has a rules breach (a warning, I-POP-9)
    assert pickle.loads(pickle.dumps(replay.diagnostics)) == replay.diagnostics
    final = replay.final
    assert final is not None
    assert pickle.loads(pickle.dumps(final.decision)) == final.decision
    assert pickle.loads(pickle.dumps(placings(final))) == placings(final)
    again = pickle.loads(pickle.dumps(replay))
    assert again.diagnostics == replay.diagnostics and again.decisions == replay.decisions
