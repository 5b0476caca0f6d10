"""Records that grow in one direction only: n META CULPA infractions, n variations, n failing
checkpoints on one line. Each is what an attack used to make memory grow with the square of
the record (issue 24, item 1); tests/safety/test_growth.py runs every command on n and 4n."""

from __future__ import annotations

from tests.safety.helpers import ANNOTATED, EXAMPLES

META = EXAMPLES / "meta-culpa.mcn"
#: The round-1 chance draw of META: the record is cut just before it.
_MARKET = "market: bread bread bread wine wine jewel indulgence\n"
#: A move of ANNOTATED after which alternatives are written.
_BRANCH = "visit 4!? {Room 4 holds steal-3.}"
_ALTERNATIVE = (
    "(1. B: visit 1; G: guess 4; decline 2. Y: donate 1>II 1>II; greedy cloth "
    "3. R: buy wine; sell wine)"
)


def infractions(n: int) -> str:
    """META up to round 1, then ``n`` infractions by Red and Green in turn, unfinished.

    Once a player's seven sin stones are placed, each infraction leaves a den to empty and a
    stone to place (R-DEN-4), and side actions come before the pending decision (I-MET-5):
    with two players taking turns the stack of pending steps grows by two per infraction.
    The record stays valid (an unfinished game)."""
    text = META.read_text(encoding="utf-8")
    head = text[: text.index(_MARKET)].replace('[Result "Y"]', '[Result "*"]')
    pairs = "R: infraction out-of-turn\nG: infraction out-of-turn\n" * (n // 2)
    return head + pairs + "R: infraction out-of-turn\n" * (n % 2)


def variations(n: int) -> str:
    """ANNOTATED with ``n`` alternatives of three turns each to one move (valid)."""
    text = ANNOTATED.read_text(encoding="utf-8")
    return text.replace(_BRANCH, _BRANCH + ("\n" + _ALTERNATIVE) * n, 1)


def failing_checkpoints(n: int) -> str:
    """ANNOTATED with ``n`` variations ``(<money R 12>)`` on one line: each checkpoint fails,
    and each error shows that ever longer line."""
    text = ANNOTATED.read_text(encoding="utf-8")
    return text.replace(_BRANCH, _BRANCH + " (<money R 12>)" * n, 1)


def renamed(text: str) -> str:
    """The same record with another event name: a second record for ``diff``."""
    return text.replace("[Event ", "[Event ~", 1)
