"""Two and three players (R-P2-*, R-P3-1, I-P2-1, I-P3-2, I-P3-3)."""

from __future__ import annotations

from tests.rules.scenario import Game


def two_players() -> Game:
    """Red bids higher: Red, Blue, Red, Blue choose."""
    g = Game("RB", souls="B R")
    g.play("B: bonus blue", "R: bonus 10>II")
    g.prepare(rooms="take-3 take-5 take-7 steal-3")
    return g.bids(R="3+0", B="2+0")


def test_two_players_choose_two_characters_each() -> None:
    g = two_players()
    # R-P2-1: the highest bidder, the other, the highest bidder; the last card to the other.
    order = []
    for character, prelim in (("pope", "skip"), ("emperor", "crew 1"), ("merchant", None)):
        (actor,) = g.whose_turn()
        order.append(actor)
        g.play(f"{actor}: choose {character}" + (f"; {prelim}" if prelim else ""))
    assert order == ["R", "B", "R"]
    # The last card, the Petty Sinner, goes to Blue; his preliminary follows.
    assert g.legal_texts() <= {"choose sinner"}
    g.play("B: skip")
    assert sorted(g.characters("R")) == ["merchant", "pope"]
    assert sorted(g.characters("B")) == ["emperor", "sinner"]


def two_player_action_phase() -> Game:
    g = two_players()
    g.play("R: choose pope; skip", "B: choose emperor; crew 1", "R: choose merchant")
    g.play("B: skip")
    return g


def test_each_character_takes_its_own_turns_with_a_shared_post() -> None:
    g = two_player_action_phase()
    # R-P2-1: Pope (Red), Emperor (Blue), Merchant (Red), Sinner (Blue).
    assert g.whose_turn() == ("R",)
    g.play("R: buy bread; donate 1>I")
    assert g.post("R") == 4
    g.play("B: pass")
    # Red's Merchant turn: the same post.
    assert g.whose_turn() == ("R",)
    g.act("R: buy wine")
    g.act("R: sell bread")
    assert g.post("R") == 5


def test_privileges_belong_to_their_character_turns() -> None:
    g = two_player_action_phase()
    # I-P2-1: on the Pope's turn Red visits incognito (Blue guesses) and takes no free stone.
    g.act("R: visit 1")
    assert g.whose_turn() == ("B",)
    g.play("B: guess 2", "R: do")
    assert g.post("R") == 3
    assert g.whose_turn() == ("B",)
    # On the Emperor's turn Blue visits like anybody (his post rotates) and may donate twice.
    g.play("B: visit 2; do")
    assert g.post("B") == 3
    # On the Merchant's turn Red takes his free stone.
    g.play("R: pass")
    assert all(t.startswith("free ") for t in g.legal_texts())
    g.play("R: free bread")
    # On the Sinner's turn Blue's visit is free; no double donation for the Sinner.
    g.illegal("B: donate 1>I 1>II", rule="R-DON-2")
    g.play("B: visit 3; do")
    assert g.post("B") == 3
    # Back to the Pope: no free stone at the end of Red's Pope turn.
    g.play("R: pass")
    assert g.whose_turn() == ("B",)
    g.play("B: donate 1>I 1>II")
    assert g.chest("B", "I") == {"money": 1}


def three_players(**bids: str) -> Game:
    g = Game("RBG", souls="G B R")
    g.play("G: bonus jewel>I", "B: bonus bread>I wine>I", "R: bonus 10>II")
    g.prepare()
    return g.bids(**(bids or {"R": "3+0", "B": "2+0", "G": "1+0"}))


def test_three_players_pope_unused_emperor_does_both_in_his_order() -> None:
    g = three_players()
    g.play("R: choose merchant", "B: choose sinner; skip")
    g.play("G: choose emperor")
    # R-P3-1 / I-P3-2: the Pope is unused; Green (the third chooser and the Emperor) does both
    # preliminaries in the order he chooses.
    assert {"crew 1", "pope-stone greed>lust"} <= g.legal_texts()
    g.play("G: pope-stone greed>lust")
    assert g.legal_texts() == {"crew 1", "crew 2", "crew 3"}
    g.play("G: crew 2")
    assert g.pope_stones() == {"lust": 2, "petty": 1}
    assert g.site(2)["crews"] == 1
    # Turn order skips the Pope: the Emperor starts.
    assert g.whose_turn() == ("G",)


def test_three_players_emperor_unused_pope_builds_after_the_third_choice() -> None:
    g = three_players()
    g.play("R: choose pope; skip", "B: choose merchant", "G: choose sinner")
    # I-P3-2: the third chooser does his own preliminary first ...
    g.play("G: skip")
    # R-P3-1: ... then the Pope does the unused Emperor's.
    assert g.whose_turn() == ("R",)
    assert g.legal_texts() == {"crew 1", "crew 2", "crew 3"}
    g.play("R: crew 3")
    assert g.site(3)["crews"] == 1
    assert g.whose_turn() == ("R",)


def test_three_players_merchant_unused_nearest_hell_takes_the_stone() -> None:
    g = three_players()
    g.play("R: choose pope; skip", "B: choose emperor; crew 1", "G: choose sinner; skip")
    # R-P3-1 / I-P3-3: Red's soul is nearest Hell when he ends his turn: he takes a stone.
    g.play("R: pass")
    assert g.whose_turn() == ("R",)
    assert all(t.startswith("free ") for t in g.legal_texts())
    g.play("R: free jewel")
    assert g.goods("R") == {"jewel": 1}
    # Blue is not nearest Hell: his turn ends without a stone.
    g.play("B: pass")
    assert g.whose_turn() == ("G",)


def test_three_players_sinner_unused_nothing_happens() -> None:
    g = three_players()
    g.play("R: choose pope; skip", "B: choose emperor; crew 1", "G: choose merchant")
    # R-P3-1: the Petty Sinner is unused: no extra preliminary; his turns are skipped.
    assert g.whose_turn() == ("R",)
    g.play("R: pass", "B: pass", "G: pass; free bread")
    assert g.whose_turn() == ("R",)


def test_three_players_merchant_privilege_is_judged_when_the_turn_ends() -> None:
    g = Game("RBG", souls="R B G")
    g.play("R: bonus jewel>I", "B: bonus bread>I wine>I", "G: bonus 10>II")
    g.prepare(rooms="take-3 take-5 take-7 steal-3")
    g.bids(R="3+0", B="2+0", G="1+0")
    g.play("R: choose pope; skip", "B: choose emperor; crew 1", "G: choose sinner; skip")
    # Green is nearest Hell and guesses; Red (farthest from Hell) is caught and steps to 1.
    g.act("R: visit 2")
    g.play("G: guess 2", "R: do")
    assert g.hell_order()[0] == "R"
    # I-P3-3: at the end of his turn Red's soul is the one nearest Hell: he takes a stone.
    assert g.whose_turn() == ("R",)
    assert all(t.startswith("free ") for t in g.legal_texts())
