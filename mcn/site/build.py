"""The pages of the results site, built from one judgement of the folder and its standings.

What the site shows is what ``validate`` and ``standings`` decided (:mod:`mcn.archive`): the
standings, a crosstable of every pair of players, the games by round (a schedule's tables or
the records' ``[Round]`` headers), every counted game as its ``mcn html`` page, and the
submissions not counted with their reasons. It is meant to be published, so nothing of the
organiser's machine reaches it: file names are shown relative to the paths given
(:class:`PublicNames`), reasons lose control characters, and an internal error is named
without its details.

Each page is handed to the caller's writer as soon as it is made, and a game's page is made
from its source text once the judgement has decided the game counts: what is held at once is
the judgement's compact entries and one page, never the whole site (a counted game's page is
about 200 KB; a 100 MB archive's site held them all before, issue 34).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from mcn.archive.judgement import (
    CONFLICT,
    COUNTED,
    DUPLICATE,
    INVALID,
    SUPERSEDED,
    UNFINISHED,
    Entry,
    Outcome,
    missing_text,
)
from mcn.archive.standings import Row, Standings, Table, number, rules_lines, why_not_counted
from mcn.archive.verdict import name_key
from mcn.engine.constants import colour_name
from mcn.html import render_page
from mcn.notation import parse
from mcn.replay import replay_game
from mcn.site.pages import bullet_list, document, e, table
from mcn.views.projection import EVERYTHING
from mcn.views.render import clean

_BACK: Final = '<header class="top">'
#: Which statuses the "not counted" page lists, in order, and under which heading.
_APART: Final = (
    (CONFLICT, "Conflicting submissions (counted for nobody until the organiser decides)"),
    (INVALID, "Invalid submissions"),
    (UNFINISHED, "Unfinished games"),
    (DUPLICATE, "Copies of games counted elsewhere"),
    (SUPERSEDED, "Superseded submissions"),
)


class PublicNames:
    """File names as the site shows them: relative to the path given on the command line (a
    folder's name kept when several paths were given), never a path of the machine."""

    def __init__(self, paths: Sequence[str], files: Sequence[str]) -> None:
        self.names: dict[str, str] = {}
        several = len(paths) > 1
        for path in files:
            self.names[path] = self._public(path, paths, several)

    @staticmethod
    def _public(path: str, roots: Sequence[str], several: bool) -> str:
        if path == "-":
            return "<stdin>"
        for root in roots:
            if os.path.isdir(root):
                inside = os.path.relpath(path, root)
                if not inside.startswith(".."):
                    base = os.path.basename(os.path.normpath(os.path.abspath(root)))
                    return f"{base}/{inside}" if several else inside
            elif os.path.abspath(root) == os.path.abspath(path):
                return os.path.basename(path)
        return os.path.basename(path)

    def __call__(self, path: str) -> str:
        return self.names.get(path, os.path.basename(path))

    def scrub(self, text: str) -> str:
        """``text`` with every file name made public and no control character; an internal
        error is named without its details (the organiser sees them in ``mcn validate``)."""
        if "internal error" in text:
            return "could not be checked (an internal error of mcn; the organiser has the details)"
        for read, shown in sorted(self.names.items(), key=lambda kv: -len(kv[0])):
            text = text.replace(read, shown)
            absolute = os.path.abspath(read)
            if absolute != read:
                text = text.replace(absolute, shown)
        return clean(text)


#: Where a page goes: ``write(relative path, HTML text)`` (the command's safe writer).
Writer = Callable[[str, str], None]


@dataclass(slots=True)
class Site:
    """The site's files as written: their relative paths, in the order they were written."""

    pages: list[str] = field(default_factory=list)

    @property
    def games(self) -> int:
        """How many of them are game pages (``games/game-NNN.html``)."""
        return sum(1 for name in self.pages if name.startswith("games/"))


def build_site(
    outcome: Outcome,
    standings: Standings,
    text_of: Callable[[Entry], str | None],
    public: PublicNames,
    write: Writer,
    board: object | None = None,
) -> Site:
    """Write every page of the site through ``write``, each as soon as it is made (the game
    pages first, then the pages that link to them); ``text_of``: a counted game's source
    text. An error of ``write`` propagates: the pages written before it stay."""
    site = Site()
    counted = [entry for entry in outcome.entries if entry.status == COUNTED]
    links = _game_pages(site, write, counted, text_of, board)
    heading = " · ".join(standings.events) or "Results"
    subtitle = ", ".join(x for x in (_when(standings), f"{len(counted)} games counted") if x)
    names = ["index.html", "standings.html", "crosstable.html", "games.html", "submissions.html"]
    rounds = any(e.round or e.table for e in counted) or bool(outcome.missing)

    def page(name: str, title: str, body: str) -> None:
        write(name, document(f"{title} — {heading}", heading, subtitle, body, name, names))
        site.pages.append(name)

    page("index.html", "Overview", _index(outcome, standings, counted, rounds))
    page("standings.html", "Standings", _standings(standings, public))
    page("crosstable.html", "Crosstable", _crosstable(standings, counted))
    page("games.html", "Rounds" if rounds else "Games", _games(outcome, counted, links, rounds))
    page("submissions.html", "Not counted", _apart(outcome, public))
    return site


def _when(standings: Standings) -> str:
    dates = standings.dates
    return dates[0] if len(dates) == 1 else f"{dates[0]} – {dates[-1]}" if dates else ""


def standings_page(standings: Standings, public: PublicNames) -> str:
    """``mcn standings --format html``: one publishable page in the site's look — the events
    and dates in its title, the scoring and tie-breaks, the tables, and what was not counted
    with public-safe reasons (file names relative to the paths given)."""
    heading = " · ".join(standings.events) or "Standings"
    counted = sum(t.games for t in standings.tables)
    subtitle = ", ".join(
        x for x in ("Standings", _when(standings), f"{counted} games counted") if x
    )
    parts = [_standings(standings, public)]
    if standings.missing:
        parts.append("<h2>Tables that handed in nothing</h2>")
        parts.append(bullet_list(e(missing_text(t)) for t in standings.missing))
    if standings.excluded:
        parts.append(f"<h2>Not counted ({len(standings.excluded)})</h2>")
        parts.append(
            bullet_list(
                _item(public, x.file, x.game, f"{x.kind}: {x.reason}") for x in standings.excluded
            )
        )
    if standings.encodings:
        parts.append("<h2>Encodings guessed</h2>")
        parts.append(bullet_list(_item(public, n.file, 0, n.message) for n in standings.encodings))
    body = "\n".join(parts)
    return document(f"Standings — {heading}", heading, subtitle, body, "", ())


def _rules(standings: Standings) -> str:
    return (
        '<div class="card rules">'
        + "".join(f"<p>{e(x)}</p>" for x in rules_lines(standings))
        + "</div>"
    )


def _index(outcome: Outcome, standings: Standings, counted: list[Entry], rounds: bool) -> str:
    parts = ["<h2>How the results were made</h2>", _rules(standings)]
    apart = len(outcome.entries) - len(counted) + len(outcome.problems)
    players = len(standings.tables[0].rows) if standings.tables else 0
    scope = (
        f"{players} players" if len(standings.tables) <= 1 else f"{len(standings.tables)} events"
    )
    games = "Rounds" if rounds else "Games"
    items = [
        f'<a href="standings.html">Standings</a>: {scope}',
        '<a href="crosstable.html">Crosstable</a>: every pair of players',
        f'<a href="games.html">{games}</a>: {len(counted)} games counted, each with its record',
        f'<a href="submissions.html">Not counted</a>: {apart} submissions, with the reasons',
    ]
    parts += ["<h2>Pages</h2>", bullet_list(items)]
    if standings.tables and standings.tables[0].rows:
        leaders = [r for r in standings.tables[0].rows if r.rank <= 3]
        parts.append("<h2>Leaders</h2>")
        parts.append(
            bullet_list(f"{r.rank}. {e(r.name)} — {e(_points(r))} points" for r in leaders)
        )
    if outcome.missing:
        parts.append("<h2>Tables that handed in nothing</h2>")
        parts.append(bullet_list(e(missing_text(t)) for t in outcome.missing))
    return "\n".join(parts)


def _places(row: Row) -> str:
    return "·".join(str(count) for count in row.places)


def _points(row: Row) -> str:
    value = number(row.points)
    return str(value)


def _title(table_: Table) -> str:
    return table_.event or "(no event)" if table_.event is not None else "All games"


def _standings(standings: Standings, public: PublicNames) -> str:
    parts = [_rules(standings)]
    headings = [
        ("Rank", True),
        ("Player", False),
        ("Games", True),
        ("Wins", True),
        ("Places 1st–4th", True),
        ("Points", True),
    ]
    for table_ in standings.tables:
        parts.append(f"<h2>{e(_title(table_))} — {table_.games} games</h2>")
        rows = [
            [
                str(r.rank),
                e(r.name),
                str(r.games),
                str(r.wins),
                "·".join(map(str, r.places)),
                e(_points(r)),
            ]
            for r in table_.rows
        ]
        parts.append(table(headings, rows))
    if not standings.tables:
        parts.append("<p>No valid finished game to count.</p>")
    if standings.warnings:
        parts.append("<h2>Notes</h2>")
        parts.append(bullet_list(e(public.scrub(w)) for w in standings.warnings))
    return "\n".join(parts)


def _crosstable(standings: Standings, counted: list[Entry]) -> str:
    """For each pair of players: the games they played together and who placed higher."""
    meetings: dict[tuple[str, str], list[int]] = {}
    for entry in counted:
        for colour, name, place in entry.placings:
            for other_colour, rival, other_place in entry.placings:
                if other_colour == colour:
                    continue
                key = (name_key(name or colour), name_key(rival or other_colour))
                counts = meetings.setdefault(key, [0, 0, 0])  # higher, lower, shared
                counts[0 if place < other_place else 1 if place > other_place else 2] += 1
    parts = [
        '<p class="muted">Row player against column player: times placed higher – times '
        "placed lower (= shared places), and in brackets the games they played together.</p>"
    ]
    for table_ in standings.tables:
        lines = table_.rows
        parts.append(f"<h2>{e(_title(table_))}</h2>")
        numbers = [(str(i), True) for i in range(1, len(lines) + 1)]
        headings = [("#", True), ("Player", False), *numbers]
        body = []
        for i, line in enumerate(lines, 1):
            cells = [str(i), e(line.name)]
            for j, other in enumerate(lines, 1):
                if i == j:
                    cells.append("—")
                    continue
                tally = meetings.get((line.key, other.key))
                if tally is None:
                    cells.append('<span class="muted">·</span>')
                    continue
                games = sum(tally)
                shared = f" ={tally[2]}" if tally[2] else ""
                title = f"{line.name} and {other.name}: {games} game{'s' * (games != 1)} together"
                cells.append(
                    f'<span title="{e(title)}">{tally[0]}–{tally[1]}{shared}</span> '
                    f'<span class="muted">({games})</span>'
                )
            body.append(cells)
        parts.append(table(headings, body, "cross"))
    return "\n".join(parts)


def _game_pages(
    site: Site,
    write: Writer,
    counted: list[Entry],
    text_of: Callable[[Entry], str | None],
    board: object | None,
) -> dict[tuple[str, int], str]:
    """Write each counted game's ``mcn html`` page (games/game-001.html, …) as it is made;
    the link to each."""
    links: dict[tuple[str, int], str] = {}
    for index, entry in enumerate(counted, 1):
        text = text_of(entry)
        if text is None:
            continue
        games = parse(text).games
        if not games:
            continue
        replay = replay_game(games[0], keep_states=True, board=board)  # type: ignore[arg-type]
        page = render_page(games[0], replay, EVERYTHING)
        back = (
            '<header class="top"><p class="note"><a href="../index.html">← Results</a> · '
            '<a href="../games.html">All games</a></p>'
        )
        name = f"games/game-{index:03}.html"
        write(name, page.replace(_BACK, back, 1))
        site.pages.append(name)
        links[(entry.file, entry.game)] = name
    return links


def _placings(entry: Entry) -> str:
    return ", ".join(
        f"{place}. {e(name or colour_name(colour))} ({e(colour_name(colour))})"
        for colour, name, place in entry.placings
    )


def _round_of(entry: Entry) -> str:
    if entry.table is not None and entry.mismatch is None:
        return entry.table.split(",")[0].replace("round ", "")
    return (entry.round or "").strip() or "—"


def _games(
    outcome: Outcome, counted: list[Entry], links: dict[tuple[str, int], str], rounds: bool
) -> str:
    groups: dict[str, list[Entry]] = {}
    for entry in counted:
        groups.setdefault(_round_of(entry) if rounds else "", []).append(entry)
    parts = []
    for label in sorted(groups, key=_round_order):
        if rounds:
            parts.append(f"<h2>{'Round ' + e(label) if label != '—' else 'Without a round'}</h2>")
        rows = []
        for entry in groups[label]:
            href = links.get((entry.file, entry.game))
            link = f'<a href="{e(href)}">record</a>' if href else ""
            seat = entry.table.split(", ", 1)[-1] if entry.table else "—"
            rows.append([e(seat), e(entry.event or ""), _placings(entry), link])
        parts.append(
            table([("Table", False), ("Event", False), ("Placings", False), ("Game", False)], rows)
        )
        missing = [t for t in outcome.missing if rounds and t.label.startswith(f"round {label},")]
        if missing:
            parts.append(bullet_list(e(missing_text(t)) for t in missing))
    others = [
        t for t in outcome.missing if not any(t.label.startswith(f"round {g},") for g in groups)
    ]
    if others:
        parts.append("<h2>Tables that handed in nothing</h2>")
        parts.append(bullet_list(e(missing_text(t)) for t in others))
    if not counted:
        parts.append("<p>No game counted.</p>")
    return "\n".join(parts)


def _round_order(label: str) -> tuple[int, int | str]:
    return (0, int(label)) if label.isdigit() else (1, label)


def _apart(outcome: Outcome, public: PublicNames) -> str:
    parts = [
        '<p class="muted">Every submission that does not count, and why. File names are '
        "relative to the submissions folder.</p>"
    ]
    for status, heading in _APART:
        entries = [x for x in outcome.entries if x.status == status]
        if not entries:
            continue
        parts.append(f"<h2>{e(heading)} ({len(entries)})</h2>")
        items = []
        for entry in entries:
            reason = why_not_counted(entry)
            items.append(
                f"<strong>{e(public(entry.file))}</strong> game {entry.game}: "
                f'<span class="status {e(status)}">{e(status)}</span> — {e(public.scrub(reason))}'
            )
        parts.append(bullet_list(items))
    flagged = [x for x in outcome.entries if x.mismatch and x.status == COUNTED]
    if flagged:
        parts.append(f"<h2>Counted, but not as scheduled ({len(flagged)})</h2>")
        parts.append(bullet_list(_item(public, x.file, x.game, x.mismatch or "") for x in flagged))
    if outcome.problems:
        parts.append(f"<h2>Files without a game ({len(outcome.problems)})</h2>")
        parts.append(
            bullet_list(
                f"<strong>{e(public(n.file))}</strong>: {e(public.scrub(n.message))}"
                for n in outcome.problems
            )
        )
    if outcome.encodings:
        parts.append("<h2>Encodings guessed</h2>")
        parts.append(
            bullet_list(
                f"<strong>{e(public(n.file))}</strong>: {e(public.scrub(n.message))}"
                for n in outcome.encodings
            )
        )
    if len(parts) == 1:
        parts.append("<p>Every submission counts.</p>")
    return "\n".join(parts)


def _item(public: PublicNames, file: str, game: int, text: str) -> str:
    """One line of the "not counted" page: the public file name, the game, the reason."""
    which = f" game {game}" if game else ""
    return f"<strong>{e(public(file))}</strong>{which}: {e(public.scrub(text))}"
