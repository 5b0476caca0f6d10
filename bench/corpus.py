"""Seeded benchmark corpora: random MCN games and random PGN chess games of matching size.

The comparison in ``bench/run.py`` is only fair if both sides read the same amount of play, so
the PGN corpus is built *game by game* to match the MCN corpus: PGN game ``i`` has exactly as
many plies as MCN game ``i`` has written moves (one record move = one decision written = one
chess ply). Any prefix of the two corpora therefore holds the same number of moves, which lets
the slower replay measurements use a prefix of the parse corpus.

Generation is deterministic for a given seed and spread over worker processes (it is setup, not
measurement). MCN games come from the engine's ``play_random_game`` (so they are legal by
construction), are turned into records by ``mcn.records.transcript`` and printed by the canonical
writer — exactly what ``mcn random`` writes.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: The PGN headers of every generated chess game (the seven-tag roster).
_PGN_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


@dataclass(frozen=True, slots=True)
class Corpus:
    """One format's games as text, and how many moves (decisions / plies) each holds."""

    games: tuple[str, ...]
    moves: tuple[int, ...]

    @property
    def text(self) -> str:
        """All games as one multi-game file (games separated by a blank line)."""
        return "\n".join(self.games)

    @property
    def total_moves(self) -> int:
        """Moves over all games."""
        return sum(self.moves)

    def prefix(self, count: int) -> Corpus:
        """The first ``count`` games."""
        return Corpus(self.games[:count], self.moves[:count])

    def __len__(self) -> int:
        return len(self.games)


# ---- MCN ---------------------------------------------------------------------------------------


def mcn_game(seed: int, players: int) -> tuple[str, int]:
    """One random legal game of ``players`` players as canonical MCN, and its written moves."""
    from mcn.engine import play_random_game
    from mcn.notation.writer import write
    from mcn.records.transcript import transcript

    colours = ("R", "B", "G", "Y")[:players]
    _, history = play_random_game(colours, seed=seed)
    game = transcript(
        [(entry.address, entry.action) for entry in history],
        players=colours,
        headers=[("Event", f"bench {seed}")],
    )
    written = sum(1 for _ in game.moves())
    return write(game), written


def _mcn_batch(jobs: Sequence[tuple[int, int]]) -> list[tuple[str, int]]:
    return [mcn_game(seed, players) for seed, players in jobs]


def mcn_corpus(count: int, seed: int = 0, workers: int = 2) -> Corpus:
    """``count`` random games, with 2, 3 and 4 players in turn (seeds ``seed``, ``seed+1``, …)."""
    jobs = [(seed + i, 2 + i % 3) for i in range(count)]
    results = _parallel(_mcn_batch, jobs, workers)
    return Corpus(tuple(text for text, _ in results), tuple(moves for _, moves in results))


# ---- PGN ---------------------------------------------------------------------------------------


def pgn_game(seed: int, plies: int) -> str:
    """A random legal chess game of exactly ``plies`` plies as PGN text.

    Moves are uniform among the legal ones; a game that ends (mate, stalemate) before ``plies``
    is thrown away and replayed with the next derived seed, so every game is cut from a longer
    legal game and carries the result ``*``. The movetext is wrapped at 80 columns like
    python-chess's own exporter does.
    """
    import chess

    attempt = 0
    while True:
        rng = random.Random(seed * 1_000_003 + attempt)
        board = chess.Board()
        sans: list[str] = []
        while len(sans) < plies:
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            sans.append(board.san(move))
            board.push(move)
        if len(sans) == plies:
            break
        attempt += 1
    values = {
        "Event": f"bench {seed}",
        "Site": "?",
        "Date": "????.??.??",
        "Round": "?",
        "White": "White player",
        "Black": "Black player",
        "Result": "*",
    }
    out = io.StringIO()
    for tag in _PGN_ROSTER:
        out.write(f'[{tag} "{values[tag]}"]\n')
    out.write("\n")
    words = []
    for index, san in enumerate(sans):
        if index % 2 == 0:
            words.append(f"{index // 2 + 1}.")
        words.append(san)
    words.append("*")
    column = 0
    for word in words:
        if column and column + 1 + len(word) > 80:
            out.write("\n")
            column = 0
        elif column:
            out.write(" ")
            column += 1
        out.write(word)
        column += len(word)
    out.write("\n")
    return out.getvalue()


def _pgn_batch(jobs: Sequence[tuple[int, int]]) -> list[str]:
    return [pgn_game(seed, plies) for seed, plies in jobs]


def pgn_corpus(moves: Sequence[int], seed: int = 0, workers: int = 2) -> Corpus:
    """Random chess games whose ply counts are ``moves``, game by game."""
    jobs = [(seed + i, plies) for i, plies in enumerate(moves)]
    return Corpus(tuple(_parallel(_pgn_batch, jobs, workers)), tuple(moves))


# ---- plumbing ----------------------------------------------------------------------------------


def _parallel(batch: Callable[[Sequence[T]], list[R]], jobs: Sequence[T], workers: int) -> list[R]:
    """``batch`` over ``jobs`` in order, split over ``workers`` processes."""
    if workers <= 1 or len(jobs) < 2 * workers:
        return batch(jobs)
    size = max(1, len(jobs) // (workers * 8))
    chunks = [jobs[i : i + size] for i in range(0, len(jobs), size)]
    with ProcessPoolExecutor(workers) as pool:
        return [result for part in pool.map(batch, chunks) for result in part]
