"""A compact encoding of a (viewed) state for the HTML viewer, and the deltas between two.

The viewer embeds one state per decision of a record, so each must be small: the state's JSON
view (schemas/state.schema.json) is reduced to what the page draws, as short keys and lists in
the fixed orders of :mod:`mcn.engine.constants` (the page receives those orders too, see
:func:`vocabulary`). A secret the viewer may not see becomes the string ``"?"``; one he may see
is its plain value. Nothing is added that the view did not hold, so the encoding can never show
more than the view it came from.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import add
from typing import Any

from mcn.engine.constants import (
    CARDS,
    CHARACTER_NAMES,
    CHARACTERS,
    COLOUR_NAMES,
    COMPARTMENTS,
    DENS,
    GOODS,
    LETTERS,
    POPE,
    STONES,
)
from mcn.engine.data import Board
from mcn.engine.state import GameState

#: What the page draws for a value the viewer may not see.
HIDDEN = "?"
_CHEST = (*GOODS, "money")


def _plain(value: Any) -> Any:
    """The value inside a secret wrapper (:data:`HIDDEN` when masked), or ``value`` itself.
    (State JSON holds plain dicts: ``type(…) is dict`` is much cheaper than an ABC check, and
    this runs some fifty times per decision.)"""
    if type(value) is dict and "secret" in value:
        return HIDDEN if value.get("masked") else value.get("value")
    return value


def _row(values: Any, names: tuple[str, ...]) -> Any:
    """``{"bread": 2, …}`` → ``[2, …]`` in ``names`` order; a hidden value stays hidden."""
    values = _plain(values)
    if type(values) is not dict:
        return values
    return [values.get(name, 0) for name in names]


def _letters(letters: Any) -> Any:
    """A seat's letters in ``LETTERS`` order; when the viewer knows some letters but not their
    colour (received hand to hand, I-HID-5), those he knows by colour followed by how many more
    there are: ``[0, 1, 1, 3, 1]`` is "yellow 0, blue 1, red 1, green 3, 1 letter of unknown
    colour"."""
    if type(letters) is dict and letters.get("masked") and "known" in letters:
        return [*_row(letters["known"], LETTERS), letters["unknown"]]
    return _row(letters, LETTERS)


def _seat(seat: Mapping[str, Any]) -> list[Any]:
    chest = seat["chest"]
    return [
        seat["space"],
        seat["tie"],
        seat["post"],
        _plain(seat["money"]),
        _row(seat["goods"], GOODS),
        _letters(seat["letters"]),
        _row(chest["I"], _CHEST),
        _row(chest["II"], _CHEST),
        _row(chest["shown"], _CHEST),
        _row(seat["sins"], DENS),
    ]


def _bid(bid: Any) -> Any:
    value = _plain(bid)
    if type(value) is dict:
        return [value["notches"], value["taler"]]
    return value


def _evaluation(evaluation: Mapping[str, Any] | None) -> Any:
    if evaluation is None:
        return None
    return [
        evaluation["site"],
        evaluation["compartment"],
        evaluation["category"],
        _row(evaluation["display"], LETTERS),
        list(evaluation["queue"]),
    ]


def compact_state(data: Mapping[str, Any]) -> dict[str, Any]:
    """The page's encoding of ``data`` (a state's JSON or a view of it).

    Top-level keys change independently, so a delta (:func:`delta`) of two successive
    decisions is usually a handful of them. Each player's seat is a key of its own (his
    colour), holding ``[space, tie, post, money, goods, letters, chest I, chest II, shown,
    sins]``.
    """
    decision = data["decision"]
    out: dict[str, Any] = {
        "d": [decision["kind"], list(decision["actors"]), decision["address"], decision["prompt"]],
        "rd": [data["round"], data["phase"]],
        "ps": _row(data["pope_stones"], DENS),
        "st": [[site["crews"], site["level"]] for site in data["sites"]],
        "cr": [data["hut"], data["emperor_card_crew"], data["finished"]],
        "mk": _row(data["market"], STONES),
        "bg": _row(data["bag"], STONES),
        "sp": _row(data["supply"], LETTERS),
        "hp": [
            list(data["rooms"]),
            [1 if seen else 0 for seen in data["visited"]],
            data["suite6"],
            sum(data["pile"].values()),
            sum(data["discard"].values()),
        ],
        "ch": [data["characters"].get(name) for name in CHARACTERS],
        "bn": list(data["bonuses"]),
        "bd": {colour: _bid(bid) for colour, bid in (data.get("bids") or {}).items()},
        "dv": _plain(data.get("pope_die")),
        "ev": _evaluation(data.get("evaluation")),
        "w": list(data.get("winners") or []),
    }
    for colour, seat in data["seats"].items():
        out[colour] = _seat(seat)
    return out


def compact_everything(s: GameState) -> dict[str, Any]:
    """:func:`compact_state` of the full view of ``s`` (``state_json(s, EVERYTHING)``), read
    from the state directly.

    The full view masks nothing: every secret wrapper it writes holds its value, which
    :func:`compact_state` unwraps again. Building that view and then reducing it was some
    two thirds of a plain page's own work (one state per decision), so the page for
    everyone reads the same values here instead, in the same order and as the same types;
    tests/html/test_compact.py holds the two equal at every decision of every example
    record. A viewer's page still asks the projection (:func:`mcn.html.frames.seen_at`).
    """
    decision = s.decision
    ev = s.evaluation
    pope = s.holders[POPE]
    pile, discard = s.pile, s.discard
    out: dict[str, Any] = {
        "d": [decision.kind, list(decision.actors), decision.address, decision.prompt],
        "rd": [s.round, s.phase],
        "ps": list(s.pope_stones),
        "st": [[s.crews[i], s.levels[i]] for i in range(3)],
        "cr": [s.hut, s.card_crew, s.finished],
        "mk": list(s.market),
        "bg": list(s.bag),
        "sp": list(s.supply),
        "hp": [
            list(s.rooms),
            [1 if seen else 0 for seen in s.visited[1:]],
            s.suite6,
            sum(pile.values()),  # as compact_state sums the view's: the same counts
            sum(discard.values()),
        ],
        "ch": [s.holders[i] for i in range(len(CHARACTERS))],
        "bn": list(s.bonuses),
        "bd": {c: None if bid is None else [bid[0], bid[1]] for c, bid in s.bids.items()},
        "dv": s.pope_die if s.pope_die and pope is not None else None,
        "ev": None if ev is None else [ev[0], COMPARTMENTS[ev[1]], ev[2], list(ev[3]), list(ev[4])],
        "w": list(s.winners_),
    }
    for c in s.players:
        box = s.chest[c]
        out[c] = [
            s.pos[c],
            s.tie[c],
            s.post[c],
            s.money[c],
            list(s.goods[c]),
            list(s.letters[c]),
            list(box[0]),
            list(box[1]),
            list(map(add, box[0], box[1])),  # shown: both compartments, goods and money
            list(s.sins[c]),
        ]
    return out


def delta(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """The keys of ``after`` whose values differ from ``before``'s (the encoding never drops
    a key, so applying the delta to ``before`` gives ``after``)."""
    return {key: value for key, value in after.items() if before.get(key) != value}


def vocabulary(board: Board) -> dict[str, Any]:
    """The fixed orders and names the page needs to read :func:`compact_state`'s lists, and
    the board profile's numbers it draws (track ends, prices, cathedral letter rows)."""
    return {
        "colours": COLOUR_NAMES,
        "goods": list(GOODS),
        "stones": list(STONES),
        "letters": list(LETTERS),
        "dens": list(DENS),
        "characters": list(CHARACTERS),
        "characterNames": list(CHARACTER_NAMES),
        "chest": list(_CHEST),
        "cards": {card: cost for card, (_, cost) in CARDS.items()},
        "hell": board.hell,
        "heaven": board.heaven,
        "purchase": list(board.purchase),
        "sale": list(board.sale),
        "letterPrice": board.letter_price,
        "rows": [[[LETTERS[i] for i in row] for row in site] for site in board.rows],
    }
