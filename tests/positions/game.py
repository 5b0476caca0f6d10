"""examples/game-4p.mcn replayed once per process, with the state before every decision."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from mcn.engine import GameState
from mcn.notation import parse
from mcn.notation.model import Game
from mcn.replay import GameReplay, Step, replay_game

ROOT = Path(__file__).resolve().parents[2]
GAME_4P = ROOT / "examples" / "game-4p.mcn"


@cache
def game() -> Game:
    return parse(GAME_4P.read_text(encoding="utf-8"), name=str(GAME_4P)).games[0]


@cache
def replayed() -> GameReplay:
    return replay_game(game(), file=str(GAME_4P), keep_states=True)


def decisions() -> list[tuple[Step, GameState]]:
    """Every decision of the main line (implicit ones included) with the state before it."""
    main = replayed().main
    assert main is not None
    out = []
    before = main.start
    for step in main.steps:
        out.append((step, before))
        assert step.state is not None
        before = step.state
    return out
