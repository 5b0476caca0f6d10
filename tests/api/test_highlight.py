"""The Pygments lexer: valid records carry no Error token, broken syntax does."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygments")

from pygments.token import Comment, Error, Generic, Keyword, Name, Number, String

from mcn.notation.highlight import MCNLexer

ROOT = Path(__file__).resolve().parents[2]
VALID = sorted((ROOT / "examples").glob("*.mcn"))
#: Invalid examples whose problem is syntax the lexer can see (the rest are rule errors).
SYNTAX_BROKEN = [
    "action-without-verb",
    "bad-header",
    "double-semicolon",
    "empty-move",
    "header-unterminated",
    "invalid-token",
    "missing-actor",
    "missing-semicolon",
    "round-without-number",
    "stray-token",
    "unclosed-checkpoint",
    "unclosed-comment",
    "unclosed-variation",
    "unmatched-paren",
]


def kinds(text: str) -> list[tuple[object, str]]:
    return [(kind, value) for _, kind, value in MCNLexer().get_tokens_unprocessed(text)]


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_examples_have_no_error_token(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert [v for k, v in kinds(text) if k is Error] == []
    # Lossless: the tokens give back the text.
    assert "".join(v for _, v in kinds(text)) == text


@pytest.mark.parametrize("name", SYNTAX_BROKEN)
def test_broken_syntax_gets_error_tokens(name: str) -> None:
    text = (ROOT / "examples" / "invalid" / f"{name}.mcn").read_text(encoding="utf-8")
    assert any(k is Error for k, _ in kinds(text))


def test_each_construct_has_its_token_type() -> None:
    text = (
        '[Red "Paula {x}"]\nsetup\nround 2\n1. R: {hm} bid 3+5?! $4 (R: pass) ; B: donate jewel>I\n'
        "market: bread wine\n<souls R 3 B 0>\nY: letter ?\n"
    )
    tokens = kinds(text)
    assert (Name.Tag, "Red") in tokens
    assert (String.Double, '"Paula {x}"') in tokens
    assert (Keyword.Namespace, "setup") in tokens
    assert (Keyword.Namespace, "round") in tokens
    assert (Number.Integer, "1.") in tokens
    assert (Name.Class, "R:") in tokens
    assert (Comment.Multiline, "{hm}") in tokens
    assert (Keyword, "bid") in tokens
    assert (Number.Integer, "3+5") in tokens
    assert (Generic.Emph, "?!") in tokens
    assert (Generic.Emph, "$4") in tokens
    assert (Name.Builtin, "market:") in tokens
    assert (Name.Label, "souls") in tokens
    assert (Generic.Deleted, "?") in tokens  # a secret, not a glyph
    assert not any(k is Error for k, _ in tokens)


def test_glyph_touching_an_action_is_a_glyph_and_a_spaced_question_mark_a_secret() -> None:
    assert (Generic.Emph, "?") in kinds('[Red "a"]\nR: pass?\n')
    assert (Generic.Deleted, "?") in kinds('[Red "a"]\nR: letter ?\n')


def test_pygmentize_finds_the_lexer_by_name() -> None:
    """The entry point is registered: ``pygmentize -l mcn`` works once installed."""
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename

    assert isinstance(get_lexer_by_name("mcn"), MCNLexer)
    assert isinstance(get_lexer_for_filename("game.mcn"), MCNLexer)
    pygmentize = shutil.which("pygmentize", path=str(Path(sys.executable).parent))
    if pygmentize is None:
        pytest.skip("pygmentize is not installed beside this Python")
    out = subprocess.run(
        [pygmentize, "-l", "mcn", "-f", "raw", str(ROOT / "examples" / "annotated-4p.mcn")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Token.Error" not in out
    assert "Token.Keyword" in out
