"""Seed records for fuzzing: valid MCN that the mutators break.

Random legal games are generated on the fly (seeded, so every run sees the same records) the
way ``mcn random`` writes them, with 2, 3 and 4 players. The bundled examples add what random
games never contain — comments, glyphs, variations, checkpoints, a META CULPA game — when they
are present.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def random_record(players: int, seed: int) -> bytes:
    """A seeded random legal game as canonical MCN (what ``mcn random`` writes)."""
    from mcn.engine import COLOURS, play_random_game
    from mcn.notation.writer import write
    from mcn.records.transcript import transcript

    colours = COLOURS[:players]
    _, history = play_random_game(colours, seed=seed)
    decisions = [(entry.address, entry.action) for entry in history]
    game = transcript(decisions, players=colours, headers=[("Event", f"fuzz seed {seed}")])
    return write(game).encode("utf-8")


_ROUND_LINE = re.compile(rb"^round ([0-9]+)[ \t]*$", re.M)
_RESULT = re.compile(rb'^\[Result "[^"]*"\]', re.M)


def cut(record: bytes, rounds: int) -> bytes | None:
    """The record's first game up to the end of round ``rounds``, its result open (``*``);
    None when the record has no later round."""
    for match in _ROUND_LINE.finditer(record):
        if int(match[1]) == rounds + 1:
            return _RESULT.sub(b'[Result "*"]', record[: match.start()], count=1)
    return None


@cache
def seeds() -> tuple[tuple[str, bytes], ...]:
    """Every seed record as ``(name, bytes)``, in a fixed order.

    Besides every whole record, its first one and two rounds are seeds too: they are
    replayed several times faster, so the long fuzz run tries more inputs, while the whole
    games keep the end of a game (evaluation, result) under fire.
    """
    whole = [
        ("random-2p", random_record(2, seed=11)),
        ("random-3p", random_record(3, seed=12)),
        ("random-4p", random_record(4, seed=13)),
    ]
    examples = ROOT / "examples"
    if examples.is_dir():
        whole.extend((path.stem, path.read_bytes()) for path in sorted(examples.glob("*.mcn")))
    out = list(whole)
    for name, record in whole:
        for rounds in (1, 2):
            part = cut(record, rounds)
            if part is not None:
                out.append((f"{name}-{rounds}-rounds", part))
    return tuple(out)
