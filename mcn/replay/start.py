"""Where replay starts: a new game set up from the headers, or the game state written in a
``[Position "…"]`` header (docs/notation.md, "Positions"), checked against the other headers."""

from __future__ import annotations

from typing import Any

from mcn.engine import GameState, new_game
from mcn.engine.data import Board
from mcn.notation.lexical import META_CULPA
from mcn.notation.model import Game, Span

POSITION_TAG = "Position"


def game_setup(game: Game) -> dict[str, Any]:
    """The engine's ``new_game`` arguments from the headers.

    Missing or malformed headers are the notation's to report (they are syntax of a record);
    here they fall back to defaults, and whatever the engine cannot start is its error.
    """
    variant = (game.header("Variant") or "standard").strip().lower()
    raw = game.header("Infractions") if variant == META_CULPA else None
    infractions = tuple(w for w in (raw or "").replace(",", " ").split() if w)
    return {
        "players": game.players,
        "ruleset": (game.header("Rules") or "de-2016").strip(),
        "board": (game.header("Board") or "standard").strip(),
        "variant": variant,
        "infractions": infractions,
    }


def header_span(game: Game, tag: str | None = None) -> Span | None:
    """The span of header ``tag`` (the first header when ``tag`` is None or absent)."""
    for header in game.headers:
        if tag is None or header.tag == tag:
            return header.span
    return game.headers[0].span if game.headers else game.span


def start_state(game: Game, board: Board | None = None) -> GameState:
    """The state before the record's first move; ValueError says why there is none (a
    :class:`~mcn.position.PositionError` names the position's field at fault). ``board``
    replaces the profile the ``[Board]`` header names (``--board FILE``, B-4)."""
    setup = game_setup(game)
    if board is not None:
        setup["board"] = board.id
    text = game.header(POSITION_TAG)
    if text is None:
        return new_game(**{**setup, "board": board or setup["board"]})
    # Here, not at the top: a game from a position is rare, and the position reader (its
    # grammar, Lark, the views it checks with) is a fifth of every replaying command's start.
    from mcn.position import PositionError, state_from_text

    try:
        state = state_from_text(text)
    except PositionError as error:
        raise ValueError(f"[{POSITION_TAG}] is broken: {error}") from None
    written = {
        "players": ("the player tags", "".join(setup["players"]), "".join(state.players)),
        "ruleset": ("[Rules]", setup["ruleset"], state.ruleset.id),
        "board": ("[Board]", setup["board"], state.board.id),
        "variant": ("[Variant]", setup["variant"], state.variant),
        "infractions": (
            "[Infractions]",
            " ".join(setup["infractions"]),
            " ".join(state.infractions),
        ),
    }
    for field, (where, header, position) in written.items():
        if header != position:
            raise ValueError(
                f"{where} say '{header}' but the [{POSITION_TAG}]'s {field} is '{position}'"
            )
    return state
