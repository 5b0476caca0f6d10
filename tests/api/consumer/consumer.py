"""A small program written against mcn's public API; ``mypy --strict`` checks it against the
installed wheel (.ci/wheel-check), so the wheel's type hints (py.typed) are proven usable."""

from __future__ import annotations

import sys

import mcn


def summary(path: str) -> list[str]:
    lines: list[str] = []
    for game in mcn.read_games(path):
        replayed: mcn.GameReplay = mcn.replay_game(game)
        final: mcn.GameState | None = replayed.final
        winners = final.winners() if final is not None else ()
        event = game.header("Event")
        lines.append(f"{event}: {' '.join(winners)} ({replayed.decisions} decisions)")
        step: mcn.DecisionStep
        for step in mcn.decisions(game):
            options: list[mcn.Action] = mcn.legal_actions(step.before)
            assert step.action in options or not step.written or options == []
            break
    return lines


if __name__ == "__main__":
    state = mcn.new_game(players=("R", "B"))
    events: list[mcn.Event] = state.apply(mcn.legal_actions(state)[0])
    print(len(events), *summary(sys.argv[1]), sep="\n")
