"""Board profiles and rulesets: the game's numbers and edition switches, loaded from data.

A board profile (B-1..B-5) holds what is printed only on the board: market prices, the
letters of each cathedral row and the lengths of the Record of Sins. A ruleset holds the
edition switches (R-EVA-3). Both are plain JSON under ``mcn/data`` so a player with the
printed board can correct a provisional value without touching code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from mcn.base.values import Value
from mcn.engine.constants import GOODS, LETTER_INDEX
from mcn.io.resources import data_path, load_schema


class DataError(ValueError):
    """A board profile or ruleset is missing or malformed."""


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Board(Value):
    """A validated board profile.

    ``rows[site][category]`` lists letter indices (see ``constants.LETTERS``) in printed order;
    categories are 0 bread & wine, 1 cloth & jewel, 2 money (R-EVA-1).
    """

    id: str
    purchase: tuple[int, int, int, int]
    sale: tuple[int, int, int, int]
    letter_price: int
    rows: tuple[tuple[tuple[int, ...], ...], ...]
    hell: int
    heaven: int
    provisional: tuple[str, ...]
    source: str = ""  # "" for a built-in profile, else the file it was read from


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Ruleset(Value):
    """A validated ruleset: the edition switches the engine consults."""

    id: str
    description: str
    two_player_picks: tuple[bool, ...]  # True = the bigger donor picks (R-EVA-3)
    two_player_rest_to_bigger: bool


def _shorten(name: str) -> str:
    return name if len(name) <= 40 else name[:37] + "..."


def _read(kind: str, name: str) -> dict[str, Any]:
    # A plain short ASCII name: anything else cannot be a file in mcn/data (and a very long
    # name would make the file system refuse the path with an OSError instead).
    if (
        not name
        or len(name) > 64
        or not all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in name)
    ):
        raise DataError(f"unknown {kind} {_shorten(name)!r}")
    path = data_path(f"{kind}s", f"{name}.json")
    if not path.is_file():
        raise DataError(f"unknown {kind} {name!r} (no {path.name} in mcn/data/{kind}s)")
    try:
        with path.open(encoding="utf-8") as handle:
            data: dict[str, Any] = json.load(handle)
    except json.JSONDecodeError as error:
        raise DataError(f"{kind} {name!r} is not valid JSON: {error}") from error
    return data


def _field(error: Any) -> str:
    """The dotted path of the field a schema error is about (``prices.wine.purchase.value``);
    a cathedral is named by its position in the list."""
    return ".".join(str(part) for part in error.absolute_path) or "(the whole document)"


def board_from_json(data: Any, source: str = "", *, check_schema: bool = True) -> Board:
    """Validate a board profile document against ``board.schema.json`` and build a Board.
    Errors name the bad field (``prices.wine.purchase.value: -1 is less than the minimum of
    0``); ``source`` is where the document came from ("" for a built-in profile).

    ``check_schema=False`` is for the built-in profiles only: they ship with the package and
    the suite checks each against the schema (``tests/rules/test_board_profile.py``), so a
    process need not import jsonschema (about 0.05 s of ``mcn validate``'s start-up) to load
    them.
    The checks below the schema's (sites, B-1) run for every profile."""
    if check_schema:
        import jsonschema  # here: slow to import, and only profiles from files need it

        validator = jsonschema.Draft202012Validator(load_schema("board"))
        errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
        if errors:
            first = errors[0]
            more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
            raise DataError(f"{_field(first)}: {first.message}{more}")
    provisional: list[str] = []

    def value(path: str, entry: dict[str, Any]) -> Any:
        if entry["provisional"]:
            provisional.append(path)
        return entry["value"]

    prices = data["prices"]
    purchase = tuple(value(f"prices.{g}.purchase", prices[g]["purchase"]) for g in GOODS)
    sale = tuple(value(f"prices.{g}.sale", prices[g]["sale"]) for g in GOODS)
    sites = sorted(data["cathedrals"], key=lambda c: c["site"])
    if [c["site"] for c in sites] != [1, 2, 3]:
        raise DataError("cathedrals: the sites must be 1, 2 and 3, each once")
    for g in GOODS:  # I-BRD-1: the project's sanity check (no rulebook text compares them)
        price = prices[g]
        if price["sale"]["value"] <= price["purchase"]["value"]:
            raise DataError(
                f"prices.{g}.sale: {price['sale']['value']} is not above the purchase price "
                f"{price['purchase']['value']} (I-BRD-1)"
            )
    for s in sites:  # B-2: rows never hold yellow letters (checked here for built-ins too)
        for cat in ("bread_wine", "cloth_jewel", "money"):
            if "yellow" in s[cat]["value"]:
                raise DataError(
                    f"cathedrals.{s['site']}.{cat}: a row never holds a yellow letter (B-2)"
                )
    rows = tuple(
        tuple(
            tuple(LETTER_INDEX[c] for c in value(f"cathedrals.{s['site']}.{cat}", s[cat]))
            for cat in ("bread_wine", "cloth_jewel", "money")
        )
        for s in sites
    )
    return Board(
        id=data["id"],
        purchase=(purchase[0], purchase[1], purchase[2], purchase[3]),
        sale=(sale[0], sale[1], sale[2], sale[3]),
        letter_price=value("letter_price", data["letter_price"]),
        rows=rows,
        hell=value("track.hell", data["track"]["hell"]),
        heaven=value("track.heaven", data["track"]["heaven"]),
        provisional=tuple(provisional),
        source=source,
    )


#: Profiles read from files (``--board FILE``), by id: states that name them can be rebuilt
#: (``GameState.from_json``), and their documents printed (``mcn board``).
_REGISTERED: dict[str, tuple[Board, dict[str, Any]]] = {}


def register_board(board: Board, document: dict[str, Any]) -> None:
    """Make ``board`` (read from a file) known by its id to :func:`load_board`."""
    _REGISTERED[board.id] = (board, document)


def board_document(board: Board) -> dict[str, Any]:
    """The JSON document ``board`` was built from (a registered file or a built-in)."""
    known = _REGISTERED.get(board.id)
    if known is not None and known[0] == board:
        return known[1]
    return _read("board", board.id)


def load_board(name: str = "standard") -> Board:
    """The board profile ``name``: one read from a file (:func:`register_board`) or the
    built-in ``mcn/data/boards/<name>.json`` (cached)."""
    known = _REGISTERED.get(name)
    return known[0] if known is not None else _builtin_board(name)


@cache
def _builtin_board(name: str) -> Board:
    try:
        return board_from_json(_read("board", name), check_schema=False)
    except DataError as error:
        if str(error).startswith(("unknown board", "board ")):
            raise
        raise DataError(f"board profile {name!r} invalid: {error}") from error


def ruleset_from_json(data: dict[str, Any]) -> Ruleset:
    """Check a ruleset document and build a Ruleset (rulesets are small: checked by hand)."""
    try:
        ident = data["id"]
        evaluation = data["two_player_evaluation"]
        picks = evaluation["picks"]
        rest = evaluation["rest"]
        description = data.get("description", "")
    except (KeyError, TypeError) as error:
        raise DataError(f"ruleset invalid: missing {error}") from error
    allowed = {"bigger", "smaller"}
    if (
        not isinstance(ident, str)
        or not isinstance(description, str)
        or not isinstance(picks, list)
        or not picks
        or any(p not in allowed for p in picks)
        or rest not in allowed
    ):
        raise DataError("ruleset invalid: two_player_evaluation needs picks and rest")
    extra = set(data) - {"id", "description", "two_player_evaluation"}
    if extra:
        raise DataError(f"ruleset invalid: unknown keys {sorted(extra)}")
    return Ruleset(
        id=ident,
        description=description,
        two_player_picks=tuple(p == "bigger" for p in picks),
        two_player_rest_to_bigger=rest == "bigger",
    )


@cache
def load_ruleset(name: str = "de-2016") -> Ruleset:
    """Load the ruleset ``mcn/data/rulesets/<name>.json`` (cached)."""
    return ruleset_from_json(_read("ruleset", name))
