"""Commitments: the canonical forms that sealed moves and chance contributions are hashed in.

A commitment binds its author to a text he shows later without showing it now: the SHA-256 of a
canonical form of the text and a random salt (docs/fair-play.md, docs/notation.md "Sealed
moves"). Everything here is the notation's business, not the rules': which moves may be sealed
and when they must be opened is replay's (:mod:`mcn.replay.sealed`), and how a draw follows from
the contributions is the engine's chance model (:mod:`mcn.engine.fair_draw`).

The forms are UTF-8 text, lines separated by a single LF, no line break at the end:

* a sealed move: ``mcn-seal-1`` / the actor's colour initial / the move's canonical text (its
  tokens in canonical spelling, one space apart: ``bid 3+5``) / the salt;
* a chance contribution: ``mcn-chance-1`` / the player's colour initial / the contribution;
* the seed of a draw: ``mcn-draw-1`` / the draw's decision address / then one line
  ``C:VALUE`` per player, in the colour order R B G Y.

Salts and contributions are at least 32 lower-case hex digits (128 bits): with fewer, anyone
could try every bid against a commitment. The actor is part of the form so that nobody can post
another player's commitment as his own and open it once that player has.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Final

SEAL_FORM: Final = "mcn-seal-1"
CHANCE_FORM: Final = "mcn-chance-1"
DRAW_FORM: Final = "mcn-draw-1"

#: The fewest hex digits a salt or a contribution may have (128 bits).
MIN_SALT_DIGITS: Final = 32
#: The most (a salt is a token of the notation; 512 bits is more than anybody needs).
MAX_SALT_DIGITS: Final = 128
#: A salt or a contribution as written.
SALT: Final = re.compile(r"[0-9a-f]{32,128}")
#: A commitment as a checkpoint argument writes it (a sealed move writes ``#`` before it).
DIGEST: Final = re.compile(r"[0-9a-f]{64}")

#: The order in which contributions enter a draw's seed.
_COLOUR_ORDER: Final = ("R", "B", "G", "Y")


def new_salt() -> str:
    """A fresh random salt: 128 bits from the system's secure source, as 32 hex digits."""
    import secrets  # with base64 and hmac: only where a salt is made, not at every start

    return secrets.token_hex(MIN_SALT_DIGITS // 2)


def _sha256(lines: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()


def seal_form(actor: str, text: str, salt: str) -> str:
    """The canonical form a sealed move is hashed in (see the module's docstring)."""
    return "\n".join((SEAL_FORM, actor, " ".join(text.split()), salt))


def seal_digest(actor: str, text: str, salt: str) -> str:
    """The commitment of ``actor``'s move ``text`` (canonical spelling) under ``salt``."""
    return _sha256((SEAL_FORM, actor, " ".join(text.split()), salt))


def contribution_digest(player: str, value: str) -> str:
    """The commitment of ``player``'s chance contribution ``value``."""
    return _sha256((CHANCE_FORM, player, value))


def draw_seed(address: str, contributions: dict[str, str]) -> bytes:
    """The seed of the draw at ``address`` from the players' revealed contributions."""
    lines = [DRAW_FORM, address]
    lines += [f"{c}:{contributions[c]}" for c in _COLOUR_ORDER if c in contributions]
    return hashlib.sha256("\n".join(lines).encode("utf-8")).digest()


def salt_problem(salt: str, what: str = "salt") -> str | None:
    """Why ``salt`` is no valid salt (or contribution), or None."""
    if SALT.fullmatch(salt) is not None:
        return None
    if re.fullmatch(r"[0-9a-f]*", salt) is None:
        return f"the {what} '{salt[:40]}' is not lower-case hexadecimal"
    return (
        f"the {what} has {len(salt)} hex digits; it must have {MIN_SALT_DIGITS} to "
        f"{MAX_SALT_DIGITS} (fewer would let anyone try every move against the commitment)"
    )


__all__ = [
    "CHANCE_FORM",
    "DIGEST",
    "DRAW_FORM",
    "MAX_SALT_DIGITS",
    "MIN_SALT_DIGITS",
    "SALT",
    "SEAL_FORM",
    "contribution_digest",
    "draw_seed",
    "new_salt",
    "salt_problem",
    "seal_digest",
    "seal_form",
]
