"""``mcn help``: the move table (the same rows as the vocabulary, tests/recorder/
test_vocabulary.py), its Markdown form, the topics, a command's help and an unknown topic."""

from __future__ import annotations

from click.testing import CliRunner

from mcn.cli import cli
from mcn.notation import vocabulary


def test_mcn_help_moves_prints_the_same_rows() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["help", "moves"])
    assert result.exit_code == 0
    for row in vocabulary.MOVES:
        assert row.decision in result.output
        assert row.example in result.output
        for form in row.forms:
            assert form in result.output
    markdown = runner.invoke(cli, ["help", "moves", "--markdown"])
    assert markdown.output == vocabulary.markdown_table()


def test_mcn_help_topics_and_commands() -> None:
    runner = CliRunner()
    topics = runner.invoke(cli, ["help"])
    assert topics.exit_code == 0 and "mcn help moves" in topics.output
    fmt = runner.invoke(cli, ["help", "fmt"], prog_name="mcn")
    assert fmt.exit_code == 0 and "Usage: mcn fmt" in fmt.output
    unknown = runner.invoke(cli, ["help", "nonsense"])
    assert unknown.exit_code == 2 and "no help topic 'nonsense'" in unknown.output
    assert runner.invoke(cli, ["--help"]).exit_code == 0
