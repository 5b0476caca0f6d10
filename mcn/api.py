"""The stable Python API of mcn: the few calls a bot, an online table or an analysis script needs.

Everything here is re-exported from :mod:`mcn` (``import mcn; mcn.read_games(...)``); anything
not re-exported there is internal and may change between versions. The guide with recipes is
docs/api.md. The calls are thin on purpose: each one names a job and hands it to the part of
mcn that owns it (the notation reads and writes records, the engine knows the rules, replay
binds the two), so the API never grows rules or syntax of its own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from mcn.engine import Action, Event, GameState, new_game, play_random_game
from mcn.notation import (
    File,
    Game,
    GameResult,
    NotationError,
    iter_results,
    parse,
    parse_lenient,
    record_from_json,
    record_to_json,
    write,
)
from mcn.replay import GameReplay, Line, Step, address_matches
from mcn.replay import replay_game as _replay

__all__ = [
    "DecisionStep",
    "ReplayError",
    "decisions",
    "game_from_json",
    "game_to_json",
    "legal_actions",
    "random_game",
    "read_games",
    "read_games_lenient",
    "read_text",
    "replay_game",
    "state_at",
    "view_at",
    "write_record",
]

#: A path, or a binary file object opened for reading (``sys.stdin.buffer`` works).
Source = str | Path | IO[bytes]


class ReplayError(ValueError):
    """A record that the rules engine refuses (``diagnostic`` says where and why)."""

    def __init__(self, message: str, diagnostic: Any = None) -> None:
        super().__init__(message)
        self.diagnostic = diagnostic


# ---- reading ------------------------------------------------------------------------------


def read_games(source: Source, *, encoding: str | None = None) -> Iterator[Game]:
    """The games of a file, one at a time (streaming); raises the first :class:`NotationError`."""
    for result in iter_results(_source(source), encoding=encoding):
        if result.errors:
            raise result.errors[0]
        assert result.game is not None
        yield result.game


def read_games_lenient(source: Source, *, encoding: str | None = None) -> Iterator[GameResult]:
    """Every game of a file with its syntax errors (``result.game`` is None when unreadable)."""
    yield from iter_results(_source(source), encoding=encoding)


def read_text(text: str, *, name: str = "<string>", lenient: bool = False) -> list[Game]:
    """The games written in ``text``; strict unless ``lenient`` (unreadable games skipped)."""
    if lenient:
        record, _ = parse_lenient(text, name=name)
        return list(record.games)
    return list(parse(text, name=name).games)


def _source(source: Source) -> str | IO[bytes]:
    return str(source) if isinstance(source, Path) else source


# ---- replaying ----------------------------------------------------------------------------


def replay_game(game: Game, *, strict: bool = False, keep_states: bool = False) -> GameReplay:
    """Replay a game through the rules engine: its lines of play, diagnostics and final state.

    ``keep_states`` keeps the state after every decision (``step.state``); ``strict`` turns the
    lenient warnings into errors, as ``mcn validate --strict`` does.
    """
    return _replay(game, keep_states=keep_states, strict=strict)


def state_at(game: Game, address: str = "end") -> GameState:
    """The state after the last main-line decision at or under ``address`` (``"end"``: the end;
    ``"start"``: before the first decision). Raises :class:`ReplayError` if the record is
    refused before that point, or ``KeyError`` if it has no such decision."""
    result = _replay(game, keep_states=True, variations=False)
    line = result.main
    if line is None:
        raise ReplayError(_first_error(result), _first_diagnostic(result))
    if address == "start":
        return line.start.clone()
    steps = line.steps
    if address != "end":
        matching = [i for i, step in enumerate(steps) if address_matches(step.address, address)]
        if not matching:
            if line.error is not None:
                raise ReplayError(line.error.text(), line.error)
            raise KeyError(f"no decision at {address}")
        steps = steps[: matching[-1] + 1]
    elif line.error is not None:
        raise ReplayError(line.error.text(), line.error)
    if not steps:
        return line.start.clone()
    state = steps[-1].state
    assert state is not None
    return state.clone()


@dataclass(frozen=True, slots=True)
class DecisionStep:
    """One decision of a game's main line, as :func:`decisions` yields it.

    ``before`` is the state the decision was taken in (ask it for ``legal_actions``), ``after``
    the state it led to; each step has states of its own, so changing one changes no other.
    ``written`` is False for a move the record left implicit (a forced move or a turn's ``end``).
    """

    address: str
    actor: str
    action: Action
    events: tuple[Event, ...]
    written: bool
    before: GameState
    after: GameState


def decisions(game: Game) -> Iterator[DecisionStep]:
    """Every decision of the main line in order, with its events and the states around it.

    Raises :class:`ReplayError` (after yielding the decisions before it) when the record is
    refused; variations are not walked (replay them with :func:`replay_game`).
    """
    result = _replay(game, keep_states=True, variations=False)
    line = result.main
    if line is None:
        raise ReplayError(_first_error(result), _first_diagnostic(result))
    before = line.start
    for step in line.steps:
        after = step.state
        assert after is not None
        yield DecisionStep(
            step.address,
            step.action.actor,
            step.action,
            tuple(step.events),
            not step.implicit,
            before,
            after,
        )
        before = after
    if line.error is not None:
        raise ReplayError(line.error.text(), line.error)


def view_at(game: Game, address: str, viewer: str | None) -> dict[str, Any]:
    """The state after ``address`` as ``viewer`` saw it there, as JSON data (``"?"`` for what
    he could not see). ``viewer`` is a colour initial, a colour word, a player's name from the
    headers, ``"spectator"`` or ``None`` (spectator); the masking is the one projection's."""
    from mcn.projection import project_line
    from mcn.viewer import resolve

    seen = resolve(viewer, game) if viewer is not None else None
    result = _replay(game, keep_states=True, variations=False)
    line = result.main
    if line is None:
        raise ReplayError(_first_error(result), _first_diagnostic(result))
    matching = [i for i, step in enumerate(line.steps) if address_matches(step.address, address)]
    if address == "start" or not matching:
        if address != "start":
            raise KeyError(f"no decision at {address}")
        return project_line(line, seen, -1).state(line.start)
    index = matching[-1]
    state = line.steps[index].state
    assert state is not None
    return project_line(line, seen, index).state(state)


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of the pending decision (every bidder's during the secret bids;
    for chance, every outcome — use ``state.chance_outcomes()`` for their probabilities)."""
    return list(state.legal_actions())


def _first_diagnostic(result: GameReplay) -> Any:
    return next((d for d in result.diagnostics if d.severity == "error"), None)


def _first_error(result: GameReplay) -> str:
    diagnostic = _first_diagnostic(result)
    return diagnostic.text() if diagnostic is not None else "the game cannot be replayed"


# ---- making and writing records -----------------------------------------------------------


def random_game(
    players: Sequence[str] = ("R", "B", "G", "Y"),
    *,
    seed: int = 0,
    ruleset: str = "de-2016",
    variant: str = "standard",
) -> Game:
    """A complete random legal game (seeded, reproducible), as a record."""
    from mcn.commands.random_games import DEFAULT_INFRACTIONS
    from mcn.transcript import transcript

    colours = tuple(players)
    infractions = DEFAULT_INFRACTIONS if variant == "meta-culpa" else ()
    _, history = play_random_game(colours, seed, ruleset, "standard", variant, infractions)
    names = {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow"}
    headers = [
        ("Event", f"Random game {seed}"),
        ("Site", "mcn"),
        *((names[c], f"Random player {names[c].lower()}") for c in colours),
    ]
    return transcript(
        history,
        players=colours,
        headers=headers,
        ruleset=ruleset,
        variant=variant,
        infractions=infractions,
    )


def write_record(record: Game | File | Sequence[Game], path: str | Path | None = None) -> str:
    """Canonical MCN for a game or several; with ``path``, also written to that file safely
    (a temporary file replaced atomically: an interruption never leaves half a record)."""
    whole = record if isinstance(record, Game | File) else File(tuple(record), "<api>")
    text = write(whole)
    if path is not None:
        from mcn.safe_write import write_text_atomic

        write_text_atomic(Path(path), text)
    return text


def game_to_json(game: Game | File) -> dict[str, Any]:
    """The lossless JSON form of a record (schemas/record.schema.json)."""
    record = game if isinstance(game, File) else File((game,), "<api>")
    data: dict[str, Any] = record_to_json(record)
    return data


def game_from_json(data: dict[str, Any] | str) -> File:
    """A record from its JSON form (a dict, or the JSON text); raises ``RecordFormatError``."""
    if isinstance(data, str):
        data = json.loads(data)
    return record_from_json(data)


# Keep the names in one place for mcn/__init__.py's lazy re-export.
_ = (NotationError, new_game, Line, Step)
