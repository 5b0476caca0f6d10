"""The replayer is one walk holding small collaborators (issue 27, item 2), not a chain of
classes whose hooks raise NotImplementedError; the hooks callers use still see every step."""

from __future__ import annotations

import ast
from pathlib import Path

import mcn.replay
from mcn.engine import GameState
from mcn.engine.actions import Action
from mcn.notation import parse
from mcn.notation.model import Move
from mcn.replay import Line, Step, replay_game
from mcn.replay.binding import Binder
from mcn.replay.checks import Checks
from mcn.replay.diagnostics import Diagnostics
from mcn.replay.secrets import SecretBook
from mcn.replay.stepping import Stepper
from mcn.replay.variations import Brancher
from mcn.replay.walk import Replayer

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_replayer_and_its_collaborators_inherit_nothing() -> None:
    for cls in (Replayer, Diagnostics, SecretBook, Checks, Stepper, Binder, Brancher):
        assert cls.__mro__ == (cls, object), cls
    game = parse((EXAMPLES / "game-4p.mcn").read_text(encoding="utf-8")).games[0]
    replayer = Replayer(
        game, "x.mcn", 1, keep_states=False, variations=True, strict=False, on_step=None
    )
    # One result, one report: every collaborator reports into the replayer's diagnostics.
    assert replayer.binder.diagnostics is replayer.diagnostics
    assert replayer.checks.diagnostics is replayer.diagnostics
    assert replayer.secrets.diagnostics is replayer.diagnostics
    assert replayer.checks.secrets is replayer.secrets is replayer.binder.secrets
    assert replayer.stepper.diagnostics is replayer.diagnostics
    assert replayer.stepper.secrets is replayer.secrets
    assert replayer.binder.stepper is replayer.stepper  # one stepper records every step
    assert replayer.diagnostics.result is replayer.result


def test_no_replay_module_declares_a_hook_left_to_a_subclass() -> None:
    package = Path(mcn.replay.__file__).parent
    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        raised = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Raise)
            and isinstance(node.exc, ast.Name | ast.Call)
            and "NotImplementedError" in ast.unparse(node.exc)
        ]
        assert not raised, path.name


def test_before_step_and_on_step_see_every_decision_of_every_line() -> None:
    text = (EXAMPLES / "annotated-4p.mcn").read_text(encoding="utf-8")
    game = parse(text).games[0]
    before: list[tuple[str, str]] = []
    after: list[tuple[str, str]] = []

    def see_before(line: Line, state: GameState, action: Action, move: Move | None) -> None:
        before.append((line.prefix, state.address_of(action)))

    def see_after(line: Line, step: Step) -> bool:
        after.append((line.prefix, step.address.removeprefix(line.prefix)))
        return False

    replay = replay_game(game, before_step=see_before, on_step=see_after)
    assert not [d for d in replay.diagnostics if d.severity == "error"]
    steps = [
        (line.prefix, s.address.removeprefix(line.prefix))
        for line in replay.lines()
        for s in line.steps
    ]
    assert before == after == steps
    assert len(steps) == replay.decisions and any(prefix for prefix, _ in steps)  # variations too


def test_a_strict_replay_stops_at_the_first_error_wherever_it_is_reported() -> None:
    text = (EXAMPLES / "game-4p.mcn").read_text(encoding="utf-8")
    wrong = "<money R 999 B 999 G 999 Y 999>\n"
    game = parse(text.replace("round 2\n", wrong + "round 2\n" + wrong, 1)).games[0]
    loose = replay_game(game)
    strict = replay_game(game, strict=True)
    assert [d.code for d in loose.diagnostics].count("checkpoint") == 2
    assert [d.severity for d in strict.diagnostics] == ["error"]
    assert strict.decisions < loose.decisions
