"""Fixed vocabulary of the game: colours, pieces, characters and the House of Pleasure deck.

Everything here comes from the rulebook text (component list, card table), so it is code.
Numbers printed only on the board (prices, letter rows, track lengths) live in a board profile
(`mcn/data/boards/*.json`, see :mod:`mcn.engine.data`), never here.
"""

from __future__ import annotations

from typing import Final

CHANCE: Final = "*"
"""The pseudo-player who decides chance events (soul order, market draws, room cards)."""

COLOURS: Final = ("R", "B", "G", "Y")
COLOUR_NAMES: Final = {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow"}

# Market stones (R-SUP-1): indices are used in the state's count lists.
GOODS: Final = ("bread", "wine", "cloth", "jewel")
INDULGENCE: Final = 4
STONES: Final = (*GOODS, "indulgence")
STONE_INDEX: Final = {name: i for i, name in enumerate(STONES)}
GOODS_TOTAL: Final = (10, 9, 9, 7, 6)  # the bag's full contents incl. 6 indulgence stones

# Letters of Indulgence (R-SUP-2), written in full.
LETTERS: Final = ("yellow", "blue", "red", "green")
LETTER_INDEX: Final = {name: i for i, name in enumerate(LETTERS)}
LETTERS_TOTAL: Final = (10, 11, 15, 15)
YELLOW, BLUE, RED, GREEN = 0, 1, 2, 3

DENS: Final = ("lust", "petty", "greed")
DEN_INDEX: Final = {name: i for i, name in enumerate(DENS)}
LUST, PETTY, GREED = 0, 1, 2

CHARACTERS: Final = ("pope", "emperor", "merchant", "sinner")
CHARACTER_INDEX: Final = {name: i for i, name in enumerate(CHARACTERS)}
POPE, EMPEROR, MERCHANT, SINNER = 0, 1, 2, 3
CHARACTER_NAMES: Final = ("Pope", "Emperor", "Merchant", "Petty Sinner")

COMPARTMENTS: Final = ("I", "II")
COINS: Final = (1, 2, 5, 10)

SIN_STONES: Final = 7  # R-SUP-3
START_MONEY: Final = 25  # R-SUP-3
POPE_STONES: Final = 3  # R-SUP-5
CREWS: Final = 4  # R-SUP-5
SITES: Final = 3  # R-SUP-5
ROOMS: Final = 4  # rooms 1-4; suites 5 and 6
MARKET_DRAW: Final = 7  # R-RND-2
POST_MAX: Final = 6  # R-ACT-3
POST_MIN: Final = 1
SUITE6_COST: Final = 2  # R-HOP-5
SET_SIZE: Final = 4  # R-END-2: four different colours
SET_STEPS: Final = 8  # R-END-2

# House of Pleasure cards: id -> (count in the deck, notch cost). Rulebook card table.
CARDS: Final[dict[str, tuple[int, int]]] = {
    "emperor-letter": (2, 1),
    "pope-yellow": (1, 3),
    "hell-3": (1, 2),
    "hell-5": (1, 3),
    "lust-2": (2, 2),
    "greed-2": (2, 2),
    "move-crew": (2, 2),
    "new-crew": (3, 1),
    "pope-stone": (3, 2),
    "free-good": (2, 2),
    "steal-3": (1, 1),
    "take-3": (1, 0),
    "take-5": (2, 1),
    "take-7": (1, 2),
}
CARD_IDS: Final = tuple(CARDS)
DECK_SIZE: Final = 24

# Starting bonuses (R-SET-4), numbered as in the rulebook.
BONUS_BREAD_WINE, BONUS_JEWEL, BONUS_MONEY, BONUS_BLUE = 1, 2, 3, 4
BONUS_MONEY_AMOUNT: Final = 10

# META CULPA infraction codes (I-MET-4, the Register of Sins).
INFRACTION_CODES: Final = (
    "take-back",
    "unpaid-bid",
    "late-rotation",
    "forgot-merchant-stone",
    "took-before-paying",
    "pope-without-die",
    "character-not-returned",
    "forgot-preliminary",
    "late-lust-sin",
    "late-greed-sin",
    "hidden-donation",
    "missed-turn",
    "out-of-turn",
)

VARIANTS: Final = ("standard", "meta-culpa")


def colour_name(colour: str) -> str:
    """The full English name of a player colour (``"B"`` -> ``"Blue"``); chance is "Chance"."""
    if colour == CHANCE:
        return "Chance"
    return COLOUR_NAMES.get(colour, colour)


def room_name(room: int) -> str:
    """``room 3`` or ``Suite 5`` as used in plain-English messages."""
    return f"room {room}" if room <= ROOMS else f"Suite {room}"
