"""`mcn analyse`: where a player lost, from what he knew (docs/analysis.md). The planted
blunder is flagged (one seeded case here; ten seeds in bench/analysis.py), the output record
keeps everything and validates, the same seed gives the same output, and bad input is told
clearly."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

from click.testing import CliRunner

from mcn.cli import cli
from mcn.commands.analyse import run_task, tasks_of
from mcn.engine import CHANCE, Action, new_game
from mcn.notation.parser import parse
from mcn.notation.writer import write
from mcn.openspiel.analysis import CONFIRM, SIMULATIONS, Estimate, Verdict, flag
from mcn.openspiel.annotate import annotated, curve_svg, parse_comment
from mcn.records.transcript import transcript
from mcn.replay import replay_game
from tests.openspiel.blunder import AT, BLUNDER, GOOD, blunder_game
from tests.openspiel.play import pyspiel

assert pyspiel  # the module is skipped without OpenSpiel

EXAMPLES = Path(__file__).parents[2] / "examples"


def _verdict_at(move: str) -> Verdict:
    replay = replay_game(blunder_game(move), keep_states=False)
    assert replay.main is not None
    tasks = tasks_of(replay.main.steps, replay.main.start, "R", SIMULATIONS, 0, 0.10)
    task = next(t for t in tasks if t.address == AT)
    return run_task(dataclasses.replace(task, seed=f"1:{AT}"))  # type: ignore[no-any-return]


def test_the_planted_blunder_is_flagged_and_the_good_move_is_not() -> None:
    # R-HOP-1: Red's visit to room 2 instead of Suite 6 costs him the game
    bad = _verdict_at(BLUNDER)
    assert bad.glyph in ("?", "??")
    assert bad.best is not None and bad.best.move == GOOD
    assert bad.loss - 2 * bad.se >= 0.10  # surely a loss of the threshold at least
    assert bad.played.n == bad.best.n == CONFIRM * SIMULATIONS  # judged on fresh worlds alone
    assert "better visit 6:" in bad.comment()
    good = _verdict_at(GOOD)
    assert good.glyph == ""
    assert good.played.n == SIMULATIONS  # nothing to confirm


def test_a_flag_needs_the_loss_surely_above_the_threshold() -> None:
    # The loss less twice its standard error must reach the threshold (twice it for ??).
    assert flag(0.25, 0.109, 0.10) == ""  # the old rule's ?? on noise (game-4p, 2.10.1)
    assert flag(0.25, 0.05, 0.10) == "?"
    assert flag(0.35, 0.05, 0.10) == "??"
    assert flag(0.19, 0.0, 0.10) == "?"
    assert flag(0.09, 0.0, 0.10) == ""  # a sure loss below the threshold
    assert flag(0.0, 0.0, 0.0) == ""  # no loss, no flag
    assert flag(0.3, 0.1, 0.0) == "??"  # threshold 0: any loss beyond two standard errors


def _short_record(tmp_path: Path, players: int = 3, stop: str = "2.prep.1") -> Path:
    """A random game cut at ``stop`` (unfinished), with a comment and a glyph on Red's moves."""
    colours = ("R", "B", "G", "Y")[:players]
    state = new_game(colours)
    rng = random.Random(3)
    history: list[tuple[str, Action]] = []
    while state.pending_address() != stop:
        actors = state.current_players()
        action = (
            state.sample_chance(rng)
            if actors == (CHANCE,)
            else rng.choice(state.legal_actions(actors[0]))
        )
        history.append((state.address_of(action), action))
        state.apply(action)
    text = write(transcript(history, players=colours, headers=[("Event", "Short")]))
    text = text.replace("R: bid", "R: {thinking} bid", 1)
    path = tmp_path / "short.mcn"
    path.write_text(text, encoding="utf-8")
    return path


def _analyse(*args: str) -> object:
    return CliRunner().invoke(cli, ["analyse", *args])


def test_an_unfinished_record_is_analysed_with_a_note_and_a_valid_annotated_copy(
    tmp_path: Path,
) -> None:
    record = _short_record(tmp_path)
    out, plot = tmp_path / "out.mcn", tmp_path / "curve.svg"
    result = _analyse(
        str(record), "--as", "R", "--simulations", "4", "-o", str(out), "--plot", str(plot)
    )
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    assert "unfinished" in result.output  # type: ignore[attr-defined]
    text = out.read_text(encoding="utf-8")
    assert '[Analysis "R; simulations 4; seed 0; threshold 0.1"]' in text
    assert "{thinking}" in text
    analysed = [line for line in text.splitlines() if "{analysis: win" in line]
    assert analysed
    game = parse(text).games[0]
    replay = replay_game(game, keep_states=False)
    assert not [d for d in replay.diagnostics if d.severity == "error"]
    assert plot.read_text(encoding="utf-8").startswith("<svg")
    assert record.read_text(encoding="utf-8").count("analysis") == 0  # the input is untouched


def test_the_same_seed_gives_the_same_output(tmp_path: Path) -> None:
    record = _short_record(tmp_path)
    outputs = []
    for jobs in ("1", "2"):  # and any --jobs: each decision has its own seed
        result = _analyse(
            str(record),
            "--as",
            "R",
            "--simulations",
            "4",
            "--seed",
            "5",
            "--format",
            "json",
            "--jobs",
            jobs,
        )
        outputs.append(result.output)  # type: ignore[attr-defined]
    assert outputs[0] == outputs[1]
    document = json.loads(outputs[0][outputs[0].index("{") :])
    assert document["viewer"] == "R" and document["decisions"]
    for decision in document["decisions"]:
        assert 0.0 <= decision["played"]["win"] <= 1.0 and decision["se"] > 0


def test_an_invalid_record_is_analysed_up_to_where_replay_stops(tmp_path: Path) -> None:
    record = _short_record(tmp_path)
    text = record.read_text(encoding="utf-8")
    broken = tmp_path / "broken.mcn"
    broken.write_text(text.rstrip() + "\nR: pass\n", encoding="utf-8")  # chance draws next
    result = _analyse(str(broken), "--as", "R", "--simulations", "4", "--format", "json")
    output: str = result.output  # type: ignore[attr-defined]
    assert result.exit_code == 1, output  # type: ignore[attr-defined]
    assert "replay stopped before 2.prep.1: analysed up to there" in output
    document = json.loads(output[output.index("{\n") : output.rindex("}") + 1])
    assert document["note"].startswith("replay stopped") and document["decisions"]


def test_a_viewer_who_does_not_play_exits_2_listing_the_players(tmp_path: Path) -> None:
    record = _short_record(tmp_path)
    result = _analyse(str(record), "--as", "Y", "-o", str(tmp_path / "x.mcn"))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "R" in result.output and "B" in result.output and "G" in result.output  # type: ignore[attr-defined]
    assert "spectator" in result.output  # type: ignore[attr-defined]


def test_the_input_is_never_written_over(tmp_path: Path) -> None:
    record = _short_record(tmp_path)
    result = _analyse(str(record), "--as", "R", "-o", str(record))
    assert result.exit_code == 2  # type: ignore[attr-defined]
    assert "write a new file" in result.output  # type: ignore[attr-defined]


def test_annotating_keeps_every_comment_glyph_and_variation() -> None:
    text = (EXAMPLES / "annotated-4p.mcn").read_text(encoding="utf-8")
    game = parse(text).games[0]
    replay = replay_game(game, keep_states=False)
    assert replay.main is not None
    steps = [s for s in replay.main.steps if s.move is not None and s.action.actor == "R"][:3]
    verdicts = [
        Verdict(
            i,
            s.address,
            0.4,
            Estimate(s.action.text, 0.2, 0.05, 10),
            Estimate("pass", 0.5, 0.05, 10),
            (),
            "?",
            0.05,
        )
        for i, s in enumerate(steps)
    ]
    out = write(annotated(game, verdicts, [s.move for s in steps], "R; test"))  # type: ignore[misc]
    original = write(game)
    comments = re.findall(r"\{[^}]*\}", original)
    assert comments and all(out.count(c) >= original.count(c) for c in comments)
    assert out.count("{") == original.count("{") + 3
    assert out.count("(") == original.count("(") + 3  # the variations, and (±5) three times
    for glyph in ("!", "!?", "?!"):
        assert out.count(glyph) >= original.count(glyph)
    assert out.count("analysis: win 40% -> 20% (±5); better pass: 50%") == 3
    reparsed = parse(out).games[0]
    assert not [d for d in replay_game(reparsed).diagnostics if d.severity == "error"]


def test_the_comment_reads_back_and_the_curve_links_each_decision() -> None:
    assert parse_comment("analysis: win 31% -> 22% (±3); better visit 4: 35%") == (
        0.31,
        0.22,
        0.03,
        "visit 4",
    )
    assert parse_comment("analysis: win 31% -> 30% (±3)") == (0.31, 0.30, 0.03, None)
    assert parse_comment("a plain comment") is None
    svg = curve_svg([("1.bid.R", 0.3, ""), ("1.2.1", 0.1, "??"), ("<x>", 0.5, "")], "R's <curve>")
    assert 'href="#1.2.1"' in svg and "??" in svg
    assert "<x>" not in svg and "&lt;x&gt;" in svg


def test_the_page_of_an_analysed_record_draws_the_curve_where_its_comments_show() -> None:
    from mcn.html import render_page
    from mcn.views.projection import EVERYTHING

    text = (EXAMPLES / "annotated-4p.mcn").read_text(encoding="utf-8")
    game = parse(text).games[0]
    replay = replay_game(game, keep_states=False)
    assert replay.main is not None
    steps = [s for s in replay.main.steps if s.move is not None and s.action.actor == "R"][:4]
    verdicts = [
        Verdict(
            i,
            s.address,
            0.4,
            Estimate(s.action.text, 0.3 - 0.05 * i, 0.05, 10),
            Estimate("pass", 0.5, 0.05, 10),
            (),
            "?" if i == 2 else "",
            0.05,
        )
        for i, s in enumerate(steps)
    ]
    moves = [s.move for s in steps]
    analysed = parse(write(annotated(game, verdicts, moves, "R; test"))).games[0]  # type: ignore[arg-type]
    full = replay_game(analysed, keep_states=True)
    page = render_page(analysed, full, EVERYTHING)
    assert page.count('class="mcn-curve"') == 1
    assert page.count("<circle") == 4 and f'href="#{steps[2].address}"' in page
    assert 'class="mcn-curve"' in render_page(analysed, full, "R")  # his own annotations
    assert 'class="mcn-curve"' not in render_page(analysed, full, "B")  # not Blue's to see
    plain = replay_game(game, keep_states=True)
    assert 'class="mcn-curve"' not in render_page(game, plain, EVERYTHING)
