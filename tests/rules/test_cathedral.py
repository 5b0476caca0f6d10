"""Cathedrals and donation evaluations (R-CAT-*, I-CAT-3, R-EVA-*, I-EVA-5, I-DON-3).

The standard board's cathedral 1 rows: bread & wine R B B B G, cloth & jewel B B R G,
money B R G (B-5).
"""

from __future__ import annotations

from tests.rules.scenario import Game, rules_of
from tests.rules.state_json import build, give_letters, put_in_chest

# Bonuses that leave every compartment I empty.
BONUSES_IN_II = {
    "Y": "bonus jewel>II",
    "G": "bonus blue",
    "B": "bonus 10>II",
    "R": "bonus bread>II wine>II",
}


def test_crews_mark_build_the_nave_and_the_spire() -> None:
    g = Game("RBGY", souls="Y G B R").setup().prepare(rooms="new-crew new-crew take-3 take-5")
    g.bids(R="1+0", B="3+0", G="2+0", Y="4+0")
    g.play("Y: choose sinner; visit 1; crew 1")
    # R-CAT-1: a crew on an empty site marks it.
    assert (g.site(1)["crews"], g.site(1)["nave"], g.hut()) == (1, False, 2)
    g.play("B: choose emperor; crew 1")
    # A second crew builds the nave; both crews return to the hut.
    assert (g.site(1)["crews"], g.site(1)["nave"], g.hut()) == (0, True, 4)
    g.play("G: choose pope; skip", "R: choose merchant")
    g.play("G: pass", "B: visit 2; crew 1")
    assert (g.site(1)["crews"], g.site(1)["nave"], g.site(1)["spire"]) == (1, True, False)
    return_to_round_two(g)
    # R-CHR-2 / R-CAT-1 / R-CAT-2: the Emperor's preliminary crew completes the cathedral
    # and its donations are evaluated at once, before the next player chooses.
    g.play("Y: choose pope; skip")
    before = {c: g.letters(c) for c in "RB"}
    supply = g.supply()
    events = g.play("B: choose emperor; crew 1")
    assert (g.site(1)["nave"], g.site(1)["spire"], g.site(1)["crews"], g.hut()) == (
        True,
        True,
        0,
        4,
    )
    assert "R-CAT-2" in rules_of(events)
    # Compartment I held Red's bread (bonus) and Blue's 10 taler (bonus): each is the only
    # donor of his category and takes the whole row (R-EVA-2).
    assert gained(before["R"], g.letters("R")) == {"red": 1, "blue": 3, "green": 1}
    assert gained(before["B"], g.letters("B")) == {"blue": 1, "red": 1, "green": 1}
    # R-EVA-2: nobody donated cloth or jewel to I: that row stays in the supply.
    assert gained(g.supply(), supply) == {"blue": 4, "red": 2, "green": 2}
    # R-EVA-4: compartment I is emptied; its goods go to the bag, its money to the bank.
    assert g.chest("R", "I") == {} and g.chest("B", "I") == {}
    assert g.chest("R", "II") == {"wine": 1}
    # Play resumes where it stopped: the third player chooses.
    assert g.whose_turn() == ("G",)
    assert g.address().startswith("2.pick.")


def gained(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    """What ``after`` has more of than ``before``."""
    return {k: after[k] - before.get(k, 0) for k in after if after[k] > before.get(k, 0)}


def return_to_round_two(g: Game) -> None:
    """Finish round 1 and bid round 2 so Yellow, Blue, Green, Red choose in that order."""
    g.drain()
    g.prepare(rooms="take-7 steal-3 hell-3 hell-5")
    g.bids(R="1+0", B="3+0", G="2+0", Y="4+0")


def test_finished_sites_take_no_crews() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.edit(lambda d: build(d, 1, nave=True, spire=True))
    g.prepare(rooms="new-crew move-crew take-3 take-5")
    g.bids(R="1+0", B="3+0", G="2+0", Y="4+0")
    g.play("Y: choose sinner; visit 1")
    # I-CAT-3: crews only go on unfinished sites.
    g.illegal("Y: crew 1", rule="I-CAT-3")
    g.play("Y: crew 2")
    g.play("B: choose emperor")
    g.illegal("B: crew 1", rule="I-CAT-3")
    g.play("B: crew 3", "G: choose pope; skip", "R: choose merchant")
    g.play("G: pass")
    g.act("B: visit 2")
    g.illegal("B: crew 2>1", rule="I-CAT-3")


def rulebook_donations(paula_bread: int) -> Game:
    """The rulebook's donation example, set up in compartment I of cathedral 1."""
    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_II)

    def donations(d: dict) -> None:
        put_in_chest(d, "R", "I", {"bread": paula_bread})  # Paula: 4 bread = 4
        put_in_chest(d, "G", "I", {"wine": 2})  # Gregor: 2 wine = 4
        put_in_chest(d, "Y", "I", {"bread": 1, "wine": 2})  # Johanna: 5
        put_in_chest(d, "B", "I", {"wine": 3})  # Dominik: 6, the largest
        build(d, 1, nave=True, crews=1)

    g.edit(donations)
    g.prepare(market="bread bread cloth cloth jewel jewel indulgence")
    g.bids(R="3+0", B="4+0", G="2+0", Y="1+0")
    return g


def test_rulebook_donation_evaluation_example() -> None:
    g = rulebook_donations(paula_bread=4)
    bag = g.bag()
    events = g.act("B: choose emperor")
    events += g.act("B: crew 1")
    # R-EVA-1: bread 1, wine 2 per unit. Dominik (6) picks first, Johanna (5) second.
    assert "R-CAT-2" in rules_of(events)
    assert g.whose_turn() == ("B",)
    assert g.legal_texts() == {"pick red", "pick blue", "pick green"}
    # R-EVA-2: they alternate until the display is empty.
    g.act("B: pick red")
    assert g.whose_turn() == ("Y",)
    g.illegal("R: pick blue", rule="R-EVA-2")
    g.act("Y: pick blue")
    g.act("B: pick blue")
    g.act("Y: pick blue")
    g.play("B: pick green")
    assert g.letters("B") == {"red": 1, "blue": 1, "green": 1}
    assert g.letters("Y") == {"blue": 2}
    # Paula and Gregor get nothing.
    assert g.letters("R") == {} and g.letters("G") == {"blue": 1}
    # R-EVA-4: every donated good of compartment I returns to the bag, also theirs.
    assert g.bag()["bread"] == bag["bread"] + 5
    assert g.bag()["wine"] == bag["wine"] + 7
    assert all(g.chest(c, "I") == {} for c in "RBGY")
    # Play resumes: the next chooser.
    assert g.whose_turn() == ("R",)


def test_tied_donation_goes_to_the_donor_nearer_hell() -> None:
    g = rulebook_donations(paula_bread=5)
    g.play("B: choose emperor; crew 1", "B: pick red")
    # R-EVA-2 / R-TIE-1: Paula (5) ties with Johanna (5); Paula is nearer Hell.
    assert g.whose_turn() == ("R",)
    g.play("R: pick blue", "B: pick blue", "R: pick blue", "B: pick green")
    assert g.letters("R") == {"blue": 2}
    assert g.letters("Y") == {}


def test_money_and_cloth_jewel_categories() -> None:
    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_II)

    def donations(d: dict) -> None:
        put_in_chest(d, "R", "I", {"cloth": 3})  # 3
        put_in_chest(d, "G", "I", {"jewel": 1, "cloth": 2})  # 4: bigger
        put_in_chest(d, "Y", "I", {"money": 7})
        put_in_chest(d, "B", "I", {"money": 6})
        build(d, 1, nave=True, crews=1)

    g.edit(donations)
    g.prepare(market="bread bread cloth wine jewel jewel indulgence")
    g.bids(R="3+0", B="4+0", G="2+0", Y="1+0")
    g.play("B: choose emperor; crew 1")
    # R-EVA-1: cloth 1, jewel 2; money by taler value. Cloth & jewel row: B B R G.
    order = []
    while g.legal_texts() and all(t.startswith("pick") for t in g.legal_texts()):
        (actor,) = g.whose_turn()
        order.append(actor)
        g.act(f"{actor}: {sorted(g.legal_texts())[0]}")
    # Green, Red, Green, Red for cloth & jewel; then Yellow, Blue, Yellow for money (B R G).
    assert order == ["G", "R", "G", "R", "Y", "B", "Y"]
    assert sum(g.letters("Y").values()) == 2
    assert sum(g.letters("B").values()) == 1


def test_two_player_evaluation_german_edition() -> None:
    g = two_player_evaluation("de-2016")
    # R-EVA-3 / R-P2-2: German edition: the bigger donor 2, the other 1, the bigger the rest.
    assert g.letters("R") == {"red": 1, "blue": 2, "green": 1}
    assert g.letters("B") == {"blue": 1}


def test_two_player_evaluation_english_edition() -> None:
    g = two_player_evaluation("en-2016")
    # R-EVA-3 / R-P2-2: English edition: the bigger donor 2, the other 2, the bigger the rest.
    assert sum(g.letters("R").values()) == 3
    assert sum(g.letters("B").values()) == 2


def two_player_evaluation(ruleset: str) -> Game:
    """Red (2 bread) out-donates Blue (1 bread) in cathedral 1's bread & wine row."""
    g = Game("RB", souls="B R", ruleset=ruleset)
    g.play("B: bonus jewel>II", "R: bonus 10>II")

    def donations(d: dict) -> None:
        put_in_chest(d, "R", "I", {"bread": 2})
        put_in_chest(d, "B", "I", {"bread": 1})
        build(d, 1, nave=True, crews=1)

    g.edit(donations)
    g.prepare()
    g.bids(R="2+0", B="1+0")
    g.play("R: choose emperor; crew 1")
    order = []
    while g.legal_texts() and all(t.startswith("pick") for t in g.legal_texts()):
        (actor,) = g.whose_turn()
        order.append(actor)
        texts = sorted(g.legal_texts())
        # Red prefers blue, Blue prefers blue too; whatever is left otherwise.
        choice = "pick blue" if "pick blue" in texts else texts[0]
        g.act(f"{actor}: {choice}")
    # R-EVA-3 / R-P2-2: every pick, in order (the rest then goes to the bigger donor unpicked);
    # the whole list, not a prefix: no picks at all is a failure.
    picks = {"de-2016": ["R", "R", "B"], "en-2016": ["R", "R", "B", "B"]}
    assert order == picks[ruleset]
    return g


def test_single_donor_takes_all_and_no_donor_leaves_the_letters() -> None:
    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_II)
    g.edit(lambda d: (put_in_chest(d, "G", "I", {"wine": 1}), build(d, 1, nave=True, crews=1)))
    g.prepare()
    g.bids(R="3+0", B="4+0", G="2+0", Y="1+0")
    supply = g.supply()
    g.play("B: choose emperor; crew 1")
    # R-EVA-2: one donor takes the whole row; nobody else donated: the rest stays.
    assert g.letters("G") == {"blue": 1 + 3, "red": 1, "green": 1}
    assert g.supply() == {
        "yellow": supply["yellow"],
        "blue": supply["blue"] - 3,
        "red": supply["red"] - 1,
        "green": supply["green"] - 1,
    }


def test_display_skips_letters_the_supply_lacks() -> None:
    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_II)

    def donations(d: dict) -> None:
        give_letters(d, "Y", {"red": 15})
        put_in_chest(d, "G", "I", {"wine": 1})
        build(d, 1, nave=True, crews=1)

    g.edit(donations)
    g.prepare()
    g.bids(R="3+0", B="4+0", G="2+0", Y="1+0")
    g.play("B: choose emperor; crew 1")
    # I-EVA-5 / R-SUP-2: no red letter left: the display is B B B G.
    assert g.letters("G") == {"blue": 1 + 3, "green": 1}


def test_donations_into_an_evaluated_compartment_never_score() -> None:
    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_II)

    def state(d: dict) -> None:
        build(d, 2, nave=True, spire=True)  # the first cathedral: compartment I is done
        build(d, 1, nave=True, crews=1)
        put_in_chest(d, "R", "I", {"jewel": 3})  # donated after the first evaluation

    g.edit(state)
    g.prepare()
    g.bids(R="3+0", B="4+0", G="2+0", Y="1+0")
    g.play("B: choose emperor; crew 1")
    # I-DON-3 / R-CAT-2: the second cathedral evaluates compartment II only: Yellow's jewel
    # is the only cloth & jewel donation; Red's 3 jewels in I do not count.
    assert g.letters("Y") == {"blue": 2, "red": 1, "green": 1}
    # Red only has the bread & wine row (his bonus bread and wine in II).
    assert g.letters("R") == {"red": 1, "blue": 3, "green": 1}
    # R-END-1: that was the second evaluation: the game is over.
    assert g.state.is_terminal()


def test_donating_into_an_evaluated_compartment_is_allowed() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.edit(lambda d: build(d, 2, nave=True, spire=True))
    g.start_round(pope="R", emperor="B", merchant="G", sinner="Y")
    # I-DON-3
    g.play("R: donate 5>I")
    assert g.chest("R", "I") == {"bread": 1, "money": 5}


def test_evaluation_in_a_turn_resumes_that_turn() -> None:
    g = Game("RBGY", souls="Y G B R").setup()
    g.edit(lambda d: build(d, 1, nave=True, crews=1))
    g.start_round(
        rooms="new-crew take-3 take-5 take-7",
        pope="R",
        emperor="B",
        merchant="G",
        sinner="Y",
        crew="crew 2",
    )
    g.play("R: pass")
    events = g.act("B: visit 1")
    events += g.act("B: crew 1")
    # R-CAT-2: the new crew finishes cathedral 1 in Blue's turn: compartment I is evaluated
    # at once (Red's bonus bread, Blue's bonus 10 taler) ...
    assert "R-CAT-2" in rules_of(events)
    assert g.letters("R") == {"red": 1, "blue": 3, "green": 1}
    assert g.letters("B") == {"blue": 1, "red": 1, "green": 1}
    # ... then Blue's turn goes on where it stopped: his second action or end.
    assert g.whose_turn() == ("B",)
    assert "end" in g.legal_texts()
    assert not any(t.startswith("visit") for t in g.legal_texts())
