"""``mcn record --script``: answers one per line from standard input (R-SET-1, R-BID-1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.replay import replay_game, state_digest
from tests.recorder.scripts import GAME_3P, HEADERS_3P, ROOT, answers_of, game_of

RUNNER = CliRunner()


def record(tmp: Path, answers: list[str], *extra: str) -> tuple[int, str]:
    result = RUNNER.invoke(
        cli, ["record", "--script", "-o", str(tmp), *HEADERS_3P, *extra], input="\n".join(answers)
    )
    return result.exit_code, result.output


def final_digest(path: Path) -> str:
    replay = replay_game(game_of(path))
    assert replay.valid, [d.text() for d in replay.diagnostics]
    assert replay.final is not None
    return state_digest(replay.final)


def test_scripted_game_3p_gives_the_same_record_and_final_state(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    status, output = record(out, answers_of(game_of(GAME_3P)))
    assert status == 0, output
    assert final_digest(out) == final_digest(GAME_3P)
    assert out.read_text(encoding="utf-8") == GAME_3P.read_text(encoding="utf-8")
    check = RUNNER.invoke(cli, ["fmt", "--check", str(out)])
    assert check.exit_code == 0, check.output
    assert RUNNER.invoke(cli, ["validate", str(out)]).exit_code == 0


@pytest.mark.parametrize(
    "example", ["game-2p.mcn", "game-2p-en.mcn", "game-4p.mcn", "meta-culpa.mcn"]
)
def test_every_example_game_recorded_from_its_moves_gives_the_same_game(
    tmp_path: Path, example: str
) -> None:
    """Including META CULPA's infractions, entered at any time (R-MET-1)."""
    source = ROOT / "examples" / example
    game = game_of(source)
    presets = [f"-H{h.tag}={h.value}" for h in game.headers if h.tag != "Result"]
    out = tmp_path / example
    result = RUNNER.invoke(
        cli, ["record", "--script", "-o", str(out), *presets], input="\n".join(answers_of(game))
    )
    assert result.exit_code == 0, result.output
    assert final_digest(out) == final_digest(source)
    recorded, original = replay_game(game_of(out)), replay_game(game)
    assert recorded.main is not None and original.main is not None
    assert [step.action for step in recorded.main.steps] == [
        step.action for step in original.main.steps
    ]
    assert RUNNER.invoke(cli, ["fmt", "--check", str(out)]).exit_code == 0


def test_an_unfinished_record_resumes(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    answers = answers_of(game_of(GAME_3P))
    # stop after round 1's first turn, in the middle of a turn (the guess of turn 1)
    cut = answers.index("R: guess 4") + 1
    assert record(out, answers[:cut])[0] == 0
    partial = out.read_text(encoding="utf-8")
    assert '[Result "*"]' in partial and partial.rstrip().endswith("R: guess 4")
    assert RUNNER.invoke(cli, ["fmt", "--check", str(out)]).exit_code == 0
    status, output = record(out, answers[cut:])
    assert status == 0, output
    assert out.read_text(encoding="utf-8") == GAME_3P.read_text(encoding="utf-8")


def test_a_turn_cut_after_its_first_action_still_takes_its_second(tmp_path: Path) -> None:
    """The written record means 'end' after the item's last move (an item is a whole turn);
    resuming must not take that end: the second action may still come (R-ACT-3)."""
    out = tmp_path / "game.mcn"
    answers = answers_of(game_of(GAME_3P))
    cut = answers.index("3. R: donate 10>II") + 1  # turn 3 of round 1: visit 4 comes next
    assert record(out, answers[:cut])[0] == 0
    assert record(out, answers[cut:])[0] == 0
    assert out.read_text(encoding="utf-8") == GAME_3P.read_text(encoding="utf-8")


def test_a_wrong_answer_stops_the_script_and_keeps_what_came_before(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    answers = [*answers_of(game_of(GAME_3P))[:5], "rooms: greed-2 free-good new-crew take-99"]
    status, output = record(out, answers)
    assert status == 1
    assert "<stdin>:6:" in output and "take-99" in output
    text = out.read_text(encoding="utf-8")
    assert text.rstrip().endswith("market: bread bread wine cloth cloth jewel indulgence")


def test_commands_comment_glyph_undo_variation(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    answers = [
        "souls: G B R",
        "{Green starts nearest Heaven}",
        "G: bonus jewel>II",
        "!?",
        "B: bonus 10>II",
        "undo",
        "bonus bread>II wine>I",
        "var",
        "bonus 10>I",
        "{the money instead}",
        "back",
        "R: bonus 10>I",
        "market: b b w c c j i",  # unique prefixes of the stones
        "rooms: greed-2 free-good new-crew take-7",
        "5+0",  # Red's (the first pending bidder): the verb may be left out
        "G: bid 6+3",  # any pending bidder may be entered first
        "B: bid 2+1",
    ]
    status, output = record(out, answers)
    assert status == 0, output
    text = out.read_text(encoding="utf-8")
    assert "souls: G B R {Green starts nearest Heaven}" in text
    assert "G: bonus jewel>II!?" in text
    assert "B: bonus bread>II wine>I (B: bonus 10>I {the money instead})" in text
    assert "market: bread bread wine cloth cloth jewel indulgence" in text
    assert "R: bid 5+0  G: bid 6+3  B: bid 2+1" in text
    assert RUNNER.invoke(cli, ["validate", str(out)]).exit_code == 0
    assert RUNNER.invoke(cli, ["fmt", "--check", str(out)]).exit_code == 0


def test_headers_are_asked_in_order_with_defaults(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    answers = ["R B", "Club night", "", "2024.03.01", "Paula", "", "souls: B R"]
    result = RUNNER.invoke(cli, ["record", "--script", "-o", str(out)], input="\n".join(answers))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith('[Event "Club night"]\n[Site "?"]\n[Date "2024.03.01"]\n')
    assert '[Red "Paula"]\n[Blue "Blue player"]\n' in text
    assert '[Rules "de-2016"]' in text and '[Result "*"]' in text
    assert text.rstrip().endswith("souls: B R")


def test_without_output_the_record_goes_to_standard_output() -> None:
    result = RUNNER.invoke(cli, ["record", "--script", *HEADERS_3P], input="souls: G B R\n")
    assert result.exit_code == 0
    assert result.output.startswith('[Event "Spieletreff Nord"]')
    assert result.output.rstrip().endswith("souls: G B R")


def test_a_record_with_errors_is_not_resumed(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    text = GAME_3P.read_text(encoding="utf-8").replace("G: bonus jewel>II", "G: bonus jewel>III")
    out.write_text(text, encoding="utf-8")
    status, output = record(out, [])
    assert status == 1
    assert "has errors" in output
    assert out.read_text(encoding="utf-8") == text  # untouched


@pytest.mark.parametrize("ending", ["end of input", "quit"])
def test_every_way_out_says_where_the_game_is_saved_and_how_to_continue(
    tmp_path: Path, ending: str
) -> None:
    out = tmp_path / "my game.mcn"
    answers = answers_of(game_of(GAME_3P))[:12] + (["quit"] if ending == "quit" else [])
    status, output = record(out, answers)
    assert status == 0, output
    assert f"everything entered is saved in {out}" in output
    assert f"continue with: mcn record -o '{out}'" in output  # quoted: the name has a space
    resumed, again = record(out, answers_of(game_of(GAME_3P))[12:])
    assert resumed == 0, again
    assert f"continuing {out} at " in again  # --script says where it continues
    # the game is over: the file is saved, and can be opened again to annotate it
    assert f"the game is over; everything entered is saved in {out}" in again
    assert f"to add comments or variations: mcn record -o '{out}'" in again
    assert out.read_text(encoding="utf-8") == GAME_3P.read_text(encoding="utf-8")


def test_input_that_ends_in_the_headers_says_what_was_missing(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    result = RUNNER.invoke(cli, ["record", "--script", "-o", str(out)], input="R B\nClub night\n")
    assert result.exit_code == 1
    assert "the input ended before the headers were complete: no answer for 'Site'" in (
        result.output
    )
    assert "nothing was recorded" in result.output and not out.exists()


def test_a_forced_move_typed_after_the_game_ended_is_accepted(tmp_path: Path) -> None:
    # R-EVA-2: Green's last pick is forced (one letter left); the scorer types it anyway
    out = tmp_path / "game.mcn"
    status, output = record(out, [*answers_of(game_of(GAME_3P)), "G: pick red"])
    assert status == 0, output
    assert final_digest(out) == final_digest(GAME_3P)
    assert "the game is over: undo" not in output  # not refused
    assert "<stdin>:" not in output


def test_a_typed_slip_gets_validates_hint(tmp_path: Path) -> None:
    out = tmp_path / "game.mcn"
    answers = [*answers_of(game_of(GAME_3P))[:1], "G: bonus jewel > II"]
    status, output = record(out, answers)
    assert status == 1
    assert "hint: no spaces inside 'jewel>II'" in output
