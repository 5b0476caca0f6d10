"""Shell completion through Click's own mechanism (the environment variables a shell sets)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli

ROOT = Path(__file__).resolve().parents[2]
ANNOTATED = str(ROOT / "examples" / "annotated-4p.mcn")


def complete(words: str) -> list[str]:
    """What the shell would offer for the last word of ``words``."""
    parts = words.split(" ")
    env = {
        "_MCN_COMPLETE": "bash_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(parts) - 1),
    }
    result = CliRunner().invoke(cli, [], env=env, prog_name="mcn")
    assert result.exit_code == 0, result.output
    return [line.split(",", 1)[1] for line in result.output.splitlines() if "," in line]


def test_subcommands_are_completed() -> None:
    offered = complete("mcn ")
    for command in ("validate", "replay", "redact", "diff", "tree", "fmt", "export", "import"):
        assert command in offered
    assert complete("mcn re") == [c for c in offered if c.startswith("re")]


def test_options_are_completed() -> None:
    offered = complete(f"mcn replay {ANNOTATED} --")
    assert {"--to", "--as", "--format", "--events"} <= set(offered)


def test_player_colours_and_names_for_as() -> None:
    offered = complete(f"mcn replay {ANNOTATED} --as ")
    assert {"R", "B", "G", "Y", "red", "blue", "green", "yellow", "spectator"} <= set(offered)
    # a name with a space is quoted for bash, so the shell line reads it as one word
    assert "'Paula Brandt'" in offered and "Paula Brandt" not in offered
    assert complete(f"mcn replay {ANNOTATED} --as Pau") == ["'Paula Brandt'"]
    assert complete(f"mcn replay {ANNOTATED} --as 'Pau") == ["Paula Brandt"]  # quote opened
    assert complete(f"mcn replay {ANNOTATED} --as re") == ["red"]


def test_help_topics_are_completed() -> None:
    offered = complete("mcn help ")
    assert offered[0] == "moves" and "replay" in offered and "legal" in offered
    assert complete("mcn help mo") == ["moves"]


def test_address_completion_says_before_or_after() -> None:
    env = {
        "_MCN_COMPLETE": "zsh_complete",
        "COMP_WORDS": f"mcn legal {ANNOTATED} --at 3.bid.",
        "COMP_CWORD": "4",
    }
    out = CliRunner().invoke(cli, [], env=env, prog_name="mcn").output
    assert "the state before 3.bid.R" in out
    env["COMP_WORDS"] = f"mcn replay {ANNOTATED} --to 3"
    out = CliRunner().invoke(cli, [], env=env, prog_name="mcn").output
    assert "the state after the last decision of 3" in out


def test_addresses_for_to() -> None:
    offered = complete(f"mcn replay {ANNOTATED} --to 3.")
    assert "3.bid" in offered and "3.1" in offered
    assert all(value.startswith("3.") for value in offered)
    assert "2.1.1" in complete(f"mcn replay {ANNOTATED} --to 2.1.")


def test_completion_never_fails_on_a_bad_file(tmp_path: Path) -> None:
    broken = tmp_path / "x.mcn"
    broken.write_bytes(b"\xff\xfe[[[")
    assert complete(f"mcn replay {broken} --to ") == ["start"]
    assert complete(f"mcn replay {broken} --as ") == ["spectator"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_each_shell_gets_a_completion_script(shell: str) -> None:
    result = CliRunner().invoke(cli, [], env={"_MCN_COMPLETE": f"{shell}_source"}, prog_name="mcn")
    assert result.exit_code == 0
    assert "_MCN_COMPLETE" in result.output
    assert os.linesep in result.output


@pytest.mark.parametrize("command", ["explore", "search", "tree --merge"])
def test_as_over_an_archive_offers_only_what_the_command_takes(command: str) -> None:
    # over an archive a name may play different colours, so --as takes a colour: no name
    offered = complete(f"mcn {command} {ANNOTATED} --as ")
    assert set(offered) == {"R", "B", "G", "Y", "red", "blue", "green", "yellow", "spectator"}
    assert complete(f"mcn {command} {ANNOTATED} --as Pau") == []
    assert complete(f"mcn {command} {ANNOTATED} --as s") == ["spectator"]
    # and every value offered is one the command accepts (a refusal raises a usage error)
    from mcn.commands.reading import parse_archive_viewer
    from mcn.views.projection import EVERYTHING

    assert {parse_archive_viewer(value, EVERYTHING) for value in offered} == {
        "R",
        "B",
        "G",
        "Y",
        None,  # the spectator
    }
    assert "'Paula Brandt'" in complete(f"mcn tree {ANNOTATED} --as ")  # one game: names too
