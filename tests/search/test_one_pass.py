"""``mcn search`` replays each game once: the condition is read from the states of the one
replay that checks the game (replay's ``before_step``), never from a second replay or a copy
stepped again. The engine does exactly the work ``validate`` does on the same archive; the
states read are the ones replay had, a redacted record's stand-ins included."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mcn import api
from mcn.archive import checking
from mcn.cli import cli
from mcn.commands.random_games import random_records
from mcn.engine import GameState
from mcn.io.compiled import compiled_modules
from mcn.notation.writer import write
from mcn.replay import GameReplay, Line, stepping
from mcn.views.redact import redact_game
from tests.search.test_search import PREDICATES

#: The engine's entry points that advance or copy a state: a second pass needs one of them
#: (``apply`` advances a state, with the ruling replay judged; ``try_apply``, replay's one call
#: for a written move nobody watches before it is taken, advances it when it accepts).
ENGINE_WORK = ("apply", "try_apply", "clone", "kept_copy")


def _records() -> list[Any]:
    return [*random_records(3, seed=61, count=4), *random_records(4, seed=62, count=4)]


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight games, then two of them as Red's redacted records (``?`` secrets: replay runs
    them on stand-ins until the reveals)."""
    games = _records()
    redacted = [redact_game(game, "R")[0] for game in games[3:5]]
    path = tmp_path_factory.mktemp("one-pass") / "archive.mcn"
    path.write_text("\n".join(write(g) for g in [*games, *redacted]), encoding="utf-8")
    assert path.read_text(encoding="utf-8").count("[Redacted ") == 2
    return path


@pytest.fixture
def engine_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Counts the calls of :data:`ENGINE_WORK` on every state (the pure build: a compiled
    class's methods cannot be replaced, and its own calls would not see a replacement)."""
    if GameState.__module__ in compiled_modules():
        pytest.skip("the compiled engine's methods cannot be counted from Python")
    counts: Counter[str] = Counter()
    for name in ENGINE_WORK:
        monkeypatch.setattr(GameState, name, _counted(getattr(GameState, name), name, counts))
    # the engine's function that applies a turn's pending ``end`` (replay's end_turn when
    # nobody watches the step): an ``apply`` when it advanced the state
    take = stepping.take_pending_end

    def taking(state: GameState) -> Any:
        taken = take(state)
        if taken is not None:
            counts["apply"] += 1
        return taken

    monkeypatch.setattr(stepping, "take_pending_end", taking)
    yield counts


def _counted(method: Callable[..., Any], name: str, counts: Counter[str]) -> Callable[..., Any]:
    """``method`` counting each call by ``name``; ``try_apply`` counted as an ``apply`` when it
    advanced the state (returned the events; a refusal or a breach changes nothing)."""

    def counting(self: GameState, *args: Any, **kwargs: Any) -> Any:
        result = method(self, *args, **kwargs)
        if name != "try_apply":
            counts[name] += 1
        elif isinstance(result, list):
            counts["apply"] += 1
        return result

    return counting


def _run(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.parametrize(
    "extra",
    [
        ["--where", "round == 3 and post(R) >= 5", "--addresses"],
        ["--where", 'money(mover) > 20 and result ~ "R"', "--format", "json"],
        ["--where", 'souls(B) < 0 and move ~ "bid"', "--addresses", "--as", "B"],
        ["--where", 'address == "end" and letters(G) >= 1', "--format", "text"],
        ["--where", "round == 2 and money(R) >= 10"],
    ],
    ids=["state", "state-and-result", "state-as-viewer", "end-state", "first-match"],
)
def test_search_does_the_engine_work_of_validate_and_no_more(
    archive: Path,
    engine_calls: Counter[str],
    monkeypatch: pytest.MonkeyPatch,
    extra: list[str],
) -> None:
    _run("validate", "-q", str(archive), "--jobs", "1")
    validated = Counter(engine_calls)
    assert validated["apply"] > 1000
    engine_calls.clear()
    replays = _spy_on_replay(monkeypatch)
    _run("search", str(archive), *extra)
    assert engine_calls == validated
    assert replays == [1] * 10  # one replay per game, each followed step by step


def _spy_on_replay(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The replay entry point the reader calls: a list that gets, per replay, how many
    ``before_step`` hooks it was given (1 for search)."""
    calls: list[int] = []
    real = checking.replay_game

    def spy(*args: Any, **kwargs: Any) -> GameReplay:
        calls.append(int(kwargs.get("before_step") is not None))
        return real(*args, **kwargs)

    monkeypatch.setattr(checking, "replay_game", spy)
    return calls


# ---- the states read are replay's own -----------------------------------------------------

#: (condition, the same read from a state before a decision; False: no match there)
STATE_CHECKS: list[tuple[str, Callable[[GameState], bool]]] = [
    (
        'letters(R, "red") >= 1 and money(B) > 10',
        lambda s: s.letters["R"][2] >= 1 and s.money["B"] > 10,
    ),
    ("letters(B) + letters(G) >= 4", lambda s: sum(s.letters["B"]) + sum(s.letters["G"]) >= 4),
    (
        'goods(R) >= 2 and sins(G, "greed") >= 1',
        lambda s: sum(s.goods["R"]) >= 2 and s.sins["G"][2] >= 1,
    ),
    ("cathedrals == 1 and souls(R) > 0", lambda s: s.finished == 1 and s.pos["R"] > 0),
]


def _kept_states(line: Line) -> Iterator[tuple[str, GameState]]:
    """Each decision's address with the state before it as replay kept it, then the end."""
    before = line.start
    for step in line.steps:
        yield step.address, before
        assert step.state is not None
        before = step.state
    if line.error is None:
        yield "end", before


@pytest.mark.parametrize(("where", "check"), STATE_CHECKS, ids=[c[0] for c in STATE_CHECKS])
def test_a_redacted_record_is_searched_on_the_states_replay_had(
    archive: Path, where: str, check: Callable[[GameState], bool]
) -> None:
    # R-HID-1: Red's record hides the others' secrets; replay runs on stand-ins until a reveal
    expected: dict[int, list[str]] = {}
    for number, game in enumerate(api.read_games(archive), 1):
        main = api.replay_game(game, keep_states=True).main
        assert main is not None
        found = [address for address, state in _kept_states(main) if check(state)]
        if found:
            expected[number] = found
    result = _run("search", str(archive), "--where", where, "--addresses", "--format", "json")
    document = json.loads(result.stdout)
    found_games = {g["game"]: [m["address"] for m in g["matches"]] for g in document["games"]}
    assert found_games == expected
    assert any(number > 8 for number in expected) or where.startswith("cathedrals")


# ---- tested before the decision, or after the replay: the same answers ---------------------


@pytest.mark.parametrize("where", [p[0] for p in PREDICATES], ids=[p[0] for p in PREDICATES])
def test_tested_live_or_after_the_replay_the_answers_agree(archive: Path, where: str) -> None:
    """A condition is tested while replay stands before each decision when all it asks is
    known there, else on the slots it kept, after the replay (asking for the result forces
    that): both find the same decisions."""
    live = _run("search", str(archive), "--where", where, "--addresses", "--format", "json")
    later = f"({where}) and result == result"  # always true, known only at the end
    kept = _run("search", str(archive), "--where", later, "--addresses", "--format", "json")
    assert json.loads(live.stdout)["games"] == json.loads(kept.stdout)["games"]
