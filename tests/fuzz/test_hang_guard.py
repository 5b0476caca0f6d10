"""``HANG_GUARD_S``: the fuzz tests' bound on one input, set from the environment
(docs/testing.md, "Hang guard")."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import settings

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


def test_the_guard_counts_cpu_time_not_the_wall_clock() -> None:
    # waiting (what other processes on a loaded machine make a target do) costs no CPU time;
    # computing does, in this process and in a child it waited for
    start = targets.cpu_time()
    time.sleep(0.3)
    assert targets.cpu_time() - start < 0.15
    burn = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass"
    start = targets.cpu_time()
    subprocess.run([sys.executable, "-c", burn], check=True)
    assert targets.cpu_time() - start >= 0.3


def test_an_outcome_carries_its_cpu_time(tmp_path: Path) -> None:
    record = tmp_path / "one.mcn"
    record.write_text('[Event "x"]\n', encoding="utf-8")
    outcome = targets.run_target("parse", record, record, tmp_path)
    assert outcome.clean and 0.0 <= outcome.cpu_seconds <= outcome.seconds + 0.05


def test_no_property_test_has_a_wall_clock_deadline() -> None:
    # the suite's profile (tests/conftest.py): load cannot fail a property test, and every
    # run draws the same examples
    assert settings.default.deadline is None
    assert settings.default.derandomize
