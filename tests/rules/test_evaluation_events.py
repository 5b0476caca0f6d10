"""What the donation evaluation reports, event by event: the display of each row as laid out
(every colour, green included), a row nobody donated to, the goods and the money going back
(R-EVA-1, R-EVA-2, R-EVA-4). Readers of a replay see the evaluation only through these events,
so each is checked, not only the letters and stones that end up where they should."""

from __future__ import annotations

from mcn.engine.events import Evaluation, Event, LetterMoved, StonesMoved
from tests.rules.scenario import Game
from tests.rules.state_json import build, give_letters, put_in_chest, supply_of
from tests.rules.test_cathedral import BONUSES_IN_II


def _evaluate(donations: dict[str, int]) -> tuple[Game, list[Event], dict[str, int]]:
    """Green's donations in compartment I of cathedral 1; Blue's Emperor crew finishes it."""
    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_II)
    g.edit(lambda d: (put_in_chest(d, "G", "I", donations), build(d, 1, nave=True, crews=1)))
    g.prepare()
    g.bids(R="3+0", B="4+0", G="2+0", Y="1+0")
    bag = g.bag()
    events = g.play("B: choose emperor; crew 1")
    return g, events, bag


def _evaluations(events: list[Event]) -> list[Evaluation]:
    return [e for e in events if isinstance(e, Evaluation)]


def test_each_display_is_reported_with_its_letters_and_an_undonated_row_stays() -> None:
    g, events, bag = _evaluate({"wine": 1, "jewel": 1})
    steps = [(e.rule, e.site, e.compartment, e.what, e.letters) for e in _evaluations(events)]
    # R-EVA-1: cathedral 1's rows, laid out from the supply: green is shown like any colour.
    assert steps == [
        ("R-CAT-2", 1, "I", "starts", ()),
        ("R-EVA-1", 1, "I", "bread & wine display", ("blue", "blue", "blue", "red", "green")),
        ("R-EVA-1", 1, "I", "cloth & jewel display", ("blue", "blue", "red", "green")),
        ("R-EVA-1", 1, "I", "money display", ("blue", "red", "green")),
        # R-EVA-2: nobody donated money: the row's letters stay in the supply, and say so.
        (
            "R-EVA-2",
            1,
            "I",
            "no money donor, the letters stay in the supply",
            ("blue", "red", "green"),
        ),
        # R-EVA-4: the evaluated cathedral's number, not the compartment's index.
        ("R-EVA-4", 1, "I", "donations returned", ()),
    ]
    # R-EVA-2: the one donor of two rows takes both whole.
    taken = [(e.colour, e.count) for e in events if isinstance(e, LetterMoved)]
    assert taken == [("blue", 3), ("red", 1), ("green", 1), ("blue", 2), ("red", 1), ("green", 1)]
    assert g.letters("G") == {"blue": 1 + 5, "red": 2, "green": 2}
    # R-EVA-4: every donated good goes back to the bag — the jewel as well as the wine.
    returned = [
        (e.player, e.stone, e.count, e.target) for e in events if isinstance(e, StonesMoved)
    ]
    assert returned == [("G", "wine", 1, "the bag"), ("G", "jewel", 1, "the bag")]
    assert g.bag()["jewel"] == bag["jewel"] + 1
    assert g.bag()["wine"] == bag["wine"] + 1
    assert g.chest("G", "I") == {}  # emptied


def test_donated_money_goes_back_to_the_bank_and_is_reported() -> None:
    g, events, _ = _evaluate({"money": 7})
    moved = [(e.rule, e.player, e.stone, e.count, e.source, e.target)
             for e in events if isinstance(e, StonesMoved)]  # fmt: skip
    # R-EVA-4: money returns to the bank, as an event a replay can show.
    assert moved == [("R-EVA-4", "G", "taler", 7, "chest I", "the bank")]
    assert g.chest("G", "I") == {}
    # Nobody donated goods: both goods rows stay in the supply, each reported (R-EVA-2).
    stayed = [e.what for e in _evaluations(events) if e.rule == "R-EVA-2"]
    assert stayed == [
        "no bread & wine donor, the letters stay in the supply",
        "no cloth & jewel donor, the letters stay in the supply",
    ]


def test_a_jewel_weighs_two_cloths_and_each_pick_moves_one_letter() -> None:
    """Red's 5 cloth (5) out-donate Blue's 2 jewels (4; a jewel weighed 3 would make it 6): Red
    picks first in the cloth & jewel row, then they alternate (R-EVA-1, R-EVA-2)."""
    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_II)
    g.edit(
        lambda d: (
            put_in_chest(d, "R", "I", {"cloth": 5}),
            put_in_chest(d, "B", "I", {"jewel": 2}),
            build(d, 1, nave=True, crews=1),
        )
    )
    g.prepare()
    g.bids(R="3+0", B="4+0", G="2+0", Y="1+0")
    g.play("B: choose emperor; crew 1")
    # The prompt names the row being picked from, not the compartment's.
    assert g.state.decision.prompt == "Red picks a letter (cloth & jewel: blue, blue, red, green)"
    order = []
    while g.legal_texts() and all(t.startswith("pick") for t in g.legal_texts()):
        (actor,) = g.whose_turn()
        order.append(actor)
        events = g.act(f"{actor}: {sorted(g.legal_texts())[0]}")
        moved = [(e.rule, e.player, e.count) for e in events if isinstance(e, LetterMoved)]
        assert moved[0] == ("R-EVA-2", actor, 1)  # one letter per pick
    assert order == ["R", "B", "R", "B"]


def test_wine_weighs_two_breads() -> None:
    """Red's 2 bread and 1 wine (4) out-donate Blue's 3 bread (3): Red picks first (R-EVA-1)."""
    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_II)
    g.edit(
        lambda d: (
            put_in_chest(d, "R", "I", {"bread": 2, "wine": 1}),
            put_in_chest(d, "B", "I", {"bread": 3}),
            build(d, 1, nave=True, crews=1),
        )
    )
    g.prepare()
    g.bids(R="3+0", B="4+0", G="2+0", Y="1+0")
    g.play("B: choose emperor; crew 1")
    assert g.whose_turn() == ("R",)
    assert g.state.decision.prompt.startswith("Red picks a letter (bread & wine: ")


def test_a_display_of_one_letter_goes_to_the_donor() -> None:
    """The supply holds one letter of the row's colours: the one donor takes it (R-EVA-2); it
    is not left in the supply as if nobody had donated."""

    def scarce(d: dict) -> None:
        put_in_chest(d, "G", "I", {"wine": 1})
        build(d, 1, nave=True, crews=1)
        left = supply_of(d)
        give_letters(d, "Y", {"blue": left["blue"], "red": left["red"], "green": left["green"] - 1})

    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_II)
    g.edit(scarce)
    g.prepare()
    g.bids(R="3+0", B="4+0", G="2+0", Y="1+0")
    events = g.play("B: choose emperor; crew 1")
    displays = [e.letters for e in _evaluations(events) if e.what.endswith("display")]
    assert displays == [("green",), (), ()]
    assert [(e.player, e.colour, e.count) for e in events if isinstance(e, LetterMoved)] == [
        ("G", "green", 1)
    ]
    assert g.letters("G") == {"blue": 1, "green": 1}


def test_the_second_cathedral_lays_out_its_own_rows() -> None:
    """R-EVA-1: the rows of the cathedral that was finished (here 2), not those of cathedral 1."""
    g = Game("RBGY", souls="Y G B R").setup(BONUSES_IN_II)
    g.edit(lambda d: (put_in_chest(d, "G", "I", {"wine": 1}), build(d, 2, nave=True, crews=1)))
    g.prepare()
    g.bids(R="3+0", B="4+0", G="2+0", Y="1+0")
    events = g.play("B: choose emperor; crew 2")
    displays = [(e.site, e.letters) for e in _evaluations(events) if e.what.endswith("display")]
    assert displays == [
        (2, ("blue", "red", "green")),
        (2, ("blue", "blue", "blue", "red", "green")),
        (2, ("blue", "blue", "red", "green")),
    ]
    assert g.letters("G") == {"blue": 1 + 1, "red": 1, "green": 1}
