"""One judgement of a folder of submissions, shared by validate, standings, filter and site.

Each game is first decided on its own (:mod:`mcn.archive.checking`: valid or not, finished or not).
What only the whole folder can decide is decided here, once, the same way for every command:

* **Same game** = the same moves *and* the same roster (:mod:`mcn.archive.keys`). Of several
  copies one counts, chosen by rule, never by the order names sort in: an explicit choice
  first (``--prefer PATH``; a schedule, :mod:`mcn.archive.schedule`, prefers the copies that
  match their table), otherwise the earliest file modification time, then the path, then the
  game number. Every decision says which rule made it.
* **Conflict**: copies that cannot all be right — the same moves under another roster, or two
  different games of one table (the same event, round and players, or one table of the
  schedule). All of them are reported, naming the files and what differs, and none counts
  until the organiser decides (``--prefer``, ``--supersedes``).
* **Superseded**: ``--supersedes OLD=NEW`` (a corrected resubmission) takes every game of OLD
  out of the count, whatever it holds.
* **Broken copies**: invalid games never take part in these decisions. An invalid game with
  the same moves as a valid one is "a broken copy" of it: the valid one counts, and a
  duplicate never points at an invalid game.

Only a compact :class:`Entry` is kept per game (no record, no replay, no diagnostics but the
first error), so a command reading a 100 MB archive holds a few hundred bytes per game.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from mcn.archive.keys import RosterKey, TableKey, roster_key, table_key
from mcn.archive.verdict import GameReport, name_key
from mcn.base.plain import PlainFields, PlainValue
from mcn.engine.constants import colour_name

COUNTED: Final = "counted"
UNFINISHED: Final = "unfinished"
INVALID: Final = "invalid"
DUPLICATE: Final = "duplicate"
CONFLICT: Final = "conflict"
SUPERSEDED: Final = "superseded"
#: Every status, in the order reports count them.
STATUSES: Final = (COUNTED, UNFINISHED, INVALID, DUPLICATE, CONFLICT, SUPERSEDED)

#: The rules that can decide which copy counts (as the reports name them).
BY_PREFER: Final = "--prefer"
BY_SCHEDULE: Final = "the schedule"
BY_TIME: Final = "the earliest modification time"
BY_PATH: Final = "the path (equal modification times)"
BY_NUMBER: Final = "the game number (copies in one file)"


class Seat(Protocol):
    """A table of a schedule, as reports show it."""

    @property
    def label(self) -> str: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    def to_json(self) -> dict[str, Any]: ...


class Tables(Protocol):
    """What the judgement asks a schedule (:class:`mcn.archive.schedule.Schedule`)."""

    file: str

    def attribute(self, entry: Entry) -> None:
        """Set ``entry.table`` and ``entry.mismatch`` from the schedule."""

    def missing(self, labels: set[str]) -> Sequence[Seat]:
        """The tables none of ``labels`` names."""


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Choices(PlainValue):
    """The organiser's explicit decisions: the real paths (:func:`os.path.realpath`) of the
    preferred files, and pairs of the real path of a superseded file and the name (as read)
    of the file superseding it."""

    prefer: tuple[str, ...] = ()
    supersedes: tuple[tuple[str, str], ...] = ()
    schedule: Tables | None = None


@dataclass(slots=True, repr=False, eq=False)
class Entry(PlainFields):
    """One game as the folder's judgement needs it, and what was decided about it."""

    file: str
    game: int
    line: int | None
    valid: bool
    finished: bool
    event: str | None
    round: str | None
    date: str | None
    roster: tuple[tuple[str, str], ...]
    #: (colour, name, place) best first; empty until the game is over.
    placings: tuple[tuple[str, str, int], ...]
    fingerprint: str | None
    result: str | None
    #: The first error (invalid games), as the report words it.
    reason: str | None
    #: Where an unfinished game stops ("the record ends in the middle of round 3; …").
    stops: str | None
    mtime: int
    #: Whether the game matches the command's own criteria (filter, standings --event).
    matched: bool = True
    status: str = ""
    #: The copy that counts instead (duplicates, superseded), or the other copies (conflicts).
    same_as: tuple[str, int] | None = None
    rule: str | None = None
    note: str = ""
    #: The schedule's table of the game ("round 2, table 3"), and what does not match it.
    table: str | None = None
    mismatch: str | None = None

    @property
    def counts(self) -> bool:
        return self.status == COUNTED

    @property
    def kept(self) -> bool:
        """The copy of its game that stands: counted, or unfinished (written by filter)."""
        return self.status in (COUNTED, UNFINISHED)

    @property
    def identity(self) -> tuple[str | None, RosterKey]:
        return (self.fingerprint, roster_key(self.roster))

    @property
    def table_key(self) -> TableKey | None:
        return table_key(self.event, self.round, [name for _, name in self.roster])

    def label(self) -> str:
        return f"game {self.game} of {self.file}"

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "game": self.game,
            "status": self.status,
            "note": self.note or None,
            "same_as": (
                None if self.same_as is None else {"file": self.same_as[0], "game": self.same_as[1]}
            ),
            "rule": self.rule,
            "table": self.table,
            "mismatch": self.mismatch,
            "stops": self.stops,
        }


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class FileNote(PlainValue):
    """Something about a file as a whole: an encoding guess (warning) or a problem (error)."""

    file: str
    severity: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"file": self.file, "severity": self.severity, "message": self.message}


@dataclass(slots=True, repr=False, eq=False)
class Outcome(PlainFields):
    """The judgement of a folder: every game in input order, and the notes about files."""

    entries: list[Entry] = field(default_factory=list)
    files: list[FileNote] = field(default_factory=list)
    #: With a schedule: the tables that handed in nothing.
    missing: list[Seat] = field(default_factory=list)

    @property
    def encodings(self) -> list[FileNote]:
        """The files read in a guessed (fallback) encoding."""
        return [n for n in self.files if n.severity == "warning"]

    @property
    def problems(self) -> list[FileNote]:
        """Files that could not be read, are empty or hold no game."""
        return [n for n in self.files if n.severity == "error"]

    def count(self, status: str) -> int:
        return sum(1 for e in self.entries if e.status == status)

    def decided(self) -> list[Entry]:
        """The games a folder-wide rule decided (copies, conflicts, broken copies, schedule
        mismatches, and the copy chosen among several)."""
        return [e for e in self.entries if e.note or e.mismatch]

    def summary(self) -> str:
        parts = [f"{self.count(s)} {s}" for s in STATUSES if self.count(s) or s == COUNTED]
        return ", ".join(parts)

    def lines(self) -> list[str]:
        """The judgement for a text report (names as read; the caller makes them safe)."""
        out = [f"Judgement of the submissions: {self.summary()}"]
        for entry in self.decided():
            mark = f"{entry.status.upper()}" if entry.status == CONFLICT else entry.status
            text = f"  {entry.file} game {entry.game}: {mark}"
            if entry.note:
                text += f": {entry.note}"
            if entry.mismatch:
                text += f" [schedule: {entry.mismatch}]"
            out.append(text)
        for note in self.encodings:
            out.append(f"  {note.file}: encoding guessed: {note.message}")
        for table in self.missing:
            out.append(f"  {missing_text(table)}")
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": {s: self.count(s) for s in STATUSES},
            "games": [e.to_json() for e in self.entries],
            "encodings": [n.to_json() for n in self.encodings],
            "missing_tables": [t.to_json() for t in self.missing],
        }


def missing_text(table: Seat) -> str:
    """ "round 2, table 3 (A, B, C, D): handed in nothing"."""
    return f"{table.label} ({', '.join(table.players)}): handed in nothing"


def first_error(report: GameReport) -> str | None:
    for diagnostic in report.diagnostics:
        if diagnostic.severity == "error":
            where = f"{diagnostic.address}: " if diagnostic.address else ""
            return f"{where}{diagnostic.message}"
    return None


class Judgement:
    """Collects the games of a folder (:meth:`add`, in input order), then decides them."""

    def __init__(
        self, choices: Choices | None = None, mtime: Callable[[str], int] | None = None
    ) -> None:
        self.choices = choices or Choices()
        self._mtime = mtime or _modified
        self._times: dict[str, int] = {}
        self._reals: dict[str, str] = {}  # real paths of the files, for one decide()
        self.outcome = Outcome()

    def add(self, report: GameReport, matched: bool = True) -> Entry | None:
        """Remember ``report`` (game 0: a note about its file); the entry of a game."""
        if report.game == 0:
            for d in report.diagnostics:
                if d.severity in ("error", "warning"):
                    self.outcome.files.append(FileNote(report.file, d.severity, d.message))
            return None
        if report.file not in self._times:
            self._times[report.file] = self._mtime(report.file)
        entry = Entry(
            file=report.file,
            game=report.game,
            line=report.line,
            valid=report.valid,
            finished=report.finished,
            event=report.event,
            round=report.round,
            date=report.date,
            roster=tuple(report.roster.items()),
            placings=tuple(
                (p["colour"], p["name"] or "", int(p["place"])) for p in report.placings
            ),
            fingerprint=report.fingerprint,
            result=report.result,
            reason=first_error(report),
            stops=report.stops,
            mtime=self._times[report.file],
            matched=matched,
        )
        self.outcome.entries.append(entry)
        return entry

    def decide(self) -> Outcome:
        """Decide every game (see the module docstring) and return the outcome."""
        entries = self.outcome.entries
        self._reals = {}
        schedule = self.choices.schedule
        if schedule is not None:  # every game with a roster: an invalid one was handed in too
            for entry in entries:
                if entry.roster:
                    schedule.attribute(entry)
            handed = {e.table for e in entries if e.table is not None}
            self.outcome.missing = list(schedule.missing(handed))
        superseded = dict(self.choices.supersedes)
        candidates: list[Entry] = []
        for entry in entries:
            if not entry.valid:
                entry.status = INVALID
            elif superseded and _real(entry.file, self._reals) in superseded:
                entry.status, entry.rule = SUPERSEDED, "--supersedes"
                new = superseded[_real(entry.file, self._reals)]
                entry.note = f"superseded by {new} (--supersedes)"
            else:
                candidates.append(entry)
        for group in _groups(candidates):
            self._settle(group)
        _broken_copies(entries)
        return self.outcome

    def _settle(self, group: list[Entry]) -> None:
        order = sorted(group, key=lambda e: (e.mtime, e.file, e.game))
        if len(order) == 1:
            _stand(order[0], None)
            return
        prefer = set(self.choices.prefer)
        pool, rule = order, None
        preferred = [e for e in order if _real(e.file, self._reals) in prefer] if prefer else []
        matching = [e for e in order if e.table is not None and e.mismatch is None]
        if preferred:
            pool, rule = preferred, BY_PREFER
        elif self.choices.schedule is not None and matching and len(matching) < len(order):
            pool, rule = matching, BY_SCHEDULE
        if len({e.identity for e in pool}) > 1:
            for entry in group:
                _conflict(entry, [o for o in order if o is not entry])
            return
        winner = pool[0]
        if rule is None:
            rule = _tie_rule(winner, pool[1:])
        _stand(winner, rule)
        for entry in group:
            if entry is winner:
                continue
            entry.status, entry.same_as, entry.rule = DUPLICATE, (winner.file, winner.game), rule
            if entry.identity == winner.identity:
                entry.note = f"a copy of {_label(winner)} (same moves and players), which counts"
            else:
                entry.note = f"set aside: {_label(winner)} counts instead"
            entry.note += f" — decided by {rule}"


def _stand(entry: Entry, rule: str | None) -> None:
    entry.status = COUNTED if entry.finished else UNFINISHED
    if rule is not None:
        entry.rule = rule
        entry.note = f"the copy that counts among several — decided by {rule}"


def _tie_rule(winner: Entry, others: Sequence[Entry]) -> str:
    if not others:
        return BY_TIME
    if all(winner.mtime < o.mtime for o in others):
        return BY_TIME
    same_time = [o for o in others if o.mtime == winner.mtime]
    if all(o.file != winner.file for o in same_time):
        return BY_PATH
    return BY_NUMBER


def _conflict(entry: Entry, others: Sequence[Entry]) -> None:
    entry.status, entry.rule = CONFLICT, None
    other = others[0]
    entry.same_as = (other.file, other.game)
    parts = []
    for o in others:
        if o.fingerprint == entry.fingerprint and o.identity != entry.identity:
            parts.append(
                f"the same moves as {_label(o)} but other players: {_difference(entry, o)}"
            )
        elif o.identity == entry.identity:
            parts.append(f"a copy of {_label(o)}")
        else:
            parts.append(f"a different game of the same table as {_label(o)}")
    entry.note = (
        "; ".join(parts) + " — counted for nobody until the organiser decides (--prefer PATH "
        "or --supersedes OLD=NEW)"
    )


def _difference(entry: Entry, other: Entry) -> str:
    mine, theirs = dict(entry.roster), dict(other.roster)
    out = []
    for colour in sorted(set(mine) | set(theirs)):
        a, b = mine.get(colour, ""), theirs.get(colour, "")
        if name_key(a) != name_key(b):
            out.append(f'{colour_name(colour)} "{a}" here, "{b}" there')
    return "; ".join(out) or "the same names"


def _broken_copies(entries: Iterable[Entry]) -> None:
    """Point every invalid game with the moves of a standing game at that game."""
    standing: dict[str, Entry] = {}
    for entry in entries:
        if entry.kept and entry.fingerprint is not None:
            standing.setdefault(entry.fingerprint, entry)
    for entry in entries:
        if entry.status != INVALID or entry.fingerprint is None:
            continue
        good = standing.get(entry.fingerprint)
        if good is not None:
            entry.same_as = (good.file, good.game)
            entry.note = f"a broken copy of {_label(good)}, which is valid and counts"


def _groups(entries: Sequence[Entry]) -> list[list[Entry]]:
    """The entries linked by the same moves or the same table, in input order."""
    parent = list(range(len(entries)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[object, int] = {}
    for index, entry in enumerate(entries):
        keys: list[object] = []
        if entry.fingerprint is not None:
            keys.append(("moves", entry.fingerprint))
        table = entry.table_key
        if table is not None:
            keys.append(("table", table))
        if entry.table is not None:
            keys.append(("scheduled", entry.table))
        for key in keys:
            seen = first.setdefault(key, index)
            if seen != index:
                parent[find(index)] = find(seen)
    groups: dict[int, list[Entry]] = {}
    for index, entry in enumerate(entries):
        groups.setdefault(find(index), []).append(entry)
    return list(groups.values())


def _label(entry: Entry) -> str:
    return f"game {entry.game} of {entry.file}"


def _real(path: str, known: dict[str, str]) -> str:
    """The file's real path (``--prefer`` and ``--supersedes`` name files however they like),
    remembered in ``known`` for one decision: it is asked per game, resolving takes three
    system calls, and this runs after the last game is checked, where ``--jobs`` has nothing
    to overlap it with."""
    real = known.get(path)
    if real is None:
        real = known[path] = path if path == "-" else os.path.realpath(path)
    return real


def _modified(path: str) -> int:
    """The file's modification time in ns (standard input: after every file)."""
    if path in ("-", "<stdin>"):
        return 1 << 62
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return 1 << 62
