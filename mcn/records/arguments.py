"""The argument checks of the public API (mcn/api.py): a wrong kind is a ``TypeError``.

A library call that hands ``None`` or a number where a record or an address belongs should hear
so at once, by the argument's name, instead of an ``AttributeError`` from deep inside the
replay. Values of the right kind are the called code's to judge (``AddressError``,
``ActionSyntaxError``, ``ValueError``…): docs/api.md, "Errors", lists what each call raises.
"""

from __future__ import annotations

import errno
import io
import os
import types
from collections.abc import Iterable

from mcn.engine import GameState
from mcn.notation import Game


def kind_of(value: object) -> str:
    return "None" if value is None else type(value).__name__


def expect(
    value: object, kind: type | types.UnionType | tuple[type, ...], call: str, name: str, what: str
) -> None:
    """``TypeError`` naming ``call``'s argument ``name`` unless ``value`` is a ``kind``."""
    if not isinstance(value, kind):
        raise TypeError(f"mcn.{call}(): {name} must be {what}, not {kind_of(value)}")


def expect_texts(value: object, call: str, name: str, what: str) -> None:
    """``value`` is a sequence of strings (a single string is not: ``"RB"`` is a slip)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"mcn.{call}(): {name} must be {what}, not {kind_of(value)}")
    for item in value:
        if not isinstance(item, str):
            raise TypeError(f"mcn.{call}(): {name} must hold strings, not {kind_of(item)}")


def expect_game(game: object, call: str) -> None:
    expect(game, Game, call, "game", "a Game (a record read by read_games or read_text)")


def expect_address(address: object, call: str) -> None:
    expect(address, str, call, "address", "a str such as '3.2.1', '3', 'start' or 'end'")


def expect_state(state: object, call: str) -> None:
    expect(state, GameState, call, "state", "a GameState")


def expect_viewer(viewer: object, call: str) -> None:
    what = "a colour, a player's name, 'spectator' or None"
    expect(viewer, str | type(None), call, "viewer", what)


def expect_source(source: object, encoding: object, call: str) -> None:
    """A path (``str`` or ``os.PathLike``) or a binary file object; ``OSError`` for a path no
    file can have (a NUL character), like any other path that cannot be opened."""
    if isinstance(source, io.TextIOBase):
        raise TypeError(
            f"mcn.{call}(): source must be opened in binary mode ('rb', sys.stdin.buffer)"
        )
    if isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        if not isinstance(path, str):
            raise TypeError(f"mcn.{call}(): source must be a str path, not {kind_of(path)}")
        if "\0" in path:
            raise OSError(errno.EINVAL, "a path cannot contain a NUL character", path)
    elif not callable(getattr(source, "read", None)):
        what = "a path or a binary file object"
        raise TypeError(f"mcn.{call}(): source must be {what}, not {kind_of(source)}")
    expect(encoding, str | type(None), call, "encoding", "a codec name or None")
