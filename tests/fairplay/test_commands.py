"""``mcn seal``, ``mcn redact --commit`` and ``mcn verify``: the player's and the referee's
tools for a game at a distance (docs/fair-play.md), driven through Click's CliRunner."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from mcn.notation import parse
from mcn.notation.writer import write
from mcn.replay import replay_game
from tests.commands.helpers import run
from tests.fairplay.games import sealed
from tests.replay.games import record


def test_seal_prints_the_commitment_and_keeps_the_salt_private(tmp_path: Path) -> None:
    salts = tmp_path / "my.salts"
    sealed_move = run("seal", "bid 3+5", "--as", "R", "--salt-file", str(salts))
    assert sealed_move.exit_code == 0
    line = sealed_move.output.strip()
    assert re.fullmatch(r"R: bid \? #[0-9a-f]{64}", line), line
    salt = re.search(r"^seal \S+ R (\S+) bid 3\+5$", salts.read_text(), re.M)
    assert salt is not None and salt[1] not in sealed_move.output  # never printed
    assert stat.S_IMODE(os.stat(salts).st_mode) == 0o600
    digest = line.split("#")[1]
    reveal = run("seal", "--reveal", digest[:8], "--salt-file", str(salts))
    assert reveal.output.strip() == f"<reveal R bid 3+5 {salt[1]}>"
    # the posted move and its reveal make a valid sealed bid in a record
    donation = run("seal", "G: donate jewel>I 5>II", "--salt-file", str(salts)).output.strip()
    assert re.fullmatch(r"G: donate jewel>\? 5>\? #[0-9a-f]{64}", donation), donation


def test_seal_refuses_what_is_no_secret_or_no_move(tmp_path: Path) -> None:
    salts = str(tmp_path / "my.salts")
    public = run("seal", "buy wine", "--as", "R", "--salt-file", salts)
    assert public.exit_code == 1 and "holds no secret (R-HID-1)" in public.output
    wrong = run("seal", "bid x", "--as", "R", "--salt-file", salts)
    assert wrong.exit_code == 1 and "'bid x' is not a move" in wrong.output
    nobody = run("seal", "bid 3+5", "--salt-file", salts)
    assert nobody.exit_code == 2 and "--as" in nobody.output
    unknown = run("seal", "--reveal", "abcdef", "--salt-file", salts)
    assert unknown.exit_code == 1 and "no sealed move" in unknown.output
    (tmp_path / "bad.salts").write_text("seal nonsense\n")
    broken = run("seal", "--reveal", "abcdef", "--salt-file", str(tmp_path / "bad.salts"))
    assert broken.exit_code == 1 and "bad.salts:1: not a salt file entry" in broken.output


def test_a_committed_copy_verifies_and_a_changed_one_does_not(tmp_path: Path) -> None:
    full = tmp_path / "full.mcn"
    full.write_text(write(record(3, 2)), encoding="utf-8")
    copy = tmp_path / "green.mcn"
    salts = tmp_path / "referee.salts"
    made = run(
        "redact", str(full), "--as", "G", "--commit", "--salt-file", str(salts), "-o", str(copy)
    )
    assert made.exit_code == 0, made.output
    text = copy.read_text()
    assert " #" in text
    assert replay_game(parse(text).games[0]).valid  # the copy replays on its own
    good = run("verify", str(copy), str(full), "--salt-file", str(salts))
    assert good.exit_code == 0 and "faithful" in good.output, good.output
    # a visible move changed: the copy's first market draw
    draw = re.search(r"^market: (\w+)", text, re.M)
    assert draw is not None
    other = "jewel" if draw[1] != "jewel" else "bread"
    copy.write_text(text[: draw.start(1)] + other + text[draw.end(1) :])
    bad = run("verify", str(copy), str(full), "--salt-file", str(salts))
    assert bad.exit_code == 1 and "the copy has '*: market" in bad.output, bad.output
    # a commitment changed: found at its line, with the decision
    digest = re.search(r"#([0-9a-f]{64})", text)
    assert digest is not None
    flipped = digest[1][:-1] + ("0" if digest[1][-1] != "0" else "1")
    copy.write_text(text.replace(digest[1], flipped, 1))
    bad = run("verify", str(copy), str(full), "--salt-file", str(salts))
    line = text[: digest.start()].count("\n") + 1
    assert bad.exit_code == 1
    assert re.search(rf"green\.mcn:{line}:\d+: error: [a-z0-9.]+: the copy has ", bad.output)
    # without the key the copy's commitments cannot be checked
    copy.write_text(text)
    blind = run("verify", str(copy), str(full))
    assert blind.exit_code == 1 and "--salt-file" in blind.output


def test_a_sealed_record_redacts_to_a_copy_that_verifies(tmp_path: Path) -> None:
    full = tmp_path / "sealed.mcn"
    full.write_text(write(sealed(3, 1)), encoding="utf-8")
    for viewer in ("R", "B", "spectator"):
        copy = tmp_path / f"{viewer}.mcn"
        assert run("redact", str(full), "--as", viewer, "-o", str(copy)).exit_code == 0
        assert run("validate", str(copy)).exit_code == 0
        result = run("verify", str(copy), str(full))
        assert result.exit_code == 0, result.output
    assert run("redact", str(full), "--as", "R", "--commit").exit_code == 2  # no salt file


def test_a_game_in_progress_redacts_for_every_viewer(tmp_path: Path) -> None:
    """A player's own seal not yet opened stays sealed in his copy: the shared record does not
    hold its text, and redaction never makes a value up."""
    example = Path(__file__).resolve().parents[2] / "examples/fair-play/correspondence-4p.mcn"
    for viewer in ("R", "B", "G", "Y", "spectator"):
        copy = tmp_path / f"{viewer}.mcn"
        made = run("redact", str(example), "--as", viewer, "-o", str(copy))
        assert made.exit_code == 0, made.output
        assert "R: bonus jewel>? #" in copy.read_text()
        assert run("validate", str(copy)).exit_code == 0
        assert run("verify", str(copy), str(example)).exit_code == 0
