"""The move vocabulary: one table for docs/notation.md and ``mcn help moves``
(tests/commands/test_help.py prints it).

Every row's example is parsed as MCN and each of its moves read by the engine, and the action
a row describes must be one the engine's decision of that kind takes (so the table cannot
drift from the engine). Rule IDs cited by the rows: R-SET-1, R-SET-4, R-SET-5, R-RND-2,
R-BID-1, R-BID-2, R-P2-1, R-CHR-1, R-CHR-2, R-CHR-4, R-ACT-2, R-ACT-3, R-ACT-5, R-P3-1,
R-BUY-1, R-BUY-2, R-BUY-3, R-SEL-1, R-DON-1, R-DON-2, R-HOP-1, R-HOP-3, R-HOP-4, R-POP-1,
R-DEN-4, R-EVA-2, R-EVA-3, R-MET-1.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mcn.engine import actions as engine_actions
from mcn.engine import parse_action
from mcn.engine.decision import DECISIONS
from mcn.notation import Item, parse, vocabulary

ROOT = Path(__file__).resolve().parents[2]
HEADERS = (
    '[Event "e"] [Site "s"] [Date "2024.01.01"] [Red "a"] [Blue "b"] [Green "c"] [Yellow "d"]'
    ' [Rules "de-2016"] [Board "standard"] [Variant "standard"] [Result "*"]\n'
)
HANDLERS = {handler.kind: handler for handler in DECISIONS.values()}


def test_docs_section_is_the_generated_table() -> None:
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = vocabulary.docs_section(text)
    assert section is not None, "docs/notation.md lost its move vocabulary markers"
    assert section == vocabulary.markdown_table(), (
        "docs/notation.md is out of date: run python -m mcn.notation.vocabulary docs/notation.md"
    )
    assert vocabulary.update_docs(text) == text


@pytest.mark.parametrize("row", vocabulary.MOVES, ids=lambda row: row.decision)
def test_every_example_parses_and_shows_its_row(row: vocabulary.MoveForm) -> None:
    (game,) = parse(HEADERS + row.example + "\n").games
    moves = [move for element in game.body if isinstance(element, Item) for move in element.moves]
    assert moves, row.example
    verbs = {form.split()[0] for form in row.forms}
    shown = [parse_action(move.actor, move.text) for move in moves if move.tokens[0] in verbs]
    assert shown, f"{row.example!r} shows none of {sorted(verbs)}"
    if row.kind == "infraction":
        # META CULPA side actions: infractions, costs left undone, catches (I-MET-6)
        assert all(isinstance(action, engine_actions.SideAction) for action in shown)
        return
    handler = HANDLERS[row.kind]
    for action in shown:
        assert isinstance(action, handler.classes), (row.decision, action)
    for rule in row.rules:
        assert re.fullmatch(r"R-[A-Z0-9]+-[0-9]+", rule)


def test_rule_ids_exist_in_the_rules_digest() -> None:
    digest = (ROOT / "docs" / "rules" / "RULES.md").read_text(encoding="utf-8")
    for row in vocabulary.MOVES:
        for rule in row.rules:
            assert rule in digest, (row.decision, rule)


def test_every_engine_action_and_decision_kind_is_described() -> None:
    kinds = {
        cls.kind
        for cls in vars(engine_actions).values()
        if isinstance(cls, type) and issubclass(cls, engine_actions.Action) and cls.kind
    }
    assert kinds <= set(vocabulary.VERBS), kinds - set(vocabulary.VERBS)
    described = {row.kind for row in vocabulary.MOVES}
    assert set(HANDLERS) <= described, set(HANDLERS) - described
