"""The layout of a state's JSON (``schemas/state.schema.json``) for the rules tests: reading it
(``money_of``, ``den_of``, ...) and editing it into the position a test needs (``set_money``,
``build``, ...).

Only these functions know where things live in ``to_json()``, so a change of the layout is one
change here; :class:`tests.rules.scenario.Game` reads the state through them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mcn.engine import load_board

DENS = ("lust", "petty", "greed")

CARD_COUNTS = {
    "emperor-letter": 2,
    "pope-yellow": 1,
    "hell-3": 1,
    "hell-5": 1,
    "lust-2": 2,
    "greed-2": 2,
    "move-crew": 2,
    "new-crew": 3,
    "pope-stone": 3,
    "free-good": 2,
    "steal-3": 1,
    "take-3": 1,
    "take-5": 2,
    "take-7": 1,
}

Json = dict[str, Any]


# -- state JSON layout (schemas/state.schema.json) ----------------------------------------------
# Only these functions know where things live in ``to_json()``. Secrets are wrapped as
# ``{"secret": OWNER, "value": V}``; the full state (``to_json()``) always has the value.


def counts(mapping: dict[str, Any]) -> dict[str, int]:
    """A count mapping without its zero entries, so tests compare what is really there."""
    return {str(k): int(v) for k, v in mapping.items() if int(v)}


def expand(multiset: dict[str, int]) -> list[str]:
    """A card multiset as a sorted list."""
    return sorted(card for card, n in multiset.items() for _ in range(int(n)))


def players_of(data: Json) -> dict[str, Json]:
    return {str(c): data["seats"][c] for c in data["players"]}


def soul_of(data: Json, colour: str) -> int:
    return int(players_of(data)[colour]["space"])


def in_heaven_of(data: Json, colour: str) -> bool:
    return soul_of(data, colour) <= -load_board(data["board"]).heaven


def hell_order_of(data: Json) -> list[str]:
    seats = players_of(data)
    return sorted(seats, key=lambda c: (seats[c]["space"], seats[c]["tie"]), reverse=True)


def money_of(data: Json, colour: str) -> int:
    return int(players_of(data)[colour]["money"]["value"])


def post_of(data: Json, colour: str) -> int:
    return int(players_of(data)[colour]["post"])


def goods_of(data: Json, colour: str) -> dict[str, int]:
    return counts(players_of(data)[colour]["goods"]["value"])


def letters_of(data: Json, colour: str) -> dict[str, int]:
    return counts(players_of(data)[colour]["letters"]["value"])


def hand_sins_of(data: Json, colour: str) -> int:
    return 7 - sum(players_of(data)[colour]["sins"].values())


def den_of(data: Json, den: str) -> dict[str, int]:
    return counts({c: seat["sins"][den] for c, seat in players_of(data).items()})


def pope_stones_of(data: Json) -> dict[str, int]:
    return counts(data["pope_stones"])


def chest_of(data: Json, colour: str, compartment: str) -> dict[str, int]:
    return counts(players_of(data)[colour]["chest"][compartment]["value"])


def market_of(data: Json) -> dict[str, int]:
    return counts(data["market"])


def bag_of(data: Json) -> dict[str, int]:
    return counts(data["bag"])


def supply_of(data: Json) -> dict[str, int]:
    return counts(data["supply"])


def rooms_of(data: Json) -> dict[int, str | None]:
    return {i + 1: card for i, card in enumerate(data["rooms"])}


def site_of(data: Json, number: int) -> dict[str, Any]:
    site = data["sites"][number - 1]
    return {"crews": site["crews"], "nave": site["level"] >= 1, "spire": site["level"] >= 2}


def hut_of(data: Json) -> int:
    return int(data["hut"])


def characters_of(data: Json, colour: str) -> list[str]:
    return [name for name, holder in data["characters"].items() if holder == colour]


def round_of(data: Json) -> int:
    return int(data["round"])


def emperor_crew_of(data: Json) -> int:
    return int(data["emperor_card_crew"])


def suite5_occupied_of(data: Json) -> bool:
    return bool(data["visited"][4])


def suite6_yellow_of(data: Json) -> int:
    return int(data["suite6"])


def deck_of(data: Json) -> list[str]:
    return expand(data["pile"])


def discard_of(data: Json) -> list[str]:
    return expand(data["discard"])


# -- state JSON surgery -----------------------------------------------------------------------
# Edits keep every piece somewhere, so the state stays conserved (check_invariants).


def set_deck(data: Json, deck: list[str]) -> None:
    """Make ``deck`` the draw pile; every other card not in a room goes to the discard pile."""
    rest = dict(CARD_COUNTS)
    for card in list(deck) + [c for c in data["rooms"] if c]:
        rest[card] -= 1
    data["pile"] = counts({card: deck.count(card) for card in deck})
    data["discard"] = counts(rest)


def set_bag(data: Json, bag: dict[str, int], holder: str = "R") -> None:
    """Leave only ``bag`` in the bag: surplus goods go behind ``holder``'s screen.

    Indulgence stones cannot be held by a player; surplus ones are put back in the box, so
    such a state is deliberately not conserved.
    """
    goods = players_of(data)[holder]["goods"]["value"]
    for stone, n in list(data["bag"].items()):
        surplus = int(n) - bag.get(stone, 0)
        data["bag"][stone] = bag.get(stone, 0)
        if stone != "indulgence":
            goods[stone] += surplus


def set_souls(data: Json, positions: dict[str, int]) -> None:
    """Put souls on the given spaces (positive toward Hell); the others stay where they are."""
    for colour, space in positions.items():
        players_of(data)[colour]["space"] = space


def set_money(data: Json, colour: str, money: int) -> None:
    """Set the taler behind a screen (the bank is unlimited, I-SUP-4)."""
    players_of(data)[colour]["money"]["value"] = money


def give_letters(data: Json, colour: str, letters: dict[str, int]) -> None:
    """Move letters from the supply behind a player's screen."""
    held = players_of(data)[colour]["letters"]["value"]
    for letter, n in letters.items():
        data["supply"][letter] -= n
        held[letter] += n


def give_goods(data: Json, colour: str, goods: dict[str, int]) -> None:
    """Move goods from the bag behind a player's screen."""
    held = players_of(data)[colour]["goods"]["value"]
    for good, n in goods.items():
        data["bag"][good] -= n
        held[good] += n


def put_in_chest(data: Json, colour: str, compartment: str, items: dict[str, int]) -> None:
    """Add donations to a compartment: goods come from the bag, ``money`` from the bank."""
    chest = players_of(data)[colour]["chest"]
    for item, n in items.items():
        if item != "money":
            data["bag"][item] -= n
        chest[compartment]["value"][item] += n
        chest["shown"][item] += n


def place_sins(data: Json, colour: str, den: str, n: int) -> None:
    """Move ``n`` of a player's sin stones from his supply into a den."""
    players_of(data)[colour]["sins"][den] += n


def set_pope_stones(data: Json, stones: dict[str, int]) -> None:
    """Stand the 3 Pope stones beside the dens as given."""
    data["pope_stones"] = {den: stones.get(den, 0) for den in DENS}


def build(
    data: Json, site: int, *, crews: int = 0, nave: bool = False, spire: bool = False
) -> None:
    """Set a cathedral site; crews come from (or go back to) the hut; a spire finishes it."""
    entry = data["sites"][site - 1]
    data["hut"] -= crews - int(entry["crews"])
    level = 2 if spire else 1 if nave else 0
    if level == 2 and entry["level"] < 2:
        data["finished"] += 1
    entry.update(crews=crews, level=level)


def clear_rooms(data: Json, rooms: Iterable[int] = (1, 2, 3, 4)) -> None:
    """Take the cards out of the given rooms onto the discard pile (as if visited)."""
    for room in rooms:
        card = data["rooms"][room - 1]
        if card is not None:
            data["discard"][card] = data["discard"].get(card, 0) + 1
            data["rooms"][room - 1] = None


def set_market(data: Json, market: dict[str, int]) -> None:
    """Leave only ``market`` in the market; the other stones go back to the bag."""
    for stone, n in list(data["market"].items()):
        keep = market.get(stone, 0)
        data["bag"][stone] += int(n) - keep
        data["market"][stone] = keep
