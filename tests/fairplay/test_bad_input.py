"""Bad input in sealed records: a malformed commitment, an unknown chance protocol, a reveal
with no commitment and malformed protocol checkpoints each get file:line:col and a clear
message, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli

HEADERS = (
    '[Event "x"]\n[Site "x"]\n[Date "2026.11.27"]\n[Red "Ann"]\n[Blue "Ben"]\n'
    '[Rules "de-2016"]\n[Board "standard"]\n[Variant "standard"]\n[Result "*"]\n'
)
SALT = "0123456789abcdef" * 2


@pytest.mark.parametrize(
    ("body", "where", "message"),
    [
        (
            "\nsetup\nsouls: R B\nR: bonus 10>? #3f2a\n",
            ":13:15: error: malformed commitment: '#' must be followed by exactly 64 hex",
            "found 4 hex digits",
        ),
        (
            "\nsetup\nsouls: R B\nR: bonus 10>? #" + "g" * 64 + "\n",
            ":13:15: error: malformed commitment",
            "not hexadecimal",
        ),
        (
            f"\nsetup\nsouls: R B\n<reveal R bonus 10>I {SALT}>\n",
            ":13:1: error: reveal with no commitment: Red has no sealed 'bonus' move",
            "[I-HID-2]",
        ),
        (
            "\nsetup\nsouls: R B\n<reveal R>\n",
            ":13:1: error: malformed reveal: expected <reveal C VERB ARGUMENTS… SALT>",
            "its salt",
        ),
        (
            "\nsetup\n<chance-commit R 12>\nsouls: R B\n",
            ":12:1: error: setup.1: Red's chance commitment must be 64 hex digits",
            "[R-SET-1]",
        ),
    ],
)
def test_bad_input_is_located(tmp_path: Path, body: str, where: str, message: str) -> None:
    path = tmp_path / "bad.mcn"
    path.write_text(HEADERS + body, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"{path}{where}" in result.output, result.output
    assert message in result.output


def test_an_unknown_chance_protocol_is_located_at_its_header(tmp_path: Path) -> None:
    path = tmp_path / "bad.mcn"
    path.write_text(HEADERS + '[Chance "dice-by-mail"]\n\nsetup\nsouls: R B\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert (
        f"{path}:10:1: error: unknown chance protocol 'dice-by-mail' in [Chance] "
        "(known: none, commit-reveal)" in result.output
    ), result.output


def test_a_sealed_public_move_is_refused(tmp_path: Path) -> None:
    """Only a secret may be sealed; a public move must be shown when it is made."""
    # R-HID-1
    path = tmp_path / "bad.mcn"
    path.write_text(
        HEADERS + "\nsetup\nsouls: R B\nR: bonus blue #" + "a" * 64 + "\n", encoding="utf-8"
    )
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert "setup.2: Red's 'bonus' may not be sealed" in result.output
    assert "[R-HID-1]" in result.output


def test_the_sealed_example_highlights_without_an_error_token() -> None:
    from pygments.token import Error, String

    from mcn.notation.highlight import MCNLexer

    example = Path(__file__).resolve().parents[2] / "examples/fair-play/correspondence-4p.mcn"
    text = example.read_text(encoding="utf-8")
    tokens = list(MCNLexer().get_tokens_unprocessed(text))
    assert [v for _, k, v in tokens if k is Error] == []
    assert sum(1 for _, k, v in tokens if k is String.Other and v.startswith("#")) == 7
    assert CliRunner().invoke(cli, ["validate", "--strict", str(example)]).exit_code == 0
