"""``mcn legal --try`` under ``--as`` never answers for another player's hidden hand (issue 24,
item 6): two positions that differ only behind Red's screen get the same answer for Blue."""

from __future__ import annotations

import json

from click.testing import CliRunner

from mcn.cli import cli
from mcn.views.legal import try_move
from mcn.views.positions import position_text
from tests.positions.game import decisions


def _twins() -> tuple[str, str]:
    """The example before 6.3.2 (Red, the Merchant, decides) and its twin in which Red
    holds 3 taler: a letter (4 taler, R-BUY-2) is legal in one and not in the other."""
    _step, before = next((s, b) for s, b in decisions() if s.address == "6.3.2")
    poor = before.clone()
    poor.money["R"] = 3
    assert try_move(before, "R: letter red").legal
    assert try_move(poor, "R: letter red").rule == "R-BUY-2"
    return position_text(before), position_text(poor)


def _try(position: str, viewer: str, move: str, form: str = "text") -> tuple[int, str]:
    args = ["legal", position, "--try", move, "--format", form]
    result = CliRunner().invoke(cli, [*args, "--as", viewer] if viewer else args)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_another_deciding_players_move_is_not_judged() -> None:
    # R-HID-1: Blue cannot see Red's money: whether Red may buy a letter is not his to know
    rich, poor = _twins()
    for form in ("text", "json"):
        for viewer in ("B", "spectator"):
            assert _try(rich, viewer, "R: letter red", form) == _try(
                poor, viewer, "R: letter red", form
            )
    code, text = _try(rich, "B", "R: letter red")
    assert code == 2
    assert "R: letter red is not judged as Blue: whether Red may make this move depends on" in (
        text
    )
    assert "ask --as R or without --as" in text
    data = json.loads(_try(poor, "spectator", "R: letter red", "json")[1])
    assert data["legal"] is None and data["rule"] is None and "a spectator" in data["reason"]
    # Red himself, and the full view, get the answer
    assert _try(rich, "R", "R: letter red")[0] == 0
    assert _try(poor, "R", "R: letter red")[0] == 1
    assert "[R-BUY-2]" in _try(poor, "", "R: letter red")[1]


def test_what_is_public_is_still_answered() -> None:
    # R-ACT-1: the turn order is public: Blue may ask about his own move, and about a move of
    # a player who does not decide here; a move that is no action is no secret either
    rich, poor = _twins()
    for position in (rich, poor):
        code, text = _try(position, "B", "B: letter red")
        assert code == 1 and "[R-ACT-1]" in text
        code, text = _try(position, "B", "G: pass")
        assert code == 1 and "It is Red's decision" in text
        code, text = _try(position, "B", "G: frobnicate")
        assert code == 1 and "is not legal" in text
    assert _try(rich, "B", "letter red") == _try(poor, "B", "letter red")  # Red's, implied
