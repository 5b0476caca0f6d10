"""The cyclic garbage collector is paused around work that makes no reference cycles.

Parsing, replaying and checking a game make thousands of small objects that are all freed by
reference counting once the game is done with; a collection in between only walks them
(docs/performance-history.md, "Replay speed, fourth pass"). These tests hold the pause to its
contract (nested pauses, the collector's state restored, also on an error) and hold the premise
it rests on: a game's record, its replay and its check leave no garbage cycles behind (except the
lines of variations, which link both ways and are freed by the collection that follows the
pause).
"""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import mcn.archive.checking
from mcn.archive.checking import Options, check_chunk
from mcn.io.collector import collector_paused
from mcn.notation.split import Chunk
from mcn.replay import replay_game

#: The examples without variations: a variation's line and the line it branches from refer to
#: each other (``parent``, ``children``), a cycle the collector frees once the pause ends.
PLAIN = sorted(
    path
    for path in Path(__file__).parents[2].joinpath("examples").glob("*.mcn")
    if path.name != "annotated-4p.mcn"
)


@pytest.fixture
def collector_on() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.enable()
    yield
    if not enabled:
        gc.disable()


@pytest.mark.usefixtures("collector_on")
def test_a_pause_nests_and_restores_the_collector() -> None:
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # only the outermost pause ends it
    assert gc.isenabled()
    with pytest.raises(ZeroDivisionError), collector_paused():
        _ = 1 / 0
    assert gc.isenabled()
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()  # a collector that was off stays off


@pytest.mark.usefixtures("collector_on")
def test_checking_a_chunk_pauses_the_collector_for_all_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[bool] = []

    def watched(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return replay_game(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mcn.archive.checking, "replay_game", watched)
    text = (Path(__file__).parents[2] / "examples" / "game-4p.mcn").read_text("utf-8")
    reports = check_chunk(Chunk(text, 1, ""), "game-4p.mcn", 1, Options(), True)
    assert seen == [False]
    assert gc.isenabled()
    assert [report.valid for report in reports] == [True]
    assert reports[0].decisions > 100


def test_the_plain_examples_are_all_but_the_annotated_one() -> None:
    assert len(PLAIN) >= 5
    for path in PLAIN:
        assert "(" not in path.read_text("utf-8").split("\n\n", 1)[-1]  # no variation


#: Replays and checks one record in a fresh interpreter with every collected object saved, and
#: prints how many the collection after it found and their types. The record is replayed and
#: checked once before the measured pass: modules imported on first use (Lark, which imports
#: pickle, whose pure-Python exception classes are replaced by the C ones and so become cyclic
#: garbage) leave garbage once per process, not per game, and are not what this test is about.
_CYCLES = """
import gc, sys
from pathlib import Path
from mcn.archive.checking import Options, check_chunk
from mcn.notation import iter_games
from mcn.notation.split import Chunk
from mcn.replay import replay_game
path = Path(sys.argv[1])
text = path.read_text("utf-8")

def once():
    for index, game in enumerate(iter_games(path), 1):
        replay_game(game, index=index, keep_states=True)
    check_chunk(Chunk(text, 1, ""), path.name, 1, Options(), True)

once()
gc.collect()
gc.set_debug(gc.DEBUG_SAVEALL)
once()
print(gc.collect(), *sorted({type(o).__name__ for o in gc.garbage}))
"""


@pytest.mark.parametrize("path", PLAIN, ids=lambda path: path.name)
def test_a_game_its_replay_and_its_check_leave_no_garbage_cycles(path: Path) -> None:
    # In a process of its own: in the suite's worker, threads left by earlier tests (a Dask
    # cluster's event loop shutting down) make cyclic garbage of their own at any moment.
    done = subprocess.run(
        [sys.executable, "-c", _CYCLES, str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0"]
