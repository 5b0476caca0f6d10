"""Error messages: location, caret, expected words, game numbers, lenient and strict reading."""

from __future__ import annotations

import pytest

from mcn.notation import NotationError, parse, parse_lenient
from mcn.notation.errors import describe_expected
from tests.notation.helpers import HEADERS


def _error(body: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        parse(HEADERS + body, name="g.mcn")
    return caught.value


def test_format_has_location_source_line_and_caret() -> None:
    error = _error("R: pass\n\tB: buy wine {c} sell bread\n")
    assert error.format() == (
        "g.mcn:11:18: error: unexpected action 'sell bread': separate the moves of an item"
        " with ';' (game 1)\n"
        "    \tB: buy wine {c} sell bread\n"
        "    \t                ^"
    )
    assert str(error) == error.format()
    assert (error.line, error.column, error.game) == (11, 18, 1)


@pytest.mark.parametrize(
    ("body", "line", "column", "message"),
    [
        ("R: pass {never closed\n", 10, 9, "unclosed comment: this '{' has no matching '}'"),
        ("R: pass (B: x (G: y)\n", 10, 9, "unclosed variation: this '(' has no matching ')'"),
        ("R: pass)\n", 10, 8, "unmatched ')': no variation is open here"),
        ("<souls R 1\n", 10, 1, "unclosed checkpoint: this '<' has no matching '>'"),
        ("R: pass; \n", 10, 9, "unexpected end of the file: expected a move after ';'"),
        ("R:\n", 10, 3, "unexpected end of the file: expected an action or a comment"),
        ("R: 5 wine\n", 10, 4, "invalid action '5': an action begins with a word"),
        ("R: buy wine#\n", 10, 12, "malformed commitment: '#' must be followed by exactly 64"),
        ("R: buy Wein_rot\n", 10, 8, "invalid token 'Wein_rot'"),
        ("1. pass\n", 10, 4, "expected an actor like 'R:' after the item number"),
        ("round two\n", 10, 1, "'round' must be followed by the round number"),
        ("R: pass ]\n", 10, 9, "unexpected character ']'"),
        ("R: bid 3+5 {a}{b} bid 1+1\n", 10, 19, "separate the moves of an item with ';'"),
        ("<1 souls>\n", 10, 2, "invalid action '1': an action begins with a word"),
    ],
)
def test_messages(body: str, line: int, column: int, message: str) -> None:
    error = _error(body)
    assert (error.line, error.column) == (line, column)
    assert message in error.message
    assert "Traceback" not in error.format()


def test_expected_terminals_in_words() -> None:
    assert describe_expected({"RPAR", "COMMENT", "GLYPH"}) == "a glyph, a comment or ')'"
    assert describe_expected({"HEAD", "LABEL", "HEADED"}) == "an item like 'R: pass'"
    assert describe_expected({"ACTION"}) == "an action"
    assert describe_expected(set()) == "nothing more here"


def test_stray_token_lists_what_could_come_instead() -> None:
    error = _error("R: pass > B: pass\n")
    assert error.message.startswith("unexpected '>': expected ';' and the next move, an item")
    assert "')'" not in error.message  # no variation is open here
    inside = _error("R: pass (B: pass >)\n")
    assert "')'" in inside.message and "header" not in inside.message


def test_header_problems() -> None:
    broken = HEADERS.replace('[Site "Vienna"]', "[Site Vienna]")
    with pytest.raises(NotationError) as caught:
        parse(broken + "R: pass\n")
    assert caught.value.message.startswith("malformed header")
    assert (caught.value.line, caught.value.column) == (2, 1)
    missing = HEADERS.replace('[Date "2024.03.01"]\n', "").replace('[Result "B"]\n', "")
    with pytest.raises(NotationError) as caught:
        parse(missing + "R: pass\n")
    assert caught.value.message == "the game lacks the required headers [Date], [Result]"
    assert caught.value.line == 1


GAMES = [
    HEADERS + "R: pass (\n",  # game 1: unclosed variation
    HEADERS + "R: pass\n",  # game 2: fine
    HEADERS.replace('[Blue "Dominik"]', "[Blue Dominik]") + "R: pass\n",  # game 3: bad header
    HEADERS.replace('[Result "B"]\n', "") + "R: pass\n",  # game 4: missing header
    HEADERS + "B: pass {\n",  # game 5: unclosed comment swallows the rest
]


def test_lenient_reading_reports_every_game_and_keeps_the_good_ones() -> None:
    text = "\n".join(GAMES)
    record, errors = parse_lenient(text, name="five.mcn")
    assert [(e.game, e.line, e.message.split(":")[0]) for e in errors] == [
        (1, 10, "unclosed variation"),
        (3, 27, "malformed header"),
        (4, 34, "the game lacks the required header [Result]"),
        (5, 53, "unclosed comment"),
    ]
    # game 2 is fine; game 4 is read but reported (its headers break a rule)
    assert [game.header("Event") for game in record.games] == ["Club night", "Club night"]
    assert len(record.games[1].headers) == 8


def test_strict_reading_stops_at_the_first_error() -> None:
    with pytest.raises(NotationError) as caught:
        parse("\n".join(GAMES[1:]))
    assert caught.value.game == 2 and caught.value.message.startswith("malformed header")


def test_a_comment_may_hold_header_lines_without_splitting_the_game() -> None:
    text = HEADERS + 'R: pass {quoted:\n[Event "not a header"]\n}\nB: pass\n'
    (game,) = parse(text).games
    assert [move.text for move in game.moves()] == ["pass", "pass"]
    record, errors = parse_lenient(text)
    assert errors == () and record.games == (game,)
