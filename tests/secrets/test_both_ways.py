"""The projection both ways (issue 35, item 4): what a viewer has not seen is masked, also in
moves that replay never reached, and what he has seen is shown — a giver reads his own gift's
colour, in the move and in the event (R-HID-1, I-HID-4)."""

from __future__ import annotations

from mcn.notation import parse
from mcn.notation.writer import write
from mcn.replay import replay_game
from mcn.views.projection import EVERYTHING, Projection, path_to
from mcn.views.redact import redact_game
from tests.replay.games import EXAMPLES

ANNOTATED = (EXAMPLES / "annotated-4p.mcn").read_text(encoding="utf-8")
#: Round 5 of annotated-4p.mcn: Red is the Pope, who visits room 3 and its emperor-letter card:
#: Green, the Emperor, gives him a letter.
POPE_TURN = "1. R: visit 5; B: guess 2"
GIFT = "1. R: visit 5; B: guess 2; room 3; do; G: give blue"


def _with(old: str, new: str) -> str:
    assert old in ANNOTATED
    return ANNOTATED.replace(old, new)


def test_moves_after_an_error_in_a_variation_stay_masked() -> None:
    # R-HID-1, I-HID-4: replay stops at 'frobnicate'; the moves after it were never replayed,
    # so their text alone decides: Green's gift and the Pope's die are '?' for Yellow
    text = _with(POPE_TURN, "1. R: visit 5 (1. R: frobnicate; G: give red; R: visit 6); B: guess 2")
    game = parse(text).games[0]
    for viewer in ("Y", "B", None):
        written = write(redact_game(game, viewer, keep_annotations=True)[0])
        line = next(x for x in written.splitlines() if "frobnicate" in x)
        assert "(1. R: frobnicate; G: give ?; visit ?)" in line, (viewer, line)
        assert "give red" not in line and "visit 6" not in line
    # their own moves stay as written for Green and for Red
    green = write(redact_game(game, "G", keep_annotations=True)[0])
    assert "(1. R: frobnicate; G: give red; visit ?)" in green
    red = write(redact_game(game, "R", keep_annotations=True)[0])
    assert "(1. R: frobnicate; G: give ?; visit 6)" in red


def test_an_illegal_move_in_a_variation_masks_the_moves_after_it() -> None:
    # R-HID-1: the same with a move the engine refuses (room 9 does not exist) before them
    text = _with(POPE_TURN, "1. R: visit 5 (1. R: visit 9; G: give red; R: visit 6); B: guess 2")
    written = write(redact_game(parse(text).games[0], "Y", keep_annotations=True)[0])
    assert "(1. R: visit ?; G: give ?; visit ?)" in written and "give red" not in written


def test_giver_and_taker_read_the_gift_everyone_else_does_not() -> None:
    # I-HID-4: the colour of the Emperor's gift is the giver's and the taker's; the giver sees
    # it in his move and in the event of the letter changing hands, like the taker
    replay = replay_game(parse(_with(GIFT, GIFT)).games[0], keep_states=True)
    main = replay.main
    assert main is not None
    index = next(i for i, s in enumerate(main.steps) if s.action.text == "give blue")
    path = path_to(main, len(main.steps) - 1)
    full = Projection(path, EVERYTHING).move(index)
    for viewer in ("G", "R"):
        seen = Projection(path, viewer).move(index)
        assert seen.tokens == ("give", "blue") and not seen.hidden, viewer
        assert seen.events == full.events, viewer
        assert any(e.get("colour") == "blue" for e in seen.events), viewer
    for viewer in ("B", "Y", None):
        seen = Projection(path, viewer).move(index)
        assert seen.tokens == ("give", "?") and seen.hidden
        assert "blue" not in str(seen.events), viewer
