"""Which games ``mcn filter`` writes: its criteria, and the judgement they are combined with.

A game is judged as ``mcn validate`` judges it (:mod:`mcn.archive.checking`: replayed,
``--expect-players`` and ``--board`` applied) and then as a member of its folder
(:mod:`mcn.archive.judgement`): of several copies of one game only the copy that counts is written.
The criteria here read the report: ``--player`` and ``--event`` its headers, ``--result`` the result
the replay decides (never the tag's claim), ``--valid``/``--invalid`` the judgement's status.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcn.archive.judgement import DUPLICATE, INVALID, SUPERSEDED, Entry
from mcn.archive.verdict import GameReport, name_key, read_result

__all__ = ["Criteria"]


@dataclass(frozen=True, slots=True)
class Criteria:
    """What a game must satisfy to be written."""

    players: tuple[str, ...] = ()
    results: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    validity: bool | None = None

    def matches(self, report: GameReport) -> bool:
        """Whether the game's headers and replayed result match (validity aside)."""
        if self.events and name_key(report.event or "") not in {name_key(e) for e in self.events}:
            return False
        names = {name_key(n) for n in report.roster.values()}
        if any(name_key(p) not in names for p in self.players):
            return False
        return not self.results or any(self._result(r, report) for r in self.results)

    def selects(self, entry: Entry) -> bool:
        """Whether the judged game is written: it matches, it is the copy of its game that
        stands (never a duplicate or a superseded submission), and it has the validity asked
        for — ``--valid``: counted or unfinished (a conflict counts for nobody and is left
        out); ``--invalid``: invalid."""
        if not entry.matched or entry.status in (DUPLICATE, SUPERSEDED):
            return False
        if self.validity is True:
            return entry.kept
        if self.validity is False:
            return entry.status == INVALID
        return True

    @staticmethod
    def _result(wanted: str, report: GameReport) -> bool:
        if wanted.strip() in ("*", "unfinished"):
            return report.result is None
        colours, problem = read_result(wanted, report.roster)
        return problem is None and colours is not None and " ".join(colours) == report.result
