"""Small shared pieces for the notation tests."""

from __future__ import annotations

from mcn.notation import Game, Item, Move, parse

HEADERS = """[Event "Club night"]
[Site "Vienna"]
[Date "2024.03.01"]
[Red "Paula"]
[Blue "Dominik"]
[Rules "de-2016"]
[Board "standard"]
[Variant "standard"]
[Result "B"]
"""


def game_of(body: str) -> Game:
    """The single game made of the standard headers and ``body``."""
    (game,) = parse(HEADERS + "\n" + body).games
    return game


def items_of(body: str) -> list[Item]:
    """The items of ``body`` (other elements dropped)."""
    return [element for element in game_of(body).body if isinstance(element, Item)]


def moves_of(body: str) -> list[Move]:
    """The main-line moves of ``body``."""
    return list(game_of(body).moves())
