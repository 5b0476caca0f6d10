"""Seed records for fuzzing: valid MCN that the mutators break.

Random legal games are generated on the fly (seeded, so every run sees the same records) the
way ``mcn random`` writes them: a 2-player and a 3-player game, and the first rounds of a
4-player game. The bundled examples add what random games never contain — comments, glyphs,
variations, checkpoints, a META CULPA game — when they are present.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def random_record(players: int, seed: int, rounds: int | None = None) -> bytes:
    """A seeded random legal game as canonical MCN, optionally cut after ``rounds`` rounds."""
    from mcn.engine import COLOURS, play_random_game
    from mcn.notation.writer import write
    from mcn.transcript import transcript

    colours = COLOURS[:players]
    _, history = play_random_game(colours, seed=seed)
    decisions = [(entry.address, entry.action) for entry in history]
    if rounds is not None:
        decisions = [d for d in decisions if d[0].split(".", 1)[0] in _first_rounds(rounds)]
    game = transcript(decisions, players=colours, headers=[("Event", f"fuzz seed {seed}")])
    return write(game).encode("utf-8")


def _first_rounds(rounds: int) -> set[str]:
    return {"setup", *(str(number) for number in range(1, rounds + 1))}


@cache
def seeds() -> tuple[tuple[str, bytes], ...]:
    """Every seed record as ``(name, bytes)``, in a fixed order."""
    out = [
        ("random-2p", random_record(2, seed=11)),
        ("random-3p", random_record(3, seed=12)),
        ("random-4p-2-rounds", random_record(4, seed=13, rounds=2)),
    ]
    examples = ROOT / "examples"
    if examples.is_dir():
        for path in sorted(examples.glob("*.mcn")):
            out.append((path.name, path.read_bytes()))
    return tuple(out)
