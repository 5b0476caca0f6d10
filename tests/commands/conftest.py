"""Fixtures of the command tests."""

from __future__ import annotations

import pytest

from mcn.commands.loader import record_source
from mcn.commands.replayed import Replayed
from tests.positions.game import GAME_4P, replayed


@pytest.fixture
def replayed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's record loading, answered from the one replay of the example (the command is
    otherwise exercised whole)."""

    def load(
        path: str,
        number: int,
        *,
        keep_states: bool = True,
        board: object = None,
        masked: bool = False,
    ) -> Replayed:
        assert path == str(GAME_4P) and number == 1 and board is None
        return Replayed(replayed(), [], record_source(path))

    # source.py imports the record side when a record is read (cold start of a position)
    monkeypatch.setattr("mcn.commands.replayed.load_replayed", load)
