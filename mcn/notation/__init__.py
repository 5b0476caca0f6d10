"""MCN, the Mea Culpa notation: the record model, its parser, writer and JSON form.

Reading::

    parse(text, name=...)            -> File            (strict: raises NotationError)
    parse_lenient(text, name=...)    -> (File, errors)  (every game tried)
    iter_games(path_or_handle)       -> Game, Game, ... (streaming, strict)
    iter_results(path_or_handle)     -> GameResult, ... (streaming, lenient)
    read_file(path_or_handle)        -> (File, errors)
    check_syntax(text, name=...)     -> SyntaxReport    (same language, no record built)
    iter_syntax(path_or_handle)      -> GameSyntax, ... (streaming syntax check)

Writing: ``write(file_or_game)`` (canonical MCN), ``record_to_json`` / ``record_from_json``.
Walking: subclass :class:`Visitor` and call :func:`walk` (iterative; return :data:`SKIP`).
For replay, each :class:`Move` has ``actor``, ``text`` (canonical action text) and ``span``.
"""

from mcn.notation.errors import NotationError
from mcn.notation.jsonform import RecordFormatError, record_from_json, record_to_json
from mcn.notation.model import (
    Checkpoint,
    Comment,
    Element,
    File,
    Game,
    Header,
    Item,
    Move,
    Section,
    Span,
)
from mcn.notation.parser import GameResult, parse, parse_lenient
from mcn.notation.stream import iter_games, iter_results, read_file
from mcn.notation.syntax import GameSyntax, SyntaxReport, check_syntax, iter_syntax
from mcn.notation.visitor import SKIP, Role, Visitor, walk
from mcn.notation.writer import write

__all__ = [
    "SKIP",
    "Checkpoint",
    "Comment",
    "Element",
    "File",
    "Game",
    "GameResult",
    "GameSyntax",
    "Header",
    "Item",
    "Move",
    "NotationError",
    "RecordFormatError",
    "Role",
    "Section",
    "Span",
    "SyntaxReport",
    "Visitor",
    "check_syntax",
    "iter_games",
    "iter_results",
    "iter_syntax",
    "parse",
    "parse_lenient",
    "read_file",
    "record_from_json",
    "record_to_json",
    "walk",
    "write",
]
