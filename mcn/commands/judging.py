"""The organiser's decisions, shared by the commands that judge a folder of submissions.

``--prefer PATH``, ``--supersedes OLD=NEW`` (:mod:`mcn.archive.judgement`) and ``--schedule
FILE`` (:mod:`mcn.archive.schedule`) on ``validate``, ``standings``, ``filter`` and ``site``.
Every path must be one of the files read: a choice naming a file that is not there, or one not
among the submissions, is a usage error (exit 2), and so is a schedule that cannot be used
(with its file and line) — before anything is read or written.
"""

from __future__ import annotations

import os

import click

from mcn.archive.judgement import Choices
from mcn.io.inputs import Inputs


def judgement_options(function: click.decorators.FC) -> click.decorators.FC:
    """``--prefer``, ``--supersedes`` and ``--schedule``."""
    function = click.option(
        "--schedule",
        "schedule_file",
        type=click.Path(exists=True, dir_okay=False),
        help="The rounds, tables and players of each table (TOML, or CSV by its .csv name; "
        "docs/standings.md): tables that handed in nothing are listed, games that do not "
        "match their table flagged, copies decided per table.",
    )(function)
    function = click.option(
        "--supersedes",
        "supersedes",
        multiple=True,
        metavar="OLD=NEW",
        help="NEW is a corrected resubmission of OLD: no game of OLD counts (repeatable).",
    )(function)
    return click.option(
        "--prefer",
        "prefer",
        multiple=True,
        metavar="PATH",
        help="Of several copies of one game (or conflicting submissions of one table), the "
        "one in PATH counts (repeatable). Otherwise: the earliest modification time, then "
        "the path.",
    )(function)


def _submitted(path: str, read: dict[str, str], option: str) -> str:
    """The real path of ``path`` when it is one of the files read; a usage error if not."""
    if not os.path.exists(path):
        raise click.UsageError(f"{option}: '{path}' is not there (no such file)")
    real = os.path.realpath(path)
    if real not in read:
        raise click.UsageError(
            f"{option}: '{path}' is not one of the submissions read (name a file under "
            "the paths given, matching --include)"
        )
    return real


def choices_for(
    inputs: Inputs,
    prefer: tuple[str, ...],
    supersedes: tuple[str, ...],
    schedule_file: str | None = None,
) -> Choices:
    """The organiser's choices, each path checked against the files read and the schedule
    read (exit 2 if either is wrong)."""
    schedule = None
    if schedule_file is not None:
        # the schedule's reader (csv, its tables) only for --schedule: not at every start
        from mcn.archive.schedule import ScheduleError, load_schedule

        try:
            schedule = load_schedule(schedule_file)
        except ScheduleError as problem:
            raise click.UsageError(str(problem)) from None
    read = {os.path.realpath(f): f for f in inputs.files if f != "-"}
    preferred = tuple(_submitted(p, read, "--prefer") for p in prefer)
    pairs = []
    for text in supersedes:
        old, sep, new = text.partition("=")
        if not sep or not old or not new:
            raise click.UsageError(f"--supersedes: expected OLD=NEW, not '{text}'")
        real_old = _submitted(old, read, "--supersedes")
        real_new = _submitted(new, read, "--supersedes")
        if real_old == real_new:
            raise click.UsageError(f"--supersedes: '{old}' cannot supersede itself")
        pairs.append((real_old, read[real_new]))
    return Choices(preferred, tuple(pairs), schedule)
