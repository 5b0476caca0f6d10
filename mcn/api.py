"""The stable Python API of mcn: the few calls a bot, an online table or an analysis script needs.

Everything here is re-exported from :mod:`mcn` (``import mcn; mcn.read_games(...)``); anything
not re-exported there is internal and may change between versions. The guide with recipes is
docs/api.md. The calls are thin on purpose: each one names a job and hands it to the part of
mcn that owns it (the notation reads and writes records, the engine knows the rules, replay
binds the two), so the API never grows rules or syntax of its own.

Every call checks the kinds of its arguments first and raises ``TypeError`` naming the argument
(``None`` included where it is not documented), so a caller's slip never surfaces as an
``AttributeError`` from deep inside; values of the right kind that name nothing raise the
documented ``ValueError`` subclasses (docs/api.md, "Errors").
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from mcn.engine import Action, Event, GameState
from mcn.engine import new_game as _new_game
from mcn.engine import parse_action as _parse_action
from mcn.engine.data import Board
from mcn.notation import (
    Game,
    GameResult,
    NotationError,
    iter_results,
    parse,
    parse_lenient,
)
from mcn.records.arguments import (
    expect,
    expect_address,
    expect_game,
    expect_source,
    expect_state,
    expect_texts,
    expect_viewer,
)
from mcn.records.making import (
    game_from_json,
    game_to_json,
    random_game,
    record_from_actions,
    write_record,
)
from mcn.replay import Diagnostic, GameReplay, Line, Step
from mcn.replay import replay_game as _replay
from mcn.replay.spots import Spot

if TYPE_CHECKING:
    from mcn.views.projection import Projection

__all__ = [
    "AddressError",
    "DecisionStep",
    "ReplayError",
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
    expect_source(source, encoding, "read_games")
    return _read_games(source, encoding)


def _read_games(source: Source, encoding: str | None) -> Iterator[Game]:
    name = _name(source)
    for result in iter_results(_source(source), encoding=encoding, name=name):
        if result.errors:
            raise result.errors[0]
        assert result.game is not None
        yield _named(result.game, name)


def read_games_lenient(source: Source, *, encoding: str | None = None) -> Iterator[GameResult]:
    """Every game of a file with its syntax errors (``result.game`` is None when unreadable)."""
    expect_source(source, encoding, "read_games_lenient")
    return _read_lenient(source, encoding)


def _read_lenient(source: Source, encoding: str | None) -> Iterator[GameResult]:
    name = _name(source)
    for result in iter_results(_source(source), encoding=encoding, name=name):
        if result.game is not None:
            result = replace(result, game=_named(result.game, name))
        yield result


def read_text(text: str, *, name: str = "<string>", lenient: bool = False) -> list[Game]:
    """The games written in ``text``; strict unless ``lenient`` (unreadable games skipped)."""
    expect(text, str, "read_text", "text", "a str (decode bytes first)")
    expect(name, str, "read_text", "name", "a str")
    if lenient:
        record, _ = parse_lenient(text, name=name)
        return [_named(game, name) for game in record.games]
    return [_named(game, name) for game in parse(text, name=name).games]


def _source(source: Source) -> str | IO[bytes]:
    return os.fspath(source) if isinstance(source, os.PathLike) else source


def _name(source: Source) -> str:
    """What messages call ``source``: its path, or the name of the file object."""
    if isinstance(source, str | os.PathLike):
        return str(os.fspath(source))
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
    expect_game(game, "replay_game")
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
    return _spot(game, address, before=True, call="state_before")


def state_after(game: Game, address: str = "end") -> GameState:
    """The state decision ``address`` led to (``mcn replay --to``, the HTML viewer's
    ``#address``); a prefix names its *last* decision (``3``: the end of round 3).

    Raises :class:`ReplayError` (``state``: where replay stopped) when the record is refused
    at or before that decision, :class:`AddressError` when the game has no such decision.
    """
    return _spot(game, address, before=False, call="state_after")


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


def _spot(game: Game, address: str, *, before: bool, call: str) -> GameState:
    expect_game(game, call)
    expect_address(address, call)
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
    expect_game(game, "decisions")
    return _decisions(game)


def _decisions(game: Game) -> Iterator[DecisionStep]:
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
    masking is the one projection's (mcn/views/projection.py). An unknown or ambiguous viewer is a
    ``ValueError`` listing who plays."""
    return _view(game, address, viewer, before=True, call="view_before")


def view_after(game: Game, address: str, viewer: str | None) -> dict[str, Any]:
    """The state after decision ``address`` (as :func:`state_after`) as ``viewer`` saw it."""
    return _view(game, address, viewer, before=False, call="view_after")


def view_at(game: Game, address: str, viewer: str | None) -> dict[str, Any]:
    """Deprecated: the old name of :func:`view_after`."""
    import warnings

    warnings.warn(
        "mcn.view_at is view_after; use view_before or view_after",
        DeprecationWarning,
        stacklevel=2,
    )
    return view_after(game, address, viewer)


def _view(
    game: Game, address: str, viewer: str | None, *, before: bool, call: str
) -> dict[str, Any]:
    from mcn.views.projection import project_line
    from mcn.views.viewer import resolve

    expect_game(game, call)
    expect_address(address, call)
    expect_viewer(viewer, call)
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
    expect_state(state, "legal_actions")
    return list(state.legal_actions())


def _first_diagnostic(result: GameReplay) -> Diagnostic | None:
    return next((d for d in result.diagnostics if d.severity == "error"), None)


def _first_error(result: GameReplay) -> str:
    diagnostic = _first_diagnostic(result)
    return diagnostic.text() if diagnostic is not None else "the game cannot be replayed"


# ---- the engine, positions and the projection, with their arguments checked ---------------


def new_game(
    players: Sequence[str] = ("R", "B", "G", "Y"),
    ruleset: str = "de-2016",
    board: str | Board = "standard",
    variant: str = "standard",
    infractions: Sequence[str] = (),
) -> GameState:
    """A new game at ``setup.1`` (chance decides the soul order, R-SET-1); ``ValueError`` for
    players, a ruleset, board, variant or infraction mcn does not know."""
    expect_texts(players, "new_game", "players", "a sequence of colours such as ('R', 'B')")
    expect(ruleset, str, "new_game", "ruleset", "a ruleset's name such as 'de-2016'")
    expect(board, str | Board, "new_game", "board", "a board profile's name or a Board")
    expect(variant, str, "new_game", "variant", "'standard' or 'meta-culpa'")
    expect_texts(infractions, "new_game", "infractions", "a sequence of infraction codes")
    return _new_game(tuple(players), ruleset, board, variant, tuple(infractions))


def parse_action(actor: str, text: str) -> Action:
    """An :class:`Action` from its text (``parse_action("R", "bid 3+5")``);
    ``ActionSyntaxError`` for text outside the vocabulary or an actor that is no colour."""
    expect(actor, str, "parse_action", "actor", "a colour such as 'R' (or 'chance')")
    expect(text, str, "parse_action", "text", "a move's text such as 'bid 3+5'")
    return _parse_action(actor, text)


def project(path: Sequence[Step], viewer: str | None) -> Projection:
    """The one projection (:class:`Projection`) of the steps ``path`` (a replayed line's
    ``steps``) for ``viewer``: a colour initial or word, ``"spectator"`` or None, or ``"all"``
    for everything; ``ValueError`` for any other viewer."""
    from mcn.engine.constants import COLOUR_NAMES
    from mcn.views.projection import EVERYTHING, SPECTATOR
    from mcn.views.projection import project as _project

    if isinstance(path, str | bytes) or not isinstance(path, Sequence):
        expect(path, list, "project", "path", "a sequence of Steps (a replayed line's steps)")
    for step in path:
        expect(step, Step, "project", "path", "a sequence of Steps (a replayed line's steps)")
    expect_viewer(viewer, "project")
    seen: str | None = viewer
    if viewer is not None:
        word = viewer.strip().casefold()
        names = {name.casefold(): colour for colour, name in COLOUR_NAMES.items()}
        names.update({colour.casefold(): colour for colour in COLOUR_NAMES})
        if word == EVERYTHING:
            seen = EVERYTHING
        elif word in ("spectator", "spectators", "public"):
            seen = SPECTATOR
        elif word in names:
            seen = names[word]
        else:
            raise ValueError(
                f"mcn.project(): no viewer {viewer!r}; choose a colour (R, B, G, Y or red, "
                "blue, green, yellow), 'spectator' or 'all'"
            )
    return _project(path, seen)


def position_text(state: GameState, viewer: str | None = "all") -> str:
    """A state as MCN's one-line position for ``viewer`` (``"all"``: everything, a colour, or
    None for a spectator; ``?`` for what he cannot see); ``ValueError`` for another viewer."""
    from mcn.views.positions import position_text as _position_text

    expect_state(state, "position_text")
    expect_viewer(viewer, "position_text")
    return _position_text(state, viewer)


def state_from_text(text: str) -> GameState:
    """The state of a full position text; ``PositionError`` names the field at fault."""
    from mcn.position.api import state_from_text as _state_from_text

    expect(text, str, "state_from_text", "text", "a position's text")
    return _state_from_text(text)


# Keep the names in one place for mcn/__init__.py's lazy re-export (the record-making calls
# live in mcn/records/making.py; __all__ re-exports them here too).
_ = (NotationError, Line)
