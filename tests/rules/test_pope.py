"""The Pope's incognito visit: caught, not caught, over the limit (R-POP-*, I-POP-*)."""

from __future__ import annotations

from mcn.engine import RandomPlayer, parse_action, view
from tests.rules.scenario import Game, rules_of

ROOMS = "take-7 take-5 take-3 hell-3"


def popes_turn(post: int = 1, rooms: str = ROOMS) -> Game:
    """Red is the Pope and acts first; souls nearest Hell first: R, B, G, Y."""
    g = Game("RBGY", souls="Y G B R").setup()
    return g.start_round(
        rooms=rooms,
        pope="R",
        emperor="B",
        merchant="G",
        sinner="Y",
        bids={"R": f"{post}+0", "B": "1+0", "G": "1+0", "Y": "1+0"},
    )


def test_nearest_hell_other_player_guesses() -> None:
    g = popes_turn()
    events = g.act("R: visit 2")
    # R-POP-1: the die is set in secret; Blue (nearest Hell after Red) names a room.
    assert "R-POP-1" in rules_of(events)
    assert g.whose_turn() == ("B",)
    g.illegal("G: guess 2", rule="R-POP-1")


def test_guess_options_are_the_rooms_the_die_could_show() -> None:
    g = popes_turn()
    g.play("R: pass", "B: visit 1; do", "G: pass; free bread", "Y: pass")
    g.act("R: visit 2")
    # I-POP-5: room 1 is gone; every other room and both suites may be named.
    assert g.legal_texts() == {f"guess {n}" for n in (2, 3, 4, 5, 6)}
    g.illegal("B: guess 1", rule="I-POP-5")


def test_die_only_on_a_room_that_could_be_visited() -> None:
    g = popes_turn()
    g.play("R: pass", "B: visit 1; do", "G: pass; free bread", "Y: pass")
    # R-POP-4: not on a visited room.
    g.illegal("R: visit 1", rule="R-POP-4")


def test_caught_pope_steps_toward_hell_and_pays_the_costs() -> None:
    g = popes_turn()
    g.act("R: visit 1")
    events = g.act("B: guess 1")
    # R-POP-2: caught: the post rotated by the card's cost (take-7: 2) ...
    assert g.post("R") == 3
    # I-POP-8: ... and the step toward Hell once the room's action is carried out.
    assert "R-POP-2" not in rules_of(events)
    assert g.soul("R") == 0
    events = g.act("R: do")
    assert rules_of(events)[-1] == "R-POP-2"
    assert (g.soul("R"), g.money("R")) == (1, 32)


def test_pope_not_caught_pays_nothing() -> None:
    g = popes_turn()
    g.act("R: visit 1")
    g.act("B: guess 2")
    # R-POP-2: not caught: no step, no notches.
    assert g.soul("R") == 0
    assert g.post("R") == 1
    g.play("R: do")
    assert g.money("R") == 32
    assert g.rooms()[1] is None


def test_caught_in_suite_six_places_the_lust_sin() -> None:
    g = popes_turn()
    g.act("R: visit 6")
    g.play("B: guess 6")
    # R-POP-2: caught: step, 2 notches, the Lust sin; he still takes the letter.
    assert (g.soul("R"), g.post("R"), g.den("lust")) == (1, 3, {"R": 1})
    assert g.letters("R") == {"yellow": 1}


def test_not_caught_in_suite_six_places_no_lust_sin() -> None:
    g = popes_turn()
    g.act("R: visit 6")
    g.play("B: guess 5")
    # R-POP-2: not caught: no notches and no Lust sin.
    assert (g.soul("R"), g.post("R"), g.den("lust")) == (0, 1, {})
    assert g.letters("R") == {"yellow": 1}


def test_caught_in_suite_five() -> None:
    g = popes_turn()
    g.act("R: visit 5")
    g.play("B: guess 5")
    # R-POP-2 / R-HOP-4: caught in Suite 5: the Lust sin, then a room's card ...
    assert (g.soul("R"), g.den("lust")) == (0, {"R": 1})
    g.play("R: room 2; do")
    assert (g.money("R"), g.post("R")) == (30, 1)
    # I-POP-8: ... and the step once the card's action is done.
    assert g.soul("R") == 1


def test_over_the_limit_not_caught() -> None:
    g = popes_turn(post=5)
    g.act("R: visit 1")
    events = g.play("B: guess 3")
    # R-POP-3: take-7 would need 5 + 2 notches: a step toward Hell, the post set to 6,
    # and the card's action is not carried out.
    assert "R-POP-3" in rules_of(events)
    assert (g.soul("R"), g.post("R"), g.money("R")) == (1, 6, 25)
    # I-POP-6: the card is discarded like any visited room's card.
    assert g.rooms()[1] is None
    assert "take-7" in g.discard()
    # I-POP-3: the room counts as visited.
    g.play("R: end")
    g.illegal("B: visit 1", rule="R-HOP-1")


def test_over_the_limit_and_caught_is_still_one_step() -> None:
    g = popes_turn(post=5)
    g.act("R: visit 1")
    g.play("B: guess 1")
    # I-POP-3: R-POP-3 replaces the normal resolution: no extra step for being caught.
    assert (g.soul("R"), g.post("R"), g.money("R"), g.den("lust")) == (1, 6, 25, {})


def test_over_the_limit_in_suite_six() -> None:
    g = popes_turn(post=5)
    g.act("R: visit 6")
    g.play("B: guess 6")
    # R-POP-3 / I-POP-3: no letter, no Lust sin, one step, post 6.
    assert (g.soul("R"), g.post("R"), g.letters("R"), g.den("lust")) == (1, 6, {}, {})


def test_the_die_is_secret_until_named() -> None:
    one = popes_turn()
    two = popes_turn()
    one.act("R: visit 1")
    two.act("R: visit 4")
    # R-HID-1 / R-POP-1: only the Pope sees his die before the guess.
    for viewer in ("B", "G", "Y", None):
        assert view(one.state, viewer) == view(two.state, viewer)
    assert view(one.state, "R") != view(two.state, "R")


def test_die_set_to_a_room_too_dear_after_the_second_action_is_a_breach() -> None:
    g = popes_turn(post=4)
    g.act("R: buy bread")
    # I-POP-9: take-7 (2 notches) with 4 + 1 + 2 > 6 is never offered as legal ...
    assert "visit 1" not in g.legal_texts()
    assert "visit 2" in g.legal_texts()  # take-5 costs 1: 4 + 1 + 1 = 6
    # ... but a record containing it is carried out, as a breach of R-POP-3.
    assert g.state.judge(g.state.legal_actions()[0]).breach is None
    g.act("R: visit 1")
    g.play("B: guess 2")
    # ... and R-POP-3 is judged with the post after the second action's rotation.
    assert (g.soul("R"), g.post("R"), g.money("R")) == (1, 6, 23)


def test_same_room_without_a_second_action_is_within_the_limit() -> None:
    g = popes_turn(post=4)
    g.act("R: visit 1")
    g.play("B: guess 1")
    # R-POP-2: 4 + 2 = 6 is allowed: caught, he pays normally.
    assert g.post("R") == 6
    g.play("R: do")
    assert (g.soul("R"), g.money("R")) == (1, 32)


def test_the_die_is_public_once_named() -> None:
    g = popes_turn()
    g.act("R: visit 2")
    events = g.act("B: guess 3")
    (reveal,) = [e for e in events if e.to_json()["kind"] == "pope-die"]
    # R-POP-1 / R-HID-1: after the guess the die is revealed to everybody.
    for viewer in ("R", "B", "G", "Y", None):
        shown = reveal.to_json(viewer)
        assert (shown["room"], shown["guess"], shown["caught"]) == (2, 3, False), viewer


def test_over_limit_rooms_are_never_legal_pope_visits() -> None:
    # I-POP-9, the reproduction: with the post at 6 the engine listed visit 1, 3, 4, 6.
    g = popes_turn(post=6, rooms="take-7 take-3 hell-3 pope-stone")
    visits = {t for t in g.legal_texts() if t.startswith("visit")}
    # Only rooms costing nothing are legal: take-3 (room 2) and Suite 5.
    assert visits == {"visit 2", "visit 5"}
    for room in (1, 3, 4, 6):
        action = parse_action("R", f"visit {room}")
        ruling = g.state.judge(action)
        assert ruling.accepted and not ruling.legal  # accepted: a record may contain it ...
        rule, reason = ruling.breach or ("", "")
        assert rule == "R-POP-3" and "breach" in reason  # ... and it is reported as a breach
    # Random play never sets the die past the limit either (it draws from legal_actions).
    player = RandomPlayer(7)
    for _ in range(50):
        assert player.choose(g.state, "R").text in {"pass", "visit 2", "visit 5"} | {
            t for t in g.legal_texts() if not t.startswith("visit")
        }


def test_breach_is_punished_and_reported_when_revealed() -> None:
    g = popes_turn(post=6, rooms="take-7 take-3 hell-3 pope-stone")
    g.act("R: visit 3")
    events = g.play("B: guess 1")
    # I-POP-9 / R-POP-3: replayed with the penalty, and a public breach event at the reveal.
    (breach,) = [e for e in events if e.kind == "breach"]
    assert breach.rule == "R-POP-3"
    assert breach.to_json(None)["player"] == "R"
    assert (g.soul("R"), g.post("R")) == (1, 6)
    assert "hell-3" in g.discard()
    assert (g.soul("B"), g.soul("G"), g.soul("Y")) == (0, 0, 0)


def test_breach_query_is_none_for_other_actions() -> None:
    # I-POP-9: only the Pope's die is a breach; a normal player's dear visit is simply illegal.
    g = popes_turn(post=6, rooms="take-7 take-3 hell-3 pope-stone")
    assert g.state.judge(parse_action("R", "buy bread")).breach is None
    assert g.state.judge(parse_action("R", "visit 2")).breach is None
    assert g.state.judge(parse_action("B", "visit 1")).breach is None
