"""Reading an archive for the explorer: every game checked and judged as ``mcn validate`` and
``mcn standings`` do, each kept game's answer counted once.

The games stream through :class:`mcn.archive.batch.Runner` (here, in ``--jobs`` processes or on a
Dask cluster, the answers in input order either way), each replayed once with the command's
examiner (:mod:`mcn.explore.query`). Every valid game's answer is counted as it comes; once the
whole archive is read the judgement (:mod:`mcn.archive.judgement`) decides copies, conflicts
and superseded files, and the games it sets aside are taken back. So the counts are over the
games that stand — counted or unfinished, each once — whatever the order or the workers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from mcn.archive.batch import Runner
from mcn.archive.checking import Examiner, Options
from mcn.archive.judgement import Entry, Judgement, Outcome
from mcn.archive.verdict import GameReport
from mcn.explore.merge import Places

Handle = TypeVar("Handle")


def places_of(report: GameReport) -> Places:
    """The game's places by colour, or None for an unfinished game."""
    if not report.finished:
        return None
    return {str(p["colour"]): int(p["place"]) for p in report.placings}


@dataclass(slots=True)
class Counted(Generic[Handle]):
    """What a read left: the judgement's outcome and the games that count."""

    outcome: Outcome
    #: The games that stand: counted or unfinished.
    kept: int = 0
    finished: int = 0
    #: Games set aside by the judgement after they were counted (taken back).
    taken_back: int = 0
    left_out: list[Entry] = field(default_factory=list)
    #: The first error of each invalid game, in the notation's error style
    #: (``file:line:col: error: ADDRESS: reason [RULE] (game N)``), by (file, game).
    errors: dict[tuple[str, int], str] = field(default_factory=dict)


def read_archive(
    runner: Runner,
    files: list[str],
    judgement: Judgement,
    count: Callable[[Any, Places], Handle | None],
    take_back: Callable[[Handle, Places], None],
    moved: Callable[[int], None],
) -> Counted[Handle]:
    """Read ``files``: ``count(answer, places)`` for every valid game as it comes (it returns
    a handle to take the game back by — all that is kept of the game's answer —, or None when
    the game does not concern the query), then ``take_back(handle, places)`` for every counted
    game the judgement sets aside."""
    pending: list[tuple[Entry, Handle, Places]] = []
    errors: dict[tuple[str, int], str] = {}
    for report in runner.run(files):
        moved(runner.progress)
        entry = judgement.add(report)
        if entry is not None and not report.valid:
            first = next((d for d in report.diagnostics if d.severity == "error"), None)
            if first is not None:
                errors[(entry.file, entry.game)] = first.text()
        if entry is None or not report.valid or report.examined is None:
            continue
        places = places_of(report)
        handle = count(report.examined, places)
        if handle is not None:
            pending.append((entry, handle, places))
    outcome = judgement.decide()
    counted: Counted[Handle] = Counted(outcome, errors=errors)
    for entry, handle, places in pending:
        if not entry.kept:
            take_back(handle, places)
            counted.taken_back += 1
    for entry in outcome.entries:
        if entry.kept:
            counted.kept += 1
            counted.finished += entry.finished
        else:
            counted.left_out.append(entry)
    return counted


def options_for(examine: Examiner, expect_players: int | None, board: Any) -> Options:
    """The checking options of a read: validate's, with the examiner."""
    return Options(expect_players=expect_players, board=board, examine=examine)
