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
from dataclasses import dataclass, replace
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
from mcn.replay import Diagnostic, GameReplay, Line, Step
from mcn.replay import replay_game as _replay
from mcn.replay.spots import Spot

__all__ = [
    "AddressError",
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
    "state_after",
    "state_at",
    "state_before",
    "view_after",
    "view_at",
    "view_before",
    "write_record",
]

#: A path, or a binary file object opened for reading (``sys.stdin.buffer`` works).
Source = str | Path | IO[bytes]


class ReplayError(ValueError):
    """A record that the rules engine refuses.

    ``diagnostic`` says where and why (its ``address``, ``message``, ``rule``, ``text()``);
    ``state`` is the state where replay stopped (the decision it refused is pending there), or
    None when the game could not start at all.
    """

    def __init__(
        self, message: str, diagnostic: Diagnostic | None = None, state: GameState | None = None
    ) -> None:
        super().__init__(message)
        self.diagnostic: Diagnostic | None = diagnostic
        self.state: GameState | None = state


class AddressError(KeyError):
    """An address that names no decision of the game (``KeyError``, so ``except KeyError``
    written for older versions still catches it)."""

    def __init__(self, address: str, message: str) -> None:
        super().__init__(message)
        self.address = address
        self.message = message

    def __str__(self) -> str:
        return self.message


# ---- reading ------------------------------------------------------------------------------


def read_games(source: Source, *, encoding: str | None = None) -> Iterator[Game]:
    """The games of a file, one at a time (streaming); raises the first :class:`NotationError`.
    Each game remembers the file's name (``game.source``): replay's diagnostics name it."""
    name = _name(source)
    for result in iter_results(_source(source), encoding=encoding, name=name):
        if result.errors:
            raise result.errors[0]
        assert result.game is not None
        yield _named(result.game, name)


def read_games_lenient(source: Source, *, encoding: str | None = None) -> Iterator[GameResult]:
    """Every game of a file with its syntax errors (``result.game`` is None when unreadable)."""
    name = _name(source)
    for result in iter_results(_source(source), encoding=encoding, name=name):
        if result.game is not None:
            result = replace(result, game=_named(result.game, name))
        yield result


def read_text(text: str, *, name: str = "<string>", lenient: bool = False) -> list[Game]:
    """The games written in ``text``; strict unless ``lenient`` (unreadable games skipped)."""
    if lenient:
        record, _ = parse_lenient(text, name=name)
        return [_named(game, name) for game in record.games]
    return [_named(game, name) for game in parse(text, name=name).games]


def _source(source: Source) -> str | IO[bytes]:
    return str(source) if isinstance(source, Path) else source


def _name(source: Source) -> str:
    """What messages call ``source``: its path, or the name of the file object."""
    if isinstance(source, str | Path):
        return str(source)
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else "<stream>"


def _named(game: Game, name: str) -> Game:
    return game if game.source == name else replace(game, source=name)


# ---- replaying ----------------------------------------------------------------------------


def replay_game(game: Game, *, strict: bool = False, keep_states: bool = False) -> GameReplay:
    """Replay a game through the rules engine: its lines of play, diagnostics and final state.

    ``keep_states`` keeps the state after every decision (``step.state``); ``strict`` turns the
    lenient warnings into errors, as ``mcn validate --strict`` does.
    """
    return _replay(game, file=game.source, keep_states=keep_states, strict=strict)


def state_before(game: Game, address: str) -> GameState:
    """The state in which decision ``address`` is pending (``mcn position/legal --at``).

    ``address`` is a full address (``3.2.1``, ``3.bid.R``, a variation's ``3.5.2/1:3.6.1``), a
    prefix naming its *first* decision (``3``: the start of round 3), ``start`` or ``end``.
    The decision a record fails at is found too: its state is where replay stopped. Raises
    :class:`ReplayError` (``state``: where replay stopped) for an address after that, and
    :class:`AddressError` when the game has no such decision. See docs/notation.md,
    "Decision addresses": one meaning per address, the same in the CLI and here.
    """
    return _spot(game, address, before=True)


def state_after(game: Game, address: str = "end") -> GameState:
    """The state decision ``address`` led to (``mcn replay --to``, the HTML viewer's
    ``#address``); a prefix names its *last* decision (``3``: the end of round 3).

    Raises :class:`ReplayError` (``state``: where replay stopped) when the record is refused
    at or before that decision, :class:`AddressError` when the game has no such decision.
    """
    return _spot(game, address, before=False)


def state_at(game: Game, address: str = "end") -> GameState:
    """Deprecated: the old name of :func:`state_after` (say which state you mean: the one
    before a decision or the one after it)."""
    import warnings

    warnings.warn(
        "mcn.state_at is state_after; use state_before or state_after",
        DeprecationWarning,
        stacklevel=2,
    )
    return state_after(game, address)


#: The last game replayed for an address, its variations flag and its replay: a record is
#: immutable, so asking for many addresses of one game replays it once (states handed out are
#: clones, so a caller's changes never reach the cache).
_LAST_REPLAY: tuple[Game, bool, GameReplay] | None = None


def _replayed(game: Game, address: str) -> GameReplay:
    """The game replayed with its states kept (variations only when the address needs them);
    a game that cannot start raises :class:`ReplayError`."""
    global _LAST_REPLAY
    variations = "/" in address
    cached = _LAST_REPLAY
    if cached is not None and cached[0] is game and cached[1] >= variations:
        result = cached[2]
    else:
        result = _replay(game, file=game.source, keep_states=True, variations=variations)
        _LAST_REPLAY = (game, variations, result)
    if result.main is None:
        raise ReplayError(_first_error(result), _first_diagnostic(result))
    return result


def _find(game: Game, address: str, *, before: bool) -> Spot:
    from mcn.replay.spots import after as spot_after
    from mcn.replay.spots import before as spot_before

    result = _replayed(game, address)
    spot = (spot_before if before else spot_after)(result, address)
    if spot is None:
        main = result.main
        assert main is not None
        last = main.steps[-1].address if main.steps else "setup.1"
        raise AddressError(
            address, f"no decision at {address!r} (the main line runs from setup.1 to {last})"
        )
    stopped = spot.stopped
    reached = before and stopped is not None and stopped.address == address.strip()
    if stopped is not None and not reached:
        raise ReplayError(stopped.text(), stopped, spot.state.clone())
    return spot


def _spot(game: Game, address: str, *, before: bool) -> GameState:
    return _find(game, address, before=before).state.clone()


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
    result = _replay(game, file=game.source, keep_states=True, variations=False)
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
        raise ReplayError(line.error.text(), line.error, before.clone())


def view_before(game: Game, address: str, viewer: str | None) -> dict[str, Any]:
    """The state before decision ``address`` (as :func:`state_before`) as ``viewer`` saw it, as
    JSON data (``"?"`` for what he could not see). ``viewer`` is a colour initial, a colour
    word, a player's name from the headers, ``"spectator"`` or ``None`` (spectator); the
    masking is the one projection's (mcn/projection.py)."""
    return _view(game, address, viewer, before=True)


def view_after(game: Game, address: str, viewer: str | None) -> dict[str, Any]:
    """The state after decision ``address`` (as :func:`state_after`) as ``viewer`` saw it."""
    return _view(game, address, viewer, before=False)


def view_at(game: Game, address: str, viewer: str | None) -> dict[str, Any]:
    """Deprecated: the old name of :func:`view_after`."""
    import warnings

    warnings.warn(
        "mcn.view_at is view_after; use view_before or view_after",
        DeprecationWarning,
        stacklevel=2,
    )
    return view_after(game, address, viewer)


def _view(game: Game, address: str, viewer: str | None, *, before: bool) -> dict[str, Any]:
    from mcn.projection import project_line
    from mcn.viewer import resolve

    seen = resolve(viewer, game) if viewer is not None else None
    spot = _find(game, address, before=before)
    # standing before decision i, a viewer has lived through the steps up to i - 1
    index = spot.index - 1 if before else spot.index
    if spot.stopped is not None:
        index = len(spot.line.steps) - 1
    data: dict[str, Any] = project_line(spot.line, seen, index).state(spot.state)
    return data


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of the pending decision (every bidder's during the secret bids;
    for chance, every outcome — use ``state.chance_outcomes()`` for their probabilities)."""
    return list(state.legal_actions())


def _first_diagnostic(result: GameReplay) -> Diagnostic | None:
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
    from mcn.engine.random_play import DEFAULT_INFRACTIONS
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
