"""``mcn record``: write a game down at the table, one decision at a time.

Asks for the headers, then for every decision in turn, offering exactly the legal options
(:mod:`mcn.recorder`). The record is rewritten atomically (:mod:`mcn.io.safe_write`) before each
question, so a crash or ^C never loses an answer; running ``mcn record -o FILE`` on an
unfinished record continues it. With ``--script`` (the default when standard input is not a
terminal) the answers are read one per line, for scripts and tests.
"""

from __future__ import annotations

import functools
import os
import shlex
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

import click

from mcn.boards.profile import select_board
from mcn.commands.loader import RecordError, read_whole, record_source
from mcn.engine.constants import COLOURS
from mcn.engine.data import Board, DataError
from mcn.io.safe_write import WriteError, write_text_atomic
from mcn.notation import NotationError, parse, write
from mcn.notation.lexical import COLOUR_TAGS, META_CULPA
from mcn.recorder.console import Console, ScriptConsole, TerminalConsole
from mcn.recorder.loop import Recorder
from mcn.recorder.record import ResumeError, from_game, players_of, start_state, to_game
from mcn.recorder.session import Entry, Line, Session

_ASKED = ("Event", "Site", "Date")


@click.command("record")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="The record to write "
    "(continued if it exists). Default: standard output at the end with --script, "
    "else game-DATE-TIME.mcn.",
)
@click.option("--players", help="The colours that play, e.g. R,B,G (asked when missing).")
@click.option("--rules", default="de-2016", show_default=True, help="The ruleset.")
@click.option(
    "--board",
    "board_choice",
    default="standard",
    show_default=True,
    metavar="NAME|FILE",
    help="The board profile: a built-in name or a profile file (JSON), as every command takes.",
)
@click.option(
    "--variant",
    type=click.Choice(["standard", META_CULPA]),
    default="standard",
    show_default=True,
    help="The variant.",
)
@click.option("--infractions", default="", help="META CULPA: the agreed infraction codes.")
@click.option(
    "-H",
    "--header",
    "presets",
    multiple=True,
    metavar="TAG=VALUE",
    help="Set a header instead of asking for it (repeatable).",
)
@click.option(
    "--script/--interactive",
    default=None,
    help="Read answers one per line from standard input (default when it is not a terminal).",
)
@click.option("-v", "--verbose", is_flag=True, help="With --script: echo questions and answers.")
def record(
    output: str | None,
    players: str | None,
    rules: str,
    board_choice: str,
    variant: str,
    infractions: str,
    presets: tuple[str, ...],
    script: bool | None,
    verbose: bool,
) -> None:
    """Record a game at the table: headers, then every decision, with undo, comments,
    glyphs and variations ('help' at the prompt lists the commands)."""
    try:
        profile = select_board(board_choice)
    except DataError as error:
        raise click.BadParameter(str(error), param_hint="'--board'") from None
    board = profile.id
    scripted = script if script is not None else not sys.stdin.isatty()
    console: Console = (
        ScriptConsole(sys.stdin.buffer, sys.stderr, verbose) if scripted else TerminalConsole()
    )
    if output is None and not scripted:
        output = time.strftime("game-%Y%m%d-%H%M%S.mcn")
    try:
        session = _resume(output, profile) if output and _has_text(output) else None
        if session is None:
            headers = _headers(console, players, rules, board, variant, infractions, presets)
            try:
                session = Session(start_state(headers, profile), headers)
            except (ValueError, KeyError, OSError) as problem:
                raise click.UsageError(
                    f"cannot start a game with these headers: {problem}"
                ) from None
            session.settle()
        else:  # said in --script mode too (on stderr): where the answers are read from
            if isinstance(console, ScriptConsole):
                _skip_header_answers(console, players, presets, session.headers)
            where = _continuing(output, session)
            if console.interactive:
                console.say(where)
            else:
                click.echo(where, err=True)
    except _HeadersEnded as ended:
        click.echo(
            f"the input ended before the headers were complete: no answer for {ended.what} "
            "(and the questions after it); nothing was recorded. Give headers with "
            "-H TAG=VALUE and the colours with --players",
            err=True,
        )
        sys.exit(1)
    except EOFError:
        click.echo("the input ended before the game began; nothing was recorded", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo("\nstopped before the game began; nothing was recorded", err=True)
        sys.exit(130)

    def save() -> None:
        if output is None:
            return
        try:
            write_text_atomic(output, write(to_game(session)))
        except WriteError as problem:
            click.echo(str(problem), err=True)
            sys.exit(1)

    if output is not None and console.interactive:
        console.say(f"recording into {output} ('help' lists the commands)")
    try:
        status = Recorder(session, console, save).run()
    except KeyboardInterrupt:
        save()
        click.echo("\n" + _stopped(output, session), err=True)
        sys.exit(130)
    if output is None:
        click.echo(write(to_game(session)), nl=False)
    else:  # quit, Ctrl-D, the end of a script, after the game or before its end
        click.echo(_stopped(output, session), err=True)
    sys.exit(status)


def _stopped(output: str | None, session: Session) -> str:
    """What every way out of a recording says: where it is saved and the exact command that
    continues it (at the end of the main line, which it says when a variation was open)."""
    main = session.main.state
    if output is None:
        where = "the end of the game" if main.is_terminal() else main.pending_address()
        return f"stopped at {where}; nothing was saved (record with -o FILE to keep a game)"
    command = f"mcn record -o {shlex.quote(output)}"
    saved = f"everything entered is saved in {output}"
    line = session.line
    inside = ""
    if line.parent is not None:
        branched = line.parent.entries[line.branch]
        kept = "is kept in the record" if line.entries or line.lead else "was empty: dropped"
        inside = (
            f"stopped inside a variation (depth {line.depth()}, an alternative to "
            f"{branched.action.actor}: {branched.action.text} at {branched.address}), which "
            f"{kept}; "
        )
    if main.is_terminal():
        return f"{inside}the game is over; {saved}; to add comments or variations: {command}" + (
            " (it opens at the end of the main line)" if inside else ""
        )
    at = main.pending_address()
    if inside:
        return f"{inside}{saved}; continue with: {command} (it continues the main line at {at})"
    return f"stopped at {at}; {saved}; continue with: {command}"


def _continuing(output: str | None, session: Session) -> str:
    """Where a resumed record continues: the end of its main line, said as such when the
    record holds variations (they are kept as written; 'var' opens a new one)."""
    state = session.state
    where = "at the end of the game" if state.is_terminal() else f"at {state.pending_address()}"
    if any(entry.variations for entry in _entries(session.main)):
        where += " on the main line (its variations are kept as written; 'var' opens another)"
    return f"continuing {output} {where}"


def _entries(line: Line) -> list[Entry]:
    """The entries of ``line`` and of every variation under it."""
    found: list[Entry] = []
    work = [line]
    while work:
        current = work.pop()
        for entry in current.entries:
            found.append(entry)
            work.extend(entry.variations)
    return found


def _skip_header_answers(
    console: ScriptConsole, players: str | None, presets: tuple[str, ...], headers: dict[str, str]
) -> None:
    """A script that starts with the answers to the header questions, run again to continue
    its record: those lines are skipped (the record has its headers), when every one of them
    agrees with the record's headers; otherwise the lines are read as moves."""
    given = _presets(presets)
    colours = players_of(headers)
    checks: list[Callable[[str], bool]] = []
    if not (players or _colours_of(given)):
        checks.append(lambda line: _same_colours(line, colours))
    asked = [(tag, "?") for tag in _ASKED] + [
        (COLOUR_TAGS[colour], f"{COLOUR_TAGS[colour]} player") for colour in colours
    ]
    for tag, default in asked:
        if not given.get(tag):
            value = headers.get(tag, "")
            blank = value == default or tag == "Date"  # a blank Date: the day it was run
            checks.append(functools.partial(_same_value, value, blank))
    ahead = console.peek(len(checks))
    if not checks or len(ahead) < len(checks):
        return
    if all(check(line) for check, line in zip(checks, ahead, strict=True)):
        console.skip(len(checks))
        click.echo(
            f"<stdin>:1-{len(checks)}: the answers to the header questions, which the record "
            "already has: skipped",
            err=True,
        )


def _same_value(value: str, blank: bool, line: str) -> bool:
    """Whether a header answer gives ``value`` (a blank one: the default, if ``blank``)."""
    return line.strip() == value or (blank and not line.strip())


def _same_colours(line: str, colours: tuple[str, ...]) -> bool:
    try:
        return _colours(line or "R B G") == colours
    except click.BadParameter:
        return False


def _has_text(path: str) -> bool:
    return os.path.isfile(path) and Path(path).stat().st_size > 0


def _resume(path: str, board: Board | None = None) -> Session:
    source = record_source(path)
    source.warn()
    try:
        with ExitStack() as stack:
            text = read_whole(source.open(stack, whole=True)).decode(source.encoding)
        games = parse(text, name=path).games
    except OSError as problem:
        raise RecordError(source.cannot_read(problem)) from None
    except UnicodeDecodeError as problem:
        raise RecordError(source.cannot_read(str(problem))) from None
    except NotationError as problem:
        click.echo(problem.format(), err=True)
        sys.exit(1)
    if len(games) != 1:
        raise click.ClickException(f"{path} holds {len(games)} games; record continues one game")
    try:
        return from_game(games[0], path, board)
    except ResumeError as problem:
        lines = text.split("\n")
        for diagnostic in problem.diagnostics:
            located = diagnostic.located(lambda n: lines[n - 1] if 0 < n <= len(lines) else None)
            click.echo(located.display(), err=True)
        click.echo(f"error: {problem}", err=True)
        sys.exit(1)


def _headers(
    console: Console,
    players: str | None,
    rules: str,
    board: str,
    variant: str,
    infractions: str,
    presets: tuple[str, ...],
) -> dict[str, str]:
    """The headers of a new record: presets, options, and answers to the questions."""
    given = _presets(presets)
    colours = _colours(players) if players else _colours_of(given)
    if not colours:
        answer = _asked(console, "Colours that play (e.g. R B G) [R B G]: ", "the colours")
        colours = _colours(answer or "R B G")
    defaults = {"Event": "?", "Site": "?", "Date": time.strftime("%Y.%m.%d")}
    headers: dict[str, str] = {}
    for tag in _ASKED:
        headers[tag] = given.pop(tag, "") or _ask(console, tag, defaults[tag])
    for colour in colours:
        tag = COLOUR_TAGS[colour]
        headers[tag] = given.pop(tag, "") or _ask(console, f"{tag} player", f"{tag} player")
    headers.update({"Rules": rules, "Board": board, "Variant": variant})
    if variant == META_CULPA:
        headers["Infractions"] = infractions
    headers.update(given)
    return headers


def _presets(presets: tuple[str, ...]) -> dict[str, str]:
    """The ``-H TAG=VALUE`` headers."""
    given: dict[str, str] = {}
    for preset in presets:
        tag, sep, value = preset.partition("=")
        if not sep or not tag.strip():
            raise click.BadParameter(f"expected TAG=VALUE, not {preset!r}", param_hint="'-H'")
        given[tag.strip()] = value.strip()
    return given


class _HeadersEnded(Exception):
    """The input ended while a header question was open (``what`` names it)."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


def _asked(console: Console, prompt: str, what: str) -> str:
    try:
        return console.ask(prompt)
    except EOFError:
        raise _HeadersEnded(what) from None


def _ask(console: Console, what: str, default: str) -> str:
    return _asked(console, f"{what} [{default}]: ", f"'{what}'").strip() or default


def _colours(text: str) -> tuple[str, ...]:
    names = {name.lower(): colour for colour, name in COLOUR_TAGS.items()}
    out: list[str] = []
    for word in text.replace(",", " ").split():
        colour = names.get(word.lower(), word.upper())
        if colour not in COLOURS or colour in out:
            raise click.BadParameter(
                f"expected two to four of R, B, G, Y, not {text!r}", param_hint="'--players'"
            )
        out.append(colour)
    if not 2 <= len(out) <= 4:
        raise click.BadParameter(f"two to four colours, not {text!r}", param_hint="'--players'")
    return tuple(colour for colour in COLOURS if colour in out)


def _colours_of(given: dict[str, str]) -> tuple[str, ...]:
    return tuple(colour for colour, tag in COLOUR_TAGS.items() if tag in given)
