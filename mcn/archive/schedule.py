"""A tournament's schedule: rounds, tables and who sits at each, and which game is which table's.

``--schedule FILE`` (docs/standings.md, "A schedule"; ``examples/schedule.toml`` and
``examples/schedule.csv``) is TOML or CSV, told apart by the file's name:

.. code-block:: toml

    event = "Club night"          # optional: games of another [Event] are flagged
    [[table]]
    round = 1
    table = 1                     # a number or a name ("A")
    players = ["Paula Brandt", "Dominik Seifert", "Emil Berg", "Ida Roth"]

CSV: a header ``round,table,player1,player2,…`` and one line per table (empty cells for a
table of fewer players). A schedule that cannot be read — bad TOML or CSV, a key missing, a
table of one or of five players, one table twice, a player at two tables of one round — is a
:class:`ScheduleError` naming the file and line; the commands make it a usage error (exit 2)
before they read or write anything.

With a schedule every valid game is attributed to a table (:meth:`Schedule.attribute`): the
table of its ``[Round]`` whose players are the game's (names matched as standings match them,
colours ignored); without a ``[Round]``, the one table with those players. What does not fit —
another round, other players, another event, players who share several tables and no round —
is a mismatch, reported with the game; the judgement (:mod:`mcn.archive.judgement`) resolves
copies per table and prefers the copies that match their table.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from mcn.archive.verdict import name_key
from mcn.base.plain import PlainValue

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4


class ScheduleError(ValueError):
    """A schedule that cannot be used: where (file, line) and why."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: error: {message}")
        self.file, self.line, self.message = file, line, message


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Table(PlainValue):
    """One table of one round, and who sits at it (names as the schedule writes them)."""

    round: str
    table: str
    players: tuple[str, ...]
    line: int

    @property
    def label(self) -> str:
        return f"round {self.round}, table {self.table}"

    @property
    def key(self) -> frozenset[str]:
        return frozenset(name_key(p) for p in self.players)

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "table": self.table, "players": list(self.players)}


class Schedule:
    """The tables of a tournament; attributes games to them (:class:`Tables` of judgement)."""

    def __init__(self, file: str, tables: Iterable[Table], event: str | None = None) -> None:
        self.file = file
        self.event = event
        self.tables = list(tables)
        seen: dict[tuple[str, str], Table] = {}
        seated: dict[tuple[str, str], Table] = {}
        for table in self.tables:
            if not MIN_PLAYERS <= len(table.players) <= MAX_PLAYERS:
                raise ScheduleError(
                    file,
                    table.line,
                    f"{table.label} has {len(table.players)} player"
                    f"{'s' * (len(table.players) != 1)}; a table seats {MIN_PLAYERS} to "
                    f"{MAX_PLAYERS}",
                )
            place = (name_key(table.round), name_key(table.table))
            if place in seen:
                raise ScheduleError(
                    file,
                    table.line,
                    f"{table.label} is listed twice (also line {seen[place].line})",
                )
            seen[place] = table
            for player in table.players:
                if not player.strip():
                    raise ScheduleError(file, table.line, f"{table.label} has an empty name")
                who = (name_key(table.round), name_key(player))
                if who in seated:
                    other = seated[who]
                    raise ScheduleError(
                        file,
                        table.line,
                        f'"{player}" sits at two tables of round {table.round}: '
                        f"{other.label} (line {other.line}) and {table.label}",
                    )
                seated[who] = table
        if not self.tables:
            raise ScheduleError(file, None, "the schedule lists no table")

    def attribute(self, entry: Any) -> None:
        """Set ``entry.table`` (the label of its table, or None) and ``entry.mismatch``."""
        written = {name_key(name): name for _, name in entry.roster}
        players = frozenset(written)
        problems = []
        if self.event is not None and name_key(entry.event or "") != name_key(self.event):
            problems.append(f'[Event "{entry.event or ""}"] is not the schedule\'s "{self.event}"')
        exact = [t for t in self.tables if t.key == players]
        round_ = name_key(entry.round or "")
        if round_:
            here = [t for t in exact if name_key(t.round) == round_]
            if here:
                table: Table | None = here[0]
            elif exact:
                table = exact[0]
                rounds = ", ".join(t.round for t in exact)
                problems.append(
                    f'[Round "{entry.round}"], but these players sit together in round {rounds}'
                )
            else:
                table = self._nearest(
                    players, [t for t in self.tables if name_key(t.round) == round_]
                )
                problems.append(self._other_players(written, table, entry.round))
        elif len(exact) == 1:
            table = exact[0]
        elif exact:
            table = None
            rounds = ", ".join(t.round for t in exact)
            problems.append(f"no [Round] header, and these players sit together in rounds {rounds}")
        else:
            table = self._nearest(players, self.tables)
            problems.append(self._other_players(written, table, None))
        entry.table = table.label if table is not None else None
        entry.mismatch = "; ".join(problems) or None

    @staticmethod
    def _nearest(players: frozenset[str], tables: list[Table]) -> Table | None:
        """The table sharing most players with the game (None when none shares one)."""
        best = max(tables, key=lambda t: len(t.key & players), default=None)
        return best if best is not None and best.key & players else None

    @staticmethod
    def _other_players(written: dict[str, str], table: Table | None, round_: str | None) -> str:
        if table is None:
            where = f"round {round_}" if round_ else "the schedule"
            return f"no table of {where} has these players"
        extra = [written[key] for key in sorted(set(written) - table.key)]
        missing = [p for p in table.players if name_key(p) not in written]
        parts = []
        if extra:
            parts.append(f"{', '.join(extra)} not seated there")
        if missing:
            parts.append(f"{', '.join(missing)} missing")
        return f"the players do not match {table.label}: {'; '.join(parts)}"

    def missing(self, labels: set[str]) -> list[Table]:
        """The tables no game was attributed to (``labels``: the tables that have one)."""
        return [t for t in self.tables if t.label not in labels]

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "event": self.event,
            "tables": [t.to_json() for t in self.tables],
        }


def load_schedule(path: str, shown: str | None = None) -> Schedule:
    """Read the schedule at ``path`` (TOML unless its name ends in ``.csv``)."""
    name = shown or path
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as problem:
        raise ScheduleError(name, None, f"cannot read: {problem.strerror or problem}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        line = data[: problem.start].count(b"\n") + 1
        raise ScheduleError(name, line, "not UTF-8") from None
    if path.lower().endswith(".csv"):
        return _from_csv(name, text)
    return _from_toml(name, text)


def _from_toml(name: str, text: str) -> Schedule:
    import tomllib  # here: only a schedule file needs it

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        line = _toml_line(str(problem), text)
        raise ScheduleError(name, line, f"not valid TOML: {problem}") from None
    lines = [n for n, row in enumerate(text.splitlines(), 1) if row.strip().startswith("[[table]]")]
    unknown = sorted(set(data) - {"event", "table"})
    if unknown:
        raise ScheduleError(name, None, f"unknown key '{unknown[0]}' (expected event, [[table]])")
    event = data.get("event")
    if event is not None and not isinstance(event, str):
        raise ScheduleError(name, None, "'event' must be a string")
    rows = data.get("table", [])
    if not isinstance(rows, list):
        raise ScheduleError(name, None, "'table' must be an array of tables: [[table]]")
    tables = []
    for index, row in enumerate(rows):
        line = lines[index] if index < len(lines) else 0
        if not isinstance(row, dict):
            raise ScheduleError(name, line, "a [[table]] must be a table")
        for key in ("round", "table", "players"):
            if key not in row:
                raise ScheduleError(name, line, f"this [[table]] has no '{key}'")
        extra = sorted(set(row) - {"round", "table", "players"})
        if extra:
            raise ScheduleError(name, line, f"unknown key '{extra[0]}' in [[table]]")
        players = row["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ScheduleError(name, line, "'players' must be a list of names")
        for key in ("round", "table"):
            if not isinstance(row[key], (int, str)) or isinstance(row[key], bool):
                raise ScheduleError(name, line, f"'{key}' must be a number or a name")
        tables.append(Table(str(row["round"]), str(row["table"]), tuple(players), line))
    return Schedule(name, tables, event)


def _toml_line(message: str, text: str) -> int | None:
    """The line tomllib's message names (the last line for "at end of document")."""
    marker = "(at line "
    if "(at end of document)" in message:
        return max(1, len(text.splitlines()))
    if marker not in message:
        return None
    digits = message.split(marker, 1)[1].split(",")[0].split(")")[0]
    return int(digits) if digits.isdigit() else None


def _from_csv(name: str, text: str) -> Schedule:
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None:
        raise ScheduleError(name, None, "the schedule is empty")
    columns = [h.strip().lower() for h in header]
    if columns[:2] != ["round", "table"] or len(columns) < 3:
        raise ScheduleError(
            name, 1, "expected a header 'round,table,player1,player2,…' (round and table first)"
        )
    tables = []
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(columns):
            raise ScheduleError(
                name, line, f"{len(row)} cells, but the header names {len(columns)} columns"
            )
        round_, table = row[0].strip(), row[1].strip() if len(row) > 1 else ""
        if not round_ or not table:
            raise ScheduleError(name, line, "a line needs a round and a table")
        players = tuple(cell.strip() for cell in row[2:] if cell.strip())
        tables.append(Table(round_, table, players, line))
    return Schedule(name, tables)
