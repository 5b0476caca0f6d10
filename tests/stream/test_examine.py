"""The examiner hooks of :mod:`mcn.archive.checking`: a command's per-game work runs where the game
is checked (here or in a worker process), after the replay or following it step by step, and its
answer comes back with the game's report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcn.archive.batch import Runner
from mcn.archive.checking import Options
from mcn.commands.random_games import random_records, write_records
from mcn.engine import GameState
from mcn.engine.actions import Action
from mcn.notation.model import Move
from mcn.replay import GameReplay, Line


class CountSteps:
    """Answers the number of main-line steps and the last address (picklable: module level)."""

    def __call__(self, game: Any, replay: GameReplay) -> tuple[int, str]:
        assert replay.main is not None
        return len(replay.main.steps), replay.main.steps[-1].address


class Broken:
    def __call__(self, game: Any, replay: GameReplay) -> None:
        raise RuntimeError("boom")


def _archive(tmp_path: Path) -> Path:
    path = tmp_path / "games.mcn"
    with path.open("w", encoding="utf-8", newline="") as out:
        write_records(random_records(3, seed=5, count=12), out)
    return path


def test_the_answer_comes_back_the_same_from_one_process_or_two(tmp_path: Path) -> None:
    path = _archive(tmp_path)
    options = Options(examine=CountSteps())
    here = [r.examined for r in Runner(options, None).run([str(path)])]
    there = [r.examined for r in Runner(options, None, jobs=2).run([str(path)])]
    assert len(here) == 12
    assert here == there
    assert all(count > 50 and ".pick." in address for count, address in here)  # the game's end
    plain = [r.examined for r in Runner(Options(), None).run([str(path)])]
    assert plain == [None] * 12


def test_a_failing_examiner_is_reported_not_raised(tmp_path: Path) -> None:
    path = _archive(tmp_path)
    reports = list(Runner(Options(examine=Broken()), None).run([str(path)]))
    assert len(reports) == 12
    for report in reports:
        assert report.examined is None
        assert not report.valid
        assert "internal error while examining the game (RuntimeError: boom)" in (
            report.diagnostics[-1].message
        )


class StepAddresses:
    """A step examiner: the address of each main-line decision as read from the state before
    it, and the round that state was in (picklable: module level)."""

    def start(self, game: Any) -> _Follow:
        return _Follow()


class _Follow:
    def __init__(self) -> None:
        self.seen: list[tuple[str, int]] = []

    def before_step(self, line: Line, state: GameState, action: Action, move: Move | None) -> None:
        if not line.prefix:
            self.seen.append((line.prefix + state.address_of(action), state.round))

    def answer(self, replay: GameReplay) -> list[tuple[str, int]]:
        assert replay.main is not None
        assert [a for a, _ in self.seen] == [s.address for s in replay.main.steps]
        return self.seen


class BrokenStart:
    def start(self, game: Any) -> _Follow:
        raise RuntimeError("no start")


def test_a_step_examiner_sees_the_state_before_every_decision_in_one_process_or_two(
    tmp_path: Path,
) -> None:
    path = _archive(tmp_path)
    options = Options(examine_steps=StepAddresses())
    here = [r.examined for r in Runner(options, None).run([str(path)])]
    there = [r.examined for r in Runner(options, None, jobs=2).run([str(path)])]
    assert len(here) == 12 and here == there
    for seen in here:
        rounds = [r for _, r in seen]
        assert rounds[0] == 0 and rounds == sorted(rounds) and rounds[-1] >= 3  # setup first


def test_a_step_examiner_that_cannot_start_is_reported_and_the_game_still_checked(
    tmp_path: Path,
) -> None:
    path = _archive(tmp_path)
    reports = list(Runner(Options(examine_steps=BrokenStart()), None).run([str(path)]))
    assert len(reports) == 12
    for report in reports:
        assert report.examined is None and report.decisions > 50
        assert any(
            "internal error while examining the game (RuntimeError: no start)" in d.message
            for d in report.diagnostics
        )
