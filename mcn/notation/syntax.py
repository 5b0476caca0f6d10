"""A syntax-only reading of MCN: is this text a well-formed record, and where is it not?

:func:`check_syntax` accepts exactly the texts :func:`mcn.notation.parse` accepts and reports
the same errors (message, line, column, game number) — syntax errors and header problems
alike — but builds no record: no move, item or marker objects. It is what a bulk check of an
archive needs (``mcn validate --syntax-only``), and what a comparison with a PGN reader that
skips its moves should measure.

The language is not written twice. Plain lines — headers, markers and items without
annotations, nearly all of any record — are cut by the fast path's pieces and templates
(:func:`mcn.notation.outline.outline_plain`: the grammar's own terminal patterns), which
only count the moves and keep the headers for the header rules. A game with anything else (a
comment, glyph, variation, checkpoint, or an error) is read by the real parser, so acceptance
and messages are exact by construction; ``tests/notation/test_syntax.py`` checks them against
``parse`` on random, bundled and mutated records.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from mcn.base.plain import PlainValue
from mcn.notation.errors import NotationError
from mcn.notation.games import outline_problems
from mcn.notation.outline import Outline, outline_plain
from mcn.notation.parser import number_games, parse_chunk, source_line
from mcn.notation.split import Chunk, split_games
from mcn.notation.stream import Source, source_chunks


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class GameSyntax(PlainValue):
    """One game of a syntax check: its number in the file, the moves of its main line, and
    its errors. ``parsed`` says whether its text is well-formed (then any error is about its
    headers, as for a :class:`~mcn.notation.parser.GameResult` with a game)."""

    number: int
    moves: int
    errors: tuple[NotationError, ...] = ()
    parsed: bool = True

    @property
    def ok(self) -> bool:
        """Whether the game has no error."""
        return self.parsed and not self.errors


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class SyntaxReport(PlainValue):
    """The result of :func:`check_syntax`: how much was read, and every error, in file order.

    Counts rather than a record, because building the record is what a syntax check saves;
    every error rather than the first, because a check of an archive should say everything
    wrong with it at once (``errors[0]`` is the error :func:`~mcn.notation.parse` raises).
    """

    games: int
    moves: int
    errors: tuple[NotationError, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the text is a valid record (``parse`` would return it)."""
        return not self.errors


def _from_outline(
    outline: Outline, number: int, name: str, source_line: Callable[[int], str | None]
) -> GameSyntax:
    errors = []
    for message, span in outline_problems(outline.headers, outline.stray):
        line, column = (1, 1) if span is None else (span.line, span.column)
        errors.append(
            NotationError(
                message,
                name=name,
                line=line,
                column=column,
                game=number,
                source_line=source_line(line),
            )
        )
    return GameSyntax(number, outline.moves, tuple(errors))


def check_chunk(chunk: Chunk, name: str, number: int) -> list[GameSyntax]:
    """Check one piece of a file (normally one game) whose first game is game ``number``."""
    if chunk.decode_error is None:
        outlines = outline_plain(chunk.text, chunk.first_line - 1)
        if outlines is not None:
            return [
                _from_outline(outline, number + offset, name, chunk.source_line)
                for offset, outline in enumerate(outlines)
            ]
    return [
        GameSyntax(
            result.number,
            0 if result.game is None else sum(1 for _ in result.game.moves()),
            result.errors,
            result.game is not None,
        )
        for result in parse_chunk(chunk, name, number)
    ]


def check_syntax(text: str, *, name: str = "<string>") -> SyntaxReport:
    """Check ``text`` with exactly the language of :func:`~mcn.notation.parse`, building no
    record: the games and main-line moves read, and every error (syntax and headers).

    ``report.ok`` exactly when ``parse(text)`` succeeds, and ``report.errors[0]`` is then the
    error ``parse`` raises otherwise. A leading byte-order mark is ignored, as when reading a
    file.
    """
    text = text.removeprefix("\ufeff")
    outlines = outline_plain(text, 0)
    if outlines is not None:
        results: Iterable[GameSyntax] = [
            _from_outline(outline, number, name, lambda line: source_line(text, line))
            for number, outline in enumerate(outlines, start=1)
        ]
    else:
        results = number_games(split_games([(text, None)]), name, check_chunk)
    games = moves = 0
    errors: list[NotationError] = []
    for result in results:
        games += 1
        moves += result.moves
        errors.extend(result.errors)
    return SyntaxReport(games, moves, tuple(errors))


def iter_syntax(
    source: Source, *, encoding: str | None = None, name: str | None = None
) -> Iterator[GameSyntax]:
    """Check every game of ``source`` (a path or an open file), one at a time, in constant
    memory — the syntax-only counterpart of :func:`~mcn.notation.iter_results`."""
    with source_chunks(source, encoding, name) as (chunks, label):
        yield from number_games(chunks, label, check_chunk)
