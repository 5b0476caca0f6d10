"""Archives generated once per test session (tests/stats/archives.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.stats.archives import write_planted, write_random


@pytest.fixture(scope="session")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Random games of 2, 3 and 4 players, in a folder of three files."""
    folder = tmp_path_factory.mktemp("mixed")
    return [
        write_random(folder / "four.mcn", 4, 40, 100),
        write_random(folder / "three.mcn", 3, 25, 200),
        write_random(folder / "two.mcn", 2, 25, 300),
    ]


@pytest.fixture(scope="session")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 four-player games in which Red plays the greedy strategy, the others at random."""
    return write_planted(tmp_path_factory.mktemp("planted") / "planted.mcn", 60, 1)
