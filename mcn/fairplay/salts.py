"""A salt file: where a player keeps what opens his sealed moves (``mcn seal --salt-file``), and
where a referee keeps the key of his redacted copies (``mcn redact --commit``).

The file is private: it is created readable by its owner only, and no command prints a salt
unless asked to reveal (``mcn seal --reveal``). It is text, one entry per line, ``#`` starts a
comment:

* ``seal DIGEST C SALT TEXT…`` — a sealed move: its commitment, the player, the salt, the text;
* ``chance DIGEST C VALUE`` — a contribution to a draw (the chance protocol): its commitment,
  the player, the value;
* ``key HEX`` — the secret from which ``mcn redact --commit`` derives each salt
  (HMAC-SHA256 of ``GAME LF ADDRESS LF C`` under the key, its first 32 hex digits; ``GAME`` is
  the game's number in its file), so that ``mcn verify`` can recompute them.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from mcn.notation.commitments import (
    DIGEST,
    contribution_digest,
    new_salt,
    salt_problem,
    seal_digest,
)

_HEADER: Final = (
    "# mcn salt file: keep it private. It opens your sealed moves (mcn seal --reveal)\n"
    "# and lets mcn verify check the commitments of redacted copies (docs/fair-play.md).\n"
)


class SaltFileError(ValueError):
    """A salt file that cannot be read or written; the message names the file (and line)."""


@dataclass(frozen=True, slots=True)
class SealEntry:
    """One sealed move kept in a salt file."""

    digest: str
    actor: str
    salt: str
    text: str

    @property
    def reveal(self) -> str:
        """The reveal checkpoint that opens the move (or shows the contribution)."""
        if self.text == "":
            return f"<chance-reveal {self.actor} {self.salt}>"
        return f"<reveal {self.actor} {self.text} {self.salt}>"

    @property
    def posted(self) -> str:
        """What the player posts now: a contribution's commitment checkpoint."""
        return f"<chance-commit {self.actor} {self.digest}>"


class SaltFile:
    """The entries of one salt file (read at once; written by appending)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.seals: list[SealEntry] = []
        self.key: str | None = None
        if self.path.exists():
            self._read()

    def _read(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as problem:
            raise SaltFileError(f"{self.path}: cannot read the salt file: {problem}") from None
        for number, line in enumerate(text.splitlines(), 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            where = f"{self.path}:{number}"
            if words[0] == "key" and len(words) == 2 and DIGEST.fullmatch(words[1]):
                self.key = words[1]
            elif (
                words[0] == "seal"
                and len(words) >= 5
                and DIGEST.fullmatch(words[1])
                and words[2] in ("R", "B", "G", "Y")
                and salt_problem(words[3]) is None
            ):
                self.seals.append(SealEntry(words[1], words[2], words[3], " ".join(words[4:])))
            elif (
                words[0] == "chance"
                and len(words) == 4
                and DIGEST.fullmatch(words[1])
                and words[2] in ("R", "B", "G", "Y")
                and salt_problem(words[3]) is None
            ):
                self.seals.append(SealEntry(words[1], words[2], words[3], ""))
            else:
                raise SaltFileError(
                    f"{where}: not a salt file entry (expected 'seal DIGEST C SALT TEXT…', "
                    "'chance DIGEST C VALUE' or 'key HEX')"
                )

    def _append(self, line: str) -> None:
        new = not self.path.exists()
        try:
            descriptor = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            with os.fdopen(descriptor, "a", encoding="utf-8") as handle:
                if new:
                    handle.write(_HEADER)
                handle.write(line + "\n")
        except OSError as problem:
            raise SaltFileError(
                f"{self.path}: cannot write the salt file: {problem.strerror}"
            ) from None

    def seal(self, actor: str, text: str) -> SealEntry:
        """Seal ``actor``'s move ``text`` (canonical spelling) with a fresh salt; kept here."""
        salt = new_salt()
        entry = SealEntry(seal_digest(actor, text, salt), actor, salt, text)
        self._append(f"seal {entry.digest} {actor} {salt} {text}")
        self.seals.append(entry)
        return entry

    def contribute(self, actor: str) -> SealEntry:
        """A fresh random contribution of ``actor`` to the next draw; kept here."""
        value = new_salt()
        entry = SealEntry(contribution_digest(actor, value), actor, value, "")
        self._append(f"chance {entry.digest} {actor} {value}")
        self.seals.append(entry)
        return entry

    def find(self, prefix: str) -> SealEntry:
        """The sealed move whose commitment begins with ``prefix`` (at least 6 hex digits)."""
        prefix = prefix.lower().lstrip("#")
        if len(prefix) < 6:
            raise SaltFileError("give at least the first 6 hex digits of the commitment")
        found = [entry for entry in self.seals if entry.digest.startswith(prefix)]
        if not found:
            raise SaltFileError(f"{self.path}: no sealed move with the commitment #{prefix}…")
        if len(found) > 1:
            raise SaltFileError(f"{self.path}: several sealed moves begin with #{prefix}…")
        return found[0]

    def commit_key(self, create: bool) -> str | None:
        """The key of ``mcn redact --commit`` (made and kept here when ``create``)."""
        if self.key is None and create:
            self.key = secrets.token_hex(32)
            self._append(f"key {self.key}")
        return self.key


def derived_salt(key: str, game: int, address: str, actor: str) -> str:
    """The salt ``mcn redact --commit`` gives the secret of ``actor`` at ``address`` of game
    number ``game`` (see the module's docstring)."""
    message = f"{game}\n{address}\n{actor}".encode()
    return hmac.new(bytes.fromhex(key), message, hashlib.sha256).hexdigest()[:32]


def key_commitment(key: str, game: int, address: str, actor: str, text: str) -> str:
    """The commitment ``mcn redact --commit`` writes for that secret, whose full text is
    ``text``."""
    return seal_digest(actor, text, derived_salt(key, game, address, actor))


__all__ = [
    "SaltFile",
    "SaltFileError",
    "SealEntry",
    "derived_salt",
    "key_commitment",
]
