"""What a position must obey to stand for a game state, checked field by field.

First the shapes and ranges (schemas/position.schema.json), then what a schema cannot say:
seats match the players; pieces are conserved (R-SUP-1, R-SUP-2, R-SUP-5); souls, sites and
Pope stones are where the rules allow; the stack holds steps the engine knows, with arguments
of the right kinds, and its top is a decision that can be pending. Each problem names the field
at fault (docs/notation.md, "Positions"), so a hand-edited position is easy to mend.
"""

from __future__ import annotations

from typing import Any

from mcn.engine.constants import (
    CARDS,
    CREWS,
    GOODS_TOTAL,
    INFRACTION_CODES,
    LETTERS,
    LETTERS_TOTAL,
    POPE_STONES,
    SIN_STONES,
    STONES,
    colour_name,
)
from mcn.engine.data import load_board, load_ruleset
from mcn.engine.decision import DECISIONS
from mcn.engine.serial import compiled
from mcn.io import resources
from mcn.position.errors import PositionError
from mcn.position.model import MASK, Position, is_hidden
from mcn.position.shape import surely_valid

#: The arguments of each kind of step (``c`` a playing colour, ``i`` an integer, ``s`` a word,
#: possibly empty): the engine pushes them so (mcn/engine/*.py, ``s.push``).
STEP_ARGS = {
    "souls": "",
    "bonus": "c",
    "market": "",
    "rooms": "",
    "bids": "",
    "choose": "c",
    "prelim": "cii",
    "sinner": "c",
    "action": "ciis",
    "free": "cs",
    "guess": "cc",
    "caught": "c",
    "suite5": "c",
    "effect": "ci",
    "gift": "cc",
    "empty": "c",
    "pick": "c",
    "setup_done": "",
    "round": "",
    "prep": "",
    "open_bids": "",
    "reveal": "",
    "choose_next": "",
    "turn": "",
    "turn_end": "ci",
    "phase_end": "",
    "sins": "ciis",
    "take": "ciis",
    "yellow": "c",
    "evaluate": "ii",
    "category": "i",
    "picks": "",
    "eval_end": "",
    "game_end": "",
}

_CARD_COUNTS = {card: count for card, (count, _cost) in CARDS.items()}
#: The phase each kind of section belongs to (the section is the ``next`` address's head).
_SECTION_PHASES = {"prep": "prep", "bid": "bid", "pick": "pick", "post": "post"}


def schema_problems(position: Any) -> list[PositionError]:
    """Shape and range problems (schemas/position.schema.json), each naming its field.

    A position the quick walk of :mod:`mcn.position.shape` accepts has none; only the others
    are judged by ``jsonschema`` (imported then), whose messages name the fields."""
    if surely_valid(resources.load_schema("position"), position):
        return []
    out = []
    for error in sorted(compiled("position").iter_errors(position), key=lambda e: e.path):
        path = ".".join(str(p) for p in error.absolute_path) or "position"
        out.append(PositionError(path, error.message))
    return out


def problems(position: Position) -> list[PositionError]:
    """Everything wrong with a position (empty when it stands for a game state).

    The checks that need the engine (ruleset, board, the pending decision) run only on a
    position whose shapes are right and that hides nothing (:data:`MASK`).
    """
    found = schema_problems(position)
    if found:
        return found
    out: list[PositionError] = []

    def bad(field: str, message: str) -> None:
        out.append(PositionError(field, message))

    players = position["players"]
    _check_game(position, bad)
    if sorted(position["seats"]) != sorted(players):
        bad(
            "seats",
            f"seats {''.join(position['seats'])} do not match the players {''.join(players)}",
        )
        return out
    _check_progress(position, bad)
    _check_people(position, bad)
    _check_conservation(position, bad)
    _check_board(position, bad)
    _check_stack(position, bad)
    return out


def _check_game(p: Position, bad: Any) -> None:
    for field, loader in (("ruleset", load_ruleset), ("board", load_board)):
        try:
            loader(p[field])
        except (ValueError, OSError) as error:
            bad(field, str(error))
    unknown = [code for code in p["infractions"] if code not in INFRACTION_CODES]
    if unknown:
        bad("infractions", f"unknown infraction codes {', '.join(unknown)} (I-MET-4)")
    if p["infractions"] and p["variant"] != "meta-culpa":
        bad("infractions", "infractions are agreed only in the meta-culpa variant (R-MET-3)")


def _check_progress(p: Position, bad: Any) -> None:
    section = p["next"].rpartition(".")[0]
    head, _, tail = section.partition(".")
    phase = p["phase"]
    if section in ("setup", "end"):
        expected = section
        if section == "setup" and p["round"] != 0:
            bad("round", f"round {p['round']} during the setup (expected 0)")
    else:
        expected = _SECTION_PHASES.get(tail, "action")
        if int(head) != p["round"]:
            bad("round", f"round {p['round']}, but the next decision is {p['next']}")
        if expected == "action" and int(tail) != p["turn"]:
            bad("turn", f"turn {p['turn']}, but the next decision is {p['next']}")
    if phase != expected:
        bad("phase", f"phase {phase}, but the next decision {p['next']} is in the {expected} phase")


def _check_people(p: Position, bad: Any) -> None:
    players = set(p["players"])
    for field, colours in (
        ("characters", [c for c in p["characters"] if c is not None]),
        ("bids", list(p["bids"])),
        ("choosers", p["choosers"]),
        ("winners", p["winners"]),
    ):
        strangers = [c for c in colours if c not in players]
        if strangers:
            bad(field, f"{', '.join(strangers)} does not play")
    ev = p["evaluation"]
    if ev is not None:
        strangers = [c for c in (*ev["queue"], ev["rest"]) if c is not None and c not in players]
        if strangers:
            bad("evaluation", f"{', '.join(strangers)} does not play")
    board = load_board_quietly(p["board"])
    shared: dict[int, str] = {}
    ties: dict[int, list[int]] = {}
    for colour in p["players"]:
        seat = p["seats"][colour]
        where = f"seats.{colour}"
        space = seat["space"]
        if board is not None and not -board.heaven <= space <= board.hell:
            bad(
                f"{where}.space",
                f"space {space} is off the Record of Sins ({-board.heaven}..{board.hell})",
            )
        if board is not None and space not in (0, -board.heaven):
            if space in shared:
                bad(
                    f"{where}.space",
                    f"{colour_name(colour)} and {colour_name(shared[space])} "
                    f"share space {space} (R-MOV-2)",
                )
            shared[space] = colour
        else:
            ties.setdefault(space, []).append(seat["tie"])
        if space < 0 and p["phase"] != "end":
            bad(f"{where}.space", "souls move toward Heaven only at the game end (R-MOV-1)")
        if sum(seat["sins"]) > SIN_STONES:
            bad(
                f"{where}.sins",
                f"{sum(seat['sins'])} sin stones in dens; a player has {SIN_STONES} (R-SUP-3)",
            )
        chest, shown = seat["chest"], seat["shown"]
        if chest != MASK and any(i > s for i, s in zip(chest, shown, strict=True)):
            bad(
                f"{where}.chest",
                f"compartment I {chest} holds more than was donated in all ({shown})",
            )
    for space, order in ties.items():
        if len(order) != len(set(order)):
            bad("seats", f"souls sharing space {space} need different tie numbers")


def load_board_quietly(name: str) -> Any:
    """The board profile, or None when it cannot be loaded (reported by ``_check_game``)."""
    try:
        return load_board(name)
    except (ValueError, OSError):
        return None


def _check_conservation(p: Position, bad: Any) -> None:
    seats = [p["seats"][c] for c in p["players"]]
    if any(is_hidden(seat[key]) for seat in seats for key in ("goods", "letters")):
        return  # a viewer's position: what is hidden cannot be counted
    for i, stone in enumerate(STONES):
        held = p["bag"][i] + p["market"][i]
        if i < 4:
            held += sum(seat["goods"][i] + seat["shown"][i] for seat in seats)
        if held != GOODS_TOTAL[i]:
            bad(
                "bag",
                f"{held} {stone} stones in play (bag, market, screens, chests), the "
                f"game has {GOODS_TOTAL[i]} (R-SUP-1)",
            )
    display = p["evaluation"]["display"] if p["evaluation"] is not None else [0, 0, 0, 0]
    for i, letter in enumerate(LETTERS):
        held = p["supply"][i] + display[i] + sum(seat["letters"][i] for seat in seats)
        held += p["suite6"] if i == 0 else 0
        if held != LETTERS_TOTAL[i]:
            bad(
                "supply",
                f"{held} {letter} letters in play (supply, display, screens"
                f"{', Suite 6' if i == 0 else ''}), the game has {LETTERS_TOTAL[i]} (R-SUP-2)",
            )
    crews = p["hut"] + p["card_crew"] + sum(p["crews"])
    if crews != CREWS:
        bad(
            "hut",
            f"{crews} crews in play (hut, Emperor card, sites), the game has {CREWS} (R-SUP-5)",
        )
    cards = dict(p["pile"])
    for card, n in p["discard"].items():
        cards[card] = cards.get(card, 0) + n
    for card in p["rooms"]:
        if card is not None:
            cards[card] = cards.get(card, 0) + 1
    for card, want in _CARD_COUNTS.items():
        if cards.get(card, 0) != want:
            bad(
                "pile",
                f"{cards.get(card, 0)} {card} cards in play (pile, discard, rooms), the "
                f"deck has {want} (R-SUP-5)",
            )
    if sum(p["pope_stones"]) != POPE_STONES or max(p["pope_stones"]) > 2:
        bad(
            "pope_stones",
            f"Pope stones {p['pope_stones']}: {POPE_STONES} in all, never all "
            "at one den at rest (R-SUP-5, R-DEN-3)",
        )


def _check_board(p: Position, bad: Any) -> None:
    for site in range(3):
        crews, level = p["crews"][site], p["levels"][site]
        if crews > 1:
            bad("crews", f"site {site + 1} holds {crews} crews (at most 1, R-CAT-1)")
        if level == 2 and crews:
            bad("crews", f"site {site + 1} is finished but holds a crew (R-CAT-1)")
    if p["finished"] != p["levels"].count(2):
        bad(
            "finished",
            f"{p['finished']} finished cathedrals, but levels {p['levels']} show "
            f"{p['levels'].count(2)}",
        )


def _check_stack(p: Position, bad: Any) -> None:
    stack = p["stack"]
    players = set(p["players"])
    for index, step in enumerate(stack):
        tag, args = step[0], step[1:]
        shape = STEP_ARGS[tag]
        where = f"stack.{index}"
        if len(args) != len(shape):
            bad(where, f"step {tag} takes {len(shape)} arguments, not {len(args)}")
            continue
        for arg, kind in zip(args, shape, strict=True):
            if kind == "i" and not isinstance(arg, int):
                bad(where, f"step {tag}: '{arg}' is not a number")
            elif kind == "c" and arg not in players:
                bad(where, f"step {tag}: '{arg}' is not a playing colour")
            elif kind == "s" and not isinstance(arg, str):
                bad(where, f"step {tag}: {arg} is not a word")
    if not stack:
        if p["phase"] != "end":
            bad("stack", "no pending step, but the game is not over (phase end)")
    elif stack[-1][0] not in DECISIONS:
        bad("stack", f"the top step {stack[-1][0]} is not a decision: nothing can be pending")
    elif p["phase"] == "end":
        bad("stack", "the game is over (phase end), but a decision is pending")
