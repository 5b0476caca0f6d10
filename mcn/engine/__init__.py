"""The Mea Culpa rules engine: pure, exact, with explicit decisions (docs/design.md).

``new_game`` gives a state at ``setup.1``; ``state.decision`` says who decides what next,
``state.legal_actions()`` lists the options, ``state.judge(action)`` gives the verdict on one (a
``Ruling``: accepted, or refused with rule ID and reason), ``state.apply(action)`` checks and
applies one and returns its events. Chance is the pseudo-player ``CHANCE``.
"""

from mcn.engine.actions import Action, ActionSyntaxError, parse_action
from mcn.engine.constants import CHANCE, COLOURS
from mcn.engine.data import Board, DataError, Ruleset, load_board, load_ruleset
from mcn.engine.decision import Decision
from mcn.engine.errors import IllegalAction
from mcn.engine.events import Event
from mcn.engine.legality import Ruling
from mcn.engine.random_play import HistoryEntry, RandomPlayer, play_random_game
from mcn.engine.serial import view
from mcn.engine.state import GameState, new_game

__all__ = [
    "CHANCE",
    "COLOURS",
    "Action",
    "ActionSyntaxError",
    "Board",
    "DataError",
    "Decision",
    "Event",
    "GameState",
    "HistoryEntry",
    "IllegalAction",
    "RandomPlayer",
    "Ruleset",
    "Ruling",
    "load_board",
    "load_ruleset",
    "new_game",
    "parse_action",
    "play_random_game",
    "view",
]
