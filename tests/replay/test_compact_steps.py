"""A line keeps its steps compactly while replay runs and makes its ``Step`` objects at the
first read of ``steps``: what a caller reads is exactly what the eager record held (the same
addresses, actions, moves and events, in order), whatever reads it and whenever."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from mcn.engine import GameState
from mcn.engine.actions import Action
from mcn.notation import NotationError, parse
from mcn.notation.model import Game, Move
from mcn.replay import GameReplay, Line, Step, replay_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RECORDS = sorted(
    [*EXAMPLES.glob("*.mcn"), *EXAMPLES.glob("invalid/*.mcn"), *EXAMPLES.glob("breach/*.mcn")]
)


def _games(path: Path) -> list[tuple[int, Game]]:
    try:
        parsed = parse(path.read_text(encoding="utf-8"), name=str(path))
    except (NotationError, UnicodeDecodeError):
        return []  # a record the notation refuses (or not text): nothing to replay
    return list(enumerate(parsed.games, 1))


def _shape(replay: GameReplay) -> list[list[tuple[object, ...]]]:
    return [
        [(s.address, s.action, id(s.move), s.events, s.state, s.implicit) for s in line.steps]
        for line in replay.lines()
    ]


def _eager(game: Game, index: int) -> GameReplay:
    # on_step needs each Step as it is taken: every step is made at once, as before
    return replay_game(game, index=index, on_step=lambda line, step: False)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_steps_made_late_are_the_steps_made_at_once(path: Path) -> None:
    for index, game in _games(path):
        compact = replay_game(game, index=index)
        assert all(line.made is None for line in compact.lines())  # nothing read yet
        lengths = [len(line) for line in compact.lines()]
        eager = _eager(game, index)
        assert _shape(compact) == _shape(eager)
        assert lengths == [len(line.steps) for line in compact.lines()]
        assert [d.text() for d in compact.diagnostics] == [d.text() for d in eager.diagnostics]
        assert compact.decisions == eager.decisions == sum(lengths)


def test_steps_are_made_once_and_then_kept() -> None:
    (index, game), *_ = _games(EXAMPLES / "game-4p.mcn")
    main = replay_game(game, index=index).main
    assert main is not None and main.made is None
    steps = main.steps
    assert steps is main.steps and main.made is steps
    assert main.taken == [] and main.taken_events == []  # the compact record is dropped
    assert all(type(step) is Step for step in steps)
    assert [step.address for step in steps[:3]] == ["setup.1", "setup.2", "setup.3"]


def test_a_step_taken_after_the_steps_were_read_is_a_step() -> None:
    (index, game), *_ = _games(EXAMPLES / "game-2p.mcn")
    main = replay_game(game, index=index).main
    assert main is not None
    state = main.final
    assert state is not None
    before = len(main)
    steps = main.steps
    last = steps[-1]
    main.take("x.1", last.action, None, [])
    assert len(main) == before + 1 and main.steps is steps
    added = steps[-1]
    assert (added.address, added.action, added.move, added.events) == ("x.1", last.action, None, [])


def test_last_events_in_both_forms() -> None:
    (index, game), *_ = _games(EXAMPLES / "game-4p.mcn")
    compact = replay_game(game, index=index).main
    eager = _eager(game, index).main
    assert compact is not None and eager is not None
    assert compact.last_events() == eager.steps[-1].events == eager.last_events()
    assert compact.made is None  # read without making the steps
    line = Line("", compact.start)
    action = eager.steps[0].action
    line.take("a", action, None, [])
    assert line.last_events() == []
    events = eager.steps[-1].events
    line.take("b", action, None, events)
    assert line.last_events() == events and len(line) == 2


def test_before_step_reads_the_index_while_replay_runs() -> None:
    # len(line.steps) is the decision's index on its line (BeforeStep's contract)
    (index, game), *_ = _games(EXAMPLES / "game-3p.mcn")
    seen: list[int] = []

    def before(line: Line, state: GameState, action: Action, move: Move | None) -> None:
        seen.append(len(line.steps))

    replay = replay_game(game, index=index, before_step=before)
    assert replay.main is not None
    assert seen[: len(replay.main)] == list(range(len(replay.main)))


def test_kept_states_and_on_step_see_the_steps_of_the_line() -> None:
    (index, game), *_ = _games(EXAMPLES / "game-2p.mcn")
    handed: list[Step] = []

    def watch(line: Line, step: Step) -> bool:
        handed.append(step)
        return False

    kept = replay_game(game, index=index, keep_states=True, on_step=watch)
    assert kept.main is not None
    assert handed == kept.main.steps and all(
        a is b for a, b in zip(handed, kept.main.steps, strict=True)
    )
    assert all(step.state is not None for step in kept.main.steps)


def test_equality_and_repr_read_the_steps() -> None:
    (index, game), *_ = _games(EXAMPLES / "game-2p.mcn")
    one = replay_game(game, index=index).main
    assert one is not None
    other = Line(one.prefix, one.start, list(one.steps))
    assert other != Line(one.prefix, one.start)
    for name in ("final", "unresolved", "reveals", "revealed", "children"):
        setattr(other, name, getattr(one, name))
    assert other == one and one == other
    assert (one == "a line") is False
    empty = Line("", one.start)
    text = repr(empty)
    assert text.startswith("Line(prefix='', start=") and ", steps=[], parent=None," in text
    assert text.endswith("guessed_supply=False, reveals={}, revealed={})")


def test_a_replay_keeps_no_step_object_per_decision() -> None:
    # The premise of the compact record: nothing per decision for the collector to walk
    (index, game), *_ = _games(EXAMPLES / "game-4p.mcn")
    gc.collect()
    before = sum(type(o) is Step for o in gc.get_objects())
    replay = replay_game(game, index=index)
    assert replay.decisions > 100
    assert sum(type(o) is Step for o in gc.get_objects()) == before
    assert replay.main is not None and len(replay.main.steps) == replay.decisions
    assert sum(type(o) is Step for o in gc.get_objects()) == before + replay.decisions


def test_a_line_copies_and_pickles_with_its_variations() -> None:
    # a written constructor: the line rebuilds from its prefix and start, then its state, so
    # that a variation's link back to its parent (a cycle) survives copy and pickle
    import copy
    import pickle

    (index, game), *_ = _games(EXAMPLES / "annotated-4p.mcn")
    main = replay_game(game, index=index).main
    assert main is not None and main.children
    twin = copy.copy(main)
    assert twin is not main and twin == main and twin.steps is main.steps
    assert twin.children is main.children
    again = pickle.loads(pickle.dumps(main))
    assert again.prefix == main.prefix and len(again) == len(main)
    assert [s.address for s in again.steps] == [s.address for s in main.steps]
    child = again.children[0]
    assert child.parent is again and child.branch_index == main.children[0].branch_index
    assert [s.action for s in child.steps] == [s.action for s in main.children[0].steps]
