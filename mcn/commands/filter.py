"""``mcn filter PATHS… -o OUT``: write the games that match, unchanged (pgn-extract style).

Each game is written as its source text — the very characters of the file, comments, layout
and line ends included — so a filtered archive differs from its sources only by the games left
out. Output is UTF-8; a game read from a file in another encoding (``--encoding auto`` falls
back to Windows-1252) is written in UTF-8 with the same characters.

Criteria combine with AND; a repeated ``--event`` or ``--result`` matches any of its values,
a repeated ``--player`` needs every player named. ``--valid``/``--invalid`` and ``--result``
replay every game (``--result`` is the result the replay decides, never the tag's claim);
``--player`` and ``--event`` read the headers only.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from typing import IO

import click

from mcn.batch import Options, check_chunk
from mcn.commands.validate import encoding_option, gather, include_option
from mcn.inputs import encoding_for
from mcn.notation.parser import parse_chunk
from mcn.notation.split import Chunk
from mcn.notation.stream import source_chunks
from mcn.render import clean
from mcn.safe_write import WriteError, atomic_open
from mcn.verdict import GameReport, describe_headers, name_key, read_result


@dataclass(frozen=True, slots=True)
class Criteria:
    """What a game must satisfy to be written."""

    players: tuple[str, ...] = ()
    results: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    validity: bool | None = None

    @property
    def replays(self) -> bool:
        return self.validity is not None or bool(self.results)

    def matches(self, report: GameReport) -> bool:
        if self.validity is not None and report.valid != self.validity:
            return False
        if self.events and name_key(report.event or "") not in {name_key(e) for e in self.events}:
            return False
        names = {name_key(n) for n in report.roster.values()}
        if any(name_key(p) not in names for p in self.players):
            return False
        return not self.results or any(self._result(r, report) for r in self.results)

    @staticmethod
    def _result(wanted: str, report: GameReport) -> bool:
        if wanted.strip() in ("*", "unfinished"):
            return report.result is None
        colours, problem = read_result(wanted, report.roster)
        return problem is None and colours is not None and " ".join(colours) == report.result


def game_texts(chunk: Chunk, starts: list[int]) -> list[str]:
    """The source text of each game of ``chunk`` (games starting at lines ``starts``)."""
    lines = chunk.text.splitlines(keepends=True)
    if chunk.prefix and lines:  # the chunk starts mid-line: its padding is not source text
        lines[0] = lines[0][len(chunk.prefix) :]
    if len(starts) <= 1:
        return ["".join(lines)]
    cuts = [0] + [line - chunk.first_line for line in starts[1:]] + [len(lines)]
    return ["".join(lines[a:b]) for a, b in itertools.pairwise(cuts)]


def selected(path: str, encoding: str, criteria: Criteria) -> Iterator[tuple[bool, str]]:
    """Every game of ``path``: whether it matches, and its source text."""
    detected = encoding_for(path, encoding)
    name = "<stdin>" if path == "-" else path
    source = sys.stdin.buffer if path == "-" else path
    with source_chunks(source, detected.encoding, name) as (chunks, _):
        number = 1
        previous: Chunk | None = None
        for chunk in _then_none(chunks):
            if previous is not None:
                reports = _reports(previous, name, number, criteria, last=chunk is None)
                number += len(reports)
                starts = [r.line or previous.first_line for r in reports]
                for report, text in zip(reports, game_texts(previous, starts), strict=False):
                    yield criteria.matches(report), text
            previous = chunk


def _then_none(chunks: Iterator[Chunk]) -> Iterator[Chunk | None]:
    yield from chunks
    yield None


def _reports(
    chunk: Chunk, name: str, number: int, criteria: Criteria, last: bool
) -> list[GameReport]:
    if criteria.replays:
        return check_chunk(chunk, name, number, Options(), last)
    reports = []
    for result in parse_chunk(chunk, name, number):
        report = GameReport(name, result.number, line=chunk.first_line)
        if result.game is not None:
            describe_headers(report, result.game)
        reports.append(report)
    return reports


@click.command("filter")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, allow_dash=True))
@click.option("--player", "players", multiple=True, help="Games this player (by name) played in.")
@click.option(
    "--result",
    "results",
    multiple=True,
    help="Games won by these colours (R, 'R G', green) or "
    "this player (name); '*' for unfinished games.",
)
@click.option("--event", "events", multiple=True, help="Games of this [Event].")
@click.option("--valid/--invalid", "validity", default=None, help="Only valid / invalid games.")
@click.option(
    "-o",
    "--output",
    default="-",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Write here (default: standard output).",
)
@encoding_option
@include_option
def filter_(
    paths: tuple[str, ...],
    players: tuple[str, ...],
    results: tuple[str, ...],
    events: tuple[str, ...],
    validity: bool | None,
    output: str,
    encoding: str,
    include: tuple[str, ...],
) -> None:
    """Write the games of PATHS that match every criterion, each exactly as written."""
    inputs = gather(paths, include, encoding)
    criteria = Criteria(players, results, events, validity)
    for entry in inputs.skipped:
        click.echo(clean(f"{entry.path}: note: skipped: {entry.reason}"), err=True)
    total = written = 0
    try:
        with ExitStack() as stack:
            out = _open(output, stack)
            ended = True
            for path in inputs.files:
                for matched, text in selected(path, encoding, criteria):
                    total += 1
                    if matched:
                        if not ended:
                            out.write("\n")
                        out.write(text)
                        ended = text.endswith("\n")
                        written += 1
    except WriteError as problem:  # the output is left as it was
        click.echo(str(problem), err=True)
        sys.exit(1)
    where = "standard output" if output == "-" else output
    click.echo(clean(f"{written} of {total} games written to {where}"), err=True)


def _open(output: str, stack: ExitStack) -> IO[str]:
    if output == "-":
        return sys.stdout
    out: IO[str] = stack.enter_context(atomic_open(output))
    return out
