"""Records with a planted blunder, for the analysis tests and bench/analysis.py.

A random 3-player game (seed 100) in which Red, the Petty Sinner of round 7, sets out on his
preliminary visit (R-CHR-4) to room 2 — a pope-stone card — where Suite 6 was open to him:
at the default budget the analysis estimates his win chance after ``visit 2`` near 10 % and
after ``visit 6`` near 60 % (found by scanning random games for the largest such gap). The
record is cut after the blunder (``cut``) so that an analysis stays cheap; otherwise the game
plays on at random to its end.
"""

from __future__ import annotations

import random

from mcn.engine import CHANCE, Action, new_game
from mcn.notation.model import Game
from mcn.records.transcript import transcript

SEED = 100
PLAYERS = ("R", "B", "G")
#: The decision where Red blunders, the blunder and the good move.
AT = "7.pick.2"
BLUNDER = "visit 2"
GOOD = "visit 6"


def blunder_game(move: str = BLUNDER, cut: bool = True) -> Game:
    """The record with ``move`` played at :data:`AT` (and, unless ``cut``, played on)."""
    state = new_game(PLAYERS)
    rng = random.Random(SEED)
    history: list[tuple[str, Action]] = []
    while not state.is_terminal():
        actors = state.current_players()
        if actors == (CHANCE,):
            action = state.sample_chance(rng)
        else:
            options = state.legal_actions(actors[0])
            action = rng.choice(options)
            if state.pending_address() == AT:
                action = next(a for a in options if a.text == move)
        address = state.address_of(action)
        history.append((address, action))
        state.apply(action)
        if cut and address == AT:
            break
    return transcript(history, players=PLAYERS, headers=[("Event", "Planted blunder")])
