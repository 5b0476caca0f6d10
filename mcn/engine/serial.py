"""State <-> JSON, and masked views (R-HID-1).

Every value behind a screen is wrapped as ``{"secret": OWNER, "value": V}``: OWNER is the
player whose screen or chest holds it. :func:`view` replaces the wrappers that the viewer can
not know with ``{"secret": OWNER, "masked": true}``; a spectator (``None``) owns nothing.

Which parts of the state are behind a screen is declared once, by :mod:`mcn.engine.secrets`
(:func:`~mcn.engine.secret_readers.secret_parts`: the parts an
:class:`~mcn.engine.secrets.ActionSecret` is ``held_in``); this module only masks them. Every
other part is shown to everybody.

What a viewer can know is what he could count with perfect memory of everything done in view
of all (I-HID-5), so a view masks only what depends on a secret (R-HID-1, I-HID-4):

* money and goods behind a screen hold no declared secret: every payment, purchase, sale,
  donation and card effect that changes them is public;
* letters: the colours of letters taken from the open supply are public; a letter passed from
  hand to hand is "1 letter, colour unknown" to the others. The state alone does not say which
  letters those are (that is history), so the caller passes what the viewer knows
  (``letters``: per player, the counts known by colour and how many more there are); without
  it, every colour of another player is shown unknown (a position has no history);
* a chest compartment: its contents are known once every assignment of the donations to the
  compartments that agrees with the evaluations gives the same contents; the caller passes
  those (``chests``), else a compartment is masked unless the chest is empty (the public
  ``shown`` totals are what everybody saw donated and not yet returned);
* pending bids, until revealed, and the Pope die, until the guess.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mcn.engine.constants import (
    CARD_IDS,
    CHARACTERS,
    COMPARTMENTS,
    DENS,
    GOODS,
    LETTERS,
    POPE,
    STONES,
)
from mcn.engine.data import load_board, load_ruleset
from mcn.engine.secret_readers import secret_parts
from mcn.engine.secrets import BIDS, CHEST, POPE_DIE
from mcn.engine.secrets import LETTERS as LETTERS_PART
from mcn.engine.state import GameState
from mcn.engine.step_types import step_from_json
from mcn.engine.steps import Steps
from mcn.io.resources import load_schema

FORMAT = "mcn-state/1"
ALL = "*all*"
_BOX = (*GOODS, "money")


def _secret(owner: str, value: Any, viewer: str | None, shown: bool) -> dict[str, Any]:
    """A value behind ``owner``'s screen: shown when its part of the state holds no declared
    secret or the viewer may see it (``shown``), or ``owner`` is the viewer."""
    if shown or viewer == owner:
        return {"secret": owner, "value": value}
    return {"secret": owner, "masked": True}


def _counts(names: tuple[str, ...], values: list[int]) -> dict[str, int]:
    return dict(zip(names, values, strict=True))


def _multiset(counts: dict[str, int]) -> dict[str, int]:
    return {card: counts[card] for card in CARD_IDS if counts.get(card)}


LetterKnowledge = dict[str, tuple[list[int], int]]
"""Per player: the letters a viewer knows by colour, and how many more of unknown colour."""
ChestKnowledge = dict[str, tuple[list[int] | None, list[int] | None]]
"""Per player: the contents of compartment I and II a viewer knows (None: not known)."""


def _letters(
    s: GameState, c: str, viewer: str | None, shown: bool, known: LetterKnowledge | None
) -> dict[str, Any]:
    """I-HID-5: the letters behind ``c``'s screen as far as ``viewer`` knows them (all of
    them when ``shown``)."""
    if shown or viewer == c:
        return {"secret": c, "value": _counts(LETTERS, s.letters[c])}
    if known is not None and c in known:
        counts, unknown = known[c]
    else:  # no history: the colours cannot be told from the state alone
        counts, unknown = [0, 0, 0, 0], sum(s.letters[c])
    if not unknown:
        return {"secret": c, "value": _counts(LETTERS, counts)}
    return {"secret": c, "masked": True, "known": _counts(LETTERS, counts), "unknown": unknown}


def _compartment(
    c: str,
    box: list[int],
    k: int,
    viewer: str | None,
    shown: bool,
    known: ChestKnowledge | None,
    empty: bool,
) -> dict[str, Any]:
    """I-HID-5: compartment ``k`` of ``c``'s chest, shown when ``viewer`` can know it (or
    ``shown``)."""
    if shown or viewer == c or empty:
        return {"secret": c, "value": _counts(_BOX, box)}
    if known is not None and c in known:
        contents = known[c][k]
        if contents is not None:
            return {"secret": c, "value": _counts(_BOX, contents)}
    return {"secret": c, "masked": True}


def state_to_json(
    s: GameState,
    viewer: str | None,
    everything: bool,
    stack: bool = True,
    letters: LetterKnowledge | None = None,
    chests: ChestKnowledge | None = None,
) -> dict[str, Any]:
    """The state as JSON data; secrets visible to ``viewer`` (or all, if ``everything``), and
    what the viewer knows of the others (``letters``, ``chests``: see the module docstring).

    ``stack=False`` leaves out the pending steps, for a caller that draws the state but not
    its steps (the HTML viewer, one state per decision): the stack can be as long as the
    record (META CULPA infractions), so writing it for every decision would cost the square.
    """
    parts = secret_parts()  # the masks, as the engine declares them (mcn.engine.secrets)
    open_letters = everything or LETTERS_PART not in parts
    open_chest = everything or CHEST not in parts
    open_money = everything or "money" not in parts
    open_goods = everything or "goods" not in parts
    seats: dict[str, Any] = {}
    for c in s.players:
        box = s.chest[c]
        shown = [box[0][i] + box[1][i] for i in range(5)]
        empty = not any(shown)
        seats[c] = {
            "space": s.pos[c],
            "tie": s.tie[c],
            "post": s.post[c],
            "money": _secret(c, s.money[c], viewer, open_money),
            "goods": _secret(c, _counts(GOODS, s.goods[c]), viewer, open_goods),
            "letters": _letters(s, c, viewer, open_letters, letters),
            "chest": {
                "I": _compartment(c, box[0], 0, viewer, open_chest, chests, empty),
                "II": _compartment(c, box[1], 1, viewer, open_chest, chests, empty),
                "shown": _counts(_BOX, shown),
            },
            "sins": _counts(DENS, s.sins[c]),
        }
    open_bids = BIDS not in parts
    bids: dict[str, Any] = {}
    for c, bid in s.bids.items():
        value = None if bid is None else {"notches": bid[0], "taler": bid[1]}
        bids[c] = None if value is None else _secret(c, value, viewer, everything or open_bids)
    pope = s.holders[POPE]
    die = None
    if s.pope_die and pope is not None:
        die = _secret(pope, s.pope_die, viewer, everything or POPE_DIE not in parts)
    ev = s.evaluation
    evaluation = None
    if ev is not None:
        evaluation = {
            "site": ev[0],
            "compartment": COMPARTMENTS[ev[1]],
            "category": ev[2],
            "display": _counts(LETTERS, ev[3]),
            "queue": list(ev[4]),
            "rest": ev[5],
        }
    decision = s.decision
    out: dict[str, Any] = {
        "format": FORMAT,
        "players": list(s.players),
        "ruleset": s.ruleset.id,
        "board": s.board.id,
        "variant": s.variant,
        "infractions": list(s.infractions),
        "viewer": "all" if everything else (viewer or "spectator"),
        "decision": {
            "kind": decision.kind,
            "actors": list(decision.actors),
            "address": decision.address,
            "prompt": decision.prompt,
        },
        "round": s.round,
        "phase": s.phase,
        "section": s.section,
        "counter": s.counter,
        "turn": s.turn,
        "next_character": CHARACTERS[s.next_character],
        "seats": seats,
        "pope_stones": _counts(DENS, s.pope_stones),
        "sites": [{"crews": s.crews[i], "level": s.levels[i]} for i in range(3)],
        "hut": s.hut,
        "emperor_card_crew": s.card_crew,
        "finished": s.finished,
        "market": _counts(STONES, s.market),
        "bag": _counts(STONES, s.bag),
        "supply": _counts(LETTERS, s.supply),
        "suite6": s.suite6,
        "visited": s.visited[1:],
        "rooms": list(s.rooms),
        "pile": _multiset(s.pile),
        "discard": _multiset(s.discard),
        "bonuses": list(s.bonuses),
        "characters": {name: s.holders[i] for i, name in enumerate(CHARACTERS)},
        "bids": bids,
        "choosers": list(s.choosers),
        "pope_die": die,
        "evaluation": evaluation,
        "winners": list(s.winners_),
        "owed": [_cost(None, *entry) for entry in s.owed],
        "omissions": [_cost(*entry) for entry in s.omissions],
    }
    if stack:
        out["stack"] = [list(step) for step in s.stack]
    return out


def _cost(player: str | None, what: str, amount: int, den: int) -> dict[str, Any]:
    """A META CULPA cost (I-MET-6) as JSON: den by name, ``None`` unless a sin."""
    out: dict[str, Any] = {} if player is None else {"player": player}
    out.update(what=what, amount=amount, den=DENS[den] if den >= 0 else None)
    return out


def _uncost(entry: dict[str, Any]) -> list[Any]:
    den = -1 if entry["den"] is None else DENS.index(entry["den"])
    return [entry["what"], entry["amount"], den]


def view(
    s: GameState,
    viewer: str | None,
    stack: bool = True,
    letters: LetterKnowledge | None = None,
    chests: ChestKnowledge | None = None,
) -> dict[str, Any]:
    """The state as ``viewer`` sees it (a colour), or a spectator (``None``) (R-HID-1,
    I-HID-5): ``letters`` and ``chests`` say what the viewer's memory of the game tells him
    (:mod:`mcn.knowledge.memory` computes them from the path; without them the view knows only
    the state); ``stack`` as in :func:`state_to_json`."""
    if viewer is not None and viewer not in s.players:
        raise ValueError(f"{viewer!r} does not play in this game")
    return state_to_json(s, viewer, False, stack, letters, chests)


def inline_refs(node: Any, defs: dict[str, Any]) -> Any:
    """The schema with its local ``$ref``s replaced by their definitions (the state schema
    is not recursive); reference lookups dominate jsonschema's time otherwise."""
    if isinstance(node, list):
        return [inline_refs(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        rest = {k: v for k, v in node.items() if k not in ("$ref", "description")}
        target = inline_refs(defs[ref.removeprefix("#/$defs/")], defs)
        return {**target, **{k: inline_refs(v, defs) for k, v in rest.items()}}
    return {k: inline_refs(v, defs) for k, v in node.items() if k != "$defs"}


@cache
def compiled(name: str) -> Any:
    """A cached validator for ``schemas/<name>.schema.json`` with its references inlined.

    The schema itself is not checked against its metaschema here (a tenth of a second of every
    ``mcn position`` start): the schemas ship with the package and the suite checks each one
    (tests/engine/test_serial.py).
    """
    import jsonschema  # here: slow to import, and only states read back from JSON need it

    schema = load_schema(name)
    cls = jsonschema.validators.validator_for(schema)
    return cls(inline_refs(schema, schema.get("$defs", {})))


def validate(data: dict[str, Any]) -> None:
    """Raise ``jsonschema.ValidationError`` unless ``data`` matches state.schema.json."""
    compiled("state").validate(data)


def _reveal(wrapper: dict[str, Any]) -> Any:
    if "value" not in wrapper:
        raise ValueError("a masked view cannot be restored to a state")
    return wrapper["value"]


def state_from_json(data: dict[str, Any], check: bool = True) -> GameState:
    """Rebuild a full state (not a masked view) from :func:`state_to_json` data."""
    if check:
        import jsonschema

        try:
            validate(data)
        except jsonschema.ValidationError as error:
            where = "/".join(str(p) for p in error.absolute_path) or "(top)"
            raise ValueError(f"not a valid mcn state at {where}: {error.message}") from error
    if data["viewer"] != "all":
        raise ValueError("a masked view cannot be restored to a state")
    s = GameState.new(
        tuple(data["players"]),
        load_ruleset(data["ruleset"]),
        load_board(data["board"]),
        data["variant"],
        tuple(data["infractions"]),
    )
    s.round = data["round"]
    s.phase = data["phase"]
    s.section = data["section"]
    s.counter = data["counter"]
    s.turn = data["turn"]
    s.next_character = CHARACTERS.index(data["next_character"])
    for c in s.players:
        seat = data["seats"][c]
        s.pos[c] = seat["space"]
        s.tie[c] = seat["tie"]
        s.post[c] = seat["post"]
        s.money[c] = _reveal(seat["money"])
        s.goods[c] = [_reveal(seat["goods"])[g] for g in GOODS]
        s.letters[c] = [_reveal(seat["letters"])[x] for x in LETTERS]
        s.chest[c] = [[_reveal(seat["chest"][k])[x] for x in _BOX] for k in COMPARTMENTS]
        s.sins[c] = [seat["sins"][d] for d in DENS]
    s.pope_stones = [data["pope_stones"][d] for d in DENS]
    s.crews = [site["crews"] for site in data["sites"]]
    s.levels = [site["level"] for site in data["sites"]]
    s.hut = data["hut"]
    s.card_crew = data["emperor_card_crew"]
    s.finished = data["finished"]
    s.market = [data["market"][x] for x in STONES]
    s.bag = [data["bag"][x] for x in STONES]
    s.supply = [data["supply"][x] for x in LETTERS]
    s.suite6 = data["suite6"]
    s.visited = [False, *data["visited"]]
    s.rooms = list(data["rooms"])
    s.pile = dict(data["pile"])
    s.discard = dict(data["discard"])
    s.bonuses = list(data["bonuses"])
    s.holders = [data["characters"][name] for name in CHARACTERS]
    s.bids = {}
    for c, bid in data["bids"].items():
        s.bids[c] = None if bid is None else (_reveal(bid)["notches"], _reveal(bid)["taler"])
    s.choosers = list(data["choosers"])
    s.pope_die = 0 if data["pope_die"] is None else _reveal(data["pope_die"])
    ev = data["evaluation"]
    if ev is None:
        s.evaluation = None
    else:
        s.evaluation = [
            ev["site"],
            COMPARTMENTS.index(ev["compartment"]),
            ev["category"],
            [ev["display"][x] for x in LETTERS],
            list(ev["queue"]),
            ev["rest"],
        ]
    s.winners_ = tuple(data["winners"])
    s.owed = [_uncost(entry) for entry in data.get("owed", [])]
    s.omissions = [[entry["player"], *_uncost(entry)] for entry in data.get("omissions", [])]
    s.stack = Steps(step_from_json(step) for step in data["stack"])
    s._dec = None
    return s
