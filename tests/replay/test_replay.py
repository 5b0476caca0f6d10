"""The replay binding rule by rule (docs/design.md, "Replay binding"), on small records."""

from __future__ import annotations

import pytest

from mcn.engine.actions import BuyLetter, Donate
from mcn.notation import parse
from mcn.notation.model import Game, Move
from mcn.replay import (
    Diagnostic,
    address_matches,
    checkpoint_for,
    hidden,
    parse_result,
    replay_game,
    state_digest,
)
from mcn.views.render import clean
from tests.replay.games import EXAMPLES

HEAD_4P = "\n".join(
    (EXAMPLES / "game-4p.mcn").read_text(encoding="utf-8").splitlines()[:12]
).replace('[Result "Y"]', '[Result "*"]')
ROUND_1 = """
setup
souls: B G R Y
B: bonus 10>II
G: bonus jewel>II
R: bonus blue
Y: bonus bread>I wine>II
round 1
market: bread cloth cloth jewel jewel indulgence indulgence
rooms: move-crew pope-stone move-crew steal-3
Y: bid 1+4  G: bid 5+3  B: bid 3+4  R: bid 6+1
G: choose pope; skip
R: choose emperor; crew 2
B: choose sinner; visit 2; pope-stone lust>petty
1. G: visit 4; Y: guess 4; decline
2. R: donate 2>I 2>I
3. Y: letter red; free jewel
"""


def game(body: str, head: str = HEAD_4P) -> Game:
    return parse(head + "\n" + body).games[0]


def problems(body: str, head: str = HEAD_4P, **options: object) -> list[Diagnostic]:
    return replay_game(game(body, head), **options).diagnostics  # type: ignore[arg-type]


def test_a_clean_record_replays_with_forced_moves_and_ends_left_out() -> None:
    replay = replay_game(game(ROUND_1))
    assert replay.valid and not replay.diagnostics
    assert replay.main is not None
    implicit = [s.address for s in replay.main.steps if s.implicit]
    assert "1.pick.8" in implicit  # Yellow's choice of the last character was forced
    assert "1.1.4" in implicit  # the end of the Pope's turn after the card
    assert "1.3.2" in implicit  # the end before the Merchant's free stone
    assert replay.main.steps[-1].address == "1.3.3"


def test_forced_moves_may_also_be_written() -> None:
    body = ROUND_1.replace("B: choose sinner; visit 2", "B: choose sinner; visit 2").replace(
        "1. G: visit 4; Y: guess 4; decline", "1. G: visit 4; Y: guess 4; decline; G: end"
    )
    assert not problems(body)


def test_a_move_out_of_turn_is_an_error_at_its_decision() -> None:
    body = ROUND_1.replace("2. R: donate 2>I 2>I", "2. Y: donate 2>I")
    (error,) = problems(body)
    assert error.severity == "error" and error.code == "illegal"
    assert (error.address, error.rule) == ("1.2.1", "R-ACT-1")
    assert error.span is not None and error.span.line == 28
    assert "not Yellow's" in error.message


def test_labels_and_sections_are_checked() -> None:
    labels = problems(ROUND_1.replace("2. R: donate", "5. R: donate"))
    assert [(d.code, d.address) for d in labels] == [("label", "1.2.1")]
    assert "this is turn 2" in labels[0].message
    sections = problems(ROUND_1.replace("round 1", "round 2"))
    assert [d.code for d in sections] == ["section"]


@pytest.mark.parametrize(
    ("checkpoint", "verdict"),
    [
        ("<souls B 0 G 1 R 0 Y 0>", None),
        ("<souls B 0 G 2 R 0 Y 0>", "Green's soul is 1, not 2"),
        ("<posts G 6 R 6 Y 1 B 3>", None),
        ("<money R 21 Y 17>", None),
        ("<money R 25 B 1>", "Red's money is 21, not 25; Blue's money is 21, not 1"),
        ("<chest I R money 4 Y bread 1>", None),
        ("<chest II Y wine 1>", None),
        ("<chest I Y wine 1>", "Yellow's compartment I held bread 1"),
        ("<letters R blue 1 Y red 1>", None),
        ("<letters Y blue 1>", "Yellow's letters held red 1"),
    ],
)
def test_checkpoints(checkpoint: str, verdict: str | None) -> None:
    found = problems(ROUND_1 + checkpoint + "\n")
    if verdict is None:
        assert not found, [d.text() for d in found]
    else:
        (problem,) = found
        assert problem.code == "checkpoint" and verdict in problem.message


def test_digest_and_unknown_checkpoints() -> None:
    replay = replay_game(game(ROUND_1), keep_states=True)
    assert replay.final is not None
    digest = checkpoint_for("digest", replay.final)
    assert digest.args == (state_digest(replay.final),)
    assert not problems(ROUND_1 + f"<digest {digest.args[0]}>")
    (wrong,) = problems(ROUND_1 + "<digest 000000000000>")
    assert wrong.code == "checkpoint"
    (unknown,) = problems(ROUND_1 + "<weather sunny>")
    assert unknown.severity == "warning"


def test_the_result_tag() -> None:
    text = (EXAMPLES / "game-3p.mcn").read_text(encoding="utf-8")  # a game without breaches
    winner = parse(text).games[0].header("Result")
    assert winner == "R"
    assert replay_game(parse(text.replace('[Result "R"]', '[Result "Red"]')).games[0]).valid
    wrong = replay_game(parse(text.replace('[Result "R"]', '[Result "B"]')).games[0])
    assert [(d.code, d.rule) for d in wrong.diagnostics] == [("result", "R-END-3")]
    open_tag = replay_game(parse(text.replace('[Result "R"]', '[Result "*"]')).games[0])
    assert [d.severity for d in open_tag.diagnostics] == ["warning"]
    early = problems(ROUND_1, HEAD_4P.replace('[Result "*"]', '[Result "Y"]'))
    assert [d.code for d in early] == ["incomplete"]
    assert parse_result("R, G") == ("R", "G") and parse_result("green red") == ("R", "G")
    assert parse_result("*") is None


def test_variations_replay_from_the_state_before_their_move() -> None:
    body = ROUND_1.replace(
        "2. R: donate 2>I 2>I", "2. R: donate 2>I 2>I (2. R: pass 3. Y: buy jewel) (2. R: fly)"
    )
    replay = replay_game(game(body))
    assert [d.address for d in replay.diagnostics] == ["1.2.1/2:1.2.1"]
    assert replay.diagnostics[0].code == "action"
    lines = replay.lines()
    assert [line.prefix for line in lines] == ["", "1.2.1/1:", "1.2.1/2:"]
    assert lines[1].steps[0].address == "1.2.1/1:1.2.1"
    assert replay.main is not None and replay.main.error is None


def test_strict_stops_at_the_first_error_and_on_step_can_stop() -> None:
    body = (
        ROUND_1.replace("2. R: donate 2>I 2>I", "2. R: donate 2>I 2>I (2. R: fly)") + "<souls B 9>"
    )
    assert len(problems(body)) == 2
    assert len(problems(body, strict=True)) == 1
    seen: list[str] = []
    replay_game(
        game(ROUND_1),
        on_step=lambda line, step: seen.append(step.address) or step.address == "setup.3",
    )
    assert seen[-1] == "setup.3"


def test_a_game_the_engine_cannot_start() -> None:
    (problem,) = problems("", HEAD_4P.replace('[Rules "de-2016"]', '[Rules "de-1999"]'))
    assert problem.code == "header" and "cannot set up the game" in problem.message


def test_secrets_in_a_record_are_played_as_stand_ins() -> None:
    body = ROUND_1.replace("3. Y: letter red", "3. Y: letter ?").replace(
        "2. R: donate 2>I 2>I", "2. R: donate 2>? 2>?"
    )
    replay = replay_game(game(body))
    assert replay.valid
    (note,) = replay.diagnostics
    assert note.severity == "note" and note.code == "secret"
    assert "compartments of donations of Red" in note.message
    assert "letter colours of Yellow" in note.message


def test_diagnostic_text() -> None:
    found = problems(ROUND_1.replace("2. R: donate 2>I 2>I", "2. Y: donate 2>I"))
    text = found[0].text()
    assert text.startswith("<string>:28:4: error: 1.2.1: It is Red's decision")
    assert text.endswith("[R-ACT-1] (game 1)")


def test_address_prefixes() -> None:
    assert address_matches("3.5.1", "3") and address_matches("3.5.1", "3.5")
    assert not address_matches("30.1.1", "3") and not address_matches("3.50.1", "3.5")
    assert address_matches("3.5.2/1:3.6.1", "3.5.2/1:")
    assert address_matches("setup.4", "setup") and not address_matches("setup.4", "")


def test_secret_patterns() -> None:
    donate = Donate("R", (("jewel", "I"), ("5", "II")))
    assert hidden.matches(("donate", "jewel>?", "5>?"), donate)
    assert hidden.matches(("donate", "5>?", "jewel>?"), donate)
    assert not hidden.matches(("donate", "wine>?", "5>?"), donate)
    assert hidden.matches(("letter", "?"), BuyLetter("R", "green"))
    assert hidden.secret_kind(donate) == "chest"
    assert hidden.parse_chest(("II", "R", "money", "5")) == (1, {"R": [0, 0, 0, 0, 5]})
    assert isinstance(hidden.parse_chest(("III",)), str)
    assert isinstance(hidden.parse_letters(("R", "pink", "1")), str)
    # counts are short ASCII numbers: int() would refuse these with an exception
    assert isinstance(hidden.parse_letters(("R", "red", "9" * 4301)), str)
    assert isinstance(hidden.parse_chest(("I", "R", "money", "\u00b2")), str)
    assert hidden.parse_letters(("R", "red", "999999999")) == {"R": [0, 0, 999999999, 0]}
    assert hidden.letters_args({"R": [0, 1, 0, 2]}) == ("R", "blue", "1", "green", "2")


def test_clean_shows_terminal_controls_harmlessly() -> None:
    # mcn.io.terminal, the one sanitiser: visible stand-ins, nothing a terminal would obey
    assert clean("a\x1b[31mb\x1b]0;t\x07c\u202ed\te") == "a\u241b[31mb\u241b]0;t\u2407c\\u202ed e"
    move = Move("R", ("pass",))
    assert clean(move.text) == "pass"


@pytest.mark.parametrize(
    ("written", "secret"),
    [
        ("rooms: move-crew pope-stone move-crew steal-3", "rooms: move-crew ? move-crew ?"),
        ("rooms: move-crew pope-stone move-crew steal-3", "rooms: move-crew pope-stone 1>? 2>?"),
        ("souls: B G R Y", "souls: B ? R Y"),
        ("market: bread cloth cloth jewel jewel indulgence indulgence", "market: bread ? ? ?"),
    ],
)
def test_a_secret_in_a_chance_item_is_an_error(written: str, secret: str) -> None:
    # R-HID-1: draws are public; a '?' for one is refused, not matched against every outcome
    (problem,) = problems(ROUND_1.replace(written, secret))
    assert problem.severity == "error" and problem.code == "chance"
    assert problem.rule == "R-HID-1" and "chance outcomes are public" in problem.message
    assert problem.span is not None and problem.span.column == 1  # the item's head word
