"""examples/invalid/: every ``NAME.mcn`` has a ``NAME.expected`` with its exact first error line.

The cases are syntax errors (this package's) and rule violations (the replay's). Here the
notation reader alone judges them: a syntax case must fail with exactly its expected line, and
a rule case must read without any notation error (its error is the replay's to find;
tests/replay/test_examples.py runs ``mcn validate`` on all of them).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcn.notation import read_file

FOLDER = Path(__file__).resolve().parents[2] / "examples" / "invalid"
CASES = sorted(FOLDER.glob("*.mcn"))


def test_every_case_has_its_expected_line() -> None:
    assert len(CASES) >= 15
    for case in CASES:
        assert case.with_suffix(".expected").is_file(), case.name
    for expected in FOLDER.glob("*.expected"):
        assert expected.with_suffix(".mcn").is_file(), expected.name


@pytest.mark.parametrize("case", CASES, ids=[case.stem for case in CASES])
def test_case(case: Path) -> None:
    expected = case.with_suffix(".expected").read_text(encoding="utf-8").strip()
    assert expected.startswith(f"{case.name}:")
    record, errors = read_file(case, name=case.name)
    if errors:
        assert errors[0].headline == expected
    else:  # a rule violation: the notation reads it all, the replay finds the error
        assert record.games and all(game.body for game in record.games)
