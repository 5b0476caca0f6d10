"""Replay's short ways give exactly what its general way gives.

A written move that the deciding player makes and the engine accepts at once takes the binder's
fast lane (one engine call, the step recorded there), also once the implicit moves before it
are taken; crew placed or moved takes it unless it finishes a cathedral; an implicit move that
nobody watches is carried out by the stepper's short way. A ``before_step`` hook turns all of
them off (it must see every state before the engine is asked), so a replay with a hook that
does nothing is the general way: both must give the same steps, states, diagnostics and
secrets, on every example record, on random games (with META CULPA's side actions) and on
those games damaged so that moves are refused, come too early or belong to someone else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mcn.commands.random_games import random_records
from mcn.engine import GameState
from mcn.engine.actions import Action, MoveCrew, PlaceCrew
from mcn.engine.building import finishes_cathedral
from mcn.notation import NotationError, parse
from mcn.notation.model import Game, Item, Move
from mcn.replay import GameReplay, Line, binding, replay_game, walk
from mcn.replay.binding import forget_bound_actions
from mcn.replay.diagnostics import Diagnostics
from mcn.replay.secrets import SecretBook

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RECORDS = sorted(
    [
        *EXAMPLES.glob("*.mcn"),
        *EXAMPLES.glob("invalid/*.mcn"),
        *EXAMPLES.glob("breach/*.mcn"),
        *EXAMPLES.glob("fair-play/*.mcn"),
    ]
)


def _games(path: Path) -> list[Game]:
    try:
        return list(parse(path.read_text(encoding="utf-8"), name=str(path)).games)
    except (NotationError, UnicodeDecodeError):
        return []  # a record the notation refuses: nothing to replay


def _general(game: Game, index: int) -> GameReplay:
    def watch(line: Line, state: GameState, action: Action, move: Move | None) -> None:
        return None  # watching turns the short ways off, and changes nothing

    return replay_game(game, index=index, before_step=watch)


def _shape(replay: GameReplay) -> list[Any]:
    return [
        (
            [(s.address, s.action, s.move, s.move and s.move.span, s.events) for s in line.steps],
            line.final.to_json() if line.final is not None else None,
            line.error.text() if line.error is not None else None,
            line.unresolved,
            line.unsure,
            line.guessed_supply,
            line.revealed,
        )
        for line in replay.lines()
    ] + [[d.text() for d in replay.diagnostics], replay.decisions, replay.valid]


def _same_both_ways(game: Game, index: int = 1) -> GameReplay:
    short = replay_game(game, index=index)
    assert _shape(short) == _shape(_general(game, index))
    return short


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_every_example_replays_the_same_both_ways(path: Path) -> None:
    for index, game in enumerate(_games(path), 1):
        _same_both_ways(game, index)


def _random_games() -> list[Game]:
    games = [g for players in (2, 3, 4) for g in random_records(players, 7 * players, 2)]
    games += list(random_records(4, 3, 2, variant="meta-culpa", infraction_rate=0.05))
    return games


def test_random_games_replay_the_same_both_ways() -> None:
    for game in _random_games():
        assert _same_both_ways(game).valid


def _without(game: Game, position: int) -> Game:
    body = game.body[:position] + game.body[position + 1 :]
    return Game(game.headers, body, game.span, game.source)


def test_damaged_games_replay_the_same_both_ways() -> None:
    """An item left out: the moves after it come too early, belong to another player or are
    refused, and the line stops with the same error, address and state both ways."""
    wrong = 0
    for game in _random_games()[:4]:
        items = [i for i, e in enumerate(game.body) if isinstance(e, Item)]
        for position in items[5::9]:
            replay = _same_both_ways(_without(game, position))
            wrong += not replay.valid
    assert wrong > 5


@pytest.mark.skipif(
    not walk.__file__.endswith(".py"), reason="a compiled class's methods cannot be patched"
)
def test_a_line_whose_steps_were_read_takes_each_step_as_a_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fast lane and the short ways record a step compactly only while nobody has read
    the line's steps (``Line.take`` written out in the walk and the stepper): a line whose
    steps were read before its first move gets every later step as a ``Step``, the same as
    the compact record would make."""
    collect = SecretBook.collect_reveals

    def read_first(book: SecretBook, line: Line, elements: Any) -> None:
        collect(book, line, elements)
        assert line.steps == []  # made now: every step from here on is taken as a Step

    games = _random_games()[:3]
    compact = [_shape(replay_game(game)) for game in games]
    monkeypatch.setattr(SecretBook, "collect_reveals", read_first)
    assert [_shape(replay_game(game)) for game in games] == compact


def test_the_fast_lane_takes_what_it_may_and_only_that() -> None:
    """White-box: the binder's memo of plain actions holds real actions other than crew; a
    '?', a syntax error and crew placed or moved are found only in the memo of all."""
    forget_bound_actions()
    found = [
        binding._action_of(Move("R", tokens))
        for tokens in (("pass",), ("crew", "2"), ("crew", "1>3"), ("?",), ("fly", "away"))
    ]
    assert isinstance(found[1], PlaceCrew) and isinstance(found[2], MoveCrew)
    plain = dict(binding.PLAIN_ACTIONS)
    assert plain == {("pass",): {"R": found[0]}}
    assert len(binding._ACTIONS) == 5
    forget_bound_actions()
    assert not binding.PLAIN_ACTIONS and not binding._ACTIONS


def _states_before_each_step(game: Game) -> list[tuple[Line, GameState, Action]]:
    seen: list[tuple[Line, GameState, Action]] = []
    replay_game(game, before_step=lambda line, s, a, m: seen.append((line, s.clone(), a)))
    return seen


def test_the_secret_book_needs_nothing_before_what_the_short_ways_take() -> None:
    """``needs_before`` is False only where ``before_apply`` changes nothing (the short ways
    rely on it), and True where a crew finishes a cathedral (its evaluation is recorded)."""
    diagnostics = Diagnostics(GameReplay(Game(()), "x", 1, None), False)
    book = SecretBook(diagnostics)
    games = [*_games(EXAMPLES / "game-4p.mcn"), *_games(EXAMPLES / "redacted-4p.mcn")]
    finishing = quiet = 0
    for game in [*games, *_random_games()[:3]]:
        for line, state, action in _states_before_each_step(game):
            needs = book.needs_before(line, state, action)
            crew = isinstance(action, (PlaceCrew, MoveCrew))
            if crew and state.finished < 2:
                assert needs is finishes_cathedral(state, action)
                finishing += needs
            if not needs and (crew or state.finished == 2):
                quiet += 1
                probe = state.clone()
                revealed = dict(line.revealed)
                assert book.before_apply(line, probe, action, None) is False
                assert probe.to_json() == state.to_json() and line.revealed == revealed
    assert finishing >= 2 and quiet > 20
