"""Every input the fuzzer ever crashed on, replayed through every target.

Each file in ``regressions/`` is the (minimised, where possible) input of one crash found by
``tests/fuzz`` or ``bench/fuzz.py``; its name says what it broke. They must now end cleanly,
and without hanging (``HANG_GUARD_S``; their speed is the long fuzz run's to measure).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz.seeds import seeds
from tests.fuzz.targets import ALL_TARGETS, run_target, within_hang_guard

REGRESSIONS = Path(__file__).parent / "regressions"
CASES = sorted(path for path in REGRESSIONS.iterdir() if path.suffix == ".mcn")


def test_there_are_regressions() -> None:
    """The directory is found (a typo in the path would make the test below vacuous)."""
    assert CASES


@pytest.mark.parametrize("target", ALL_TARGETS)
@pytest.mark.parametrize("case", CASES, ids=[path.stem for path in CASES])
def test_regression_ends_cleanly(case: Path, target: str, tmp_path: Path) -> None:
    original = tmp_path / "original.mcn"
    original.write_bytes(seeds()[0][1])
    outcome = run_target(target, case, original, tmp_path)
    assert outcome.clean, f"{target} crashed on {case.name}:\n{outcome.crash}"
    took = f"{target} took {outcome.cpu_seconds:.2f} s of CPU time on {case.name}"
    assert within_hang_guard(outcome.cpu_seconds), took
