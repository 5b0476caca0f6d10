"""``mcn stats`` as text, Markdown and CSV (JSON: :meth:`mcn.stats.report.Report.to_json`;
HTML: :mod:`mcn.stats.page`).

Text and Markdown show the same tables (:func:`tables`): a rate as ``25.8 % (23.4–28.4)``
(its Wilson interval), a mean as ``2.48 ± 0.06`` (half the width of its t interval, which is
symmetric). CSV is one tidy table, a row per figure, with the interval's bounds in columns of
their own, for a spreadsheet or a plotting script. Player names are untrusted: the terminal
sees them through :func:`mcn.views.render.clean`, Markdown escaped, CSV never as a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from mcn.archive.standings import csv_cell, markdown_cell
from mcn.stats.intervals import Mean, Rate
from mcn.stats.report import Report
from mcn.stats.tally import TITLES, Bids, Block, Group
from mcn.views.render import clean

_GROUP_HEADINGS = ("", "n", "wins", "win rate (95 % CI)", "place", "money", "letters", "space")
_BID_HEADINGS = ("", "bids", "notches", "taler", "value")
_END_HEADINGS = ("", "n", "money", "letters", "sets", "space")
_SHARE_HEADINGS = ("", "games", "share (95 % CI)")


@dataclass(frozen=True, slots=True)
class Table:
    """One table of the report: a title, headings, rows of cells (the first one a label)."""

    title: str
    headings: tuple[str, ...]
    rows: list[list[str]]


def _md(text: str) -> str:
    """Text safe in a Markdown cell: no control character, no markup."""
    return markdown_cell(clean(text))


def rate_text(rate: Rate) -> str:
    bounds = rate.interval()
    if rate.value is None or bounds is None:
        return "–"
    low, high = bounds
    return f"{100 * rate.value:.1f} % ({100 * low:.1f}–{100 * high:.1f})"


def mean_text(mean: Mean, digits: int = 2) -> str:
    if mean.value is None:
        return "–"
    bounds = mean.interval()
    if bounds is None:
        return f"{mean.value:.{digits}f}"
    return f"{mean.value:.{digits}f} ± {(bounds[1] - bounds[0]) / 2:.{digits}f}"


def _group_row(group: Group) -> list[str]:
    return [
        group.label,
        str(group.win.trials),
        str(group.win.successes),
        rate_text(group.win),
        mean_text(group.place),
        mean_text(group.money, 1),
        mean_text(group.letters, 1),
        mean_text(group.space, 1),
    ]


def _bid_row(bids: Bids) -> list[str]:
    return [
        bids.label,
        str(bids.notches.count),
        mean_text(bids.notches),
        mean_text(bids.taler),
        mean_text(bids.value),
    ]


def _end_row(group: Group) -> list[str]:
    return [
        group.label,
        str(group.win.trials),
        mean_text(group.money, 1),
        mean_text(group.letters, 1),
        mean_text(group.sets),
        mean_text(group.space, 1),
    ]


def block_title(block: Block) -> str:
    games = f"{block.games} game{'s' * (block.games != 1)}"
    return f"{block.players} players — {games}"


def tables(block: Block, by: tuple[str, ...]) -> list[Table]:
    """The tables of one block (one number of players), in the report's order."""
    out = []
    for grouping in by:
        title = TITLES[grouping]
        if grouping == "seat" and block.unseated:
            title += f" ({block.unseated} player-games from a start position left out)"
        out.append(Table(title, _GROUP_HEADINGS, [_group_row(g) for g in block.rows(grouping)]))
    by_round = [block.bids_by_round[r] for r in sorted(block.bids_by_round)]
    out.append(Table("Bids by round", _BID_HEADINGS, [_bid_row(b) for b in by_round]))
    by_character = sorted(block.bids_by_character.values(), key=lambda b: b.order)
    out.append(
        Table("Bids by the character won", _BID_HEADINGS, [_bid_row(b) for b in by_character])
    )
    ends = [block.end[who] for who in ("winners", "others", "all")]
    out.append(Table("At the end of the game", _END_HEADINGS, [_end_row(g) for g in ends]))
    out.append(
        Table(
            "Game length",
            ("", "games", "mean"),
            [
                ["rounds", str(block.rounds.count), mean_text(block.rounds)],
                ["decisions", str(block.decisions.count), mean_text(block.decisions, 1)],
            ],
        )
    )
    counts = [
        [
            f"{r} rounds",
            str(block.round_counts[r]),
            rate_text(Rate(block.round_counts[r], block.games)),
        ]
        for r in sorted(block.round_counts)
    ]
    out.append(Table("Games by length in rounds", _SHARE_HEADINGS, counts))
    for title, counter in (
        ("How the second cathedral was finished (the game's end, R-END-1)", block.finished_by),
        ("Who won (R-END-3)", block.won_by),
    ):
        rows = [[label, str(r.successes), rate_text(r)] for label, r in block.ending_rates(counter)]
        out.append(Table(title, _SHARE_HEADINGS, rows))
    return out


def _intro(report: Report) -> list[str]:
    summary = report.summary
    counted = summary.get("counted", 0)
    read = sum(summary.values())
    apart = [f"{n} {status}" for status, n in summary.items() if n and status != "counted"]
    left = f" ({', '.join(apart)}: not counted)" if apart else ""
    return [
        f"{counted} of {read} games counted{left}",
        "Intervals: 95 %; rates: Wilson score interval; means: Student's t (± half its width).",
        "place: 1 = winner; space: the soul's final space (negative toward Heaven).",
    ]


def _apart(report: Report, escape: Callable[[str], str]) -> Iterator[str]:
    for note in report.encodings:
        yield escape(f"{note.file}: encoding guessed: {note.message}")
    if report.excluded:
        yield f"Not counted ({len(report.excluded)}):"
        for entry in report.excluded:
            game = f" game {entry.game}" if entry.game else ""
            yield escape(f"  {entry.file}{game}: {entry.kind}: {entry.reason}")


def render_text(report: Report) -> str:
    out = [*_intro(report), ""]
    for block in report.tally.sorted_blocks():
        out += [block_title(block), "=" * len(block_title(block)), ""]
        for table in tables(block, report.tally.by):
            out += [*_text_table(table), ""]
    if not report.tally.blocks:
        out += ["No valid finished game to count.", ""]
    out += list(_apart(report, clean))
    return "\n".join(out).rstrip("\n") + "\n"


def _text_table(table: Table) -> list[str]:
    rows = [list(table.headings)] + [[clean(c) for c in row] for row in table.rows]
    widths = [max(len(r[i]) for r in rows) for i in range(len(table.headings))]
    lines = [clean(table.title)]
    for row in rows:
        cells = (
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        )
        lines.append("  " + "  ".join(cells).rstrip())
    if not table.rows:
        lines.append("  (none)")
    return lines


def render_markdown(report: Report) -> str:
    out = [_md(line) + "  " for line in _intro(report)] + [""]
    for block in report.tally.sorted_blocks():
        out += [f"## {_md(block_title(block))}", ""]
        for table in tables(block, report.tally.by):
            out += [f"### {_md(table.title)}", ""]
            headings = [h or " " for h in table.headings]
            out.append("| " + " | ".join(_md(h) for h in headings) + " |")
            out.append("|---|" + "---:|" * (len(headings) - 1))
            out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in table.rows]
            out.append("")
    if not report.tally.blocks:
        out += ["No valid finished game to count.", ""]
    apart = [line.strip() for line in _apart(report, markdown_cell)]
    if apart:
        listed = [line for line in apart if not line.startswith("Not counted (")]
        out += ["## Not counted", ""] + [f"- {line}" for line in listed] + [""]
    return "\n".join(out)


CSV_HEADINGS = ("players", "section", "row", "figure", "n", "k", "value", "low", "high")


def render_csv(report: Report) -> str:
    """One row per figure: ``players, section, row, figure, n, k, value, low, high``
    (``k``: the successes of a rate; empty for a mean)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_HEADINGS)
    for block in report.tally.sorted_blocks():
        for section, row, figure, value in _figures(block, report.tally.by):
            writer.writerow([str(block.players), section, csv_cell(row), figure, *_numbers(value)])
    return buffer.getvalue()


def _numbers(value: Rate | Mean) -> list[str]:
    bounds = value.interval()
    low, high = ("", "") if bounds is None else (_num(bounds[0]), _num(bounds[1]))
    if isinstance(value, Rate):
        shown = "" if value.value is None else _num(value.value)
        return [str(value.trials), str(value.successes), shown, low, high]
    shown = "" if value.value is None else _num(value.value)
    return [str(value.count), "", shown, low, high]


def _num(value: float) -> str:
    return f"{value:.6g}"


def _figures(block: Block, by: tuple[str, ...]) -> Iterator[tuple[str, str, str, Rate | Mean]]:
    for grouping in by:
        for group in block.rows(grouping):
            yield from _group_figures(grouping, group)
    for r in sorted(block.bids_by_round):
        yield from _bid_figures("bids by round", block.bids_by_round[r])
    for bids in sorted(block.bids_by_character.values(), key=lambda b: b.order):
        yield from _bid_figures("bids by character", bids)
    for who in ("winners", "others", "all"):
        yield from _group_figures("end", block.end[who])
    yield "length", "all games", "rounds", block.rounds
    yield "length", "all games", "decisions", block.decisions
    for r in sorted(block.round_counts):
        yield "length", f"{r} rounds", "share", Rate(block.round_counts[r], block.games)
    for label, rate in block.ending_rates(block.finished_by):
        yield "finished by", label, "share", rate
    for label, rate in block.ending_rates(block.won_by):
        yield "won by", label, "share", rate


def _group_figures(section: str, group: Group) -> Iterator[tuple[str, str, str, Rate | Mean]]:
    if section != "end":
        yield section, group.label, "win rate", group.win
        yield section, group.label, "place", group.place
    for figure in ("money", "letters", "sets", "space"):
        yield section, group.label, figure, getattr(group, figure)


def _bid_figures(section: str, bids: Bids) -> Iterator[tuple[str, str, str, Rate | Mean]]:
    for figure in ("notches", "taler", "value"):
        yield section, bids.label, figure, getattr(bids, figure)
