"""A position as data: the JSON twin of the one-line text (schemas/position.schema.json).

A position holds everything replay needs to go on from a decision: the game's set-up (players,
ruleset, board, variant, infractions), where it stands (the next address, round, phase, turn,
character on turn), every public and secret element, and the stack of pending steps whose top is
the pending decision. It is built from the engine's state JSON (``mcn-state/1``) — the full state
or a viewer's view, whose masked secrets become ``"?"`` — and turns back into state JSON, so the
engine's own serialisation stays the one source of truth for what a state holds.

Deliberate differences from the state JSON: a chest is written as its public ``shown`` totals
plus compartment I (compartment II is the difference), so a viewer's position keeps what
everybody saw donated; the pending address, not the section and counter, says where the game
stands; the derived ``decision`` and per-compartment ``shown`` are not stored.
"""

from __future__ import annotations

from typing import Any

from mcn.engine.constants import CARD_IDS, CHARACTERS, DENS, GOODS, LETTERS, STONES

FORMAT = "mcn-position/1"
"""The JSON twin's ``format``."""
TAG = "mcnpos/1"
"""The version tag that starts every position text."""
MASK = "?"
"""What a viewer's position shows for a secret he may not see."""

_BOX = (*GOODS, "money")

Position = dict[str, Any]
"""A position's JSON twin (see schemas/position.schema.json)."""


def _secret(wrapper: dict[str, Any] | None) -> Any:
    """The value of an engine secret wrapper, or :data:`MASK` for a masked one."""
    if wrapper is None:
        return None
    return wrapper.get("value", MASK)


def _letters(wrapper: dict[str, Any]) -> list[int] | dict[str, Any] | str:
    """A seat's letters as the viewer knows them (I-HID-5): all by colour, or those he knows
    by colour plus how many more he knows of but not their colour (letters received hand to
    hand: ``{"known": [...], "unknown": 1}``), or :data:`MASK`."""
    if "value" in wrapper:
        return _vector(wrapper["value"], LETTERS)
    if "known" in wrapper:
        return {"known": _vector(wrapper["known"], LETTERS), "unknown": wrapper["unknown"]}
    return MASK


def is_hidden(value: Any) -> bool:
    """Whether a seat's value is (partly) hidden from the viewer: :data:`MASK`, or letters of
    which some colours are unknown."""
    return value == MASK or isinstance(value, dict)


def _vector(counts: dict[str, int] | str, names: tuple[str, ...]) -> list[int] | str:
    if isinstance(counts, str):
        return counts
    return [counts[name] for name in names]


def from_state_json(data: dict[str, Any]) -> Position:
    """The position of a state given as its JSON (``state.to_json()`` or a viewer's ``view``)."""
    seats: dict[str, Any] = {}
    for colour in data["players"]:
        seat = data["seats"][colour]
        chest = seat["chest"]
        seats[colour] = {
            "space": seat["space"],
            "tie": seat["tie"],
            "post": seat["post"],
            "money": _secret(seat["money"]),
            "goods": _vector(_secret(seat["goods"]), GOODS),
            "letters": _letters(seat["letters"]),
            "shown": _vector(chest["shown"], _BOX),
            "chest": _vector(_secret(chest["I"]), _BOX),
            "sins": _vector(seat["sins"], DENS),
        }
    bids: dict[str, Any] = {}
    for colour, wrapper in data["bids"].items():
        value = _secret(wrapper)
        bids[colour] = [value["notches"], value["taler"]] if isinstance(value, dict) else value
    die = _secret(data["pope_die"])
    ev = data["evaluation"]
    evaluation = None
    if ev is not None:
        evaluation = {
            "site": ev["site"],
            "compartment": ev["compartment"],
            "category": ev["category"],
            "display": _vector(ev["display"], LETTERS),
            "queue": list(ev["queue"]),
            "rest": ev["rest"] or None,
        }
    section, counter = data["section"], data["counter"]
    return {
        "format": FORMAT,
        "players": list(data["players"]),
        "ruleset": data["ruleset"],
        "board": data["board"],
        "variant": data["variant"],
        "infractions": list(data["infractions"]),
        "next": f"{section}.{counter + 1}",
        "round": data["round"],
        "phase": data["phase"],
        "turn": data["turn"],
        "character": data["next_character"],
        "seats": seats,
        "pope_stones": _vector(data["pope_stones"], DENS),
        "crews": [site["crews"] for site in data["sites"]],
        "levels": [site["level"] for site in data["sites"]],
        "hut": data["hut"],
        "card_crew": data["emperor_card_crew"],
        "finished": data["finished"],
        "market": _vector(data["market"], STONES),
        "bag": _vector(data["bag"], STONES),
        "supply": _vector(data["supply"], LETTERS),
        "suite6": data["suite6"],
        "visited": list(data["visited"]),
        "rooms": list(data["rooms"]),
        "pile": {card: n for card, n in data["pile"].items() if n},
        "discard": {card: n for card, n in data["discard"].items() if n},
        "bonuses": list(data["bonuses"]),
        "characters": [data["characters"][name] for name in CHARACTERS],
        "bids": bids,
        "choosers": list(data["choosers"]),
        "pope_die": 0 if die is None else die,
        "evaluation": evaluation,
        "winners": list(data["winners"]),
        "stack": [list(step) for step in data["stack"]],
    }


def is_masked(position: Position) -> bool:
    """Whether the position is a viewer's, with secrets shown as :data:`MASK`."""
    if position["pope_die"] == MASK or MASK in position["bids"].values():
        return True
    return any(
        is_hidden(seat[key])
        for seat in position["seats"].values()
        for key in ("money", "goods", "letters", "chest")
    )


def _counts(values: list[int], names: tuple[str, ...]) -> dict[str, int]:
    return dict(zip(names, values, strict=True))


def _wrap(owner: str, value: Any) -> dict[str, Any]:
    return {"secret": owner, "value": value}


def to_state_json(position: Position) -> dict[str, Any]:
    """The full state JSON of an unmasked, well-formed position (checked by
    :func:`mcn.position.checks.problems` first); ``decision`` is left for the engine to derive."""
    section, _, number = position["next"].rpartition(".")
    seats: dict[str, Any] = {}
    for colour in position["players"]:
        seat = position["seats"][colour]
        first = seat["chest"]
        second = [s - i for s, i in zip(seat["shown"], first, strict=True)]
        seats[colour] = {
            "space": seat["space"],
            "tie": seat["tie"],
            "post": seat["post"],
            "money": _wrap(colour, seat["money"]),
            "goods": _wrap(colour, _counts(seat["goods"], GOODS)),
            "letters": _wrap(colour, _counts(seat["letters"], LETTERS)),
            "chest": {
                "I": _wrap(colour, _counts(first, _BOX)),
                "II": _wrap(colour, _counts(second, _BOX)),
                "shown": _counts(seat["shown"], _BOX),
            },
            "sins": _counts(seat["sins"], DENS),
        }
    bids: dict[str, Any] = {}
    for colour, bid in position["bids"].items():
        bids[colour] = None if bid is None else _wrap(colour, {"notches": bid[0], "taler": bid[1]})
    pope = position["characters"][CHARACTERS.index("pope")]
    die = position["pope_die"]
    ev = position["evaluation"]
    return {
        "format": "mcn-state/1",
        "players": list(position["players"]),
        "ruleset": position["ruleset"],
        "board": position["board"],
        "variant": position["variant"],
        "infractions": list(position["infractions"]),
        "viewer": "all",
        "round": position["round"],
        "phase": position["phase"],
        "section": section,
        "counter": int(number) - 1,
        "turn": position["turn"],
        "next_character": position["character"],
        "seats": seats,
        "pope_stones": _counts(position["pope_stones"], DENS),
        "sites": [
            {"crews": crews, "level": level}
            for crews, level in zip(position["crews"], position["levels"], strict=True)
        ],
        "hut": position["hut"],
        "emperor_card_crew": position["card_crew"],
        "finished": position["finished"],
        "market": _counts(position["market"], STONES),
        "bag": _counts(position["bag"], STONES),
        "supply": _counts(position["supply"], LETTERS),
        "suite6": position["suite6"],
        "visited": list(position["visited"]),
        "rooms": list(position["rooms"]),
        "pile": {card: position["pile"][card] for card in CARD_IDS if card in position["pile"]},
        "discard": {
            card: position["discard"][card] for card in CARD_IDS if card in position["discard"]
        },
        "bonuses": list(position["bonuses"]),
        "characters": dict(zip(CHARACTERS, position["characters"], strict=True)),
        "bids": bids,
        "choosers": list(position["choosers"]),
        "pope_die": _wrap(pope, die) if die and pope is not None else None,
        "evaluation": None
        if ev is None
        else {
            "site": ev["site"],
            "compartment": ev["compartment"],
            "category": ev["category"],
            "display": _counts(ev["display"], LETTERS),
            "queue": list(ev["queue"]),
            "rest": ev["rest"] or "",
        },
        "winners": list(position["winners"]),
        "stack": [list(step) for step in position["stack"]],
    }
