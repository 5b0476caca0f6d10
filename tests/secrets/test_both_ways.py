"""The projection both ways (issue 35, item 4): what a viewer has not seen is masked, also in
moves that replay never reached, and what he has seen is shown — a giver reads his own gift's
colour, in the move and in the event (R-HID-1, I-HID-4)."""

from __future__ import annotations

from mcn.notation import parse
from mcn.notation.writer import write
from mcn.projection import EVERYTHING, Projection, path_to
from mcn.redact import redact_game
from mcn.replay import replay_game
from tests.replay.games import EXAMPLES

ANNOTATED = (EXAMPLES / "annotated-4p.mcn").read_text(encoding="utf-8")
#: Round 5 of annotated-4p.mcn: Blue is the Pope, Red the Emperor who gives Green a letter.
POPE_TURN = "5. B: visit 3; G: guess 3"
GIFT = "8. G: visit 2; do; R: give green; donate bread>II"


def _with(old: str, new: str) -> str:
    assert old in ANNOTATED
    return ANNOTATED.replace(old, new)


def test_moves_after_an_error_in_a_variation_stay_masked() -> None:
    # R-HID-1, I-HID-4: replay stops at 'frobnicate'; the moves after it were never replayed,
    # so their text alone decides: Red's gift and the Pope's die are '?' for Yellow
    text = _with(POPE_TURN, "5. B: visit 3 (5. B: frobnicate; R: give red; B: visit 5); G: guess 3")
    game = parse(text).games[0]
    for viewer in ("Y", "G", None):
        written = write(redact_game(game, viewer, keep_annotations=True)[0])
        line = next(x for x in written.splitlines() if "frobnicate" in x)
        assert "(5. B: frobnicate; R: give ?; visit ?)" in line, (viewer, line)
        assert "give red" not in line and "visit 5" not in line
    # their own moves stay as written for Red and for Blue
    red = write(redact_game(game, "R", keep_annotations=True)[0])
    assert "(5. B: frobnicate; R: give red; visit ?)" in red
    blue = write(redact_game(game, "B", keep_annotations=True)[0])
    assert "(5. B: frobnicate; R: give ?; visit 5)" in blue


def test_an_illegal_move_in_a_variation_masks_the_moves_after_it() -> None:
    # R-HID-1: the same with a move the engine refuses (room 9 does not exist) before them
    text = _with(POPE_TURN, "5. B: visit 3 (5. B: visit 9; R: give red; B: visit 5); G: guess 3")
    written = write(redact_game(parse(text).games[0], "Y", keep_annotations=True)[0])
    assert "(5. B: visit ?; R: give ?; visit ?)" in written and "give red" not in written


def test_giver_and_taker_read_the_gift_everyone_else_does_not() -> None:
    # I-HID-4: the colour of the Emperor's gift is the giver's and the taker's; the giver sees
    # it in his move and in the event of the letter changing hands, like the taker
    replay = replay_game(parse(_with(GIFT, GIFT)).games[0], keep_states=True)
    main = replay.main
    assert main is not None
    index = next(i for i, s in enumerate(main.steps) if s.action.text == "give green")
    path = path_to(main, len(main.steps) - 1)
    full = Projection(path, EVERYTHING).move(index)
    for viewer in ("R", "G"):
        seen = Projection(path, viewer).move(index)
        assert seen.tokens == ("give", "green") and not seen.hidden, viewer
        assert seen.events == full.events, viewer
        assert any(e.get("colour") == "green" for e in seen.events), viewer
    for viewer in ("B", "Y", None):
        seen = Projection(path, viewer).move(index)
        assert seen.tokens == ("give", "?") and seen.hidden
        assert "green" not in str(seen.events), viewer
