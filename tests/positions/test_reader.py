"""The hand-written position reader (mcn/position/reader.py) against the grammar, its contract.

For any text, :func:`read_position` gives what the grammar's reader gives, or None (the grammar
then reads it, or names the error): checked on every position of the example games, as each
viewer sees it, on texts generated from grammar/position.lark and on texts one slip away from
a real one. And it must really read what mcn writes — that is its purpose (issue 34: no parser
to build when ``mcn position TEXT`` starts).
"""

from __future__ import annotations

import hashlib
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from mcn.io.resources import grammar_path
from mcn.notation import parse
from mcn.position import PositionError, parse_position
from mcn.position.grammar import parse_with_grammar
from mcn.position.model import TAG
from mcn.position.reader import GRAMMAR_DIGEST, read_position
from mcn.replay import replay_game
from mcn.views.positions import position_text
from tests.positions.game import decisions

ROOT = Path(__file__).resolve().parents[2]


def grammar_reads(text: str) -> Any:
    """The grammar's twin of ``text``, or the PositionError it raises (as a value)."""
    try:
        return parse_with_grammar(text)
    except PositionError as error:
        return error


def assert_agrees(text: str) -> None:
    """The reader gives the grammar's twin, or None; never a twin for a text the grammar
    refuses, and never None for one it reads."""
    mine = read_position(text)
    theirs = grammar_reads(text)
    if isinstance(theirs, PositionError):
        assert mine is None, (text, theirs)
    else:
        assert mine == theirs, text
        assert list(mine) == list(theirs), text  # the same keys in the same order


def test_the_reader_was_checked_against_this_grammar() -> None:
    """A change to grammar/position.lark must be carried into the reader (and this digest)."""
    text = grammar_path("position").read_bytes()
    assert hashlib.sha256(text).hexdigest()[:16] == GRAMMAR_DIGEST


@cache
def example_positions() -> list[str]:
    """Every position of game-4p as each player, a spectator and the referee saw it, and
    every position of the two- and three-player examples."""
    texts = []
    for _step, state in decisions():
        for viewer in ("all", "R", "B", "G", "Y", None):
            texts.append(position_text(state, viewer))
    for name in ("game-2p.mcn", "game-3p.mcn"):
        path = ROOT / "examples" / name
        (game,) = parse(path.read_text(encoding="utf-8"), name=str(path)).games
        main = replay_game(game, file=str(path), keep_states=True).main
        assert main is not None
        texts += [position_text(step.state, "all") for step in main.steps if step.state]
    return texts


def test_the_reader_reads_every_position_of_the_examples_as_the_grammar_does() -> None:
    texts = example_positions()
    assert len(texts) > 1000
    for text in texts:
        assert read_position(text) is not None, text  # the fast path is the one taken
        assert read_position(text) == parse_with_grammar(text), text
        assert parse_position(text) == parse_with_grammar(text)


@cache
def _lark() -> Lark:
    return Lark(grammar_path("position").read_text(encoding="utf-8"), parser="lalr")


@pytest.mark.slow  # generating from the 34-field grammar takes a tenth of a second a text
@given(st.data())
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_texts_generated_from_the_grammar_read_alike(data: st.DataObject) -> None:
    text = data.draw(from_lark(_lark(), start="start"))
    # the version the generator spells at random; parse_position checks it before either reader
    text = TAG + text[text.index(" ") :] if " " in text else TAG
    assert_agrees(text)


@given(st.data())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_texts_one_slip_from_a_real_position_read_alike(data: st.DataObject) -> None:
    texts = example_positions()
    text = texts[data.draw(st.integers(0, len(texts) - 1), label="position")]
    at = data.draw(st.integers(len(TAG) + 1, len(text) - 1), label="at")  # after the version
    slip = data.draw(st.sampled_from(["drop", "insert", "replace"]), label="slip")
    alphabet = "0123456789-?.,/=+()RBGYIrbgyaz_ "
    char = data.draw(st.sampled_from(alphabet), label="char")
    if slip == "drop":
        broken = text[:at] + text[at + 1 :]
    elif slip == "insert":
        broken = text[:at] + char + text[at:]
    else:
        broken = text[:at] + char + text[at + 1 :]
    assert_agrees(broken)


@pytest.mark.parametrize(
    "text",
    [
        # fields where "-" (none) and a negative number compete, as in the grammar's lexer
        "R=-5+3",
        "R=-",
        "R=?",
    ],
)
def test_a_bid_of_none_a_mask_or_numbers(text: str) -> None:
    base = example_positions()[0].split(" ")
    base[27] = text  # bids
    assert_agrees(" ".join(base))


def test_the_start_path_does_not_import_lark() -> None:
    """``mcn position TEXT`` reads a position without Lark (issue 34, start-up)."""
    import subprocess

    code = (
        "import sys; from mcn.position import parse_position; "
        f"parse_position({example_positions()[0]!r}); print('lark' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
