"""Standings: per player, across the valid finished games, games, wins, placings and points.

Players are matched by name, case- and white-space-insensitively (``Emil  berg`` is
``Emil Berg``); names that differ only by accents, punctuation or a letter or two are *not*
merged — they are reported as near-duplicates, for the organiser to fix in the records.

Scoring (docs/standings.md): the default, ``pairwise``, gives a player one point for every
opponent placed below him in a game and half a point for every opponent sharing his place; it
scores each multi-player game as the set of head-to-head results it implies, so games of 2, 3
and 4 players weigh alike per opponent met, and a 4-player game without shared places gives
3, 2, 1, 0. ``--points 3,1,0,0`` gives the k-th number to place k (winners sharing place 1 get
its points each; a place beyond the list gets 0).

Only the games the folder's judgement counts (:mod:`mcn.archive.judgement`: valid, finished,
the one copy of each game that counts, no conflict) are counted; invalid and unfinished games,
duplicates, conflicting and superseded submissions are listed apart with the reason.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from mcn.archive.judgement import INVALID, UNFINISHED, Entry, FileNote, Outcome, Seat
from mcn.archive.tiebreaks import GamePlaces, TieBreaks, rank
from mcn.archive.verdict import name_key
from mcn.io.terminal import one_line

STANDINGS_FORMAT: Final = "mcn-standings/1"
_FORMULA: Final = ("=", "+", "-", "@", "\t", "\r")
#: Characters with a meaning inside a Markdown table cell or inline text: code, emphasis,
#: links and images, raw HTML, cell borders, strike-through (and the escape itself).
_MARKDOWN: Final = re.compile(r"([\\`*_\[\]<>|~])")
#: A date header that names a day (``2026.11.26``; ``????.??.??`` and partial dates do not).
_DATE: Final = re.compile(r"^\d{4}[.-]\d{2}[.-]\d{2}$")
PAIRWISE: Final = "pairwise"
MAX_PLACES: Final = 4


@dataclass(frozen=True, slots=True)
class Scoring:
    """``pairwise``, or points per place (``points[0]`` for place 1)."""

    points: tuple[Fraction, ...] = ()

    @property
    def scheme(self) -> str:
        return "places" if self.points else PAIRWISE

    def score(self, place: int, places: Sequence[int]) -> Fraction:
        """The points of a player placed ``place`` in a game whose placings are ``places``."""
        if self.points:
            return self.points[place - 1] if place <= len(self.points) else Fraction(0)
        below = sum(1 for other in places if other > place)
        shared = sum(1 for other in places if other == place) - 1
        return Fraction(below) + Fraction(shared, 2)

    def describe(self) -> str:
        """The scoring in words, for every human output."""
        if not self.points:
            return (
                "pairwise: 1 point for every opponent placed below, 1/2 for every opponent "
                "sharing the place"
            )
        listed = ", ".join(f"{_ordinal(k)} {number(p)}" for k, p in enumerate(self.points, 1))
        return f"points per place: {listed}; any other place 0"

    def to_json(self) -> dict[str, Any]:
        return {"scheme": self.scheme, "points": [number(p) for p in self.points] or None}


def parse_scoring(text: str) -> Scoring:
    """``pairwise`` or a comma-separated list of points per place (``3,1,0,0``, ``1.5,1``);
    ValueError with the reason otherwise."""
    text = text.strip()
    if text.lower() == PAIRWISE:
        return Scoring()
    parts = [p.strip() for p in text.split(",")]
    if not parts or len(parts) > MAX_PLACES or any(not p for p in parts):
        raise ValueError(f"expected '{PAIRWISE}' or 1 to 4 numbers separated by commas")
    try:
        points = tuple(Fraction(p) for p in parts)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"expected numbers separated by commas, not '{text}'") from None
    if any(p < 0 for p in points):
        raise ValueError("points must not be negative")
    return Scoring(points)


def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def number(value: Fraction) -> int | float:
    """A score for output: an integer when it is one."""
    return int(value) if value.denominator == 1 else float(value)


@dataclass(slots=True)
class Row:
    """One player's line of the table."""

    key: str
    spellings: Counter[str] = field(default_factory=Counter)
    games: int = 0
    wins: int = 0
    places: list[int] = field(default_factory=lambda: [0] * MAX_PLACES)
    points: Fraction = Fraction(0)
    rank: int = 0

    @property
    def name(self) -> str:
        """The spelling used most often (the first seen among equals)."""
        return self.spellings.most_common(1)[0][0]

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.name,
            "games": self.games,
            "wins": self.wins,
            "places": self.places,
            "points": number(self.points),
        }


@dataclass(frozen=True, slots=True)
class Excluded:
    """A game that does not count, and why."""

    file: str
    game: int
    event: str | None
    kind: str  # a status of mcn.archive.judgement: invalid, unfinished, duplicate, …
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "game": self.game,
            "event": self.event,
            "kind": self.kind,
            "reason": self.reason,
        }


@dataclass(slots=True)
class Table:
    """The standings of one event (or of every game, when not grouped)."""

    event: str | None
    rows: list[Row] = field(default_factory=list)
    games: int = 0
    #: Each counted game as (player key, place) pairs, for head-to-head and Buchholz.
    results: list[GamePlaces] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "games": self.games,
            "players": [r.to_json() for r in self.rows],
        }


@dataclass(slots=True)
class Standings:
    """Every table, the games left out, and the warnings about names."""

    scoring: Scoring
    ties: TieBreaks = field(default_factory=TieBreaks)
    tables: list[Table] = field(default_factory=list)
    excluded: list[Excluded] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    games: int = 0
    #: The files read in a guessed encoding (their names may be garbled: check them).
    encodings: list[FileNote] = field(default_factory=list)
    #: With a schedule: the tables that handed in nothing.
    missing: list[Seat] = field(default_factory=list)
    #: The events of the counted games (most games first) and their dates (real ones, sorted).
    events: list[str] = field(default_factory=list)
    dates: list[str] = field(default_factory=list)


def _event_matches(entry: Entry, events: Sequence[str]) -> bool:
    if not events:
        return True
    return name_key(entry.event or "") in {name_key(e) for e in events}


def rules_lines(standings: Standings) -> list[str]:
    """How the table was made: the scoring and the tie-breaks (every human output)."""
    return [
        f"Scoring: {standings.scoring.describe()}.",
        f"Ranks: {standings.ties.describe()}; players level on all of these share a rank.",
    ]


def why_not_counted(entry: Entry) -> str:
    """Why a game does not count, in the judgement's words."""
    if entry.status == INVALID:
        reason = entry.reason or "invalid"
        if entry.stops:
            reason += f"; {entry.stops}"
        return f"{reason} ({entry.note})" if entry.note else reason
    if entry.status == UNFINISHED:
        return f"the game is not over: {entry.stops}" if entry.stops else "the game is not over"
    return entry.note or entry.status


def compute(
    outcome: Outcome,
    scoring: Scoring,
    events: Sequence[str] = (),
    by_event: bool = False,
    ties: TieBreaks | None = None,
) -> Standings:
    """The standings of a judged folder (:mod:`mcn.archive.judgement`): the games it counts,
    ranked by points and then ``ties`` (:mod:`mcn.archive.tiebreaks`); every other game and
    every file without a game listed apart with the reason."""
    out = Standings(
        scoring, ties or TieBreaks(), encodings=list(outcome.encodings), missing=outcome.missing
    )
    tables: dict[str, Table] = {}
    rows: dict[str, dict[str, Row]] = {}
    for note in outcome.problems:
        out.excluded.append(Excluded(note.file, 0, None, INVALID, note.message))
    for entry in outcome.entries:
        if not _event_matches(entry, events):
            continue
        out.games += 1
        if entry.mismatch:
            seat = f" ({entry.table})" if entry.table else ""
            out.warnings.append(
                f"{entry.file} game {entry.game}{seat} does not match the schedule: "
                f"{entry.mismatch}"
            )
        if not entry.counts:
            out.excluded.append(
                Excluded(entry.file, entry.game, entry.event, entry.status, why_not_counted(entry))
            )
            continue
        group = (entry.event or "") if by_event else ""
        table = tables.setdefault(group, Table(entry.event if by_event else None))
        table.games += 1
        players = rows.setdefault(group, {})
        places = [place for _, _, place in entry.placings]
        table.results.append([(name_key(n or c), place) for c, n, place in entry.placings])
        for colour, written, place in entry.placings:
            name = written or colour
            row = players.setdefault(name_key(name), Row(name_key(name)))
            row.spellings[" ".join(name.split())] += 1
            row.games += 1
            row.wins += place == 1
            row.places[place - 1] += 1
            row.points += scoring.score(place, places)
    counted = [e for e in outcome.entries if e.counts and _event_matches(e, events)]
    seen = Counter(" ".join(e.event.split()) for e in counted if e.event and e.event.strip())
    out.events = [name for name, _ in seen.most_common()]
    out.dates = sorted({e.date for e in counted if e.date and _DATE.match(e.date)})
    for group, table in tables.items():
        table.rows = rank(list(rows[group].values()), table.results, out.ties)
        out.warnings.extend(near_duplicates(table.rows, table.event))
    out.tables = sorted(tables.values(), key=lambda t: name_key(t.event or ""))
    return out


def _folded(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if c.isalnum())


def distance(a: str, b: str, limit: int = 3) -> int:
    """The edit distance of ``a`` and ``b`` (insertions, deletions, substitutions), or
    ``limit`` when it is at least that (the search stops early)."""
    if abs(len(a) - len(b)) >= limit:
        return limit
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other))
            )
        if min(current) >= limit:
            return limit
        previous = current
    return min(previous[-1], limit)


def near_duplicates(rows: Sequence[Row], event: str | None = None) -> list[str]:
    """Warnings about names that look like one player written two ways."""
    warnings = []
    where = f" (event {event})" if event else ""
    for index, first in enumerate(rows):
        for second in rows[index + 1 :]:
            a, b = _folded(first.name), _folded(second.name)
            shortest = min(len(a), len(b))
            allowed = 0 if shortest < 4 else 1 if shortest < 10 else 2
            if a == b or (allowed and distance(a, b) <= allowed):
                warnings.append(
                    f'"{first.name}" and "{second.name}" look like the same player{where}; '
                    "they are counted apart — write the name the same way in every record "
                    "to merge them"
                )
    return warnings


def csv_cell(text: str) -> str:
    """A cell a spreadsheet shows as text, never runs as a formula (OWASP's advice)."""
    return "'" + text if text.startswith(_FORMULA) else text


def markdown_cell(text: str) -> str:
    """Text safe inside a Markdown table cell (no markup, no HTML, one line), and on a terminal
    that shows the file later: control characters are shown as by the one sanitiser
    (:func:`mcn.io.terminal.one_line`: ``ESC`` as ``␛``), never written as they are."""
    text = " ".join(one_line(text).split())
    text = _MARKDOWN.sub(r"\\\1", text)
    return text.replace("&", "&amp;")
