"""The examiner hook of :mod:`mcn.batch`: a command's per-game work runs where the game is
checked (here or in a worker process), and its answer comes back with the game's report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcn.batch import Options, Runner
from mcn.commands.random_games import random_records, write_records
from mcn.replay import GameReplay


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
