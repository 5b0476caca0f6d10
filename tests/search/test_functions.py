"""Every name and function of the ``--where`` language, checked against the engine's state at
every decision of seeded games (the state read directly, not through the language), and
listed in docs/search.md."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mcn import api
from mcn.engine import GameState
from mcn.engine.constants import CHARACTERS, COLOURS, DENS, GOODS, LETTERS
from mcn.search.compiler import compile_condition
from mcn.search.functions import FUNCTIONS, NAMES, Decision, describe

ROOT = Path(__file__).resolve().parents[2]

#: Each state function, with arguments, and what it must equal read straight from the state
#: (None: no value, for a colour that does not play).
Expect = Callable[[GameState, str], Any]
SEAT_CHECKS: list[tuple[str, str, Expect]] = [
    ("money", "", lambda s, c: s.money[c]),
    ("goods", "", lambda s, c: sum(s.goods[c])),
    *[("goods", g, lambda s, c, i=i: s.goods[c][i]) for i, g in enumerate(GOODS)],
    ("letters", "", lambda s, c: sum(s.letters[c])),
    *[("letters", k, lambda s, c, i=i: s.letters[c][i]) for i, k in enumerate(LETTERS)],
    ("sins", "", lambda s, c: sum(s.sins[c])),
    *[("sins", k, lambda s, c, i=i: s.sins[c][i]) for i, k in enumerate(DENS)],
    ("souls", "", lambda s, c: s.pos[c]),
    ("post", "", lambda s, c: s.post[c]),
    ("heaven", "", lambda s, c: s.pos[c] == -s.board.heaven),
    (
        "character",
        "",
        lambda s, c: " ".join(n for i, n in enumerate(CHARACTERS) if s.holders[i] == c),
    ),
    *[("holds", n, lambda s, c, i=i: s.holders[i] == c) for i, n in enumerate(CHARACTERS)],
]
STATE_NAMES: dict[str, Callable[[GameState], Any]] = {
    "round": lambda s: s.round,
    "turn": lambda s: s.turn,
    "phase": lambda s: s.phase,
    "decision": lambda s: s.decision.kind,
    "cathedrals": lambda s: s.finished,
}


#: Each condition text compiled once: a text recurs at many decisions and compiling is
#: deterministic (the parser and compiler have their own tests, test_language.py), so every
#: decision still evaluates every condition, which is what this test checks.
_compiled = cache(compile_condition)


def _games() -> list[Any]:
    out = []
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        game = api.random_game(COLOURS[:players], seed=seed)
        out.append(game)
    return out


@pytest.fixture(scope="module")
def spots() -> list[tuple[Decision, GameState]]:
    """A decision object at every main-line decision of three games (2, 3, 4 players)."""
    out = []
    for game in _games():
        for step in api.decisions(game):
            decision = Decision({}, {}, step.before.players, None)
            decision.state = step.before
            out.append((decision, step.before))
    return out


def test_every_state_function_reads_what_the_state_holds(
    spots: list[tuple[Decision, GameState]],
) -> None:
    checked = set()
    for decision, state in spots:
        for colour in COLOURS:
            for name, kind, expect in SEAT_CHECKS:
                argument = f'{colour}, "{kind}"' if kind else colour
                text = f"{name}({argument})"
                if colour in state.players:
                    wanted = expect(state, colour)
                else:  # no value; a yes/no function answers no
                    wanted = False if FUNCTIONS[name].type == "bool" else None
                _check(text, wanted, decision)
                checked.add(name)
        for name, read in STATE_NAMES.items():
            _check(name, read(state), decision)
            checked.add(name)
    readers = {n for n, f in FUNCTIONS.items() if f.state} | {
        n for n, v in NAMES.items() if v.state
    }
    assert readers <= checked, readers - checked


def _check(text: str, wanted: Any, decision: Decision) -> None:
    """``text`` has the value ``wanted`` at ``decision`` (None: no value at all)."""
    if wanted is None:
        assert not _compiled(f"{text} == {text}").test(decision), text
        return
    literal = _literal(wanted)
    assert _compiled(f"{text} == {literal}").test(decision), (text, wanted)
    if isinstance(wanted, bool):
        assert _compiled(f"{text} != {_literal(not wanted)}").test(decision)
    elif isinstance(wanted, int):
        assert not _compiled(f"{text} == {literal} + 1").test(decision), text
    else:
        assert not _compiled(f'{text} == "{wanted}x"').test(decision), text


def _literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"-{-value}" if value < 0 else str(value)
    return '"' + str(value) + '"'


def test_game_facts_and_the_move() -> None:
    decision = Decision({"Event": "Club night"}, {"R": "Paula", "B": "Dominik"}, ("R", "B"), ("B",))
    decision.address, decision.mover, decision.move = "3.5.2", "R", "visit 6"
    decision.comment, decision.glyphs, decision.implicit = "Towards the Cathedral\nyes", "!?", False
    true = [
        'tag("Event") == "Club night"',
        'tag("Site") == ""',
        'player(B) == "Dominik"',
        "not (player(Y) == player(Y))",  # Yellow does not play: no value
        "winner(B) and not winner(R) and not winner(Y)",
        'result == "B"',
        "players == 2",
        'address == "3.5.2" and mover == R and move == "visit 6"',
        'move ~ "VISIT \\d" and comment ~ "cathedral" and comment ~ "^yes$"',
        'move !~ "bid" and glyphs == "!?" and not implicit',
        "true and not false",
        'mover == "R" and R == "R" and Y != B',
    ]
    for text in true:
        assert compile_condition(text).test(decision), text
    decision.winners = None
    assert compile_condition('result == "*" and not winner(B)').test(decision)


def test_the_reference_lists_every_name_and_function() -> None:
    reference = (ROOT / "docs" / "search.md").read_text(encoding="utf-8")
    for form, type_, description in describe():
        row = f"| `{form}` | {type_} | {description} |"
        assert row in reference, row
