"""``mcn export`` and ``mcn import``: between MCN and its JSON form, losslessly.

``export`` writes the JSON form (``--format json``, validated by
``schemas/record.schema.json``) or canonical MCN (``--format mcn``); ``import`` reads a JSON
record, checks it against the schema and the rules the schema cannot state, and writes
canonical MCN. ``export --as VIEWER`` exports the record as that player saw it: each game is
redacted exactly as ``mcn redact --as VIEWER`` redacts it (the one projection,
:mod:`mcn.views.projection`), so it equals ``mcn redact --as VIEWER | mcn export -``.

Both stream: one game at a time is read, checked and written, so memory stays flat for any
size of archive; the output appears only when every game succeeded (:mod:`mcn.io.output`).
Exit status: 0 done, 1 invalid input, 2 usage error.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import IO, Any, NoReturn

import click

from mcn.commands.board import board_option
from mcn.commands.loader import RECORD, StreamLimit, checked_encoding, record_source
from mcn.commands.reading import encoding_option
from mcn.commands.redact import View, redacted, say_board
from mcn.engine.data import Board
from mcn.io.output import Abandon, open_output
from mcn.io.progress import read_progress
from mcn.io.safe_write import WriteError
from mcn.io.terminal import visible
from mcn.notation.jsoncheck import check_envelope_data, check_game_data
from mcn.notation.jsonform import FORMAT, VERSION, RecordFormatError, game_to_json, read_game
from mcn.notation.jsonstream import JSONStreamError, iter_json_games
from mcn.notation.model import Game
from mcn.notation.parser import GameResult
from mcn.notation.writer import write


def _fail(message: str) -> NoReturn:
    """Print ``message`` (it names the file the user gave: shown escaped) and exit 1."""
    click.echo(visible(message), err=True)
    sys.exit(1)


_OUTPUT = click.option(
    "--output", "-o", type=click.Path(dir_okay=False, allow_dash=True), help="Write here."
)


@click.command("export")
@click.argument("file", type=RECORD)
@click.option(
    "--format",
    "form",
    type=click.Choice(["json", "mcn"]),
    default="json",
    show_default=True,
    help="JSON form or canonical MCN.",
)
@click.option(
    "--as",
    "viewer",
    help="Export the record as this player (R, red, the player's name) or a spectator saw "
    "it: exactly what 'mcn redact --as' writes, exported.",
)
@click.option(
    "--keep-annotations",
    is_flag=True,
    help="With --as: keep comments and variations, as 'mcn redact --keep-annotations'.",
)
@board_option
@_OUTPUT
@encoding_option
def export(
    file: str,
    form: str,
    viewer: str | None,
    keep_annotations: bool,
    board: Board | None,
    output: str | None,
    encoding: str,
) -> None:
    """Export the MCN record FILE as JSON (or canonical MCN), or as one player saw it."""
    checked_encoding(encoding)
    if keep_annotations and viewer is None:
        raise click.UsageError("--keep-annotations needs --as (a full record keeps them all)")
    if board is not None and viewer is None:
        raise click.UsageError("--board needs --as (a plain export replays nothing)")
    source = record_source(file, encoding)
    name = source.name
    source.warn()
    view = None
    if viewer is not None:
        view = View(viewer, keep_annotations, source.lines(), board)
        say_board(board)
    try:
        with ExitStack() as stack:
            handle = source.open(stack)
            out = stack.enter_context(open_output(output))
            tick = stack.enter_context(read_progress(handle, "exporting"))
            if not _export_games(source.results(handle), name, form, out, tick, view):
                if view is not None:
                    click.echo(visible(f"{name}: not exported: the record has errors"), err=True)
                raise Abandon
    except Abandon:
        sys.exit(1)
    except WriteError as problem:
        _fail(str(problem))
    except OSError as problem:
        _fail(source.cannot_read(problem))


#: The JSON form around its games, as ``json.dumps(record_to_json(...), indent=1)`` writes it.
_JSON_HEAD = f'{{\n "format": "{FORMAT}",\n "version": {VERSION},\n "games": ['


def _export_games(
    results: Iterator[GameResult],
    name: str,
    form: str,
    out: IO[str],
    tick: Callable[[], None],
    view: View | None = None,
) -> bool:
    """Write each game of ``results`` to ``out`` as soon as it is read (redacted first with
    ``view``); False when a game had errors (every error is reported; the output is then
    discarded by the caller)."""
    failed = False
    count = 0
    if form == "json":
        out.write(_JSON_HEAD)
    for result in results:
        tick()
        game: Game | None
        if view is not None:
            game = redacted(result, view, name)
            failed = failed or game is None
        else:
            for error in result.errors:
                click.echo(error.format(), err=True)
                failed = True
            game = result.game
        if failed or game is None:
            continue  # go on reading: every error of the file is reported
        if form == "mcn":
            out.write(("\n" if count else "") + write(game))
        else:
            text = json.dumps(game_to_json(game), ensure_ascii=False, indent=1)
            out.write(("," if count else "") + "\n" + _indented(text))
        count += 1
    if form == "json":
        out.write("\n ]\n}\n" if count else "]\n}\n")
    return not failed


def _indented(text: str) -> str:
    """A game's JSON text two levels in, as it stands in the file's ``games`` array."""
    return "  " + text.replace("\n", "\n  ")


@click.command("import")
@click.argument("file", type=RECORD)
@_OUTPUT
def import_(file: str, output: str | None) -> None:
    """Import the JSON record FILE and write it as canonical MCN."""
    source = record_source(file, "utf-8")  # the JSON form is UTF-8 (RFC 8259)
    name = source.name
    try:
        with ExitStack() as stack:
            handle = source.open(stack, whole=True)
            out = stack.enter_context(open_output(output))
            tick = stack.enter_context(read_progress(handle, "importing"))
            _import_games(handle, out, tick)
    except StreamLimit as problem:
        _fail(source.cannot_read(str(problem)))
    except WriteError as problem:
        _fail(str(problem))
    except OSError as problem:
        _fail(source.cannot_read(problem))
    except UnicodeDecodeError as problem:
        _fail(f"{name}: error: invalid UTF-8 at byte offset {problem.start}")
    except JSONStreamError as problem:
        _fail(f"{name}:{problem.lineno}:{problem.colno}: error: {problem.kind}: {problem.msg}")
    except RecursionError:
        _fail(f"{name}: error: invalid JSON: nested too deeply")
    except RecordFormatError as problem:
        _fail(visible(f"{name}: error: at {problem.path}: {problem.message}"))


def _import_games(handle: IO[bytes], out: IO[str], tick: Callable[[], None]) -> None:
    """Read, check and write the games of a JSON record one at a time; raises
    :class:`RecordFormatError` (or a reading error) at the first problem, which discards the
    output. A game is written once the next one is known: only the last game of a file may
    have an empty body (MCN could not tell where the next game begins)."""
    envelope: dict[str, Any] = {}
    pending: Game | None = None
    written = 0
    escapes: list[bool] = []
    games = iter_json_games(handle, envelope, max_digits=_DIGITS, escapes=escapes)
    for index, data in enumerate(games):
        tick()
        _check_envelope_so_far(envelope)
        path = f"/games/{index}"
        if escapes.pop():
            _refuse_lone_surrogates(data, path)
        _raise(check_game_data(data, path))
        game = read_game(data, path)
        if pending is not None:
            _write_pending(out, pending, written, f"/games/{index - 1}")
            written += 1
        pending = game
    if "<document>" in envelope:  # not an object at all
        raise RecordFormatError(f"{envelope['<document>']!r} is not of type 'object'"[:200], "/")
    _refuse_lone_surrogates({k: v for k, v in envelope.items() if k != "games"}, "")
    _raise(check_envelope_data(envelope))
    if pending is not None:
        out.write(("\n" if written else "") + write(pending))


def _raise(problem: tuple[str, str] | None) -> None:
    if problem is not None:
        raise RecordFormatError(*problem)


def _write_pending(out: IO[str], game: Game, written: int, path: str) -> None:
    if not game.body:
        raise RecordFormatError(
            "only the last game of a file may have an empty body (MCN could not tell where"
            " the next game begins)",
            f"{path}/body",
        )
    out.write(("\n" if written else "") + write(game))


def _check_envelope_so_far(envelope: dict[str, Any]) -> None:
    """``format`` and ``version`` as soon as they were read (they usually come first)."""
    known = {key: envelope[key] for key in ("format", "version") if key in envelope}
    known.setdefault("format", "mcn")
    known.setdefault("version", 1)
    _raise(check_envelope_data({**known, "games": []}))


def _refuse_lone_surrogates(data: object, prefix: str) -> None:
    found = _lone_surrogate(data)
    if found is not None:
        path, char = found
        where = prefix + (path if path != "/" else "") or "/"
        raise RecordFormatError(
            f"lone surrogate \\u{ord(char):04x} is not a character (it cannot be written as UTF-8)",
            where,
        )


#: The longest integer a record needs (counts, versions) is a few digits; int() of thousands
#: of digits is slow and, past 4,300, an exception.
_DIGITS = 18


def _lone_surrogate(data: object) -> tuple[str, str] | None:
    """The JSON path and the character of the first lone surrogate in a string of ``data``
    (``"\\ud800"`` is valid JSON but no character), without recursion."""
    work: list[tuple[str, object]] = [("", data)]
    while work:
        path, value = work.pop()
        if isinstance(value, str):
            for char in value:
                if "\ud800" <= char <= "\udfff":
                    return path or "/", char
        elif isinstance(value, dict):
            work.extend((f"{path}/{key}", item) for key, item in reversed(value.items()))
            work.extend((f"{path}/{key}", key) for key in value)
        elif isinstance(value, list):
            work.extend(
                (f"{path}/{index}", item) for index, item in reversed(list(enumerate(value)))
            )
    return None
