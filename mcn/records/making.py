"""The public API's calls that make and write records: random games, records from a bot's
actions, canonical MCN and the lossless JSON form (re-exported by :mod:`mcn.api` and
:mod:`mcn`; docs/api.md). Arguments of the wrong kind are a ``TypeError`` naming them
(mcn/records/arguments.py); what each call raises otherwise is in docs/api.md, "Errors".
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from mcn.engine import Action, play_random_game
from mcn.notation import File, Game, record_from_json, record_to_json, write
from mcn.notation.jsonform import RecordFormatError
from mcn.records.arguments import expect, expect_texts


def random_game(
    players: Sequence[str] = ("R", "B", "G", "Y"),
    *,
    seed: int = 0,
    ruleset: str = "de-2016",
    variant: str = "standard",
) -> Game:
    """A complete random legal game (seeded, reproducible), as a record; ``ValueError`` for
    players, a ruleset or a variant mcn does not know."""
    from mcn.engine.random_play import DEFAULT_INFRACTIONS
    from mcn.records.transcript import transcript

    expect_texts(players, "random_game", "players", "a sequence of colours such as ('R', 'B')")
    expect(seed, int, "random_game", "seed", "an int")
    expect(ruleset, str, "random_game", "ruleset", "a ruleset's name such as 'de-2016'")
    expect(variant, str, "random_game", "variant", "'standard' or 'meta-culpa'")
    colours = tuple(players)
    infractions = DEFAULT_INFRACTIONS if variant == "meta-culpa" else ()
    _, history = play_random_game(colours, seed, ruleset, "standard", variant, infractions)
    names = {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow"}
    headers = [
        ("Event", f"Random game {seed}"),
        ("Site", "mcn"),
        *((names[c], f"Random player {names[c].lower()}") for c in colours),
    ]
    return transcript(
        history,
        players=colours,
        headers=headers,
        ruleset=ruleset,
        variant=variant,
        infractions=infractions,
    )


def write_record(record: Game | File | Sequence[Game], path: str | Path | None = None) -> str:
    """Canonical MCN for a game or several; with ``path``, also written to that file safely
    (a temporary file replaced atomically: an interruption never leaves half a record);
    ``OSError`` when it cannot be written (the file is then unchanged)."""
    if isinstance(record, Game | File):
        whole = record
    elif isinstance(record, Iterable) and not isinstance(record, str | bytes | Mapping):
        games = tuple(record)
        for game in games:
            expect(game, Game, "write_record", "record", "a Game, a File or a sequence of Games")
        whole = File(games, "<api>")
    else:
        what = "a Game, a File or a sequence of Games"
        expect(record, Game, "write_record", "record", what)
    expect(path, str | os.PathLike | type(None), "write_record", "path", "a path or None")
    text = write(whole)
    if path is not None:
        from mcn.io.safe_write import WriteError, write_text_atomic

        target = os.fspath(path)
        if not isinstance(target, str) or not target or "\0" in target:
            raise OSError(errno.EINVAL, "not a path a file can have", str(target))
        try:
            write_text_atomic(Path(target), text)
        except WriteError as error:
            raise OSError(errno.EIO, error.reason, error.path) from error
    return text


def game_to_json(game: Game | File) -> dict[str, Any]:
    """The lossless JSON form of a record (schemas/record.schema.json)."""
    expect(game, Game | File, "game_to_json", "game", "a Game or a File")
    record = game if isinstance(game, File) else File((game,), "<api>")
    data: dict[str, Any] = record_to_json(record)
    return data


def game_from_json(data: dict[str, Any] | str) -> File:
    """A record from its JSON form (a dict, or the JSON text); raises ``RecordFormatError``
    for anything that is not one (text that is not JSON included)."""
    expect(data, dict | str, "game_from_json", "data", "a dict or the JSON text")
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as error:  # not JSON, too deep, a huge number
            message = "nested too deeply" if isinstance(error, RecursionError) else str(error)
            raise RecordFormatError(f"not JSON: {message}") from None
    return record_from_json(data)


def record_from_actions(
    actions: Iterable[Action | str],
    *,
    players: Sequence[str] | None = None,
    headers: Mapping[str, str] | Sequence[tuple[str, str]] = (),
    ruleset: str = "de-2016",
    board: str = "standard",
    variant: str = "standard",
    infractions: Sequence[str] = (),
) -> Game:
    """The canonical record of the ``actions`` applied from ``setup.1`` (``Action``s or texts):
    ``IllegalAction`` or ``ActionSyntaxError`` for one the game refuses, ``ValueError`` for a
    setup mcn does not know (mcn.records.transcript.record_from_actions, with its arguments
    checked)."""
    from mcn.records.transcript import record_from_actions as _record_from_actions

    what = "an iterable of Actions or move texts"
    if isinstance(actions, str | bytes | Mapping) or not isinstance(actions, Iterable):
        expect(actions, list, "record_from_actions", "actions", what)
    actions = list(actions)
    for action in actions:
        expect(action, Action | str, "record_from_actions", "actions", what)
    return _record_from_actions(
        actions,
        players=players,
        headers=headers,
        ruleset=ruleset,
        board=board,
        variant=variant,
        infractions=infractions,
    )
