"""Board profiles a user can correct (B-4, B-5): read one from a file, describe one for reports.

The numbers printed only on the board (prices, cathedral letter rows, Heaven's distance) live
in a board profile (``mcn/data/boards/*.json``, schemas/board.schema.json). Several of the
``standard`` profile's values are provisional (B-5). A user with the printed board writes a
corrected profile file and selects it with ``--board FILE``; ``mcn board`` prints a profile
with its provisional values marked. A record's ``[Board "NAME"]`` names a built-in profile (or
the id of the profile given with ``--board``): records are untrusted, so a record never makes
mcn read a file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mcn.engine.constants import GOODS
from mcn.engine.data import Board, DataError, board_document, board_from_json, register_board

#: Board files larger than this are refused unread (a profile is about 3 KB).
MAX_BYTES = 1 << 20


#: Digits of the largest integer a profile may hold: its numbers are prices, track spaces and
#: counts; Python refuses to read integers of more than 4,300 digits with a ValueError.
MAX_DIGITS = 9


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ValueError(f"an integer of {digits:,} digits (at most {MAX_DIGITS})")
    return int(text)


def read_board_file(path: str) -> Board:
    """The profile in the JSON file ``path``, checked against schemas/board.schema.json and
    registered under its id (so states naming it can be rebuilt). Raises :class:`DataError`
    naming the file and the bad field."""
    where = Path(path)
    try:
        if where.stat().st_size > MAX_BYTES:
            raise DataError(f"board profile {path}: larger than {MAX_BYTES} bytes")
        text = where.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"board profile {path}: cannot be read ({error})") from error
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as error:
        raise DataError(
            f"board profile {path}:{error.lineno}:{error.colno}: not valid JSON: {error.msg}"
        ) from error
    except RecursionError:
        raise DataError(f"board profile {path}: nested too deeply to be a profile") from None
    except ValueError as error:  # _bounded_int: a number no profile holds
        raise DataError(f"board profile {path}: {error}") from None
    try:
        board = board_from_json(data, source=path)
    except DataError as error:
        raise DataError(f"board profile {path}: {error}") from error
    register_board(board, data)
    return board


def select_board(name_or_file: str) -> Board:
    """A built-in profile by name, or a profile file (any argument that names a file)."""
    if Path(name_or_file).is_file():
        return read_board_file(name_or_file)
    from mcn.engine.data import load_board

    return load_board(name_or_file)


def describe(board: Board) -> dict[str, Any]:
    """What reports say about the board a game was replayed with (schemas/report.schema.json):
    its id, where it came from, and which of its values are provisional (B-4)."""
    return {
        "name": board.id,
        "source": board.source or "built-in",
        "provisional": bool(board.provisional),
        "provisional_values": list(board.provisional),
    }


def summary(board: Board) -> str:
    """One phrase for text reports: ``board standard (built-in; 16 provisional values)``."""
    where = board.source or "built-in"
    count = len(board.provisional)
    marks = f"{count} provisional value{'s' * (count != 1)}" if count else "no provisional values"
    return f"board {board.id} ({where}; {marks})"


def render(board: Board) -> str:
    """The profile as text, every provisional value marked with ``*`` (``mcn board``)."""
    doc = board_document(board)
    provisional = set(board.provisional)

    def mark(path: str) -> str:
        return " *" if path in provisional else ""

    lines = [f"board profile {board.id} ({board.source or 'built-in'})"]
    if doc.get("description"):
        lines.append(f"  {doc['description']}")
    lines.append("")
    lines.append("MARKET           purchase   sale")
    for index, good in enumerate(GOODS):
        buy = f"{board.purchase[index]}{mark(f'prices.{good}.purchase')}"
        sell = f"{board.sale[index]}{mark(f'prices.{good}.sale')}"
        lines.append(f"  {good:<14} {buy:<10} {sell}")
    lines.append(f"  letter         {board.letter_price}{mark('letter_price')}")
    lines.append("")
    lines.append("CATHEDRAL ROWS (letters laid out at an evaluation, R-EVA-1)")
    names = ("bread_wine", "cloth_jewel", "money")
    titles = ("bread & wine", "cloth & jewel", "money")
    letters = ("yellow", "blue", "red", "green")
    for site, rows in enumerate(board.rows, 1):
        for name, title, row in zip(names, titles, rows, strict=True):
            shown = " ".join(letters[i] for i in row)
            lines.append(f"  {site}  {title:<14} {shown}{mark(f'cathedrals.{site}.{name}')}")
    lines.append("")
    lines.append("RECORD OF SINS")
    lines.append(f"  Hell beyond space {board.hell}{mark('track.hell')}")
    lines.append(f"  Heaven {board.heaven} spaces from the start{mark('track.heaven')}")
    lines.append("")
    if provisional:
        lines.append(
            f"* provisional ({len(provisional)}): no rulebook text gives it (B-5); correct it "
            "from your printed board in a copy of this profile and use it with --board FILE"
        )
    else:
        lines.append("no provisional values")
    return "\n".join(lines)


__all__ = ["describe", "read_board_file", "render", "select_board", "summary"]


def as_json(board: Board) -> dict[str, Any]:
    """The profile document itself (board.schema.json), as loaded."""
    return dict(board_document(board))
