"""Events: what an applied action (and the automatic steps after it) did to the game.

Each event is a small immutable record with a ``kind``, the ``rule`` that caused it, a
plain-English :meth:`Event.text` and :meth:`Event.to_json`. Some fields are secret to one player
(R-HID-1: the compartment of a donation, the Pope die); :meth:`Event.to_json` with a ``viewer``
masks them for everyone else, exactly like :func:`mcn.engine.view` masks the state.

The classes live in one module per game area (``setup``, ``bids``, ``turns``, ``ends``,
``breaches``; the base in ``base``, the JSON Schema in ``schema``); this package is their one
import path: ``from mcn.engine.events import MoneyMoved``.
"""

from __future__ import annotations

from mcn.engine.events.base import ALL_SECRETS, Event
from mcn.engine.events.bids import BidPlaced, BidsRevealed, CharacterChosen, MoneyMoved, PostChanged
from mcn.engine.events.breaches import Breach, InfractionRecorded, Omission
from mcn.engine.events.ends import GameEnded, LettersScored, PostsCompared
from mcn.engine.events.schema import event_classes, json_schema
from mcn.engine.events.setup import (
    BonusTaken,
    CardsMoved,
    MarketDrawn,
    Prepared,
    RoundStarted,
    SoulsPlaced,
)
from mcn.engine.events.turns import (
    Atonement,
    Built,
    CardEffect,
    CrewMoved,
    Donated,
    Evaluation,
    LetterMoved,
    PhaseEnded,
    PopeDie,
    PopeStoneMoved,
    SinsPlaced,
    SinsReturned,
    SoulMoved,
    StonesMoved,
    TurnStarted,
    Visited,
)
from mcn.engine.frozen import quicken

__all__ = [
    "ALL_SECRETS",
    "Atonement",
    "BidPlaced",
    "BidsRevealed",
    "BonusTaken",
    "Breach",
    "Built",
    "CardEffect",
    "CardsMoved",
    "CharacterChosen",
    "CrewMoved",
    "Donated",
    "Evaluation",
    "Event",
    "GameEnded",
    "InfractionRecorded",
    "LetterMoved",
    "LettersScored",
    "MarketDrawn",
    "MoneyMoved",
    "Omission",
    "PhaseEnded",
    "PopeDie",
    "PopeStoneMoved",
    "PostChanged",
    "PostsCompared",
    "Prepared",
    "RoundStarted",
    "SinsPlaced",
    "SinsReturned",
    "SoulMoved",
    "SoulsPlaced",
    "StonesMoved",
    "TurnStarted",
    "Visited",
    "event_classes",
    "json_schema",
]

# Every event class is defined by now: give them the cheaper constructor (mcn.engine.frozen).
quicken(Event)
