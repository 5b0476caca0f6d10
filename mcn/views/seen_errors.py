"""Error messages as one viewer may read them (``--as``): the source line projected.

An error is shown with its source line and a caret (``file:line:col: error: …`` then the line).
That line is the record's text, and a record's line holds more than the broken move: a round's
four bids share one line, an Emperor's gift stands in the item of the visit that caused it, a
variation or a comment written by an annotator who knew everything sits next to it. Printed
as written, it would tell ``--as R`` every other bid on the line. So under ``--as`` the line is
the line *as the viewer reads the record*: every move rewritten by the one projection (through
:class:`mcn.views.redact.AnnotationView`, the rewrite ``mcn redact`` makes: another player's secrets
``?``, the glyphs of a move he could not read dropped), comments not on his own moves and
money/reveal checkpoints shown as ``{…}`` and ``<money …>``. The caret logic stays the
:class:`~mcn.replay.Diagnostic`'s: its column is moved to the same character of the projected
line (to the start of a rewritten move when it pointed inside one), and the location
``file:line:col`` counts in the projected line, since the written column of a later move would
tell the length of the secrets before it.

The message is the engine's reason, and the reason for refusing another player's move may be
what he holds behind his screen ("Green has no yellow letter"), so for a move of another
player it says only that the move cannot be played there, and a money or reveal checkpoint's
mismatch only that it does not match. The viewer's own moves, chance, public checkpoints and a
move whose text cannot be read as an action and holds nothing a secret could stand in keep
their messages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import cache

from mcn.engine import secrets
from mcn.engine.constants import CHANCE, colour_name
from mcn.notation.errors import NotationError
from mcn.notation.model import Checkpoint, Comment, Element, Game, Item, Move, Span
from mcn.replay import Diagnostic, GameReplay, hidden
from mcn.views.projection import EVERYTHING, Viewer, sees, tokens_by_text
from mcn.views.redact import AnnotationView

#: What a comment becomes in a projected line.
HIDDEN_COMMENT = "{…}"

#: A region of a source line (1-based columns, end exclusive) and what it reads as instead.
_Region = tuple[int, int, str]


def seen_diagnostic(
    diagnostic: Diagnostic,
    viewer: Viewer,
    replay: GameReplay,
    lines: Callable[[int], str | None],
) -> Diagnostic:
    """``diagnostic`` with its source line (looked up in ``lines``) as ``viewer`` may read it;
    print it with :meth:`~mcn.replay.Diagnostic.display` as usual. Everything for
    :data:`~mcn.views.projection.EVERYTHING`. For several diagnostics of one replay, use
    :func:`seen_diagnostics` (it reads each line once)."""
    return next(seen_diagnostics([diagnostic], viewer, replay, lines))


def seen_diagnostics(
    diagnostics: Sequence[Diagnostic],
    viewer: Viewer,
    replay: GameReplay,
    lines: Callable[[int], str | None],
) -> Iterator[Diagnostic]:
    """Each of ``diagnostics`` as :func:`seen_diagnostic` shows it, the viewer's reading of
    the replay made once and each source line rewritten once: a record whose long line holds
    hundreds of broken variations reports hundreds of errors on that one line, and reading the
    line anew for each was hundreds of times the work (0.85 s of CPU for a 38 KB record,
    found by the fuzz run of every command). One at a time, as the caller prints them: a record
    of thousands of errors never holds them all with their source lines (memory stays linear,
    tests/safety/test_growth.py)."""
    reader = _Reader(replay, viewer)
    for diagnostic in diagnostics:
        yield _seen(diagnostic, viewer, replay, lines, reader)


def _seen(
    diagnostic: Diagnostic,
    viewer: Viewer,
    replay: GameReplay,
    lines: Callable[[int], str | None],
    reader: _Reader,
) -> Diagnostic:
    located = diagnostic.located(lines)
    if viewer == EVERYTHING:
        return located
    span = located.span
    message, rule = _message(located, viewer, replay.game)
    if located.source is None or span is None:
        return replace(located, message=message, rule=rule)
    source, column = reader.line(located.source, span.line, span.column)
    where = Span(span.line, column, span.line, column)
    return replace(located, message=message, rule=rule, source=source, span=where)


class _Reader:
    """One viewer's reading of one replay's lines: the redacting view made when first needed,
    and the regions of each line computed once."""

    def __init__(self, replay: GameReplay, viewer: Viewer) -> None:
        self.replay = replay
        self.viewer = viewer
        self._view: AnnotationView | None = None
        self._regions: dict[tuple[int, str], list[_Region]] = {}

    def line(self, source: str, number: int, column: int) -> tuple[str, int]:
        key = (number, source)
        regions = self._regions.get(key)
        if regions is None:
            if self._view is None:
                self._view = AnnotationView(self.replay, self.viewer)
            regions = list(_regions(self.replay.game, number, source, self._view))
            self._regions[key] = regions
        return _rewrite(source, regions, column)


def seen_line(
    source: str, number: int, column: int, replay: GameReplay, viewer: Viewer
) -> tuple[str, int]:
    """Line ``number`` of the record (its text ``source``) as ``viewer`` reads it, and where
    ``column`` of the written line is in it."""
    return _Reader(replay, viewer).line(source, number, column)


def seen_notation_error(error: NotationError) -> str:
    """A notation (syntax) error as every ``--as`` viewer may read it: the record could not be
    read, so nobody knows whose move is whose; the quoted line is masked by its text alone —
    every place a secret can stand (``bid ?``, ``give ?``, ``visit ?``, ``jewel>?``), comments,
    money and reveal checkpoints and a ``[Position]`` header — with the caret moved along."""
    if error.source_line is None:
        return error.format()
    text, column = _rewrite(error.source_line, list(_text_regions(error.source_line)), error.column)
    seen = NotationError(
        error.message,
        name=error.name,
        line=error.line,
        column=column,
        game=error.game,
        source_line=text,
    )
    return seen.format()


#: Where a secret can stand in a line of a record that could not be read (see
#: :func:`seen_notation_error`): the argument of an action whose argument the engine declares
#: secret (a bid, a gift, a visit), a compartment (of an action whose targets are secret), a
#: comment, a money or reveal checkpoint, a [Position] header.
_COMPARTMENT = r"(?i)>(I{1,2})(?![A-Za-z0-9_-])"


@cache
def _secret_patterns(arguments: tuple[str, ...], targets: bool) -> tuple[re.Pattern[str], ...]:
    verbs = "|".join(re.escape(verb) for verb in arguments)
    found = [re.compile(rf"(?i)\b(?:{verbs})\s+([^\s;(){{}}<>\[\]\"!?]+)")] if verbs else []
    return (*found, *([re.compile(_COMPARTMENT)] if targets else []))


def _text_secrets() -> tuple[re.Pattern[str], ...]:
    declared = secrets.ACTION_SECRETS
    arguments = tuple(dict.fromkeys(s.verb for s in declared if s.masks == secrets.ARGUMENT))
    return _secret_patterns(arguments, any(s.masks == secrets.TARGETS for s in declared))


_TEXT_HIDDEN = (
    (re.compile(r"\{[^}]*\}?"), HIDDEN_COMMENT),
    (re.compile(r"(?i)<\s*(money|chest|letters)\b[^>]*>?"), None),
    (re.compile(r'(?i)\[\s*Position\s+"(?:[^"\\]|\\.)*"?\s*\]?'), '[Position "…"]'),
)


def _text_regions(source: str) -> Iterator[_Region]:
    for pattern in _text_secrets():
        for found in pattern.finditer(source):
            yield found.start(1) + 1, found.end(1) + 1, hidden.SECRET
    for pattern, text in _TEXT_HIDDEN:
        for found in pattern.finditer(source):
            shown = text if text is not None else f"<{found.group(1).lower()} …>"
            yield found.start() + 1, found.end() + 1, shown


def _rewrite(source: str, regions: list[_Region], column: int) -> tuple[str, int]:
    """``source`` with each region read as its text (a region inside an earlier one is part
    of it), and where ``column`` of ``source`` is in the result (a column inside a rewritten
    region moves to its start)."""
    kept: list[_Region] = []
    for region in sorted(regions):
        if not kept or region[0] >= kept[-1][1]:
            kept.append(region)
    out: list[str] = []
    cursor = 1
    moved: int | None = None
    for start, end, text in kept:
        out.append(source[cursor - 1 : start - 1])
        out.append(text)
        if start <= column < end:
            moved = start + _shift(kept, start)
        cursor = end
    out.append(source[cursor - 1 :])
    if moved is None:
        moved = column + _shift(kept, column)
    return "".join(out), max(moved, 1)


def seen_move_text(move: Move, viewer: Viewer, replay: GameReplay) -> str:
    """The action text of ``move`` (a move of ``replay``'s record) as ``viewer`` reads it."""
    if viewer == EVERYTHING:
        return move.text
    return " ".join(AnnotationView(replay, viewer).move(move).tokens)


def _shift(regions: Sequence[_Region], column: int) -> int:
    """How far the rewriting moves a column that is not inside a rewritten region."""
    return sum(len(text) - (end - start) for start, end, text in regions if end <= column)


def _elements(game: Game) -> Iterator[Element]:
    """Every element of the body, variations included (iteratively: they nest deeply)."""
    stack: list[Sequence[Element]] = [game.body]
    while stack:
        for element in stack.pop():
            yield element
            if isinstance(element, Item):
                for move in element.moves:
                    stack.extend(move.variations)


def _on(span: Span | None, number: int) -> bool:
    return span is not None and span.line <= number <= span.end_line


def _region(span: Span, number: int, source: str, text: str) -> _Region:
    """The part of line ``number`` that ``span`` covers, read as ``text`` (on its first line;
    the continuation of a multi-line element reads as nothing)."""
    start = span.column if span.line == number else 1
    end = span.end_column if span.end_line == number else len(source) + 1
    return start, end, text if span.line == number else ""


def _regions(game: Game, number: int, source: str, view: AnnotationView) -> Iterator[_Region]:
    for header in game.headers:  # a [Position] holds every secret of the position
        if header.tag == "Position" and header.span is not None and _on(header.span, number):
            yield _region(header.span, number, source, '[Position "…"]')
    for element in _elements(game):
        if isinstance(element, Item):
            for move in element.moves:
                yield from _move_regions(move, number, source, view)
        elif isinstance(element, Comment) and _on(element.span, number):
            assert element.span is not None
            yield _region(element.span, number, source, HIDDEN_COMMENT)
        elif (
            isinstance(element, Checkpoint)
            and not view.keeps(element)
            and _on(element.span, number)
        ):
            assert element.span is not None
            yield _region(element.span, number, source, f"<{element.name} …>")


def _move_regions(move: Move, number: int, source: str, view: AnnotationView) -> Iterator[_Region]:
    comments = (*move.before, *move.after)
    if not _on(move.span, number) and not any(_on(c.span, number) for c in comments):
        return  # nothing of it on the line (most moves of a long record)
    seen = view.move(move, walk=False)  # its variations are elements of their own
    kept = {id(c) for c in (*seen.before, *seen.after)}
    for comment in comments:
        if id(comment) not in kept and comment.span is not None and _on(comment.span, number):
            yield _region(comment.span, number, source, HIDDEN_COMMENT)
    span = move.span
    if span is None or not _on(span, number) or seen.tokens == move.tokens:
        return
    start, end, _ = _region(span, number, source, "")
    written = source[start - 1 : end - 1]
    head = _head_length(written) if span.line == number else 0
    text = " ".join(seen.tokens) if span.line == number else ""
    if span.end_line == number and move.glyphs and not seen.glyphs:
        glyphs = "".join(move.glyphs)
        if source[end - 1 : end - 1 + len(glyphs)] == glyphs:
            end += len(glyphs)  # judged by someone who read the move: dropped with it
    yield start + head, end, text


def _head_length(written: str) -> int:
    """The length of ``R: `` at the start of a move's written text (0 when it has none): the
    head stays, only the action is rewritten. Tokens never hold a colon."""
    colon = written.find(":")
    if colon < 0:
        return 0
    rest = written[colon + 1 :]
    return colon + 1 + (len(rest) - len(rest.lstrip()))


def _message(diagnostic: Diagnostic, viewer: Viewer, game: Game) -> tuple[str, str | None]:
    """The message and rule ID ``viewer`` may read (see the module docstring)."""
    span = diagnostic.span
    if span is None or diagnostic.code not in ("illegal", "action", "checkpoint", "secret"):
        return diagnostic.message, diagnostic.rule
    for element in _elements(game):
        if isinstance(element, Checkpoint) and element.span == span:
            if not AnnotationView.keeps(element):
                return f"the <{element.name} …> checkpoint does not match the game", None
            return diagnostic.message, diagnostic.rule
        if not isinstance(element, Item):
            continue
        for move in element.moves:
            if move.span != span:
                continue
            if move.actor == CHANCE or sees(viewer, move.actor):
                return diagnostic.message, diagnostic.rule
            if diagnostic.code == "action" and tokens_by_text(move.actor, move.tokens, viewer) == (
                move.tokens
            ):
                return diagnostic.message, diagnostic.rule  # unreadable text, no secret in it
            name = colour_name(move.actor)
            return (
                f"{name}'s move cannot be played here (the reason is not shown: it may tell "
                f"what {name} holds behind the screen)",
                None,
            )
    return diagnostic.message, diagnostic.rule


__all__ = [
    "HIDDEN_COMMENT",
    "seen_diagnostic",
    "seen_line",
    "seen_move_text",
    "seen_notation_error",
]
