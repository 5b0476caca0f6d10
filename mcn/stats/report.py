"""The report of ``mcn stats``: the tally of the counted games and what was left out, and its
JSON form (schemas/stats.schema.json).

The games counted are exactly those ``mcn standings`` counts — one judgement of the folder
(:mod:`mcn.archive.judgement`): valid, finished, and of several copies of one game only the
copy that counts. Every other game, and every file without a game, is listed apart with the
reason standings gives (:func:`mcn.archive.standings.why_not_counted`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from mcn.archive.judgement import CONFLICT, INVALID, STATUSES, FileNote, Outcome
from mcn.archive.standings import Excluded, why_not_counted
from mcn.stats.intervals import LEVEL
from mcn.stats.tally import Tally

STATS_FORMAT: Final = "mcn-stats/1"
#: How the intervals are computed (docs/stats.md, "Intervals").
METHODS: Final = {
    "level": LEVEL,
    "rate": "wilson",
    "mean": "student-t",
}


@dataclass(slots=True)
class Report:
    """Everything ``mcn stats`` writes."""

    tally: Tally
    summary: dict[str, int] = field(default_factory=dict)
    excluded: list[Excluded] = field(default_factory=list)
    encodings: list[FileNote] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    board: dict[str, Any] | None = None

    @property
    def failed(self) -> bool:
        """An invalid or conflicting game, or a file without a game: exit status 1."""
        return any(x.kind in (INVALID, CONFLICT) for x in self.excluded)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATS_FORMAT,
            "intervals": METHODS,
            "by": list(self.tally.by),
            "board": self.board,
            "summary": {"read": sum(self.summary.values()), **self.summary},
            "blocks": self.tally.to_json(),
            "excluded": [x.to_json() for x in self.excluded],
            "encodings": [n.to_json() for n in self.encodings],
            "skipped": self.skipped,
        }


def judged(outcome: Outcome, tally: Tally) -> Report:
    """The report of a judged folder whose counted games ``tally`` holds."""
    report = Report(tally, encodings=list(outcome.encodings))
    report.summary = {status: outcome.count(status) for status in STATUSES}
    for note in outcome.problems:
        report.excluded.append(Excluded(note.file, 0, None, INVALID, note.message))
    for entry in outcome.entries:
        if not entry.counts:
            report.excluded.append(
                Excluded(entry.file, entry.game, entry.event, entry.status, why_not_counted(entry))
            )
    return report
