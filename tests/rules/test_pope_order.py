"""The caught Pope's step toward Hell comes after the room's action (I-POP-8, I-POP-10)."""

from __future__ import annotations

import json

from tests.rules.scenario import Game, kinds_of, rules_of
from tests.rules.state_json import build, put_in_chest, set_market, set_souls


def popes_turn(rooms: str, souls: dict[str, int]) -> Game:
    """Red is the Pope and acts first; the souls are then put on the given spaces."""
    g = Game("RBGY", souls="Y G B R").setup()
    g.start_round(
        rooms=rooms,
        pope="R",
        emperor="B",
        merchant="G",
        sinner="Y",
        bids=dict.fromkeys("RBGY", "1+0"),
    )
    return g.edit(lambda data: set_souls(data, souls))


def test_hell_card_bumps_before_the_caught_step() -> None:
    # I-POP-8, the reproduction: the Pope at 4 is caught in a hell-3 room, Blue is at 2.
    g = popes_turn("take-7 take-5 take-3 hell-3", {"R": 4, "B": 2, "G": 10, "Y": 20})
    g.act("R: visit 4")
    g.act("Y: guess 4")
    assert g.soul("R") == 4  # not yet: the room's action comes first
    events = g.act("R: do")
    # Blue 2 + 3 = 5; then the Pope's step 4 -> 5 finds Blue there and goes on to 6 (R-MOV-3).
    assert (g.soul("B"), g.soul("R")) == (5, 6)
    assert (g.soul("G"), g.soul("Y")) == (13, 23)
    steps = [e for e in events if e.kind == "soul-moved"]
    assert [e.to_json()["player"] for e in steps] == ["Y", "G", "B", "R"]
    assert rules_of(steps)[-1] == "R-POP-2"


def test_declined_card_still_costs_the_step() -> None:
    # I-POP-8: the step follows the room's action whether it is carried out or declined.
    g = popes_turn("take-7 take-5 take-3 hell-3", {"R": 4, "B": 2, "G": 10, "Y": 20})
    g.act("R: visit 4")
    g.act("Y: guess 4")
    g.act("R: decline")
    assert (g.soul("R"), g.soul("B")) == (5, 2)


def _cathedral_ready(data: dict) -> None:
    build(data, 2, crews=1, nave=True)
    put_in_chest(data, "B", "I", {"bread": 1})  # Blue's bread & wine ties Red's bread (1 each)


def test_cathedral_finished_by_the_card_is_evaluated_before_the_step() -> None:
    # I-POP-8: the new-crew card finishes cathedral 2; its evaluation (R-CAT-2) comes before the
    # caught Pope's step, so the tie on bread & wine goes to Blue, who is nearer Hell then
    # (R-TIE-1). Had the Pope stepped first (to 2, past Blue on 1) he would pick first.
    g = popes_turn("take-7 take-5 take-3 new-crew", {"R": 0, "B": 1, "G": 0, "Y": 0})
    g.edit(_cathedral_ready)
    g.act("R: visit 4")
    g.act("B: guess 4")
    g.act("R: crew 2")
    assert g.kind() == "pick" and g.whose_turn() == ("B",)
    assert g.soul("R") == 0
    while g.kind() == "pick":
        (actor,) = g.whose_turn()
        texts = sorted(g.legal_texts())
        events = g.act(f"{actor}: {texts[0]}")
    # Once the evaluation is over the step is taken: 0 -> 1 is Blue's, so 2 (R-MOV-3).
    assert "R-POP-2" in rules_of(events)
    assert g.soul("R") == 2


def test_step_survives_the_market_running_out() -> None:
    # I-POP-10: the free-good card takes the market's last stone, so the action phase ends at
    # once (R-ACT-4); the step owed for the visit is still taken before the posts are compared.
    g = popes_turn("take-7 take-5 free-good take-3", {"R": 0, "B": 1, "G": 0, "Y": 0})
    g.edit(lambda data: set_market(data, {"bread": 1}))
    g.act("R: visit 3")
    g.act("B: guess 3")
    events = g.act("R: take bread")
    kinds = kinds_of(events)
    assert kinds.index("soul-moved") < kinds.index("posts-compared")
    assert "R-POP-2" in rules_of(events)


def test_step_survives_the_game_end() -> None:
    # I-POP-10: the card finishes the second cathedral; after its evaluation the game ends at
    # once (R-END-1), but the caught Pope's step comes before the last comparison of posts.
    g = popes_turn("take-7 take-5 take-3 new-crew", {"R": 0, "B": 1, "G": 0, "Y": 0})

    def ready(data: dict) -> None:
        build(data, 1, spire=True)
        build(data, 2, crews=1, nave=True)

    g.act("R: visit 4")
    g.act("B: guess 4")
    # The state is saved as JSON text and read back with the step owed on the stack: a step
    # read from a file (a string equal to the engine's tag, not the same object) is kept too.

    def saved_and_read_back(data: dict) -> None:
        ready(data)
        data.update(json.loads(json.dumps(data)))

    g.edit(saved_and_read_back)
    events = g.act("R: crew 2")
    # R-END-1: nothing else of the turn is played: the Pope's second action is dropped.
    assert g.state.is_terminal()
    rules = rules_of(events)
    assert "R-ACT-3" not in rules and "R-BUY-1" not in rules
    assert rules.count("R-POP-2") == 1
    assert rules.index("R-EVA-4") < rules.index("R-POP-2") < rules.index("R-END-1")
