"""Parse MCN text into records, strictly (first error raised) or leniently (every game tried).

A whole text is first parsed in one go, the fast path for valid files. When that fails, or in
lenient mode, the text is cut into games lexically (:mod:`mcn.notation.split`) and each game is
parsed on its own: an error ends that game only, and the next game resynchronises at its
headers. Either way every problem is a :class:`NotationError` carrying the game number.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from lark.exceptions import UnexpectedInput

from mcn.notation.errors import NotationError, explain
from mcn.notation.fastpath import parse_plain
from mcn.notation.games import Problem, group_games
from mcn.notation.grammar import shared
from mcn.notation.model import Element, File, Game, Header
from mcn.notation.split import Chunk, split_games, text_lines

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a file: the game, or the errors that stopped it (or both, for headers)."""

    number: int
    game: Game | None
    errors: tuple[NotationError, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the game was read without any error."""
        return self.game is not None and not self.errors


def _source_line(text: str, line: int) -> str | None:
    """Line ``line`` (1-based) of ``text``."""
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return None
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]


def _problem_error(problem: Problem, chunk: Chunk, name: str, number: int) -> NotationError:
    message, span = problem
    line, column = (chunk.first_line, 1) if span is None else (span.line, span.column)
    return NotationError(
        message,
        name=name,
        line=line,
        column=column,
        game=number,
        source_line=chunk.source_line(line),
    )


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector (if it runs) for the duration of a parse.

    A parse allocates many small objects and creates no reference cycle, so the collector
    finds nothing; yet its sweeps over a growing record cost as much as the parse itself
    (about half the time of reading a 400-game file; bench/run.py). Reference counting
    still frees everything as usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _elements(text: str, line_base: int) -> list[Element | Header]:
    """The top-level elements of ``text``: by the plain-line fast path when every line is
    plain (:mod:`mcn.notation.fastpath`), else by the LALR parser, which raises
    ``UnexpectedInput`` on an error. Both give the same elements."""
    with _collector_paused():
        elements = parse_plain(text, line_base)
        if elements is not None:
            return elements
        parser, builder = shared()
        builder.line_base = line_base
        parsed: list[Element | Header] = parser.parse(text)  # type: ignore[assignment]
        return parsed


def parse_chunk(chunk: Chunk, name: str, number: int) -> list[GameResult]:
    """Parse one piece of a file (normally one game) whose first game is game ``number``."""
    if chunk.decode_error is not None:
        error = chunk.decode_error
        error.game = number
        return [GameResult(number, None, (error,))]
    try:
        elements = _elements(chunk.text, chunk.first_line - 1)
    except UnexpectedInput as failure:
        message, line, column = explain(failure, chunk.text)
        line += chunk.first_line - 1
        error = NotationError(
            message,
            name=name,
            line=line,
            column=column,
            game=number,
            source_line=chunk.source_line(line),
        )
        return [GameResult(number, None, (error,))]
    results = []
    for offset, (game, problems) in enumerate(group_games(elements)):
        errors = tuple(
            _problem_error(problem, chunk, name, number + offset) for problem in problems
        )
        results.append(GameResult(number + offset, game, errors))
    return results


def number_games(
    chunks: Iterable[Chunk], name: str, read: Callable[[Chunk, str, int], list[R]]
) -> Iterator[R]:
    """``read`` every chunk (a parse or a syntax check), numbering the games of the file from
    1: a chunk may hold several games, and ``read`` is told the number of its first."""
    number = 1
    for chunk in chunks:
        results = read(chunk, name, number)
        number += len(results)
        yield from results


def iter_chunk_results(chunks: Iterable[Chunk], name: str) -> Iterator[GameResult]:
    """Parse every chunk, numbering the games of the file from 1."""
    return number_games(chunks, name, parse_chunk)


def parse_lenient(text: str, *, name: str = "<string>") -> tuple[File, tuple[NotationError, ...]]:
    """Every game that could be read, and every error of the text (one syntax error per game).

    Games whose headers break a rule are kept as well as reported. A leading byte-order mark
    is ignored, as when reading a file.
    """
    text = text.removeprefix("\ufeff")
    games = []
    errors: list[NotationError] = []
    for result in iter_chunk_results(split_games((line, None) for line in text_lines(text)), name):
        if result.game is not None:
            games.append(result.game)
        errors.extend(result.errors)
    return File(tuple(games), name), tuple(errors)


def parse(text: str, *, name: str = "<string>") -> File:
    """The record of ``text``; raises the first :class:`NotationError` if there is any.

    A leading byte-order mark is ignored, as when reading a file.
    """
    text = text.removeprefix("\ufeff")
    try:
        elements = _elements(text, 0)
    except UnexpectedInput as failure:
        _, errors = parse_lenient(text, name=name)
        if errors:
            raise errors[0] from None
        # Not reached in practice: the game-by-game parse finds the whole-text error too.
        message, line, column = explain(failure, text)
        raise NotationError(
            message, name=name, line=line, column=column, source_line=_source_line(text, line)
        ) from None
    games = []
    for number, (game, problems) in enumerate(group_games(elements), start=1):
        if problems:
            message, span = problems[0]
            line, column = (1, 1) if span is None else (span.line, span.column)
            raise NotationError(
                message,
                name=name,
                line=line,
                column=column,
                game=number,
                source_line=_source_line(text, line),
            )
        games.append(game)
    return File(tuple(games), name)
