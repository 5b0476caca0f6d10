"""Archives generated once per test session (tests/stats/archives.py); ``mixed``, which the
``mcn stats`` command tests share, is in tests/conftest.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.stats.archives import write_planted


@pytest.fixture(scope="session")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 four-player games in which Red plays the greedy strategy, the others at random."""
    return write_planted(tmp_path_factory.mktemp("planted") / "planted.mcn", 60, 1)
