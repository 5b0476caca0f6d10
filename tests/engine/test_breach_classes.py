"""A handler's breach is asked only of the action classes it can find a breach in
(``Handler.breach_classes``, ``Handler.may_breach``): a turn's breach is only ever a visit's
(I-POP-9), so judging any other accepted turn action skips the call, and the answer stays the
one the call gives."""

from __future__ import annotations

from typing import Any

from mcn.engine.actions import Buy, Pass, Visit
from mcn.engine.decision import DECISIONS, Handler
from tests.engine.test_probes import _states


def test_the_turn_breach_judges_visits_only() -> None:
    # I-POP-9: the Pope's die set to a room too dear for his post; nothing else breaches
    turn = DECISIONS["action"]
    assert turn.breach is not None and turn.breach_classes == (Visit,)
    breach = turn.breach
    checked = 0
    for players, seed in ((2, 1), (4, 3), (3, 40)):
        for state in _states(players, seed):
            step = state.stack.top
            if step is None or step[0] != "action":
                continue
            for action in turn.candidates(state, step, step[1]):
                if not isinstance(action, Visit):
                    assert not turn.may_breach(action)
                    assert breach(state, step, action) is None  # what the skipped call says
                    checked += 1
                else:
                    assert turn.may_breach(action)
    assert checked


def _handler(**breach: Any) -> Handler:
    turn = DECISIONS["action"]
    return Handler(
        kind=turn.kind,
        rule=turn.rule,
        classes=turn.classes,
        actors=turn.actors,
        candidates=turn.candidates,
        why_not=turn.why_not,
        apply=turn.apply,
        prompt=turn.prompt,
        expects=turn.expects,
        **breach,
    )


def test_a_breach_without_classes_judges_every_class() -> None:
    # I-POP-9: a handler's breach with no classes named is asked of every action
    every = _handler(breach=DECISIONS["action"].breach)
    assert every.may_breach(Pass("R")) and every.may_breach(Buy("R", "bread"))
    assert every.may_breach(Visit("R", 3))
    visits = _handler(breach=DECISIONS["action"].breach, breach_classes=(Visit,))
    assert visits.may_breach(Visit("R", 3)) and not visits.may_breach(Pass("R"))
    assert not _handler().may_breach(Visit("R", 3))  # no breach at all
