"""Replay's memos answer exactly what the work they save would: the turn facts of an address
(labels, the open turn, a turn's section) and the action a move stands for, found by the
identity of its tokens or by their value."""

from __future__ import annotations

from pathlib import Path

from mcn.engine.actions import ActionSyntaxError, Pass
from mcn.notation import parse
from mcn.notation.model import Move
from mcn.replay import binding, replay_game
from mcn.replay.binding import forget_bound_actions
from mcn.replay.turns import forget_turns, turn_in, turn_of

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "game-4p.mcn"


def test_turn_facts_of_a_turn_address() -> None:
    forget_turns()
    facts = turn_of("3.15.2")
    assert (facts.label_turn, facts.open_turn) == (15, 15)
    assert facts.section == "3.15"
    assert facts.turn_section is True
    assert turn_of("3.15.2") is facts  # read once, then remembered


def test_turn_facts_of_addresses_that_are_not_turns() -> None:
    forget_turns()
    bid = turn_of("1.bid.R")
    assert (bid.label_turn, bid.open_turn, bid.section, bid.turn_section) == (
        None,
        None,
        "1.bid",
        False,
    )
    setup = turn_of("setup.4")
    assert (setup.label_turn, setup.open_turn, setup.section, setup.turn_section) == (
        None,
        None,
        "setup",
        False,
    )
    # Four parts: a label reads the middle of exactly three, the open turn the middle of the
    # last three (as the walk and the checks did before the memo).
    deep = turn_of("2/1:3.5.1")
    assert deep.label_turn == 5 and deep.open_turn == 5
    four = turn_of("1.2.3.4")
    assert four.label_turn is None and four.open_turn == 3
    assert four.section == "1.2.3" and four.turn_section is True


def test_turn_facts_by_section_are_those_of_its_addresses() -> None:
    forget_turns()
    for address in ("3.15.2", "1.bid.R", "setup.4", "1.2.3.4", "5.post.1", "end"):
        section = address.rsplit(".", 1)[0]
        by_section = turn_in(section)
        assert turn_of(address) is by_section  # one memo, by the address's section
        assert by_section.section == section
    # The state's own section string finds the facts another string of the same text made.
    assert turn_in("".join(["3.", "15"])) is turn_of("3.15.2")


def test_every_written_move_lies_in_the_section_the_walk_reads_its_turn_by() -> None:
    """The walk finds an item's turn facts by the engine's section when its first move was
    taken (``Binder.section``), not by the move's address: the same facts, because every
    address replay gives a move is that section and one more part."""
    sections: list[str] = []
    replay = replay_game(
        parse(EXAMPLE.read_text(encoding="utf-8")).games[0],
        before_step=lambda line, state, action, move: sections.append(state.section),
    )
    assert replay.valid and replay.main is not None
    steps = replay.lines()
    assert len(sections) == sum(len(line.steps) for line in steps) > 100
    addresses = [step.address.rsplit(":", 1)[-1] for line in steps for step in line.steps]
    assert [turn_of(a).section for a in addresses] == sections


def test_labels_are_checked_against_the_turn_as_before() -> None:
    forget_turns()
    text = EXAMPLE.read_text(encoding="utf-8")
    assert replay_game(parse(text).games[0]).valid
    wrong = text.replace("3. Y: visit 3;", "4. Y: visit 3;", 1)
    assert wrong != text
    replay = replay_game(parse(wrong).games[0])
    labels = [d for d in replay.diagnostics if d.code == "label"]
    assert labels, replay.diagnostics
    assert "the label '4.' does not match: this is turn 3" in labels[0].message


def test_the_action_of_a_move_by_its_tokens_and_actor() -> None:
    # White-box: the binder's memo of its own module, reached by attribute.
    forget_bound_actions()
    tokens = ("pass",)
    first = binding._action_of(Move("R", tokens))
    assert isinstance(first, Pass) and first.actor == "R"
    # The same tuple for another actor: its own action, not the first actor's.
    other = binding._action_of(Move("B", tokens))
    assert isinstance(other, Pass) and other.actor == "B"
    assert binding._action_of(Move("R", tokens)) is first
    # Equal words in another tuple: found by value, the same action and the same entry.
    assert binding._action_of(Move("R", tuple(["pass"]))) is first
    assert list(binding._ACTIONS) == [tokens]
    # Words the engine does not read: the syntax error, remembered too.
    wrong = ("fly", "away")
    error = binding._action_of(Move("R", wrong))
    assert isinstance(error, ActionSyntaxError)
    assert binding._action_of(Move("R", wrong)) is error
    # A secret stands for no action, remembered as such.
    assert binding._action_of(Move("R", ("?",))) is None
    assert binding._ACTIONS[("?",)] == {"R": None}


def test_moves_with_tuples_of_their_own_share_one_entry_per_text() -> None:
    """A program's own moves bring a new tuple each: equal words find one entry, so the memo
    holds one tuple per distinct text however many moves were made, within its bound."""
    forget_bound_actions()
    for words in (("pass",), ("buy", "bread"), ("pass",)):
        for _ in range(50):
            made = tuple(list(words))  # a new tuple each time
            found = binding._action_of(Move("R", made))
            assert not isinstance(found, ActionSyntaxError)
            assert found is not None and found.text == " ".join(words)
    assert len(binding._ACTIONS) == 2


def test_the_memo_of_actions_starts_again_at_its_bound() -> None:
    forget_bound_actions()
    limit = binding._ACTIONS_LIMIT
    for number in range(limit + 10):
        found = binding._action_of(Move("R", ("donate", f"{number}>I")))
        assert not isinstance(found, ActionSyntaxError)
        assert len(binding._ACTIONS) <= limit
    assert len(binding._ACTIONS) == 10  # started again at the bound


def test_the_binders_secret_test_is_the_hidden_modules() -> None:
    # binding's own test of mcn.replay.hidden.is_secret (a '?' in the joined text, which is
    # compiled): a '?' anywhere, also in X>?; only a secret stands for no action at all
    from mcn.replay import hidden

    forget_bound_actions()

    for tokens in [
        ("bid", "3+5"),
        ("bid", "?"),
        ("donate", "jewel>?"),
        ("donate", "?>II", "10>I"),
        ("give", "?"),
        ("visit", "4"),
        ("pick", "red"),
        (),
    ]:
        bound = binding._action_of(Move("R", tokens))
        assert (bound is None) is hidden.is_secret(tokens), tokens
