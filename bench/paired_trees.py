"""Paired A/B of two builds of mcn: parse and parse + replay per written move, and python-chess.

    python bench/paired_trees.py OLD NEW [--rounds 6] [--runs 3] [--games 300]

Each of OLD and NEW is a source tree (a directory holding ``mcn/``, e.g. ``git archive`` of a
commit: run by this interpreter with the tree first on ``sys.path``) or ``PYTHON`` of a
virtual environment holding a build (e.g. the compiled wheel), or ``PYTHON@TREE``. Rounds
alternate fresh processes of the two sides (the order swapped every round), so that both see
the same load; each process reads the corpus, warms up, and takes the median CPU time of
``--runs`` runs of each workload, with mcn's caches forgotten before each (as bench/run.py).
Printed: each side's moves per second, the median of the per-round ratios (NEW over OLD, with
their range), and each side's ratio to python-chess measured in the same process. This is how
a change is kept or dropped (docs/performance-history.md, "Speed, round three").
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WORKLOADS = ("parse", "replay", "chess")


def _child(corpus_dir: str, runs: int) -> None:
    """The measuring process: the median CPU time of each workload (one JSON line)."""
    import chess_baseline

    from mcn.notation import iter_games
    from mcn.replay import replay_game

    text = Path(corpus_dir, "corpus.mcn").read_text(encoding="utf-8")
    pgn = Path(corpus_dir, "corpus.pgn").read_text(encoding="utf-8")
    moves = json.loads(Path(corpus_dir, "corpus.json").read_text())["moves"]

    def parse() -> None:
        seen = sum(1 for game in iter_games(io.StringIO(text)) for _ in game.moves())
        assert seen == moves, seen

    def replay() -> None:
        seen = 0
        for index, game in enumerate(iter_games(io.StringIO(text)), start=1):
            assert replay_game(game, index=index).valid
            seen += sum(1 for _ in game.moves())
        assert seen == moves, seen

    def chess() -> None:
        chess_baseline.parse_and_replay(pgn)

    work = {"parse": parse, "replay": replay, "chess": chess}
    from run import cold_caches  # the bench's own forgetting of mcn's memos

    def forget() -> None:
        with contextlib.suppress(AttributeError):  # an older tree without a forget function
            cold_caches()

    times: dict[str, list[float]] = {name: [] for name in WORKLOADS}
    for name in WORKLOADS:
        work[name]()
    for _ in range(runs):
        for name in WORKLOADS:
            forget()
            gc.collect()
            start = time.process_time()
            work[name]()
            times[name].append(time.process_time() - start)
    medians: dict[str, Any] = {name: statistics.median(values) for name, values in times.items()}
    import mcn

    medians["mcn"] = mcn.__file__
    print(json.dumps(medians))


def _command(side: str, corpus_dir: str, runs: int) -> list[str]:
    """The measuring process of ``side`` (``TREE``, ``PYTHON`` or ``PYTHON@TREE``): its
    ``mcn`` comes from the tree when one is given, else from the interpreter's environment."""
    python, _, tree = side.partition("@")
    if Path(python).is_dir():
        python, tree = sys.executable, python
    paths = ([str(Path(tree).resolve())] if tree else []) + [str(HERE)]
    code = (
        f"import sys; sys.path[:0] = {paths!r}; "
        f"import paired_trees; paired_trees._child({corpus_dir!r}, {runs})"
    )
    return [python, "-c", code]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args(argv)
    sys.path.insert(0, str(HERE))
    import corpus

    with tempfile.TemporaryDirectory(prefix="mcn-paired-") as scratch:
        mcn_games = corpus.mcn_corpus(options.games, seed=options.seed, workers=2)
        pgn_games = corpus.pgn_corpus(mcn_games.moves, seed=options.seed, workers=2)
        Path(scratch, "corpus.mcn").write_text(mcn_games.text, encoding="utf-8")
        Path(scratch, "corpus.pgn").write_text(pgn_games.text, encoding="utf-8")
        Path(scratch, "corpus.json").write_text(json.dumps({"moves": mcn_games.total_moves}))
        results: dict[str, list[dict[str, Any]]] = {options.old: [], options.new: []}
        for round_number in range(options.rounds):
            order = [options.old, options.new]
            for side in order if round_number % 2 == 0 else order[::-1]:
                command = _command(side, scratch, options.runs)
                # In the scratch directory: ``python -c`` puts its working directory first on
                # the path, and run from a checkout a venv's side would import the checkout's
                # pure sources instead of the build it holds.
                done = subprocess.run(
                    command, capture_output=True, text=True, check=False, cwd=scratch
                )
                if done.returncode:
                    print(done.stderr, file=sys.stderr)
                    return 1
                measured = json.loads(done.stdout.strip().splitlines()[-1])
                tree = side.partition("@")[2] or (side if Path(side).is_dir() else "")
                if tree and not measured["mcn"].startswith(str(Path(tree).resolve())):
                    print(f"{side}: measured {measured['mcn']}, not the tree", file=sys.stderr)
                    return 1
                print(f"round {round_number + 1}: {side}: {measured['mcn']}", file=sys.stderr)
                results[side].append(measured)
        moves = mcn_games.total_moves
    old, new = results[options.old], results[options.new]
    print(f"{moves:,} written moves, {options.rounds} rounds of {options.runs} runs")
    for name in WORKLOADS:
        ratios = [a[name] / b[name] for a, b in zip(old, new, strict=True)]
        print(
            f"{name:7} old {moves / statistics.median(r[name] for r in old):>10,.0f}/s"
            f"  new {moves / statistics.median(r[name] for r in new):>10,.0f}/s"
            f"  new ÷ old {statistics.median(ratios):.3f} ({min(ratios):.3f}–{max(ratios):.3f})"
        )
    for label, side in (("old", old), ("new", new)):
        for name in ("parse", "replay"):
            versus = [r["chess"] / r[name] for r in side]
            print(f"{label} {name} ÷ python-chess parse + replay: {statistics.median(versus):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
