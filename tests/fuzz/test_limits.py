"""Deep variations stay cheap: replay follows them 100 levels deep, and reports the rest.

The fuzzer found that deeply nested variations made ``tree``, ``diff`` and ``validate`` take
seconds to minutes: an address inside a variation names every branch point above it, so the
work of a replay (and of everything drawn from one) grows with the square of the depth. The
notation still reads any depth (in linear time); replay now stops at
``mcn.replay.MAX_VARIATION_DEPTH`` with a ``depth`` error at the first variation it skips.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcn.notation.parser import parse
from mcn.replay import MAX_VARIATION_DEPTH, replay_game
from tests.fuzz.seeds import seeds
from tests.fuzz.targets import TARGETS, run_target, within_hang_guard

SEED = "random-4p-2-rounds"


def nested(depth: int) -> str:
    """A short seed record whose first turn's last move has ``depth`` nested variations, each
    replaying that same move (so every level is legal and replay goes all the way down)."""
    record = dict(seeds())[SEED].decode()
    start = record.index("\n1. ") + 1
    end = record.index("\n", start)
    turn = record[start:end]
    head, _, _ = turn[3:].partition(":")
    last = turn.rsplit(";", 1)[-1].strip() if ";" in turn else turn.split(":", 1)[1].strip()
    if ":" not in last:
        last = f"{head}: {last}"
    return record[:end] + f" ( {last}" * depth + " )" * depth + record[end:]


def test_variations_up_to_the_limit_are_replayed() -> None:
    replay = replay_game(parse(nested(MAX_VARIATION_DEPTH)).games[0])
    assert not [d for d in replay.diagnostics if d.code == "depth"]
    deepest = max(line.prefix.count("/") for line in replay.lines())
    assert deepest == MAX_VARIATION_DEPTH


def test_a_deeper_variation_is_reported_where_it_starts() -> None:
    text = nested(MAX_VARIATION_DEPTH + 1)
    replay = replay_game(parse(text).games[0])
    [problem] = [d for d in replay.diagnostics if d.code == "depth"]
    assert problem.severity == "error" and not replay.valid
    assert problem.span is not None
    line = text.splitlines()[problem.span.line - 1]
    assert line[: problem.span.column - 1].count("(") == MAX_VARIATION_DEPTH + 1
    assert max(line.prefix.count("/") for line in replay.lines()) == MAX_VARIATION_DEPTH
    assert replay.final is not None and replay.final.round == 3  # the main line went on


def test_depth_past_the_limit_costs_replay_nothing() -> None:
    """The work is bounded by the limit, not by the depth written (counted, not timed)."""
    at_limit = replay_game(parse(nested(MAX_VARIATION_DEPTH + 1)).games[0])
    far_past = replay_game(parse(nested(3000)).games[0])
    assert far_past.decisions == at_limit.decisions
    assert len(far_past.lines()) == len(at_limit.lines()) == MAX_VARIATION_DEPTH + 1


@pytest.mark.parametrize("depth", [MAX_VARIATION_DEPTH, MAX_VARIATION_DEPTH + 1, 3000])
@pytest.mark.parametrize("target", TARGETS)
def test_deep_nesting_ends_cleanly(depth: int, target: str, tmp_path: Path) -> None:
    path = tmp_path / "deep.mcn"
    path.write_text(nested(depth), encoding="utf-8")
    original = tmp_path / "original.mcn"
    original.write_bytes(dict(seeds())[SEED])
    outcome = run_target(target, path, original, tmp_path)
    assert outcome.clean, outcome.crash
    took = f"{target} took {outcome.cpu_seconds:.2f} s of CPU time at depth {depth}"
    assert within_hang_guard(outcome.cpu_seconds), took
