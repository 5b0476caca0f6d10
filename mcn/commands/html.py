"""``mcn html``: one game of a record as a self-contained HTML page (docs/html.md).

The page shows the board at every decision, the record with comments and variations, and
navigation by keys, clicks and the address in the URL's ``#`` fragment. It needs nothing but
a browser: no network, no server. With ``--as`` it holds only what that player (or a
spectator) could see; otherwise everything, and it says so. With ``--quiz`` the page asks
"what would you do?" at each of that player's decisions (docs/html.md, "Quiz").

Exit status: 0 written, 1 the record cannot be read or has errors (the page is still written
when replay got anywhere, showing the record up to the error), 2 usage.
"""

from __future__ import annotations

import sys

import click

from mcn.boards.profile import summary
from mcn.commands.board import board_option
from mcn.commands.loader import load_game, record_source
from mcn.engine.data import Board
from mcn.html import render_page
from mcn.io import quick_exit
from mcn.io.safe_write import WriteError, write_text_atomic
from mcn.io.terminal import one_line
from mcn.replay import replay_game
from mcn.views.projection import EVERYTHING
from mcn.views.viewer import resolve_option


@click.command("html")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option(
    "--game",
    "number",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Which game of the file (1-based).",
)
@click.option(
    "--as",
    "viewer_name",
    help="Show only what one player (R, red or a player's name) or a spectator could see.",
)
@click.option(
    "--keep-annotations",
    is_flag=True,
    help="With --as: keep everyone's comments, glyphs and variations (the sharer decides; "
    "without it only the viewer's own stay).",
)
@click.option(
    "--quiz",
    is_flag=True,
    help="A 'what would you do?' page: at each decision of the --as player (without --as: of "
    "every player) pick a move, then see what was played and the comment; a score at the end.",
)
@board_option
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    default="-",
    help="Write the page here (default: standard output).",
)
def html(
    file: str,
    number: int,
    viewer_name: str | None,
    keep_annotations: bool,
    quiz: bool,
    board: Board | None,
    output: str,
) -> None:
    """Write game --game of FILE as one self-contained HTML page."""
    quick_exit.allow()  # the page is written through a context manager, whatever happens
    source = record_source(file)
    source.warn()
    game = load_game(source, number)
    viewer = resolve_option(viewer_name, [game], EVERYTHING)  # a redacted record limits it
    if quiz and viewer is None:
        raise click.UsageError("--quiz asks at a player's decisions: a spectator makes none")
    name = source.name
    replay = replay_game(game, file=name, index=number, keep_states=True, board=board)
    errors = [d for d in replay.diagnostics if d.severity == "error"]
    for diagnostic in errors:
        click.echo(diagnostic.text(), err=True)
    if board is not None and replay.main is not None:  # B-4: which board drew the page
        click.echo(f"note: drawn with {summary(replay.main.start.board)}", err=True)
    if replay.main is None:
        sys.exit(1)
    page = render_page(game, replay, viewer, keep_annotations=keep_annotations, quiz=quiz)
    if output == "-":
        from mcn.io.output import open_output  # its spool (tempfile) only for standard output

        with open_output(None) as out:  # a terminal sees controls escaped
            out.write(page)
    else:
        try:
            write_text_atomic(output, page, make_parents=True)
        except WriteError as problem:
            click.echo(str(problem), err=True)
            sys.exit(1)
        click.echo(f"wrote {one_line(output)} ({len(page.encode()):,} bytes)", err=True)
    sys.exit(1 if errors else 0)
