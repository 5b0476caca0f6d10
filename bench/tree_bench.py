"""Time ``mcn tree``'s work on a full 4-player game with 10 variations, to SVG.

The record is a seeded random game (engine + transcript) with 10 one-move variations, each
replacing a written player move by another legal action of the same decision. Each run does
what the command does in-process — parse the text, replay it keeping states, build the tree,
make the Graphviz graph, run ``dot`` to SVG — and the median of the runs is printed, split into
the Python part (parse → graph) and Graphviz. Run: ``.venv/bin/python bench/tree_bench.py``.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import shutil
import statistics
import sys
import time

from mcn.engine import CHANCE, play_random_game
from mcn.notation.model import Element, Game, Item, Move
from mcn.notation.parser import parse
from mcn.notation.writer import write
from mcn.records.transcript import transcript
from mcn.replay import replay_game
from mcn.tree import TreeOptions, build_tree, to_graphviz


def annotated_game(seed: int, variations: int) -> str:
    """A full 4-player game with ``variations`` one-move variations, as MCN text."""
    _state, history = play_random_game(("R", "B", "G", "Y"), seed=seed)
    game = transcript([(h.address, h.action) for h in history], players=("R", "B", "G", "Y"))
    replay = replay_game(game, keep_states=True)
    assert replay.main is not None
    candidates = []
    for index, step in enumerate(replay.main.steps):
        before = replay.main.start if index == 0 else replay.main.steps[index - 1].state
        if step.move is None or step.action.actor == CHANCE or before is None:
            continue
        if before.decision.per_actor:
            continue
        others = [a for a in before.legal_actions(step.action.actor) if a != step.action]
        if others:
            candidates.append((step.move, others))
    rng = random.Random(seed)
    edits: dict[int, Move] = {}
    for move, others in rng.sample(candidates, variations):
        other = rng.choice(others)
        line: tuple[Element, ...] = (Item((Move(other.actor, tuple(other.text.split())),)),)
        edits[id(move)] = dataclasses.replace(move, variations=(line,))
    body: list[Element] = []
    for element in game.body:
        if isinstance(element, Item):
            element = dataclasses.replace(
                element, moves=tuple(edits.get(id(m), m) for m in element.moves)
            )
        body.append(element)
    return write(dataclasses.replace(game, body=tuple(body)))


def one_run(text: str, options: TreeOptions) -> tuple[float, float, int]:
    """Seconds for parse → graph, seconds for ``dot`` → SVG, and the SVG size in bytes."""
    start = time.perf_counter()
    game: Game = parse(text).games[0]
    replay = replay_game(game, keep_states=True)
    graph = to_graphviz(build_tree(replay, options), options.rankdir)
    middle = time.perf_counter()
    svg = graph.pipe(format="svg")
    end = time.perf_counter()
    return middle - start, end - middle, len(svg)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2016)
    parser.add_argument("--variations", type=int, default=10)
    args = parser.parse_args()
    if shutil.which("dot") is None:
        print("Graphviz 'dot' not found: run `make setup` first", file=sys.stderr)
        return 2
    text = annotated_game(args.seed, args.variations)
    moves = sum(1 for line in text.splitlines() if line and not line.startswith("["))
    print(f"record: 4 players, {args.variations} variations, {moves} body lines, seed {args.seed}")
    for label, options in (
        ("default (--collapse 4)", TreeOptions()),
        ("every decision (--collapse 0)", TreeOptions(collapse=0)),
        ("--collapse 0 --alternatives 3", TreeOptions(collapse=0, alternatives=3)),
    ):
        runs = [one_run(text, options) for _ in range(args.runs)]
        python = statistics.median(r[0] for r in runs)
        dot = statistics.median(r[1] for r in runs)
        total = statistics.median(r[0] + r[1] for r in runs)
        print(
            f"{label:32} median of {args.runs}: {total:.3f} s "
            f"(parse+replay+tree {python:.3f} s, dot {dot:.3f} s), SVG {runs[0][2] // 1024} KiB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
