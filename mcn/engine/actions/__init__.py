"""Actions: typed, immutable, with one stable text form each (docs/design.md, "Action text").

An action is an actor (a colour or ``CHANCE``) plus its parameters. ``action.text`` is the
canonical text; :func:`parse_action` reads any spelling of it (case-insensitive, any whitespace,
any order where order carries no meaning) and returns the same action, so
``parse_action(a.actor, a.text) == a`` always holds. Parsing knows only syntax; whether an action
is legal now is the state's business (:meth:`GameState.check`).

The classes live in one module per phase (``setup``, ``characters``, ``turns``, ``side`` for the
META CULPA side actions; the base in ``base``), the parser in ``parse``; this package is their one
import path: ``from mcn.engine.actions import Bid, parse_action``.
"""

from __future__ import annotations

from mcn.engine.actions.base import Action, ActionSyntaxError
from mcn.engine.actions.characters import Bid, Choose, MoveCrew, MovePopeStone, PlaceCrew, Skip
from mcn.engine.actions.parse import OWED_COSTS, canonical_items, parse_action
from mcn.engine.actions.setup import Bonus, MarketDraw, RoomCards, SoulOrder
from mcn.engine.actions.side import Catch, Infraction, SideAction, Undone
from mcn.engine.actions.turns import (
    Buy,
    BuyLetter,
    ChooseRoom,
    Decline,
    Do,
    Donate,
    EmptyDen,
    End,
    FreeStone,
    Give,
    Greedy,
    Guess,
    Pass,
    Pick,
    Sell,
    Steal,
    TakeGood,
    Visit,
)
from mcn.engine.frozen import quicken

__all__ = [
    "OWED_COSTS",
    "Action",
    "ActionSyntaxError",
    "Bid",
    "Bonus",
    "Buy",
    "BuyLetter",
    "Catch",
    "Choose",
    "ChooseRoom",
    "Decline",
    "Do",
    "Donate",
    "EmptyDen",
    "End",
    "FreeStone",
    "Give",
    "Greedy",
    "Guess",
    "Infraction",
    "MarketDraw",
    "MoveCrew",
    "MovePopeStone",
    "Pass",
    "Pick",
    "PlaceCrew",
    "RoomCards",
    "Sell",
    "SideAction",
    "Skip",
    "SoulOrder",
    "Steal",
    "TakeGood",
    "Undone",
    "Visit",
    "canonical_items",
    "parse_action",
]

# Every action class is defined by now: give them the cheaper constructor (mcn.engine.frozen).
quicken(Action)
