"""The bot protocol's messages (docs/bots.md): JSON objects, one a line, over a bot's standard
input and output, in the spirit of UCI and GTP.

Everything a seat is told about the game goes through the one projection
(:mod:`mcn.views.projection`): the moves since its last decision as that seat reads them (``bid ?``
until the bids are revealed, a donation's compartments masked, …), the state as that seat may
see it, and its own legal actions. So a seat is never sent another player's secret, and two
games that differ only in such a secret send it byte-identical messages until the reveal
(``tests/secrets/test_bot_protocol.py``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from mcn.boards.profile import as_json
from mcn.engine import GameState
from mcn.replay.model import Step
from mcn.views.projection import Projection

PROTOCOL: Final = "mcn-bot/1"


def encode(message: dict[str, Any]) -> str:
    """One message as its line (compact, keys in a fixed order, ASCII: byte-stable)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True) + "\n"


def game_message(
    state: GameState, seat: str, number: int, move_time: float | None
) -> dict[str, Any]:
    """``game``: a new game begins; the seat, the players, the rules and the board profile."""
    return {
        "type": "game",
        "protocol": PROTOCOL,
        "game": number,
        "seat": seat,
        "players": list(state.players),
        "rules": state.ruleset.id,
        "variant": state.variant,
        "infractions": list(state.infractions),
        "board": as_json(state.board),
        "move_time": move_time,
    }


def decide_message(
    state: GameState, steps: Sequence[Step], seat: str, since: int, number: int
) -> dict[str, Any]:
    """``decide``: the seat's decision — the moves since step ``since`` and the state, both as
    the seat sees them now (the one projection), and the seat's legal actions as text."""
    seen = Projection(steps, seat)
    moves = [seen.move(index).to_json(events=True) for index in range(since, len(steps))]
    for move in moves:
        del move["implicit"]  # a record's notion; the referee writes every move
    return {
        "type": "decide",
        "game": number,
        "address": state.address_of(state.legal_actions(seat)[0]),
        "decision": state.decision.kind,
        "moves": moves,
        "state": seen.state(state),
        "legal": [action.text for action in state.legal_actions(seat)],
    }


def over_message(
    number: int, winners: Sequence[str], forfeit: tuple[str, str] | None
) -> dict[str, Any]:
    """``over``: the game has ended (its winners), or a seat forfeited it (and why)."""
    return {
        "type": "over",
        "game": number,
        "winners": list(winners),
        "forfeit": None if forfeit is None else {"seat": forfeit[0], "reason": forfeit[1]},
    }


QUIT: Final = {"type": "quit"}


def answer_text(line: str) -> str:
    """The action of a bot's answer line (``{"action": "buy wine"}``); ``ValueError`` naming
    what is wrong with it."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError:
        raise ValueError(f"answered {line.strip()[:80]!r}, which is not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("action"), str):
        raise ValueError(f"answered {line.strip()[:80]!r}, not an object with an 'action'")
    text: str = data["action"]
    return text
