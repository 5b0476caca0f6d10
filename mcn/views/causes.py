"""Why an event happened, in words: the rule that caused it, by a short name and its ID.

Every engine event carries ``rule``; :func:`cause` turns it into ``Merchant's privilege,
R-ACT-5`` from one table, ``mcn/data/causes.json`` (names restating docs/rules/RULES.md and
docs/interpretations.md). The projection (:mod:`mcn.views.projection`) calls :func:`with_cause` when
it writes an event's sentence for a viewer: the rule of an event is public, so the suffix is
the same for every viewer.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from mcn.io import resources


@cache
def causes() -> dict[str, str]:
    """Rule ID → short cause name."""
    with resources.data_path("causes.json").open(encoding="utf-8") as handle:
        data: dict[str, str] = json.load(handle)
    return {rule: name for rule, name in data.items() if not rule.startswith("_")}


def cause(rule: str | None) -> str | None:
    """``Merchant's privilege, R-ACT-5`` for ``R-ACT-5``; just the ID for an ID the table lacks;
    None without a rule."""
    if not rule:
        return None
    name = causes().get(rule)
    return f"{name}, {rule}" if name else rule


def with_cause(text: str, event: Any) -> str:
    """``text`` (an event's sentence) followed by its cause in parentheses. ``event`` is the
    event or its JSON form (anything with a ``rule``)."""
    rule = event.get("rule") if isinstance(event, dict) else getattr(event, "rule", None)
    why = cause(rule)
    return f"{text} ({why})" if why else text
