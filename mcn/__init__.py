"""mcn: the replay and notation toolchain for the board game Mea Culpa (Kopf & Zoch, 2016).

The stable Python API (guide and recipes: docs/api.md). Reading and writing records::

    read_games(path)            the games of a file, one at a time (raises NotationError)
    read_games_lenient(path)    every game with its syntax errors, never raising
    read_text(text)             the games written in a string
    write_record(game, path)    canonical MCN text (and an atomic write to ``path``)
    record_from_actions(actions, headers=…)  a valid canonical record from applied actions
    RecordWriter(players=…)     a live game written as it is played (apply, game, text)
    game_to_json / game_from_json   the lossless JSON form

Replaying and the rules engine::

    replay_game(game)           GameReplay: lines of play, diagnostics, final state
    state_before(game, "3.2.1") the GameState in which decision 3.2.1 is pending (--at)
    state_after(game, "3.2.1")  the GameState decision 3.2.1 led to (--to)
    decisions(game)             every decision with its events and the states around it
    legal_actions(state)        every legal Action of the pending decision
    new_game(players)           a GameState at setup; state.apply(action) -> events
    random_game(players, seed=) a complete random legal game, as a record

What one player may see (the one projection every ``--as`` output uses)::

    view_after(game, "3.2.1", "red")  the state there as Red saw it (view_before likewise)
    position_text(state, viewer)    MCN's one-line position (FEN-like); state_from_text back
    project(path, viewer)           moves, events, state and title for a viewer

Names not listed in ``__all__`` are internal and may change between versions.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# Imported on first use, so ``mcn --version`` and ``import mcn`` stay fast (no Lark, no engine).
_LAZY: dict[str, str] = {
    "read_games": "mcn.api",
    "read_games_lenient": "mcn.api",
    "read_text": "mcn.api",
    "write_record": "mcn.records.making",
    "game_to_json": "mcn.records.making",
    "game_from_json": "mcn.records.making",
    "replay_game": "mcn.api",
    "state_at": "mcn.api",
    "state_before": "mcn.api",
    "state_after": "mcn.api",
    "AddressError": "mcn.api",
    "decisions": "mcn.api",
    "DecisionStep": "mcn.api",
    "ReplayError": "mcn.api",
    "legal_actions": "mcn.api",
    "random_game": "mcn.records.making",
    "view_at": "mcn.api",
    "view_before": "mcn.api",
    "view_after": "mcn.api",
    "project": "mcn.api",
    "position_text": "mcn.api",
    "state_from_text": "mcn.api",
    "PositionError": "mcn.position.errors",
    "Projection": "mcn.views.projection",
    "GameReplay": "mcn.replay",
    "Diagnostic": "mcn.replay",
    "Game": "mcn.notation",
    "GameResult": "mcn.notation",
    "NotationError": "mcn.notation",
    "GameState": "mcn.engine",
    "Action": "mcn.engine",
    "Event": "mcn.engine",
    "IllegalAction": "mcn.engine",
    "CHANCE": "mcn.engine",
    "new_game": "mcn.api",
    "parse_action": "mcn.api",
    "Line": "mcn.replay",
    "Step": "mcn.replay",
    "Move": "mcn.notation",
    "Header": "mcn.notation",
    "Headers": "mcn.notation.headers",
    "Item": "mcn.notation",
    "File": "mcn.notation",
    "ActionSyntaxError": "mcn.engine",
    "RecordFormatError": "mcn.notation",
    "record_from_actions": "mcn.records.making",
    "RecordWriter": "mcn.records.transcript",
}

# Written out (not computed) so that type checkers see what is exported.
__all__ = [
    "CHANCE",
    "Action",
    "ActionSyntaxError",
    "AddressError",
    "DecisionStep",
    "Diagnostic",
    "Event",
    "File",
    "Game",
    "GameReplay",
    "GameResult",
    "GameState",
    "Header",
    "Headers",
    "IllegalAction",
    "Item",
    "Line",
    "Move",
    "NotationError",
    "PositionError",
    "Projection",
    "RecordFormatError",
    "RecordWriter",
    "ReplayError",
    "Step",
    "__version__",
    "decisions",
    "game_from_json",
    "game_to_json",
    "legal_actions",
    "new_game",
    "parse_action",
    "position_text",
    "project",
    "random_game",
    "read_games",
    "read_games_lenient",
    "read_text",
    "record_from_actions",
    "replay_game",
    "state_after",
    "state_at",
    "state_before",
    "state_from_text",
    "view_after",
    "view_at",
    "view_before",
    "write_record",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mcn' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


if TYPE_CHECKING:  # what type checkers and IDEs see; the same names as _LAZY
    from mcn.api import (
        AddressError,
        DecisionStep,
        ReplayError,
        decisions,
        game_from_json,
        game_to_json,
        legal_actions,
        new_game,
        parse_action,
        position_text,
        project,
        random_game,
        read_games,
        read_games_lenient,
        read_text,
        record_from_actions,
        replay_game,
        state_after,
        state_at,
        state_before,
        state_from_text,
        view_after,
        view_at,
        view_before,
        write_record,
    )
    from mcn.engine import (
        CHANCE,
        Action,
        ActionSyntaxError,
        Event,
        GameState,
        IllegalAction,
    )
    from mcn.notation import (
        File,
        Game,
        GameResult,
        Header,
        Item,
        Move,
        NotationError,
        RecordFormatError,
    )
    from mcn.notation.headers import Headers
    from mcn.position.errors import PositionError
    from mcn.records.transcript import RecordWriter
    from mcn.replay import Diagnostic, GameReplay, Line, Step
    from mcn.views.projection import Projection
