"""``HANG_GUARD_S``: the fuzz tests' bound on one input, set from the environment
(docs/testing.md, "Hang guard")."""

from __future__ import annotations

import pytest

from tests.fuzz import targets


def test_the_guard_reads_seconds_or_off() -> None:
    assert targets._hang_guard("5") == 5.0
    assert targets._hang_guard("12.5") == 12.5
    for off in ("off", "OFF", "none", "0"):
        assert targets._hang_guard(off) is None


@pytest.mark.parametrize("value", ["fast", "-1", ""])
def test_a_bad_value_is_refused_with_its_name(value: str) -> None:
    with pytest.raises(ValueError, match="HANG_GUARD_S="):
        targets._hang_guard(value)


def test_within_the_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(targets, "HANG_GUARD_S", 5.0)
    assert targets.within_hang_guard(4.9)
    assert not targets.within_hang_guard(5.0)
    monkeypatch.setattr(targets, "HANG_GUARD_S", None)
    assert targets.within_hang_guard(1e9)
