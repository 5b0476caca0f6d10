"""Seeded random games for the replay tests, played once per process.

Each test module asks for games by player count and seed; the engine plays them once
(:func:`functools.cache`) and the same history serves the round-trip, mutation and redaction
tests that run in this process.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from mcn.engine import COLOURS, GameState, HistoryEntry, new_game, play_random_game
from mcn.notation.lexical import COLOUR_TAGS
from mcn.notation.model import Game, Header
from mcn.records.transcript import transcript

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
INVALID = EXAMPLES / "invalid"

#: Games per player count in the round-trip test, and how many tests they are split into (50
#: each: every chunk meets at least ten illegal and ten legal changed moves). 450 games in all,
#: each played, written, replayed and changed: a tenth of the suite's time at 900, for the
#: same kinds of change.
GAMES = 150
CHUNKS = 3


def chunk_seeds(chunk: int) -> range:
    """The seeds of one chunk of :data:`GAMES`."""
    size = GAMES // CHUNKS
    return range(chunk * size, (chunk + 1) * size)


@cache
def played(players: int, seed: int) -> tuple[GameState, tuple[HistoryEntry, ...]]:
    """The final state and history of the seeded random game."""
    state, history = play_random_game(COLOURS[:players], seed)
    return state, tuple(history)


def headers(players: int, final: GameState) -> tuple[Header, ...]:
    """The headers of a random record (what :func:`transcript` writes)."""
    tags = [("Event", "seed test"), ("Site", "?"), ("Date", "????.??.??")]
    tags += [(COLOUR_TAGS[c], f"{COLOUR_TAGS[c]} player") for c in COLOURS[:players]]
    tags += [("Rules", "de-2016"), ("Board", "standard"), ("Variant", "standard")]
    tags.append(("Result", " ".join(final.winners())))
    return tuple(Header(tag, value) for tag, value in tags)


@cache
def record(players: int, seed: int) -> Game:
    """The record of the seeded random game."""
    _, history = played(players, seed)
    return transcript(history, players=COLOURS[:players])


def states_before(players: int, seed: int) -> list[GameState]:
    """The state before each decision of the seeded game (not cached: they are big)."""
    _, history = played(players, seed)
    state = new_game(COLOURS[:players])
    out = []
    for entry in history:
        out.append(state.clone())
        state.apply(entry.action)
    return out
