"""The reproductions of issue 10, run through the real commands: each prints no secret, or is
refused as the issue asks (R-HID-1, I-HID-4)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mcn.cli import cli
from mcn.notation import parse
from tests.replay.games import EXAMPLES

GAME = str(EXAMPLES / "game-4p.mcn")
ANNOTATED = str(EXAMPLES / "annotated-4p.mcn")


def run(*args: str, input: str | None = None) -> Result:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert "Traceback" not in result.output
    return result


def test_a_bid_stays_hidden_until_the_bids_are_revealed() -> None:
    # R-HID-1: 2.bid.B is Blue's secret until the last bid of round 2 reveals them all
    text = run("replay", GAME, "--to", "2.bid.B", "--as", "R").output
    assert text.splitlines()[0].endswith("after 2.bid.B (B: bid ?)")
    assert "4+4" not in text
    data = json.loads(
        run("replay", GAME, "--to", "2.bid.B", "--as", "R", "--format", "json").output
    )
    assert data["move"]["action"] == "bid ?"
    assert "4+4" not in json.dumps(data)
    # once revealed, everybody reads it, also in the log of an earlier address's move
    late = run("replay", GAME, "--to", "2.pick.1", "--as", "R", "--events").output
    assert "2.bid.B  B: bid 4+4" in late


def test_the_pope_die_stays_hidden_until_the_guess() -> None:
    # R-HID-1: at 2.1.1 Yellow (the Pope) has set the die; Green is about to guess
    for form in ("text", "json"):
        out = run("replay", GAME, "--as", "G", "--to", "2.1.1", "--events", "--format", form)
        assert "Y: visit 2" not in out.output and "die to room 2" not in out.output
    text = run("replay", GAME, "--as", "G", "--to", "2.1.1").output
    assert "(Y: visit ?)" in text.splitlines()[0]
    after = run("replay", GAME, "--as", "G", "--to", "2.1.2", "--events").output
    assert "2.1.1  Y: visit 2" in after  # the guess revealed it


@pytest.mark.parametrize("viewer", ["G", "spectator"])
def test_starting_bonus_compartments_stay_hidden(viewer: str) -> None:
    # R-HID-1: Blue's bonus 10>II shows its coin, not its compartment
    text = run("replay", GAME, "--as", viewer, "--to", "setup", "--events").output
    assert "10>II" not in text and "Blue donates 10 taler into" not in text
    assert "B: bonus 10>?" in text and "Blue takes the starting bonus 10>?" in text
    data = json.loads(
        run("replay", GAME, "--as", viewer, "--to", "setup", "--events", "--format", "json").output
    )
    bonus = [e for s in data["log"] for e in s["events"] if e["kind"] == "bonus-taken"]
    blue = next(e for e in bonus if e["player"] == "B")
    assert blue["bonus"] == "10>?"
    donated = [e for s in data["log"] for e in s["events"] if e["kind"] == "donated"]
    assert all(e["compartment"] == "?" for e in donated if e["player"] != viewer)


def test_letters_from_the_supply_are_public() -> None:
    # I-HID-4: the supply is four open stacks; a bought letter's colour is public, and I-HID-5:
    # a view shows what its viewer saw taken in view of all (the event and the redacted move)
    text = run("replay", GAME, "--as", "Y", "--to", "4.4.3", "--events").output
    assert "4.4.3  G: letter green" in text and "Green takes 1 green from the supply" in text
    redacted = run("redact", GAME, "--as", "Y").output
    assert "letter ?" not in redacted and "4. G: visit 4; decline; letter green" in redacted


def test_redaction_keeps_the_viewers_own_moves_as_written(tmp_path: Path) -> None:
    # R-HID-1: only other players' secrets become '?'; the viewer's text is his own
    source = (
        Path(GAME)
        .read_text(encoding="utf-8")
        .replace("2. R: donate 1>I 2>I; buy cloth", "2. R: donate 2>I 1>I {mine} $3; buy cloth")
    )
    path = tmp_path / "order.mcn"
    path.write_text(source, encoding="utf-8")
    assert "2. R: donate 2>I 1>I $3 {mine}; buy" in run("redact", str(path), "--as", "R").output
    assert "2. R: donate 1>? 2>?; buy cloth\n" in run("redact", str(path), "--as", "B").output
    annotated = run("redact", ANNOTATED, "--as", "paula brandt").output
    assert "2. R: donate cloth>II 10>I?! {Ten taler" in annotated


def test_glyphs_on_hidden_moves_are_dropped() -> None:
    # R-HID-1: '?!' on Red's donation was written by someone who saw its compartments
    text = run("redact", ANNOTATED, "--as", "G").output
    line = next(x for x in text.splitlines() if x.startswith("2. R: donate"))
    assert line == "2. R: donate cloth>? 10>?; buy jewel"
    kept = run("redact", ANNOTATED, "--as", "G", "--keep-annotations").output
    assert "?!" in next(x for x in kept.splitlines() if x.startswith("2. R: donate"))


def test_redacting_a_redacted_record_never_invents_values() -> None:
    # R-HID-1: Red's record hides Green's bonus; Green's view of it cannot be made up
    red = run("redact", GAME, "--as", "R").output
    refused = run("redact", "-", "--as", "G", input=red)
    assert refused.exit_code == 1
    assert "<stdin>:17:1: error: setup.3: 'bonus jewel>?' hides what Green saw" in refused.output
    assert "jewel>I" not in refused.output and "jewel>II" not in refused.output
    # what Red's record knows is enough for a spectator (and for Red again)
    spectator = run("redact", "-", "--as", "spectator", input=red)
    assert spectator.exit_code == 0
    assert spectator.output == run("redact", GAME, "--as", "spectator").output
    assert run("redact", "-", "--as", "R", input=red).output == red


def test_redaction_never_writes_over_its_own_input(tmp_path: Path) -> None:
    # R-HID-1: writing the redaction over the full record would destroy its secrets
    path = tmp_path / "f.mcn"
    original = Path(GAME).read_bytes()
    path.write_bytes(original)
    link = tmp_path / "link.mcn"
    os.symlink(path, link)
    spellings = [str(path), str(tmp_path / "." / "f.mcn"), str(link)]
    for output in spellings:
        refused = run("redact", str(path), "--as", "G", "-o", output)
        assert refused.exit_code == 2, output
        assert "is the record being redacted" in refused.output
    assert path.read_bytes() == original
    other = tmp_path / "g.mcn"
    assert run("redact", str(path), "--as", "G", "-o", str(other)).exit_code == 0


@pytest.mark.parametrize("viewer", ["R", "B", "G", "Y", "spectator"])
def test_a_redacted_record_validates(tmp_path: Path, viewer: str) -> None:
    # R-HID-1: the redacted record is a record: mcn validate checks what the viewer could
    path = tmp_path / "r.mcn"
    path.write_text(run("redact", ANNOTATED, "--as", viewer).output, encoding="utf-8")
    checked = run("validate", str(path))
    assert checked.exit_code == 0, checked.output
    redacted = parse(path.read_text(encoding="utf-8")).games[0]
    assert redacted.header("Redacted") == viewer


@pytest.mark.parametrize(
    "command",
    [
        ("replay", ANNOTATED, "--to", "3.1.2", "--events"),
        ("replay", ANNOTATED, "--to", "3.1.2", "--format", "json"),
        ("redact", ANNOTATED),
        ("diff", ANNOTATED, str(EXAMPLES / "game-4p.mcn")),
    ],
)
def test_a_viewer_may_be_named_by_colour_initial_or_name(command: tuple[str, ...]) -> None:
    # R-HID-1: --as red, --as R and --as "Paula Brandt" are one viewer
    outputs = {run(*command, "--as", who).output for who in ("red", "R", "Paula Brandt", "RED")}
    assert len(outputs) == 1
    unknown = run(*command, "--as", "Paul Brandt")
    assert unknown.exit_code == 2
    assert "R (Paula Brandt), B (Dominik Seifert), G (Gregor Lindner), Y (Johanna Kraus)" in (
        unknown.output
    )


def test_a_colour_that_does_not_play_is_a_usage_error() -> None:
    result = run("replay", str(EXAMPLES / "game-2p.mcn"), "--as", "yellow")
    assert result.exit_code == 2 and "'yellow' does not play in this game" in result.output


def test_a_tree_drawn_for_a_viewer_shows_his_view(tmp_path: Path) -> None:
    # R-HID-1: mcn tree --as draws the moves as the viewer read them, with his annotations only
    drawn = {}
    for who in ("R", "Paula Brandt", "G"):
        path = tmp_path / f"{who}.dot"
        result = run("tree", ANNOTATED, "--as", who, "-o", str(path), "--alternatives", "1")
        assert result.exit_code == 0, result.output
        drawn[who] = path.read_text(encoding="utf-8")
    assert drawn["R"] == drawn["Paula Brandt"]
    assert "R: donate cloth>II 10>I" in drawn["R"]
    green = drawn["G"]
    assert "R: donate cloth>II" not in green and "R: donate cloth>? 10>?" in green
    assert "Ten taler this early" not in green  # Red's comment, written by the annotator
    full = tmp_path / "all.dot"
    assert run("tree", ANNOTATED, "-o", str(full)).exit_code == 0
    assert "Ten taler this early" in full.read_text(encoding="utf-8")


def test_a_redacted_record_shows_only_its_viewers_view() -> None:
    # R-HID-1: Green's record holds stand-ins for the others' secrets; they are never shown
    # as facts: without --as it is Green's view, and another player's view is refused
    redacted = str(EXAMPLES / "redacted-4p.mcn")
    shown = run("replay", redacted, "--to", "setup", "--events").output
    assert "B: bonus 10>?" in shown and "(as Green sees it)" in shown
    assert run("replay", redacted, "--as", "G").output == run("replay", redacted).output
    assert run("replay", redacted, "--as", "spectator").exit_code == 0
    for command in (("replay", redacted), ("diff", redacted, GAME)):
        refused = run(*command, "--as", "R")
        assert refused.exit_code == 2
        assert "redacted for G (Green): it cannot show Red's view" in refused.output
