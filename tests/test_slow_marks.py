"""The slow marks of tests/conftest.py name tests that exist: an entry left behind when a test
moves or is renamed would silently put that test back into ``make test-fast``'s inner loop."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import LONGEST, SLOW, SLOW_FIXTURES

TESTS = Path(__file__).resolve().parent


def _names(path: Path) -> set[str]:
    return set(re.findall(r"^(?:async )?def (test\w*)", path.read_text(encoding="utf-8"), re.M))


def test_every_slow_entry_names_a_test_module_or_test() -> None:
    for entry in SLOW + LONGEST:
        module, _, prefix = entry.partition("::")
        path = TESTS / module
        assert path.is_file(), entry
        assert module.rsplit("/", 1)[-1].startswith("test_"), entry
        if prefix:
            assert any(name.startswith(prefix) for name in _names(path)), entry


def test_the_longest_are_slow_and_the_slow_fixtures_exist() -> None:
    assert all(any(entry.startswith(slow) for slow in SLOW) for entry in LONGEST)
    sources = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("conftest.py"))
    for name in SLOW_FIXTURES:
        assert re.search(rf"^def {name}\(", sources, re.M), name


def test_a_moved_test_would_be_caught() -> None:
    # the check itself can fail: a prefix no test of its module starts with
    path = TESTS / "commands" / "test_validate.py"
    assert not any(name.startswith("test_no_such_test") for name in _names(path))
    assert any(name.startswith("test_validate_exit_codes") for name in _names(path))
