"""Memory linear in the record: every command that replays costs at most about four times as
much on a record four times larger (issue 24, item 1).

An attack found memory growing with the square of the record: each META CULPA infraction
left pending steps and every kept state copied them all (240 KB of infractions peaked at
1.0 GB in ``replay``, 960 KB at 13.4 GB), and every error on a long line held its own copy of
the line. Here each command runs in-process under :mod:`tracemalloc` on a record of n and of
4n infractions, variations or failing checkpoints (tests/safety/growth.py), after a first run
that loads what is loaded once; the larger peak may be at most four times the smaller plus a
little allocator noise. Quadratic growth gives 16 times. Memory, not time: the machine may be
loaded, the allocations are the same.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.safety import growth
from tests.safety.helpers import forget_memos, run

#: Every command that replays a record, with its arguments (``{a}``, ``{b}``: two records,
#: ``{out}``: a scratch file).
COMMANDS: dict[str, list[str]] = {
    "replay": ["replay", "{a}"],
    "validate": ["validate", "{a}"],
    "position": ["position", "{a}", "--at", "end"],
    "legal": ["legal", "{a}", "--at", "end"],
    "diff": ["diff", "{a}", "{b}"],
    "tree": ["tree", "{a}", "-o", "{out}.dot"],
    "html": ["html", "{a}", "-o", "{out}.html"],
}
#: Record builders and the n they are measured at (and 4n).
SHAPES: dict[str, tuple[Callable[[int], str], int]] = {
    "infractions": (growth.infractions, 150),
    "variations": (growth.variations, 30),
    "failing checkpoints": (growth.failing_checkpoints, 120),
}
#: Allocator noise allowed on top of four times the smaller peak.
NOISE = 256 * 1024


def _peak(args: list[str]) -> int:
    tracemalloc.start()
    try:
        run(*args)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _args(command: str, tmp_path: Path, text: str, tag: str) -> list[str]:
    a, b = tmp_path / f"{tag}-a.mcn", tmp_path / f"{tag}-b.mcn"
    a.write_text(text, encoding="utf-8")
    b.write_text(growth.renamed(text), encoding="utf-8")
    out = tmp_path / f"{tag}-out"
    return [arg.format(a=a, b=b, out=out) for arg in COMMANDS[command]]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("command", COMMANDS)
def test_memory_grows_linearly(command: str, shape: str, tmp_path: Path) -> None:
    build, n = SHAPES[shape]
    small = _args(command, tmp_path, build(n), "small")
    large = _args(command, tmp_path, build(4 * n), "large")
    forget_memos()  # the same start whatever ran before (a memo's table may resize)
    _peak(small)  # what is loaded or cached once is not the record's
    small_peak, large_peak = _peak(small), _peak(large)
    assert large_peak <= 4 * small_peak + NOISE, (
        f"{command} on {shape}: {small_peak / 1e6:.1f} MB at n={n}, "
        f"{large_peak / 1e6:.1f} MB at 4n (more than 4x: not linear)"
    )


def test_the_records_are_what_they_claim(tmp_path: Path) -> None:
    """The infractions record is valid and its stack of pending steps grows (R-DEN-4,
    I-MET-5); the variations record is valid; every checkpoint of the last one fails. Else
    they would not test what they say."""
    from mcn import api

    (game,) = api.read_text(growth.infractions(200))
    replay = api.replay_game(game, keep_states=True)
    assert replay.main is not None
    deepest = max(len(step.state.stack) for step in replay.main.steps if step.state)
    assert deepest > 300  # two pending steps per infraction past the seventh stone
    for build, valid in ((growth.infractions, True), (growth.variations, True)):
        path = tmp_path / "record.mcn"
        path.write_text(build(20), encoding="utf-8")
        assert (run("validate", str(path)).exit_code == 0) is valid
    path = tmp_path / "checkpoints.mcn"
    path.write_text(growth.failing_checkpoints(20), encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.output.count("checkpoint <money R 12> fails") == 20
