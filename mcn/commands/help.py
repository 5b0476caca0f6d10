"""``mcn help``: topics that do not fit a command's ``--help``.

``mcn help moves`` prints the move vocabulary (:mod:`mcn.notation.vocabulary`, the same table as
docs/notation.md, "Move vocabulary"); ``mcn help COMMAND`` is ``mcn COMMAND --help``; plain
``mcn help`` lists the topics and commands. Click's ``--help`` keeps working as before.
"""

from __future__ import annotations

import shutil

import click

from mcn.commands.completion import HELP_TOPICS as _TOPICS
from mcn.commands.completion import complete_help_topic
from mcn.notation import vocabulary


@click.command("help")
@click.argument("topic", required=False, shell_complete=complete_help_topic)
@click.option("--markdown", is_flag=True, help="Print the table as Markdown (as in the docs).")
@click.pass_context
def help_(ctx: click.Context, topic: str | None, markdown: bool) -> None:
    """Show help on TOPIC: 'moves' (the move vocabulary) or a command's name."""
    parent = ctx.parent
    group = parent.command if parent is not None else None
    if topic is None:
        click.echo("Topics:")
        for name, what in _TOPICS.items():
            click.echo(f"  mcn help {name:<10}{what}")
        click.echo("Commands: mcn help COMMAND (the same as mcn COMMAND --help)")
        if isinstance(group, click.Group) and parent is not None:
            click.echo("  " + " ".join(group.list_commands(parent)))
        return
    if topic == "moves":
        if markdown:
            click.echo(vocabulary.markdown_table(), nl=False)
        else:
            width = min(100, shutil.get_terminal_size((100, 24)).columns)
            click.echo(vocabulary.terminal_table(width), nl=False)
        return
    command = None
    if isinstance(group, click.Group) and parent is not None:
        command = group.get_command(parent, topic)
    if command is None:
        known = ", ".join([*_TOPICS, "or a command's name"])
        raise click.UsageError(f"no help topic {topic!r}: try {known}")
    with click.Context(command, info_name=topic, parent=parent) as sub:
        click.echo(command.get_help(sub))
