"""What the long fuzz run over every command (``bench/fuzz.py --targets all``) found, each
checked by counting work rather than timing it (speed is the benchmarks' to measure).

``error-line-under-nested-variations.mcn``: a move followed by two thousand nested variations
on one line (2,076 moves), broken at the top. Under ``--as`` an error line is quoted as the
viewer reads it (mcn/views/seen_errors.py), and that redacted every move of the line *with all of
its variations* (100 levels deep for the viewer's own moves): 394,000 redactions of moves for one
error line, 3 to 11 s in ``legal``, ``redact``, ``diff --as`` on a loaded machine. Each move of
the line is now read alone (its variations are elements of the line of their own).

``many-errors-on-one-line-as.mcn``: 101 broken variations on one long line, each an error
of its own. Each error quoted the line as the viewer reads it anew, a new redacting view and
every move of the line again (202,202 redactions, 0.85 s of CPU for 38 KB in ``redact
--keep-annotations``); one report now reads each line once.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import mcn
from mcn.notation.model import Item, Move
from mcn.views import redact
from mcn.views.seen_errors import seen_diagnostics, seen_line

REGRESSIONS = Path(__file__).parent / "regressions"
CASE = REGRESSIONS / "error-line-under-nested-variations.mcn"
MANY = REGRESSIONS / "many-errors-on-one-line-as.mcn"
GAME_TEXT = (Path(__file__).parents[2] / "examples" / "game-4p.mcn").read_text(encoding="utf-8")


def _moves(elements: tuple[object, ...]) -> int:
    """Every move of ``elements`` and of its variations (a loop: they nest thousands deep)."""
    count, stack = 0, [elements]
    while stack:
        for element in stack.pop():
            if isinstance(element, Item):
                count += len(element.moves)
                stack.extend(v for move in element.moves for v in move.variations)
    return count


def test_an_error_line_under_nested_variations_redacts_each_move_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = next(mcn.read_games(CASE))
    replayed = mcn.replay_game(game)
    error = next(d for d in replayed.diagnostics if d.severity == "error" and d.span)
    assert error.span is not None
    source = CASE.read_text(encoding="utf-8").splitlines()[error.span.line - 1]
    calls = 0
    original = redact._Redactor.move

    def counted(self: redact._Redactor, move: Move, *, walk: bool = True) -> Move:
        nonlocal calls
        calls += 1
        return original(self, move, walk=walk)

    monkeypatch.setattr(redact._Redactor, "move", counted)
    line, _ = seen_line(source, error.span.line, error.span.column, replayed, "R")
    moves = _moves(game.body)
    assert moves > 2_000  # the shape of the input: thousands of moves on the line
    assert calls <= moves  # before: 394,052 (every move with its variations, 100 deep)
    assert "R: pass" in line and line.count("(") == source.count("(")


def test_many_errors_on_one_line_read_the_line_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = next(mcn.read_games(MANY))
    replayed = mcn.replay_game(game)
    errors = [d for d in replayed.diagnostics if d.severity == "error" and d.span]
    lines = Counter(d.span.line for d in errors if d.span is not None)
    assert lines.most_common(1)[0][1] > 100  # the shape: a hundred errors on one line
    text = MANY.read_text(encoding="utf-8").splitlines()
    calls = 0
    original = redact._Redactor.move

    def counted(self: redact._Redactor, move: Move, *, walk: bool = True) -> Move:
        nonlocal calls
        calls += 1
        return original(self, move, walk=walk)

    monkeypatch.setattr(redact._Redactor, "move", counted)
    shown = list(seen_diagnostics(errors, "R", replayed, lambda n: text[n - 1]))
    assert len(shown) == len(errors)
    assert calls <= _moves(game.body) * 2  # before: 202,202 (every move, once per error)


def test_a_reader_closed_after_its_file_says_nothing() -> None:
    """The run printed "Exception ignored … ValueError: I/O operation on closed file" into
    ``validate --format json`` twice (a guessed cp1252 file): the line reader, finalised by the
    garbage collector after its file was closed, detached its text wrapper from the closed
    file. Closing it late is now quiet."""
    import io

    from mcn.notation.stream import iter_results

    handle = io.BytesIO(GAME_TEXT.encode("cp1252"))
    results = iter_results(handle, encoding="cp1252", name="late.mcn")
    assert next(results).game is not None
    handle.close()
    results.close()  # before: ValueError: I/O operation on closed file
