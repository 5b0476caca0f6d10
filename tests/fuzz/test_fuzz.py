"""Mutated records through every part of the toolchain: a clean result or a clean error, fast.

Hypothesis draws a seed record and a sequence of mutations (``mutators.py``; its ``randoms()`` are
driven by hypothesis, so failures shrink to few, small mutations) and runs the result through one
target. Every outcome must be clean — success, or an error message with exit status 1 or 2, never a
traceback — and no example may hang (``HANG_GUARD_S`` seconds of CPU time, which a loaded machine
does not stretch; the one-second budget is measured by ``bench/fuzz.py``). The number of examples is
bounded and derandomized so the suite is deterministic and takes well under a minute;
``bench/fuzz.py --minutes N`` runs the same mutators for longer.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from tests.fuzz.mutators import MAX_INPUT, MUTATORS, mutate
from tests.fuzz.seeds import seeds
from tests.fuzz.targets import TARGETS, WRITING_TARGETS, run_target, within_hang_guard

#: No hypothesis deadline (the wall clock): each example's CPU time is held to the hang guard
#: instead (:func:`_check`), which a loaded machine cannot trip.
FUZZ_SETTINGS = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One directory for the inputs of this module's examples (each example overwrites it)."""
    return tmp_path_factory.mktemp("fuzz")


def _check(target: str, data: bytes, original: bytes, scratch: Path) -> None:
    path = scratch / f"{target}-input.mcn"
    path.write_bytes(data)
    reference = scratch / f"{target}-original.mcn"
    reference.write_bytes(original)
    outcome = run_target(target, path, reference, scratch)
    assert outcome.clean, f"{target} crashed on a mutated record:\n{outcome.crash}"
    took = f"{target} took {outcome.cpu_seconds:.2f} s of CPU time on a mutated record"
    assert within_hang_guard(outcome.cpu_seconds), took


#: The targets fuzzed with every example; the writing ones get fewer (see below).
READING_TARGETS = tuple(t for t in TARGETS if t not in WRITING_TARGETS)


@pytest.mark.parametrize("target", READING_TARGETS)
@FUZZ_SETTINGS
@given(index=st.integers(min_value=0), rng=st.randoms(use_true_random=False))
def test_mutated_records_end_cleanly(
    target: str, index: int, rng: random.Random, scratch: Path
) -> None:
    name, original = seeds()[index % len(seeds())]
    data, applied = mutate(original, rng)
    note(f"seed record {name}, mutations {applied}, {len(data)} bytes")
    _check(target, data, original, scratch)


@pytest.mark.parametrize("target", WRITING_TARGETS)
@settings(FUZZ_SETTINGS, max_examples=25)
@given(index=st.integers(min_value=0), rng=st.randoms(use_true_random=False))
def test_mutated_records_are_written_whole(
    target: str, index: int, rng: random.Random, scratch: Path
) -> None:
    """``fmt -i`` leaves a canonical file or the input untouched; ``tree`` with a long
    comment of Graphviz escapes writes DOT that Graphviz accepts (issue 11)."""
    name, original = seeds()[index % len(seeds())]
    data, applied = mutate(original, rng)
    note(f"seed record {name}, mutations {applied}, {len(data)} bytes")
    _check(target, data, original, scratch)


@pytest.mark.parametrize("target", READING_TARGETS)
@pytest.mark.parametrize("mutator", sorted(MUTATORS))
def test_every_mutator_on_every_target(target: str, mutator: str, scratch: Path) -> None:
    """Each mutator at least once per target, with a fixed seed (hypothesis may not pick it)."""
    original = seeds()[0][1]
    data = MUTATORS[mutator](original, random.Random(f"{mutator}/{target}"))[:MAX_INPUT]
    _check(target, data, original, scratch)


def test_seed_records_are_valid(scratch: Path) -> None:
    """The unmutated seeds succeed on every target: the fuzzer starts from valid records."""
    for name, original in seeds():
        path = scratch / "seed.mcn"
        path.write_bytes(original)
        for target in TARGETS:
            outcome = run_target(target, path, path, scratch)
            assert outcome.clean and outcome.exit_code == 0, (name, target, outcome)


def test_mutations_are_reproducible() -> None:
    """A mutation depends only on the record and the random generator's seed."""
    _, original = seeds()[0]
    first = mutate(original, random.Random(7))
    again = mutate(original, random.Random(7))
    assert first == again
    # (one mutation may happen to give the record back, e.g. a swap of two equal moves)
    assert any(mutate(original, random.Random(seed))[0] != original for seed in range(7, 17))
