"""The bundled examples: every record in examples/ validates, every case in examples/invalid/
fails with exactly the first error line its ``.expected`` file gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.notation import parse, write
from mcn.replay import replay_game
from tests.replay.games import EXAMPLES, INVALID

RECORDS = sorted(EXAMPLES.glob("*.mcn"))
CASES = sorted(INVALID.glob("*.mcn"))


def test_there_are_examples() -> None:
    names = {path.name for path in RECORDS}
    assert {
        "game-2p.mcn",
        "game-3p.mcn",
        "game-4p.mcn",
        "game-2p-en.mcn",
        "annotated-4p.mcn",
        "meta-culpa.mcn",
        "redacted-4p.mcn",
    } <= names
    assert len(CASES) >= 8


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_example_validates(path: Path) -> None:
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert "error" not in result.output
    assert "1 game read from 1 file: 1 valid, 0 invalid" in result.output


def test_the_bundled_examples_are_clean_under_strict() -> None:
    # R-POP-3 / I-POP-9: a breach is a warning when reading leniently, an error under --strict;
    # the bundled games have none, so `make demo` (validate examples/*.mcn) prints no warning.
    paths = [str(path) for path in RECORDS]
    lenient = CliRunner().invoke(cli, ["validate", *paths])
    assert lenient.exit_code == 0, lenient.output
    assert "warning" not in lenient.output.lower()
    strict = CliRunner().invoke(cli, ["validate", "--strict", *paths])
    assert strict.exit_code == 0, strict.output
    assert f"{len(paths)} games read from {len(paths)} files: {len(paths)} valid" in strict.output
    assert all(path.parent == EXAMPLES for path in RECORDS)  # the breach lives apart


def test_make_demo_reads_only_the_clean_examples() -> None:
    makefile = (EXAMPLES.parent / "Makefile").read_text(encoding="utf-8")
    validate = next(line for line in makefile.splitlines() if "validate examples/" in line)
    assert validate.split()[-1] == "examples/*.mcn"  # not recursive: examples/breach/ is apart
    assert not (EXAMPLES / "pope-over-limit.mcn").exists()


def test_the_breach_example_shows_its_documented_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    # I-POP-9 / R-POP-3: the one deliberate breach, with the warning docs/notation.md quotes.
    monkeypatch.chdir(EXAMPLES.parent)
    path = "examples/breach/pope-over-limit.mcn"
    lenient = CliRunner().invoke(cli, ["validate", path])
    assert lenient.exit_code == 0, lenient.output
    warnings = [line for line in lenient.output.splitlines() if ": warning: " in line]
    assert len(warnings) == 1 and "[R-POP-3]" in warnings[0] and "I-POP-9" in warnings[0]
    spec = (EXAMPLES.parent / "docs" / "notation.md").read_text(encoding="utf-8")
    assert warnings[0] in spec.split("## Breaches", 1)[1].split("\n## ", 1)[0]
    strict = CliRunner().invoke(cli, ["validate", "--strict", path])
    assert strict.exit_code == 1
    assert warnings[0].replace(": warning: ", ": error: ") in strict.output


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_example_is_canonical_and_complete(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = parse(text, name=path.name)
    assert write(record) == text
    for game in record.games:
        replay = replay_game(game)
        assert replay.final is not None and replay.final.is_terminal()
        assert game.header("Result") == " ".join(replay.final.winners())


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.name)
def test_invalid_case_fails_with_its_message(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = path.with_suffix(".expected").read_text(encoding="utf-8").strip()
    monkeypatch.chdir(path.parent)
    # The cases are UTF-8 by definition (invalid-utf8.mcn shows what forcing it reports;
    # the default, --encoding auto, would read that file as Windows-1252 with a warning).
    result = CliRunner().invoke(cli, ["validate", "--encoding", "utf-8", path.name])
    assert result.exit_code == 1, result.output
    first = next(line for line in result.output.splitlines() if ": error: " in line)
    assert first == expected
    assert "Traceback" not in result.output


def test_examples_show_what_they_promise() -> None:
    annotated = parse((EXAMPLES / "annotated-4p.mcn").read_text(encoding="utf-8")).games[0]
    replay = replay_game(annotated)
    nested = [line for line in replay.lines() if line.parent and line.parent.parent]
    assert len(replay.lines()) >= 4 and nested  # variations, one inside another
    assert all(line.error is None for line in replay.lines())
    assert any(move.glyphs for move in annotated.moves())
    assert any(move.after for move in annotated.moves())
    meta = parse((EXAMPLES / "meta-culpa.mcn").read_text(encoding="utf-8")).games[0]
    assert any(move.tokens[0] == "infraction" for move in meta.moves())
    english = parse((EXAMPLES / "game-2p-en.mcn").read_text(encoding="utf-8")).games[0]
    assert english.header("Rules") == "en-2016" and len(english.players) == 2
    redacted = parse((EXAMPLES / "redacted-4p.mcn").read_text(encoding="utf-8")).games[0]
    assert redacted.header("Redacted") in ("R", "B", "G", "Y")
    assert any("?" in move.text for move in redacted.moves())


def test_the_running_example_in_the_spec_is_the_annotated_game() -> None:
    spec = (EXAMPLES.parent / "docs" / "notation.md").read_text(encoding="utf-8")
    section = spec.split("## Running example", 1)[1]
    block = section.split("```\n", 2)[1]
    assert block == (EXAMPLES / "annotated-4p.mcn").read_text(encoding="utf-8")
