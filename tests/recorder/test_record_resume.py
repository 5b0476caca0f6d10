"""Stopping and continuing a record with ``mcn record --script``: every way out says where
the game is saved and how it continues, inside a variation too; a script run again skips
its header answers only when they are the record's (R-SET-1, R-SET-4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from tests.recorder.scripts import GAME_3P, HEADERS_3P, answers_of, game_of

RUNNER = CliRunner()
HEADER_ANSWERS_3P = [
    "R B G",
    "Spieletreff Nord",
    "Stadtteilzentrum Eimsbüttel, Hamburg",
    "2024.01.19",
    "Anke Petersen",
    "Jonas Albers",
    "Fatma Yilmaz",
]


def record(out: Path, answers: list[str], *options: str) -> tuple[int, str]:
    result = RUNNER.invoke(
        cli, ["record", "--script", "-o", str(out), *options], input="\n".join(answers)
    )
    return result.exit_code, result.output


def test_quitting_inside_a_variation_says_where_the_record_continues(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    moves = answers_of(game_of(GAME_3P))
    status, output = record(out, [*moves[:3], "var", "B: bonus 10>II", "quit"], *HEADERS_3P)
    assert status == 0, output
    assert (
        "stopped inside a variation (depth 1, an alternative to B: bonus bread>II wine>I at "
        "setup.3), which is kept in the record" in output
    )
    assert f"continue with: mcn record -o {out} (it continues the main line at setup.4)" in (output)
    assert "B: bonus bread>II wine>I (B: bonus 10>II)" in out.read_text(encoding="utf-8")
    status, again = record(out, [moves[3]], *HEADERS_3P)
    assert status == 0, again
    assert f"continuing {out} at setup.4 on the main line (its variations are kept" in again
    text = out.read_text(encoding="utf-8")
    assert "(B: bonus 10>II)" in text and "R: bonus 10>I" in text


def test_an_empty_variation_left_open_is_dropped_and_said_so(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    moves = answers_of(game_of(GAME_3P))
    status, output = record(out, [*moves[:3], "var", "quit"], *HEADERS_3P)
    assert status == 0, output
    assert "which was empty: dropped" in output
    assert "(it continues the main line at setup.4)" in output
    assert "(" not in out.read_text(encoding="utf-8").split("\n\n", 1)[1]


def test_a_script_run_again_skips_its_own_header_answers(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    moves = answers_of(game_of(GAME_3P))
    status, output = record(out, [*HEADER_ANSWERS_3P, *moves[:12]])
    assert status == 0, output
    assert "continue with" in output
    # the whole script again, headers and all, with the rest of the game
    status, again = record(out, [*HEADER_ANSWERS_3P, *moves])
    assert status == 1  # the moves already recorded are not legal again ...
    assert "<stdin>:1-7: the answers to the header questions" in again
    assert "<stdin>:8:" in again  # ... and the first of them is named by its own line
    status, again = record(out, [*HEADER_ANSWERS_3P, *moves[12:]])
    assert status == 0, again
    assert f"continuing {out} at " in again
    assert out.read_text(encoding="utf-8") == GAME_3P.read_text(encoding="utf-8")


def test_lines_that_are_not_the_records_headers_are_read_as_moves(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    moves = answers_of(game_of(GAME_3P))
    status, _ = record(out, [*HEADER_ANSWERS_3P, *moves[:12]])
    assert status == 0
    other = ["R B G", "Another evening", *HEADER_ANSWERS_3P[2:]]
    status, again = record(out, [*other, *moves[12:]])
    assert status == 1
    assert "header questions" not in again
    assert "<stdin>:1:" in again  # 'R B G' read as a move, and refused


def test_a_short_script_that_looks_like_a_header_answer_is_a_move(tmp_path: Path) -> None:
    # R-SET-1: 'R B' answers the soul order of a 2-player record that has its headers
    out = tmp_path / "game.mcn"
    status, output = record(out, ["R B", "Club night", "", "2024.03.01", "Paula", "Tom"])
    assert status == 0, output
    status, again = record(out, ["R B"])
    assert status == 0, again
    assert "header questions" not in again
    assert out.read_text(encoding="utf-8").rstrip().endswith("souls: R B")


def test_a_typed_slip_is_quoted_as_typed_with_the_records_hint(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    moves = answers_of(game_of(GAME_3P))
    for typed, quoted in (
        ("donate 1 > II", "donate 1 > II"),
        ("G: DONATE 1 > ii", "DONATE 1 > ii"),
    ):
        status, output = record(out, [*moves[:21], typed], *HEADERS_3P)
        out.unlink()
        assert status == 1
        assert f"cannot read action '{quoted}': expected X>Y, not '>'" in output
        assert "hint: no spaces inside '1>II'" in output  # as a record writes it
        assert "'donate 1 > ii'" not in output


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("B choose pope", "an actor needs its colon: 'B: choose pope'"),
        ("B; choose pope", "an actor is followed by ':', not ';': 'B: choose pope'"),
        ("Blue choose pope", "write the colour initial: 'B: choose pope'"),
        ("5 B: choose pope", "an item number ends with a full stop: '5.'"),
        ("5 B choose pope", "an item number ends with a full stop, an actor with a colon: '5. B:'"),
    ],
)
def test_a_moves_head_slipped_at_the_prompt_gets_validates_hint(
    tmp_path: Path, typed: str, expected: str
) -> None:
    # the slips of the hint table (tests/recorder/test_slip_table.py), typed as answers: the
    # same hint, not "unknown move 'b'" nor "'mcn help moves' lists every move"
    out = tmp_path / "game.mcn"
    moves = answers_of(game_of(GAME_3P))
    status, output = record(out, [*moves[:15], typed], *HEADERS_3P)
    assert status == 1
    assert f"<stdin>:16: '{typed}' is not a move as typed\n    hint: {expected}\n" in output
    assert "mcn help moves" not in output
    status, output = record(out, ["B: choose pope"])  # the move itself, as the hint writes it
    assert status == 0, output
