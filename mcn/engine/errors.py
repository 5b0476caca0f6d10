"""The engine's one error for illegal actions."""

from __future__ import annotations

from typing import final


@final
class IllegalAction(Exception):
    """An action that the rules do not allow at the pending decision.

    ``rule`` is the ID of the rule it violates (e.g. ``"R-HOP-2"``), ``reason`` a plain-English
    sentence naming the player by colour ("Blue's post would go to 7; …"), ``address`` the
    decision's address (``"3.5.2"``). The state is unchanged when this is raised.

    Final: the engine and replay tell a refusal from a handler by ``type(…) is IllegalAction``,
    which in the pure build costs a fifth of an ``isinstance`` that answers no (CPython then
    looks the object's ``__class__`` up by name: docs/performance-history.md, "Per move, round
    eight").
    """

    def __init__(self, rule: str, reason: str, address: str = "") -> None:
        super().__init__(f"{address}: {reason} [{rule}]" if address else f"{reason} [{rule}]")
        self.rule = rule
        self.reason = reason
        self.address = address
