"""The commands that read archives share their options (mcn.commands.reading): every command
that reads directories of records reads games with the same ``--board --jobs --dask
--encoding --include``, and every one that judges submissions the same ``--expect-players
--prefer --supersedes --schedule`` — same names, defaults, types and help, so they cannot
drift apart."""

from __future__ import annotations

from typing import Any

import click
import pytest

from mcn.cli import cli
from mcn.commands.reading import archive_options, reading_options

READING = ("board", "jobs", "dask_address", "encoding", "include")
JUDGING = ("prefer", "supersedes", "schedule_file")
#: The commands that read archives as validate does, and whether they judge submissions.
ARCHIVE_COMMANDS = {
    "validate": True,
    "standings": True,
    "filter": True,
    "site": True,
    "stats": True,
    "explore": True,
    "search": False,
    "tree": True,  # with --merge
}


def _command(name: str) -> click.Command:
    found = cli.get_command(click.Context(cli), name)
    assert found is not None, name
    return found


def _shape(option: click.Parameter) -> dict[str, Any]:
    """Everything Click knows of an option: names, type, default, help, …"""
    return option.to_info_dict()


def _options(command: click.Command) -> dict[str, click.Parameter]:
    return {p.name: p for p in command.params if p.name is not None}


@click.command()
@archive_options("what the command does with another player count")
def _reference(**_: Any) -> None:
    """Only for its options."""


def test_the_reference_holds_the_shared_options_in_order() -> None:
    names = [p.name for p in _reference.params]
    assert names == ["expect_players", *JUDGING, *READING]
    plain = click.command()(reading_options(lambda **_: None))
    assert [p.name for p in plain.params] == list(READING)


@pytest.mark.parametrize("name", sorted(ARCHIVE_COMMANDS))
def test_every_archive_command_reads_with_the_same_options(name: str) -> None:
    options = _options(_command(name))
    reference = _options(_reference)
    shared = READING + (("expect_players", *JUDGING) if ARCHIVE_COMMANDS[name] else ())
    for option in shared:
        assert option in options, (name, option)
        if option == "expect_players":  # the help says what this command does with one
            mine, theirs = _shape(options[option]), _shape(reference[option])
            assert {**mine, "help": ""} == {**theirs, "help": ""}, name
        else:
            assert _shape(options[option]) == _shape(reference[option]), (name, option)


def test_no_other_command_reads_archives_with_options_of_its_own() -> None:
    """A command that reads directories of records (--include, --dask) is one of the above."""
    for name in cli.list_commands(click.Context(cli)):
        options = _options(_command(name))
        if "include" in options or "dask_address" in options:
            assert name in ARCHIVE_COMMANDS, name
