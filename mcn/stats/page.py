"""``mcn stats --format html``: one offline page, the tables of the text report with charts.

The page is a document of the results site (:func:`mcn.site.pages.document`: the viewer's
palette and fonts, the stylesheet inline under a Content-Security-Policy that allows nothing
else — no script, nothing fetched), so it opens from ``file://`` and can be published.

The charts are inline SVG drawn here, on purpose kept to two marks: a bar for a rate or a mean
and a line with end ticks for its 95 % interval, with a dashed reference line (the win rate of
an equal chance, 1 in N). That is all a figure with its interval needs, and drawing it from
the numbers is a few lines; a plotting library (pygal, matplotlib) would be a heavy optional
dependency for it and would bring its own styles and scripts into a page whose policy forbids
them. Every text of a record (player names, file names) is escaped (:func:`mcn.site.pages.e`);
SVG attributes only ever receive numbers computed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mcn.site.build import PublicNames
from mcn.site.pages import bullet_list, document, e, table
from mcn.stats.intervals import Mean, Rate
from mcn.stats.render import Table, block_title, tables
from mcn.stats.report import Report
from mcn.stats.tally import TITLES, Block
from mcn.views.render import clean

_WIDTH: Final = 640
_LABEL: Final = 230
_ROW: Final = 22
_BAR: Final = "#c9a27a"
_WHISKER: Final = "#231f1a"
_REFERENCE: Final = "#7a3e12"


def stats_page(report: Report, paths: Sequence[str], files: Sequence[str]) -> str:
    """The whole page."""
    public = PublicNames(paths, files)
    counted = report.summary.get("counted", 0)
    subtitle = (
        f"{counted} games counted · 95 % intervals: rates Wilson, means Student's t · "
        "place 1 = winner · space: the soul's final space (negative toward Heaven)"
    )
    parts = []
    for block in report.tally.sorted_blocks():
        parts.append(f"<h2>{e(block_title(block))}</h2>")
        parts.append(_charts(block, report.tally.by))
        for item in tables(block, report.tally.by):
            parts.append(_table(item))
    if not report.tally.blocks:
        parts.append('<p class="card">No valid finished game to count.</p>')
    if report.excluded:
        parts.append(f"<h2>Not counted ({len(report.excluded)})</h2>")
        items = []
        for x in report.excluded:
            game = f" game {x.game}" if x.game else ""
            items.append(e(public.scrub(f"{public(x.file)}{game}: {x.kind}: {x.reason}")))
        parts.append(bullet_list(items))
    if report.encodings:
        parts.append("<h2>Encodings guessed</h2>")
        notes = (e(public.scrub(f"{public(n.file)}: {n.message}")) for n in report.encodings)
        parts.append(bullet_list(notes))
    return document("Statistics", "Statistics", subtitle, "\n".join(parts), "", ())


def _table(item: Table) -> str:
    headings = [(h, i > 0) for i, h in enumerate(item.headings)]
    rows = [[e(clean(cell)) for cell in row] for row in item.rows]
    return f"<h3>{e(item.title)}</h3>" + table(headings, rows, "stats")


def _charts(block: Block, by: Sequence[str]) -> str:
    charts = []
    chance = 1 / block.players
    for grouping in by:
        rows = [(g.label, g.win) for g in block.rows(grouping)]
        title = f"Win rate — {TITLES[grouping]}"
        charts.append(bar_chart(title, rows, 1.0, chance, f"1 in {block.players}"))
    bids = [(b.label, b.notches) for _, b in sorted(block.bids_by_round.items())]
    charts.append(bar_chart("Bid notches by round (mean)", bids, 6.0, None, ""))
    endings = block.ending_rates(block.finished_by)
    charts.append(bar_chart("How the second cathedral was finished", list(endings), 1.0, None, ""))
    return '<div class="card charts">' + "".join(charts) + "</div>"


def bar_chart(
    title: str,
    rows: Sequence[tuple[str, Rate | Mean]],
    top: float,
    reference: float | None,
    reference_label: str,
) -> str:
    """Horizontal bars from 0 to ``top`` (a rate: 0-100 %), each with its interval."""
    if not rows:
        return ""
    span = _WIDTH - _LABEL - 70
    height = _ROW * len(rows) + 30
    percent = top == 1.0

    def x(value: float) -> float:
        return _LABEL + span * max(0.0, min(value, top)) / top

    marks = [
        f'<svg class="chart" role="img" viewBox="0 0 {_WIDTH} {height}" width="100%" '
        f'preserveAspectRatio="xMinYMin meet"><title>{e(title)}</title>',
        f'<text x="0" y="14" font-weight="650" font-size="13">{e(title)}</text>',
    ]
    for index, (label, figure) in enumerate(rows):
        y = 24 + index * _ROW
        value = figure.value
        marks.append(f'<text x="0" y="{y + 14}" font-size="12">{e(clean(_short(label)))}</text>')
        if value is None:
            continue
        marks.append(
            f'<rect x="{_LABEL}" y="{y + 3}" width="{x(value) - _LABEL:.1f}" height="{_ROW - 8}" '
            f'fill="{_BAR}"/>'
        )
        bounds = figure.interval()
        if bounds is not None:
            low, high = x(bounds[0]), x(bounds[1])
            mid = y + _ROW / 2 - 1
            marks.append(
                f'<path d="M{low:.1f} {mid:.1f}H{high:.1f}M{low:.1f} {mid - 5:.1f}V{mid + 5:.1f}'
                f'M{high:.1f} {mid - 5:.1f}V{mid + 5:.1f}" stroke="{_WHISKER}" '
                'stroke-width="1.5" fill="none"/>'
            )
        shown = f"{100 * value:.1f} %" if percent else f"{value:.2f}"
        marks.append(f'<text x="{_WIDTH - 64}" y="{y + 14}" font-size="12">{e(shown)}</text>')
    if reference is not None:
        at = x(reference)
        bottom = 24 + _ROW * len(rows)
        marks.append(
            f'<path d="M{at:.1f} 20V{bottom}" stroke="{_REFERENCE}" stroke-dasharray="4 3" '
            'fill="none"/>'
        )
        marks.append(
            f'<text x="{at + 3:.1f}" y="{bottom + 4}" font-size="11" fill="{_REFERENCE}">'
            f"{e(reference_label)}</text>"
        )
    marks.append("</svg>")
    return "".join(marks)


def _short(label: str) -> str:
    return label if len(label) <= 34 else label[:33] + "…"
