"""What makes two submissions the same game, or the same table's game.

* **The moves** — :func:`mcn.archive.verdict.fingerprint`: a digest of the main line's canonical
  move texts (never the text as written, ``Move.raw``), so a copy reformatted by hand or by
  ``mcn fmt``, with other comments, spacing or line ends, has the same moves.
* **The roster** — the player of each colour, names compared as docs/standings.md matches
  players (case-folded, runs of white space made one): the same game is the same moves *and*
  the same roster; the same moves under other names is a conflict for the organiser.
* **The table** — the event, the round and the *set* of players (names sorted, so colours do
  not matter; case and spacing folded; the event is part of it, so the same four players in
  round 1 of two events are two tables). Used only when the game has a ``[Round]`` header:
  without one the same players may meet several times at one event.
"""

from __future__ import annotations

from mcn.archive.verdict import name_key

RosterKey = tuple[tuple[str, str], ...]
TableKey = tuple[str, str, tuple[str, ...]]


def roster_key(roster: dict[str, str] | tuple[tuple[str, str], ...]) -> RosterKey:
    """The player of each colour, colours in order, names folded for matching."""
    pairs = roster.items() if isinstance(roster, dict) else roster
    return tuple(sorted((colour, name_key(name)) for colour, name in pairs))


def table_key(
    event: str | None, round_: str | None, names: list[str] | tuple[str, ...]
) -> TableKey | None:
    """The event, round and players of a game (colours ignored), or None without a round."""
    if round_ is None or not round_.strip():
        return None
    players = tuple(sorted(name_key(name) for name in names))
    return (name_key(event or ""), name_key(round_), players)
