"""Is a redacted copy a faithful projection of the full record? (``mcn verify``,
docs/fair-play.md)

The full record is redacted again for the viewer the copy names (``[Redacted]``), through the
one projection, with the same commitments: a sealed record's own, or those ``mcn redact
--commit`` derived from the key in the salt file. Then the copy's moves are compared with it
one by one, on the main line: every move the viewer could read must be equal, every masked move
must hide the same thing, and every commitment must be the one the full record gives. The first
difference is reported where the copy has it, with its decision address.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from mcn.fairplay.salts import key_commitment
from mcn.notation.model import Game, Item, Move, Span
from mcn.replay import Step, replay_game
from mcn.views.redact import Commit, redact_game
from mcn.views.viewer import resolve


@dataclass(frozen=True, slots=True)
class Verdict:
    """What :func:`verify_game` found: ``problem`` is None when the copy is faithful."""

    moves: int
    commitments: int
    problem: str | None = None
    span: Span | None = None
    address: str | None = None


def _moves(game: Game) -> Iterator[Move]:
    for element in game.body:
        if isinstance(element, Item):
            yield from element.moves


def _describe(move: Move | None) -> str:
    if move is None:
        return "nothing"
    seal = f" #{move.seal[:12]}…" if move.seal else ""
    return f"'{move.actor}: {move.text}{seal}'"


def verify_game(copy: Game, full: Game, number: int, key: str | None) -> Verdict:
    """Compare the redacted ``copy`` with the ``full`` record (game ``number`` of its file);
    ``key``: the salt file's key for commitments made by ``mcn redact --commit``."""
    who = copy.header("Redacted")
    if who is None:
        return Verdict(0, 0, "the copy is not a redacted record (it has no [Redacted] header)")
    viewer = resolve(who, full)
    commit: Commit | None = None
    if key is not None:
        commit = keyed_commit(key, number)
    full_replay = replay_game(full, index=number)
    if not full_replay.valid:
        return Verdict(0, 0, "the full record has errors: run mcn validate on it")
    expected, _ = redact_game(full, viewer, replay=full_replay, index=number, commit=commit)
    addresses = _addresses(copy, number)
    ours = list(_moves(copy))
    theirs = list(_moves(expected))
    checked = 0
    for index in range(max(len(ours), len(theirs))):
        mine = ours[index] if index < len(ours) else None
        true = theirs[index] if index < len(theirs) else None
        unkeyed = key is None and full_replay.sealed is None
        if mine is not None and true is not None and mine.seal and not true.seal and unkeyed:
            return Verdict(
                index,
                checked,
                "the copy carries a commitment the full record does not: give the salt "
                "file of 'mcn redact --commit' (--salt-file) to check it",
                mine.span,
                addresses.get(id(mine)),
            )
        if (
            mine is None
            or true is None
            or (mine.actor, mine.tokens, mine.seal)
            != (
                true.actor,
                true.tokens,
                true.seal,
            )
        ):
            where = mine if mine is not None else (ours[-1] if ours else None)
            return Verdict(
                index,
                checked,
                f"the copy has {_describe(mine)} where the full record, redacted for {who}, "
                f"has {_describe(true)}",
                where.span if where is not None else None,
                addresses.get(id(where)) if where is not None else None,
            )
        checked += 1 if mine.seal else 0
    return Verdict(len(ours), checked)


def keyed_commit(key: str, number: int) -> Commit:
    """The commitments ``mcn redact --commit`` writes for game ``number`` under ``key``."""

    def commit(step: Step, text: str) -> str:
        return key_commitment(key, number, step.address, step.action.actor, text)

    return commit


def _addresses(game: Game, number: int) -> dict[int, str]:
    """The decision address of each move of ``game`` (as its replay reaches it)."""
    replay = replay_game(game, index=number, variations=False)
    out: dict[int, str] = {}
    for step in replay.main.steps if replay.main is not None else ():
        if step.move is not None:
            out[id(step.move)] = step.address
    # the replay plays opened copies of sealed moves: map them back by position
    sealed = replay.sealed
    if sealed is not None:
        by_span = {m.span: a for m, a in _spans(replay.game, out)}
        for move in _moves(game):
            if id(move) not in out and move.span in by_span:
                out[id(move)] = by_span[move.span]
    return out


def _spans(game: Game, addresses: dict[int, str]) -> Iterator[tuple[Move, str]]:
    for move in _moves(game):
        if id(move) in addresses:
            yield move, addresses[id(move)]


__all__ = ["Verdict", "keyed_commit", "verify_game"]
