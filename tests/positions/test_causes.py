"""The rule-ID → cause table (mcn/data/causes.json) covers every rule of the digest and of the
project's interpretations, and every rule an event carries."""

from __future__ import annotations

import random
import re
from pathlib import Path

from mcn.engine import CHANCE, new_game
from mcn.views.causes import cause, causes, with_cause

ROOT = Path(__file__).resolve().parents[2]
_ID = re.compile(r"\b(?:[RI]-[A-Z0-9]+-[0-9]+|B-[0-9]+)\b")


def _ids(path: Path) -> set[str]:
    return set(_ID.findall(path.read_text(encoding="utf-8")))


def test_every_rule_of_the_digest_has_a_short_cause() -> None:
    # the interpretations grow with the project; an ID without a name still reads as its ID
    known = _ids(ROOT / "docs" / "rules" / "RULES.md")
    assert known <= set(causes()), sorted(known - set(causes()))
    named = _ids(ROOT / "docs" / "interpretations.md") & set(causes())
    assert len(named) > 30
    assert all(_ID.fullmatch(rule) for rule in causes())
    assert all(0 < len(name) <= 40 for name in causes().values())


def test_every_event_of_a_random_game_has_a_cause() -> None:
    rng = random.Random(7)
    game = new_game()
    seen: set[str] = set()
    while not game.is_terminal():
        if game.current_players() == (CHANCE,):
            action = game.sample_chance(rng)
        else:
            options = game.legal_actions()
            action = options[rng.randrange(len(options))]
        for event in game.apply(action):
            assert event.rule in causes(), event
            seen.add(event.rule)
    assert len(seen) > 20


def test_the_cause_suffix() -> None:
    # R-ACT-5: the example
    assert cause("R-ACT-5") == "Merchant's privilege, R-ACT-5"
    assert cause(None) is None and cause("X-1") == "X-1"
    event = {"rule": "R-ACT-5", "text": "Blue takes 1 green from the supply"}
    assert with_cause(event["text"], event) == (
        "Blue takes 1 green from the supply (Merchant's privilege, R-ACT-5)"
    )
