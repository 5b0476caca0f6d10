"""The python-chess side of the comparison: reading PGN, with and without replaying the moves.

python-chess's ``read_game`` tokenises the movetext with one regular expression and hands each
SAN token to its visitor. Two readers are measured:

* **parse only** — :class:`TokenVisitor`, a ``BaseVisitor`` whose ``begin_parse_san`` answers
  ``SKIP``: every header is read and every move token is scanned and offered to the visitor, but
  no SAN is resolved and no board is updated. This is the cheapest reading that still looks at
  every move. (``SkipVisitor`` is cheaper still, but it skips the whole movetext with a
  three-character scan and never tokenises a move, so it is not a parse.)
* **parse + replay** — the default ``GameBuilder``: every SAN is resolved against the board
  (``Board.parse_san`` generates the legal moves), pushed, and a game tree is built.

Both count the moves they saw so ``bench/run.py`` can check that nothing was skipped.
"""

from __future__ import annotations

import io

import chess
import chess.pgn


class TokenVisitor(chess.pgn.BaseVisitor[int]):
    """Counts the SAN tokens of a game without resolving them (``begin_parse_san`` → SKIP)."""

    def __init__(self) -> None:
        self.plies = 0

    def begin_parse_san(self, board: chess.Board, san: str) -> chess.pgn.SkipType:
        self.plies += 1
        return chess.pgn.SKIP

    def result(self) -> int:
        return self.plies


def parse_only(text: str) -> int:
    """Read every game of ``text`` with :class:`TokenVisitor`; the number of plies seen."""
    handle = io.StringIO(text)
    plies = 0
    while (seen := chess.pgn.read_game(handle, Visitor=TokenVisitor)) is not None:
        plies += seen
    return plies


def parse_and_replay(text: str) -> int:
    """Read every game of ``text`` with the default ``GameBuilder``; the plies replayed.

    A game with an illegal or unreadable move would be reported in ``game.errors``; the corpus
    has none, and the caller checks the ply count.
    """
    handle = io.StringIO(text)
    plies = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        if game.errors:
            raise ValueError(f"python-chess could not replay a game: {game.errors[0]}")
        plies += game.end().ply()
    return plies
