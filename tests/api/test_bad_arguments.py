"""Every documented call of the library, given bad arguments, raises only what docs/api.md
("Errors") says it raises (issue 24, item 11).

``None``, numbers where text belongs (and huge ones), floats, bytes, empty and huge strings,
addresses and viewers that name nothing, terminal escapes, lists and plain objects go into each
argument of each call in turn. A call may succeed (``read_text("")`` reads no game) or raise one
of its documented exceptions; an ``AttributeError``, a ``KeyError`` that is no ``AddressError``,
a ``RecursionError`` or any other undocumented exception fails the test. A hypothesis test
draws the arguments from every kind of value as well.

The table is checked against the package: every function ``mcn.__all__`` exports has a row, so
a new documented call cannot go without one.
"""

from __future__ import annotations

import inspect
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mcn

ROOT = Path(__file__).resolve().parents[2]
GAME_4P = ROOT / "examples" / "game-4p.mcn"

#: One value of every kind a caller may slip in.
BAD: tuple[Any, ...] = (
    None,
    5,
    -1,
    10**100,
    3.5,
    float("nan"),
    True,
    b"R",
    "",
    "zzz",
    "9" * 5000,
    "3.2.1.9.9",
    "purple",
    "\x1b[2J\x1b]52;c;aGk=\x07",
    "\u202e",
    "\x00",
    ["R"],
    ("R", 5),
    {},
    {"games": 5},
    object(),
)

# What each call may raise besides succeeding (docs/api.md, "Errors"). TypeError: an argument
# of the wrong kind; the rest as documented per call.
READING = (TypeError, OSError, mcn.NotationError)
ADDRESSED = (TypeError, mcn.ReplayError, mcn.AddressError)
VIEWED = (TypeError, ValueError, mcn.ReplayError, mcn.AddressError)
SETUP = (TypeError, ValueError)
MOVES = (TypeError, mcn.ActionSyntaxError, mcn.IllegalAction)


@pytest.fixture(scope="module")
def game() -> mcn.Game:
    return next(mcn.read_games(GAME_4P))


def _state() -> mcn.GameState:
    return mcn.new_game(("R", "B"))


def calls(game: mcn.Game) -> dict[str, tuple[Callable[[Any], object], tuple[type, ...]]]:
    """Each documented call with one argument left open, and what it may raise. The key is
    ``function`` or ``function:argument``."""
    steps = mcn.replay_game(game).main
    assert steps is not None
    return {
        "read_games": (lambda a: list(mcn.read_games(a)), READING),
        "read_games:encoding": (lambda a: list(mcn.read_games(GAME_4P, encoding=a)), READING),
        "read_games_lenient": (lambda a: list(mcn.read_games_lenient(a)), READING),
        "read_games_lenient:encoding": (
            lambda a: list(mcn.read_games_lenient(GAME_4P, encoding=a)),
            READING,
        ),
        "read_text": (lambda a: mcn.read_text(a), (TypeError, mcn.NotationError)),
        "read_text:name": (lambda a: mcn.read_text("", name=a), (TypeError,)),
        "replay_game": (lambda a: mcn.replay_game(a), (TypeError,)),
        "state_before": (lambda a: mcn.state_before(a, "3.2.1"), ADDRESSED),
        "state_before:address": (lambda a: mcn.state_before(game, a), ADDRESSED),
        "state_after": (lambda a: mcn.state_after(a), ADDRESSED),
        "state_after:address": (lambda a: mcn.state_after(game, a), ADDRESSED),
        "state_at": (lambda a: mcn.state_at(a), ADDRESSED),
        "state_at:address": (lambda a: mcn.state_at(game, a), ADDRESSED),
        "decisions": (lambda a: list(mcn.decisions(a)), (TypeError, mcn.ReplayError)),
        "view_before": (lambda a: mcn.view_before(a, "3.2.1", "R"), VIEWED),
        "view_before:address": (lambda a: mcn.view_before(game, a, "R"), VIEWED),
        "view_before:viewer": (lambda a: mcn.view_before(game, "3.2.1", a), VIEWED),
        "view_after": (lambda a: mcn.view_after(a, "end", "R"), VIEWED),
        "view_after:address": (lambda a: mcn.view_after(game, a, "R"), VIEWED),
        "view_after:viewer": (lambda a: mcn.view_after(game, "end", a), VIEWED),
        "view_at": (lambda a: mcn.view_at(a, "end", "R"), VIEWED),
        "view_at:address": (lambda a: mcn.view_at(game, a, "R"), VIEWED),
        "view_at:viewer": (lambda a: mcn.view_at(game, "end", a), VIEWED),
        "project": (lambda a: mcn.project(a, "R"), (TypeError,)),
        "project:viewer": (lambda a: mcn.project(steps.steps, a), (TypeError, ValueError)),
        "position_text": (lambda a: mcn.position_text(a), (TypeError,)),
        "position_text:viewer": (lambda a: mcn.position_text(_state(), a), (TypeError, ValueError)),
        "state_from_text": (lambda a: mcn.state_from_text(a), (TypeError, mcn.PositionError)),
        "legal_actions": (lambda a: mcn.legal_actions(a), (TypeError,)),
        "new_game": (lambda a: mcn.new_game(a), SETUP),
        "new_game:ruleset": (lambda a: mcn.new_game(("R", "B"), a), SETUP),
        "new_game:board": (lambda a: mcn.new_game(("R", "B"), board=a), SETUP),
        "new_game:variant": (lambda a: mcn.new_game(("R", "B"), variant=a), SETUP),
        "new_game:infractions": (lambda a: mcn.new_game(("R", "B"), infractions=a), SETUP),
        "random_game": (lambda a: mcn.random_game(a), SETUP),
        "random_game:seed": (lambda a: mcn.random_game(("R", "B"), seed=a), SETUP),
        "random_game:ruleset": (lambda a: mcn.random_game(("R", "B"), ruleset=a), SETUP),
        "random_game:variant": (lambda a: mcn.random_game(("R", "B"), variant=a), SETUP),
        "parse_action": (lambda a: mcn.parse_action(a, "bid 3+5"), MOVES),
        "parse_action:text": (lambda a: mcn.parse_action("R", a), MOVES),
        "record_from_actions": (lambda a: mcn.record_from_actions(a), SETUP + MOVES),
        "record_from_actions:players": (
            lambda a: mcn.record_from_actions([], players=a),
            SETUP,
        ),
        "record_from_actions:headers": (
            lambda a: mcn.record_from_actions([], headers=a),
            SETUP,
        ),
        "record_from_actions:ruleset": (
            lambda a: mcn.record_from_actions([], players=("R", "B"), ruleset=a),
            SETUP,
        ),
        "RecordWriter:players": (lambda a: mcn.RecordWriter(players=a), SETUP),
        "RecordWriter:headers": (lambda a: mcn.RecordWriter(players=("R", "B"), headers=a), SETUP),
        "RecordWriter.apply": (lambda a: mcn.RecordWriter(players=("R", "B")).apply(a), MOVES),
        "GameState.push": (lambda a: _state().push(a), MOVES),
        "GameState.apply": (lambda a: _state().apply(a), MOVES),
        "GameState.apply_text": (lambda a: _state().apply_text(a), MOVES),
        "GameState.from_json": (lambda a: mcn.GameState.from_json(a), (TypeError, ValueError)),
        "write_record": (lambda a: mcn.write_record(a), (TypeError,)),
        "write_record:path": (lambda a: mcn.write_record(game, a), (TypeError, OSError)),
        "game_to_json": (lambda a: mcn.game_to_json(a), (TypeError,)),
        "game_from_json": (lambda a: mcn.game_from_json(a), (TypeError, mcn.RecordFormatError)),
        "Headers[]": (lambda a: game.headers[a], (TypeError, KeyError, IndexError)),
        "Headers.get": (lambda a: game.headers.get(a), (TypeError,)),
    }


def _call(function: Callable[[Any], object], argument: Any, allowed: tuple[type, ...]) -> None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # state_at, view_at
            function(argument)
    except allowed:
        return
    except KeyError as error:  # AddressError is a KeyError; a bare one is a bug
        raise AssertionError(f"an undocumented KeyError for {argument!r:.60}: {error}") from error
    except Exception as error:
        raise AssertionError(
            f"{type(error).__name__} for {argument!r:.60} (documented: "
            f"{', '.join(kind.__name__ for kind in allowed)}): {error!s:.200}"
        ) from error


@pytest.fixture(autouse=True)
def _in_scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Relative paths (``write_record(game, "zzz")`` succeeds) land in a scratch folder."""
    monkeypatch.chdir(tmp_path)


def test_every_function_of_the_package_has_a_row(game: mcn.Game) -> None:
    table = {key.split(":")[0].split(".")[0].split("[")[0] for key in calls(game)}
    functions = {
        name
        for name in mcn.__all__
        if not name.startswith("_") and inspect.isfunction(getattr(mcn, name))
    }
    assert functions - table == set()
    assert {"RecordWriter", "GameState", "Headers"} <= table


@pytest.mark.parametrize(
    "key",
    sorted(calls(next(mcn.read_games(GAME_4P)))),
)
def test_bad_arguments_raise_only_the_documented_exceptions(key: str, game: mcn.Game) -> None:
    function, allowed = calls(game)[key]
    for argument in BAD:
        _call(function, argument, allowed)


def test_the_old_holes_raise_the_documented_exceptions(game: mcn.Game) -> None:
    """The reproducers of the issue: each was an AttributeError, TypeError from deep inside,
    a bare KeyError or an undocumented error type."""
    with pytest.raises(TypeError, match=r"mcn.state_after\(\): game must be a Game"):
        mcn.state_after(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"mcn.legal_actions\(\): state must be a GameState"):
        mcn.legal_actions(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"mcn.new_game\(\): players must be a sequence"):
        mcn.new_game(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"mcn.read_games\(\): source must be a path"):
        mcn.read_games(None)  # type: ignore[arg-type]
    with pytest.raises(mcn.AddressError, match=r"no decision at '99\.1'"):
        mcn.view_after(game, "99.1", "R")
    with pytest.warns(DeprecationWarning):
        assert mcn.view_at(game, "end", "R")["viewer"] == "R"
    with pytest.raises(ValueError, match="a game has 2, 3 or 4 different players"):
        mcn.new_game(("R",))
    with pytest.raises(mcn.RecordFormatError, match="not JSON"):
        mcn.game_from_json("{")
    with pytest.raises(mcn.RecordFormatError, match="4300 digits"):
        mcn.game_from_json("9" * 5000)
    with pytest.raises(OSError):
        mcn.write_record(game, os.devnull + "/no/such/folder.mcn")


#: Every kind of value hypothesis can make, nested a little.
_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**20, max_value=10**400)
    | st.floats()
    | st.text(max_size=40)
    | st.binary(max_size=20)
    | st.sampled_from(["R", "red", "end", "3.2.1", "setup.1", "spectator", "de-2016"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@settings(
    max_examples=300,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_any_argument_of_any_kind(data: st.DataObject, game: mcn.Game) -> None:
    table = calls(game)
    key = data.draw(st.sampled_from(sorted(table)), label="call")
    argument = data.draw(_VALUES, label="argument")
    function, allowed = table[key]
    _call(function, argument, allowed)
