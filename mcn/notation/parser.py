"""Parse MCN text into records, strictly (first error raised) or leniently (every game tried).

A whole text is first read in one go, the fast path for valid files. When that fails, or in
lenient mode, the text is cut into games lexically (:mod:`mcn.notation.split`) and each game is
read on its own: an error ends that game only, and the next game resynchronises at its
headers. Either way every problem is a :class:`NotationError` carrying the game number.

Two readings of a text into elements exist. :func:`reference_elements` is the grammar
itself: Lark's LALR parser with ``grammar/mcn.lark`` and the builder's callbacks; it defines
what a text means and what its first error is. :func:`fast_elements` gives the same elements
faster: the plain-line fast path (:mod:`mcn.notation.fastpath`) where every line is plain,
else the reference reading. Everything here takes the reading as a parameter, so that
:mod:`mcn.notation.reference` can run the whole pipeline with the grammar alone and
``tests/notation/test_differential.py`` can show that both give the same records and errors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from mcn.base.plain import PlainValue
from mcn.io.collector import collector_paused
from mcn.io.limits import variation_problem
from mcn.notation.errors import NotationError, explain, syntax_failure
from mcn.notation.fastpath import parse_plain
from mcn.notation.games import Problem, group_games
from mcn.notation.grammar import shared
from mcn.notation.model import Element, File, Game, Header
from mcn.notation.split import Chunk, split_games

R = TypeVar("R")


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class GameResult(PlainValue):
    """One game of a file: the game, or the errors that stopped it (or both, for headers)."""

    number: int
    game: Game | None
    errors: tuple[NotationError, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the game was read without any error."""
        return self.game is not None and not self.errors


def source_line(text: str, line: int) -> str | None:
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


#: A reading of a text into its top-level elements: ``read(text, line_base)``, which raises
#: Lark's ``UnexpectedInput`` at the text's first syntax error.
Reading = Callable[[str, int], list[Element | Header]]


def reference_elements(text: str, line_base: int) -> list[Element | Header]:
    """The top-level elements of ``text`` as the grammar reads them (Lark's LALR parser and
    the builder); raises ``UnexpectedInput`` at the first error."""
    with collector_paused():
        parser, builder = shared()
        builder.line_base = line_base
        parsed: list[Element | Header] = parser.parse(text)  # type: ignore[assignment]
        return parsed


def fast_elements(text: str, line_base: int) -> list[Element | Header]:
    """The same elements as :func:`reference_elements`: by the plain-line fast path when
    every line is plain (:mod:`mcn.notation.fastpath`), else by the grammar."""
    with collector_paused():
        elements = parse_plain(text, line_base)
    if elements is not None:
        return elements
    return reference_elements(text, line_base)


def _limit_error(problem: tuple[str, int], chunk: Chunk, name: str, number: int) -> NotationError:
    """A game past a bound of :mod:`mcn.io.limits`, located at the first thing past it."""
    message, offset = problem
    line = chunk.first_line + chunk.text.count("\n", 0, offset)
    column = offset - chunk.text.rfind("\n", 0, offset)
    return NotationError(
        message,
        name=name,
        line=line,
        column=column,
        game=number,
        source_line=chunk.source_line(line),
    )


def parse_chunk(
    chunk: Chunk, name: str, number: int, read: Reading = fast_elements
) -> list[GameResult]:
    """Parse one piece of a file (normally one game) whose first game is game ``number``."""
    if chunk.decode_error is not None:
        error = chunk.decode_error
        error.game = number
        return [GameResult(number, None, (error,))]
    too_many = variation_problem(chunk.text)
    if too_many is not None:
        return [GameResult(number, None, (_limit_error(too_many, chunk, name, number),))]
    try:
        elements = read(chunk.text, chunk.first_line - 1)
    except Exception as raised:
        failure = syntax_failure(raised)
        if failure is None:
            raise
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


def iter_chunk_results(
    chunks: Iterable[Chunk], name: str, read: Reading = fast_elements
) -> Iterator[GameResult]:
    """Parse every chunk, numbering the games of the file from 1."""
    return number_games(
        chunks, name, lambda chunk, label, number: parse_chunk(chunk, label, number, read)
    )


def parse_lenient(text: str, *, name: str = "<string>") -> tuple[File, tuple[NotationError, ...]]:
    """Every game that could be read, and every error of the text (one syntax error per game).

    Games whose headers break a rule are kept as well as reported. A leading byte-order mark
    is ignored, as when reading a file.
    """
    return read_lenient(text, name, fast_elements)


def read_lenient(text: str, name: str, read: Reading) -> tuple[File, tuple[NotationError, ...]]:
    """:func:`parse_lenient` with the reading ``read``."""
    text = text.removeprefix("\ufeff")
    games = []
    errors: list[NotationError] = []
    chunks = split_games([(text, None)])
    for result in iter_chunk_results(chunks, name, read):
        if result.game is not None:
            games.append(result.game)
        errors.extend(result.errors)
    return File(tuple(games), name), tuple(errors)


def parse(text: str, *, name: str = "<string>") -> File:
    """The record of ``text``; raises the first :class:`NotationError` if there is any.

    A leading byte-order mark is ignored, as when reading a file.
    """
    text = text.removeprefix("\ufeff")
    with collector_paused():
        elements = parse_plain(text, 0)
    if elements is not None:
        return _games(elements, text, name)
    # Not every line is plain: read game by game, so that only the games that need it go to
    # Lark (one annotated game in an archive), with the same records and first error.
    record, errors = read_lenient(text, name, fast_elements)
    if errors:
        raise errors[0]
    return record


def read_strict(text: str, name: str, read: Reading) -> File:
    """The record of ``text`` read in one go with ``read``; on a syntax error, the first error
    of the game-by-game reading (the reference's :func:`parse`)."""
    text = text.removeprefix("\ufeff")
    if variation_problem(text) is not None:  # maybe in one game: parse game by game to tell
        _, errors = read_lenient(text, name, read)
        if errors:
            raise errors[0]
    try:
        elements = read(text, 0)
    except Exception as raised:
        failure = syntax_failure(raised)
        if failure is None:
            raise
        _, errors = read_lenient(text, name, read)
        if errors:
            raise errors[0] from None
        # Not reached in practice: the game-by-game parse finds the whole-text error too.
        message, line, column = explain(failure, text)
        raise NotationError(
            message, name=name, line=line, column=column, source_line=source_line(text, line)
        ) from None
    return _games(elements, text, name)


def _games(elements: list[Element | Header], text: str, name: str) -> File:
    """The record of the elements of the whole ``text``; raises its first header problem."""
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
                source_line=source_line(text, line),
            )
        games.append(game)
    return File(tuple(games), name)
