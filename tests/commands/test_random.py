"""``mcn random``: canonical, valid and reproducible games; variants, editions and bad options."""

from __future__ import annotations

from pathlib import Path

from tests.commands.helpers import run


def test_random_games_are_canonical_valid_and_reproducible(tmp_path: Path) -> None:
    out = tmp_path / "r.mcn"
    assert run("random", "--players", "3", "--seed", "5", "-n", "2", "-o", str(out)).exit_code == 0
    assert run("fmt", "--check", str(out)).exit_code == 0
    checked = run("validate", str(out))
    assert checked.exit_code == 0 and "2 games read" in checked.output
    again = run("random", "--players", "3", "--seed", "5", "-n", "2")
    assert again.output == out.read_text(encoding="utf-8")
    second = run("random", "--players", "3", "--seed", "6")
    assert second.output.split("\n\n", 1)[1] in again.output  # game 2 is seed 6


def test_random_variants_and_editions(tmp_path: Path) -> None:
    meta = run("random", "--variant", "meta-culpa", "--infraction-rate", "0.05", "--seed", "1")
    assert meta.exit_code == 0
    assert "[Infractions " in meta.output and "infraction " in meta.output
    english = run("random", "--players", "2", "--rules", "en-2016")
    assert '[Rules "en-2016"]' in english.output
    assert run("random", "--infraction-rate", "0.1").exit_code == 2
    assert run("random", "--players", "5").exit_code == 2
    path = tmp_path / "m.mcn"
    path.write_text(meta.output, encoding="utf-8")
    assert run("validate", str(path)).exit_code == 0
