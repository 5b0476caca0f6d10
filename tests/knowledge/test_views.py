"""Views with perfect memory (I-HID-5): what each viewer can know is shown, only secrets are
masked — money, goods, letters from the open supply, a letter passed hand to hand, chests."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from mcn.cli import cli
from mcn.engine import new_game
from mcn.engine.actions import Give, Visit
from mcn.engine.events import LetterMoved, LettersScored
from mcn.knowledge.memory import start_memory
from mcn.views.projection import state_json
from mcn.views.render import render_state
from tests.knowledge.games import EXAMPLES, example_game, memories, random_game

GAME_4P = EXAMPLES / "game-4p.mcn"


def _gift_memory(viewer: str | None, held: tuple[int, int, int, int]):  # type: ignore[no-untyped-def]
    """Red gives Blue a red letter (emperor-letter), Red holding ``held`` before."""
    memory = start_memory(("R", "B", "G"), viewer, (held, (0, 0, 0, 0), (0, 0, 0, 0)))
    memory.see("1.3.1", Give("R", "red"), [LetterMoved("R-HOP-3", "B", "red", 1, "Red")])
    return memory


def test_a_letter_passed_hand_to_hand_is_one_letter_of_unknown_colour() -> None:
    # I-HID-5, I-HID-4: Green saw a letter pass from Red to Blue, not its colour
    green = _gift_memory("G", (0, 1, 1, 0))
    assert green.letters_known("B") == ([0, 0, 0, 0], 1)
    assert green.letters_known("R") == ([0, 0, 0, 0], 1)  # blue or red left: which, unknown
    # the giver and the taker saw it
    assert _gift_memory("B", (0, 1, 1, 0)).letters_known("B") == ([0, 0, 1, 0], 0)
    assert _gift_memory("R", (0, 1, 1, 0)).letters_known("R") == ([0, 1, 0, 0], 0)


def test_a_gift_from_a_single_colour_is_known() -> None:
    # I-HID-5: perfect memory: Red held only red letters, so the gift was red
    green = _gift_memory("G", (0, 0, 2, 0))
    assert green.letters_known("B") == ([0, 0, 1, 0], 0)
    assert green.letters_known("R") == ([0, 0, 1, 0], 0)


def test_the_scoring_reveals_the_letters() -> None:
    # I-HID-5, I-HID-2: the letters scored at the end are shown; what follows from them too
    green = _gift_memory("G", (0, 1, 1, 0))
    green.see("end.1", Visit("B", 1), [LettersScored("R-END-2", "B", 0, 1)])
    assert green.letters_known("B") == ([0, 0, 1, 0], 0)
    assert green.letters_known("R") == ([0, 1, 0, 0], 0)  # so Red kept his blue one


def test_a_pope_yellow_transfer_keeps_only_the_worlds_with_a_yellow_letter() -> None:
    # I-HID-5: the pope-yellow card tells everybody that the Pope held a yellow letter
    memory = start_memory(("R", "B", "G"), "G", ((1, 1, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
    memory.see("1.3.1", Give("R", "yellow"), [LetterMoved("R-HOP-3", "B", "yellow", 1, "Red")])
    assert memory.letters_known("R") == ([0, 0, 0, 0], 1)
    memory.see("1.4.1", Visit("G", 2), [LetterMoved("R-HOP-3", "G", "yellow", 1, "Blue")])
    assert memory.letters_known("B") == ([0, 0, 0, 0], 0)
    assert memory.letters_known("R") == ([0, 1, 0, 0], 0)


def test_money_goods_and_supply_letters_of_others_are_shown() -> None:
    # I-HID-5: every decision of the 4-player example, every viewer: money, goods and letters
    # (all taken from the open supply in this game) are what the full state says
    start, steps = example_game("game-4p.mcn")
    for viewer in ("R", "B", "G", "Y", None):
        for index, memory in memories(start, steps, viewer):
            state = steps[index].state
            data = state_json(state, viewer, memory)
            full = state.to_json()
            for colour in state.players:
                seat, true = data["seats"][colour], full["seats"][colour]
                for key in ("money", "goods", "letters"):
                    assert seat[key] == true[key], (viewer, steps[index].address, colour, key)


def test_a_compartment_is_shown_once_the_evaluations_fix_it() -> None:
    # I-HID-5, I-HID-2: after the first evaluation, a player who has not donated since has
    # no secret in his chest any more: compartment I is empty and II is what was left
    start, steps = example_game("game-2p.mcn")
    shown = 0
    for index, memory in memories(start, steps, "R"):
        state = steps[index].state
        chest = state_json(state, "R", memory)["seats"]["B"]["chest"]
        after = [d for d in memory.chest_donations("B") if d.window == memory.evaluations]
        if memory.evaluations and not after:
            assert list(chest["I"]["value"].values()) == state.chest["B"][0]
            assert list(chest["II"]["value"].values()) == state.chest["B"][1]
            shown += 1
        elif after:
            assert chest["I"] == {"secret": "B", "masked": True}
    assert shown > 0


def test_a_spectator_knows_nothing_of_a_gift_and_the_text_says_so() -> None:
    # I-HID-5: "1 letter, colour unknown" in replay's text picture
    for players, seed in [(p, s) for s in range(60) for p in (3, 4)]:
        steps = random_game(players, seed)
        index = next((i for i, s in enumerate(steps) if isinstance(s.action, Give)), None)
        if index is None:
            continue
        start = new_game(("R", "B", "G", "Y")[:players])
        memory = next(m for i, m in memories(start, steps, None) if i == index)
        data = state_json(steps[index].state, None, memory)
        taker = next(e.player for e in steps[index].events if isinstance(e, LetterMoved))
        if "unknown" not in data["seats"][taker]["letters"]:
            continue  # the giver held one colour only: the gift's colour is known
        picture = render_state(data)
        assert "letter of unknown colour" in picture or "letters of unknown colour" in picture
        return
    raise AssertionError("no game with an unseen gift")


def test_redact_keeps_the_money_checkpoints(tmp_path: Path) -> None:
    # I-HID-5: money behind a screen is public, so a redacted record keeps <money …>
    _, steps = example_game("game-4p.mcn")
    first = next(i for i, s in enumerate(steps) if s.address.startswith("3."))
    state = steps[first - 1].state  # the state at the "round 3" marker
    money = " ".join(f"{c} {state.money[c]}" for c in state.players)
    lines = GAME_4P.read_text(encoding="utf-8").splitlines()
    cut = lines.index("round 3")
    lines.insert(cut, f"<money {money}>")
    record = tmp_path / "money.mcn"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert CliRunner().invoke(cli, ["validate", str(record)]).exit_code == 0
    redacted = CliRunner().invoke(cli, ["redact", str(record), "--as", "G"]).output
    assert f"<money {money}>" in redacted
