"""Records with a planted blunder, for the analysis tests and bench/analysis.py.

A random 3-player game (seed 15) in which Red, at the Petty Sinner's den to empty, empties
lust — his soul goes 7 spaces toward Hell — where emptying petty costs him 1 space: far nearer
Hell at no gain (R-DEN-4). The record may be cut after the blunder (``cut``) so that an
analysis stays cheap, and the game then plays on at random to its end otherwise.
"""

from __future__ import annotations

import random

from mcn.engine import CHANCE, Action, new_game
from mcn.notation.model import Game
from mcn.transcript import transcript

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
