"""The ``mcn`` command line: a thin Click group.

Each command lives in its own module under ``mcn.commands`` and is imported only when it is
invoked, so ``mcn --version`` and ``mcn --help`` stay fast (no Lark, no engine import).
To add a command, add one ``register(name, "module:attribute", short_help)`` line below.
"""

from __future__ import annotations

import atexit
import gc
import importlib
from collections.abc import Callable
from typing import Any

import click

from mcn import __version__

#: name -> (module under mcn.commands, the Click command's attribute in it), filled by register
_COMMANDS: dict[str, tuple[str, str]] = {}
#: name -> the one-line help ``mcn --help`` lists (without importing the command)
_HELP: dict[str, str] = {}


def register(name: str, target: str, short_help: str) -> None:
    """Declare a lazily imported command ``name`` implemented at ``module:attribute``."""
    module, _, attribute = target.partition(":")
    _COMMANDS[name] = (module, attribute)
    _HELP[name] = short_help


register("fmt", "fmt:fmt", "Rewrite records in canonical layout (or --check them).")
register("export", "convert:export", "Export a record to JSON.")
register("import", "convert:import_", "Import a JSON record and write MCN.")
register("random", "random_games:random", "Play random legal games and write them as MCN.")
register("validate", "validate:validate", "Check records: syntax, legality, checkpoints, result.")
register("replay", "replay:replay", "Show the state at any decision of a record.")
register("redact", "redact:redact", "Write a record as one player saw it.")
register("seal", "seal:seal", "Seal a secret move for a game at a distance, or reveal it.")
register("verify", "verify:verify", "Check that a redacted copy is faithful to the full record.")
register("diff", "diff:diff", "Compare two records: headers, first divergence, outcome.")
register("tree", "tree:tree", "Draw a record's decision tree with Graphviz.")
register(
    "position", "position:position", "Print the game state at a decision as one line (MCN's FEN)."
)
register("legal", "legal:legal", "List who decides and every legal action at a decision.")
register("record", "record:record", "Record a game at the table, decision by decision.")
register("board", "board:board", "Print a board profile, provisional values marked.")
register("help", "help:help_", "Help on a topic: 'mcn help moves' lists every move.")
register("standings", "standings:standings", "Standings per player across a folder of games.")
register("filter", "filter:filter_", "Write the games that match: player, result, event, validity.")
register(
    "stats", "stats:stats", "Win rates, places, bids and endings over an archive, with intervals."
)
register(
    "search",
    "search:search",
    "The games (or decisions) where a condition holds: state, move, comment.",
)
register("site", "site:site", "Write the day's results as a static site: standings, games, …")
register("html", "html:html", "Write a game as a self-contained HTML page (board, moves, keys).")
register("match", "match:match", "Play games between bot processes (docs/bots.md); results table.")
register("bot", "bot:bot", "Run a reference bot (random, greedy) speaking the bot protocol.")
register(
    "analyse",
    "analyse:analyse",
    "Where a player lost: win chances of his moves, from what he knew (OpenSpiel).",
)
register(
    "explore",
    "explore:explore",
    "The moves played at a decision across games, and how they scored.",
)


#: Options whose values only the record knows, and the completion that looks them up there.
_RECORD_COMPLETIONS = {
    "--as": "complete_viewer",
    "--to": "complete_address",
    "--at": "complete_address",
    "--from": "complete_address",
}


def _completion(name: str) -> Callable[[click.Context, click.Parameter, str], list[Any]]:
    """The record-aware completion ``name`` of :mod:`mcn.commands.completion`, imported when a shell
    asks for it (never at an ordinary start: the module reads records)."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from mcn.commands import completion

        found: list[Any] = getattr(completion, name)(ctx, param, incomplete)
        return found

    return complete


def _complete_record_values(command: click.Command) -> None:
    """Give ``--as`` and the address options of every command the record-aware completion of
    :mod:`mcn.commands.completion`, unless the command set its own: one place, every command."""
    for param in command.params:
        names = [name for name in param.opts if name in _RECORD_COMPLETIONS]
        # Click keeps a parameter's own completion in this attribute (None when not given).
        if names and getattr(param, "_custom_shell_complete", False) is None:
            param._custom_shell_complete = _completion(_RECORD_COMPLETIONS[names[0]])


class LazyGroup(click.Group):
    """A Click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in _COMMANDS:
            return None
        module_name, attribute = _COMMANDS[cmd_name]
        try:
            module = importlib.import_module(f"mcn.commands.{module_name}")
        except ModuleNotFoundError as error:
            if error.name != f"mcn.commands.{module_name}":
                raise
            return None
        command: click.Command = getattr(module, attribute)
        _complete_record_values(command)
        _resume_collector()
        return command

    def invoke(self, ctx: click.Context) -> object:
        """Run the subcommand; a usage error it raises is shown with its values made visible.

        Click quotes the offending value in its messages (``Invalid value for '--as': …``,
        ``'…' is not one of …``, a file that cannot be opened), and that value is whatever the
        user — or a script fed names from a record — passed: an ``ESC ] 52`` in it would reach
        the terminal. Every ``click.ClickException`` of every command passes here, so the
        option values of all of them (``--as``, ``--board``, ``-o``, ``--encoding``, …) are
        covered in one place.
        """
        try:
            return super().invoke(ctx)
        except click.ClickException as error:
            shown = _made_visible(error)
            if shown is error:
                raise
            raise shown from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _HELP[name]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _made_visible(error: click.ClickException) -> click.ClickException:
    """``error`` as it will be shown, with control characters, bidi marks and lone surrogates
    in its message — the values and file names it quotes — escaped
    (:func:`mcn.io.terminal.visible`), as everywhere mcn prints; a usage error keeps its usage
    line and exit status 2."""
    from mcn.io.terminal import visible

    if isinstance(error, click.UsageError):
        return click.UsageError(visible(error.format_message(), lines=True), error.ctx)
    if type(error) in (click.ClickException, click.FileError):  # exit status 1 both
        return click.ClickException(visible(error.format_message(), lines=True))
    return error  # mcn's own (RecordError): printed as made, already escaped


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--version``: the version and which build runs (:func:`mcn.io.compiled.build_kind`).

    What ``click.version_option`` prints, but the build is looked up only when asked for: it
    walks the package's files, a few milliseconds every command would pay at start-up."""
    if not value or ctx.resilient_parsing:
        return
    from mcn.io.compiled import build_kind

    click.echo(f"mcn, version {__version__}, {build_kind()}", color=ctx.color)
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help="Show the version and exit.",
)
def cli() -> None:
    """Parse, format, validate, replay, diff and draw Mea Culpa game records (MCN)."""


#: Whether :func:`main` paused the cyclic garbage collector for this process's start, and it is
#: to run again once the command's modules are imported.
_collector_paused_for_start = False


def _resume_collector() -> None:
    """Once the command's modules are imported: freeze what the start made and let the
    collector run again (if :func:`main` paused it), before the command does its work. At exit
    the start is thawed again, so that the interpreter's teardown collects and finalises it
    as it would have (a frozen cycle is never collected, and its objects' finalisers would not
    run)."""
    global _collector_paused_for_start
    if _collector_paused_for_start:
        _collector_paused_for_start = False
        gc.freeze()
        atexit.register(gc.unfreeze)
        gc.enable()


def main(collector_was_running: bool | None = None) -> None:
    """Console-script entry point (:mod:`mcn.__main__` pauses the collector before importing
    this module and says whether it ran). A command that allowed it ends without the
    interpreter's teardown once its output is flushed (:mod:`mcn.io.quick_exit`).

    A start imports some 250 modules, whose classes, functions and tables live as long as the
    process: the cyclic garbage collector, run every 700 allocations, found nothing to free in
    them and walked them again and again — some 40 collections, about a tenth of the CPU time
    of ``mcn validate`` of one game (docs/performance-history.md, "Start-up, seventh pass").
    So it is paused until the command's module is imported; then what exists is frozen
    (:func:`gc.freeze`: later collections skip it, reference counting frees it as ever) and
    the collector runs again as before for the command's own work. The few cycles the
    imports left behind (the classes ``dataclass(slots=True)`` replaced) stay with the frozen
    objects until the exit thaws them, a few hundred kilobytes. Importing this module, or
    calling ``cli`` from Python, changes nothing of the caller's collector.
    """
    global _collector_paused_for_start
    if collector_was_running is None:
        collector_was_running = gc.isenabled()
        gc.disable()
    _collector_paused_for_start = collector_was_running
    try:
        cli()
    except SystemExit as stop:
        from mcn.io.quick_exit import end

        end(stop.code)  # returns only when the ordinary exit must run
        raise
