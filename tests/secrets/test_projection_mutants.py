"""The projection's parts held to exact answers, both ways (issue 35; docs/testing.md).

Each test pins one reading of the engine's declaration of secrets (:mod:`mcn.engine.secrets`),
of the ``?`` patterns and reveal checkpoints (:mod:`mcn.replay.hidden`) or of the projection along a
path (:mod:`mcn.views.projection`) to the whole answer, so that a slip shows whichever way it goes:
a secret shown to a viewer who has not seen it (under-masking) or hidden from one who has
(over-masking, I-HID-5). They are library calls on hand-made actions and events and on one
replay of ``examples/game-4p.mcn``: the mutation run's selection starts with them.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import pytest

from mcn.engine import new_game, secret_readers, secrets, view
from mcn.engine.actions import (
    Action,
    Bid,
    Bonus,
    BuyLetter,
    Decline,
    Donate,
    FreeStone,
    Give,
    Guess,
    Visit,
)
from mcn.engine.constants import CHANCE, COLOURS, LETTERS
from mcn.engine.events import (
    ALL_SECRETS,
    BidPlaced,
    BidsRevealed,
    BonusTaken,
    Donated,
    Evaluation,
    Event,
    LetterMoved,
    LettersScored,
    PopeDie,
    Visited,
)
from mcn.engine.serial import state_to_json
from mcn.notation import parse
from mcn.replay import Line, hidden, replay_game
from mcn.views.projection import (
    EVERYTHING,
    Projection,
    SeenMove,
    event_text,
    memory_of,
    outcome_texts,
    path_to,
    project_line,
    state_json,
    viewer_label,
)
from tests.replay.games import EXAMPLES

GIFT = Give("R", "blue")
GIVEN = LetterMoved("R-HOP-3", "G", "blue", 1, "Red")
DIE_SET = PopeDie("R-POP-1", "R", 5, 0, False)
DIE_GUESSED = PopeDie("R-POP-2", "R", 5, 3, False)


def _by_value(text: str) -> str:
    """An equal string that is not the same object (as a value read from a file or argv is)."""
    return "".join(list(text))


@cache
def _main() -> Line:
    """The main line of examples/game-4p.mcn, replayed once with its states."""
    game = parse((EXAMPLES / "game-4p.mcn").read_text(encoding="utf-8")).games[0]
    main = replay_game(game, keep_states=True).main
    assert main is not None and main.error is None
    return main


# ---- mcn.engine.secrets: who sees what --------------------------------------------------------


def test_who_sees_a_secret() -> None:
    # R-HID-1, I-HID-4: the owners, the full view and the engine's all-seeing viewer; nobody else
    assert secret_readers.sees("R", "R") and secret_readers.sees("B", "R", "B")
    assert (
        not secret_readers.sees("B", "R")
        and not secret_readers.sees(None, "R")
        and not secret_readers.sees(None)
    )
    assert secret_readers.sees(EVERYTHING, "R") and secret_readers.sees(EVERYTHING)
    assert secret_readers.sees(ALL_SECRETS, "R") and secret_readers.sees(_by_value(EVERYTHING), "R")


def test_masking_keeps_the_items_and_hides_the_compartments() -> None:
    # R-DON-1, I-HID-2: the compartments go, the verb and the items stay
    assert secret_readers.mask_targets(("donate", "jewel>I", "5>II")) == (
        "donate",
        "jewel>?",
        "5>?",
    )
    assert secret_readers.mask_targets(("bonus", "blue")) == ("bonus", "blue")
    assert secret_readers.mask_text(("donate", "jewel>I", "5>II"), secrets.TARGETS) == (
        "donate",
        "jewel>?",
        "5>?",
    )
    assert secret_readers.mask_text(("bid", "3+5"), secrets.ARGUMENT) == ("bid", "?")
    assert secret_readers.mask_text(("give", "blue"), secrets.ARGUMENT) == ("give", "?")
    # a mask named by a string read from elsewhere is compared by value
    assert secret_readers.mask_text(("donate", "jewel>I"), _by_value(secrets.TARGETS)) == (
        "donate",
        "jewel>?",
    )


def _secret(action: Action, events: list[Event] | None = None) -> str | None:
    found = secret_readers.action_secret(action, events or [])
    return None if found is None else found.name


def test_which_actions_hold_a_secret() -> None:
    # R-BID-1, R-POP-1, R-DON-1, R-SET-4, I-HID-4: exactly the declared kinds, when they hold
    assert _secret(Bid("R", 3, 5)) == "bid"
    assert _secret(Visit("R", 5), [DIE_SET]) == "pope-die"
    assert _secret(Visit("R", 5), [Visited("R-HOP-1", "R", 5, "")]) is None
    assert _secret(Visit("R", 5), [DIE_GUESSED]) is None
    assert _secret(Donate("B", (("jewel", "I"),))) == "compartment"
    assert _secret(Bonus("Y", (("bread", "I"), ("wine", "II")))) == "bonus-compartment"
    assert _secret(Bonus("R", (("blue", ""),))) is None
    assert _secret(GIFT, [GIVEN]) == "gift"
    assert _secret(BuyLetter("G", "red")) is None and _secret(Decline("G")) is None
    # R-HID-1: chance never holds a secret, whatever its action
    assert _secret(Bid(CHANCE, 3, 5)) is None and _secret(Bid(_by_value(CHANCE), 3, 5)) is None
    assert [s.verb for s in secrets.ACTION_SECRETS] == ["bid", "visit", "donate", "bonus", "give"]


def test_a_bid_and_the_pope_die_are_hidden_until_revealed_compartments_for_good() -> None:
    # R-BID-2, R-POP-1, I-HID-2
    bid = Bid("R", 3, 5)
    assert secret_readers.hides(bid, "B", [], revealed=False)
    assert not secret_readers.hides(bid, "B", [], revealed=True) and not secret_readers.hides(
        bid, "R", [], False
    )
    assert secret_readers.action_tokens(bid, "B", []) == ("bid", "?")
    assert secret_readers.action_tokens(bid, "B", [], revealed=True) == ("bid", "3+5")
    visit = Visit("R", 5)
    assert secret_readers.action_tokens(visit, None, [DIE_SET]) == ("visit", "?")
    assert secret_readers.action_tokens(visit, None, [DIE_SET], revealed=True) == ("visit", "5")
    donate = Donate("B", (("jewel", "I"), ("5", "II")))
    for revealed in (False, True):
        assert secret_readers.hides(donate, "R", [], revealed)
        assert secret_readers.action_tokens(donate, "R", [], revealed) == (
            "donate",
            "jewel>?",
            "5>?",
        )
    assert not secret_readers.hides(BuyLetter("G", "red"), "R", [], False)


@pytest.mark.parametrize(
    ("actor", "tokens", "viewer", "seen"),
    [
        ("R", ("bid", "3+5"), "B", ("bid", "?")),
        ("R", ("bid", "3+5"), "R", ("bid", "3+5")),
        ("R", ("bid", "3+5"), EVERYTHING, ("bid", "3+5")),
        ("R", ("bid", "3+5"), None, ("bid", "?")),
        ("R", ("visit", "6"), "B", ("visit", "?")),
        ("G", ("give", "red"), "Y", ("give", "?")),
        ("B", ("donate", "jewel>I", "5>II"), "R", ("donate", "jewel>?", "5>?")),
        ("Y", ("bonus", "bread>I", "wine>II"), "R", ("bonus", "bread>?", "wine>?")),
        # nothing to hide: a bare verb, public verbs, chance's draws (R-HID-1, I-HID-4)
        ("R", ("bid",), "B", ("bid",)),
        ("G", ("letter", "red"), "B", ("letter", "red")),
        ("G", ("take", "wine"), "B", ("take", "wine")),
        ("G", ("buy", "bread"), "B", ("buy", "bread")),
        ("G", ("free", "indulgence>red"), "B", ("free", "indulgence>red")),
        (CHANCE, ("visit", "3"), "B", ("visit", "3")),
        (CHANCE, ("market", "bread", "cloth"), None, ("market", "bread", "cloth")),
    ],
)
def test_a_move_replay_never_reached_is_masked_by_its_text(
    actor: str, tokens: tuple[str, ...], viewer: str | None, seen: tuple[str, ...]
) -> None:
    # R-HID-1: after an error in a variation the text alone decides, by the declared verbs
    assert secret_readers.tokens_by_text(actor, tokens, viewer) == seen


def test_a_masked_event_says_what_happened_without_the_secret() -> None:
    # R-DON-1, R-POP-1, R-SET-4, I-HID-4: the field is '?', the sentence names no secret
    money = secret_readers.event_json(Donated("R-DON-1", "B", "5", "II"), "R")
    assert money["compartment"] == "?"
    assert money["text"] == "Blue donates 5 taler (the compartment is secret)"
    jewel = secret_readers.event_json(Donated("R-DON-1", "B", "jewel", "I"), None)
    assert jewel["text"] == "Blue donates jewel (the compartment is secret)"
    die = secret_readers.event_json(DIE_SET, "B")
    assert die["room"] == "?" and die["text"] == "Red sets the Pope die in secret"
    bonus = secret_readers.event_json(BonusTaken("R-SET-4", "Y", "bread>I wine>II"), "R")
    assert bonus["bonus"] == "bread>? wine>?"
    assert bonus["text"] == "Yellow takes the starting bonus bread>? wine>?"
    gift = secret_readers.event_json(GIVEN, "B", GIFT)
    assert gift["colour"] == "?" and gift["text"] == "Green takes a letter from Red"
    two = secret_readers.event_json(LetterMoved("R-HOP-3", "G", "blue", 2, "Red"), "Y", GIFT)
    assert two["text"] == "Green takes 2 letters from Red"


def test_an_event_is_told_whole_to_whoever_has_seen_its_secret() -> None:
    # I-HID-5: the owner, the giver and the taker, the full view, and anyone after the reveal
    cases = [
        (Donated("R-DON-1", "B", "5", "II"), "B", None),
        (DIE_SET, "R", None),
        (BonusTaken("R-SET-4", "Y", "bread>I wine>II"), "Y", None),
        (GIVEN, "G", GIFT),
        (GIVEN, "R", GIFT),
        (GIVEN, EVERYTHING, GIFT),
        (BonusTaken("R-SET-4", "R", "blue"), "B", None),
        (DIE_GUESSED, "B", None),
        (LetterMoved("R-HOP-3", "G", "yellow", 1, "Red"), "B", None),
    ]
    for event, viewer, action in cases:
        assert secret_readers.event_json(event, viewer, action) == event.to_json(), (event, viewer)
    assert secret_readers.event_json(DIE_SET, "B", revealed=True) == DIE_SET.to_json()
    assert secret_readers.event_json(GIVEN, None, GIFT, revealed=True) == GIVEN.to_json()


def test_the_fields_a_view_may_write_as_a_question_mark() -> None:
    # the events' schema: only whole fields (a bonus masks inside its text)
    assert secret_readers.masked_fields(Donated) == ("compartment",)
    assert secret_readers.masked_fields(PopeDie) == ("room",)
    assert secret_readers.masked_fields(LetterMoved) == ("colour",)
    assert secret_readers.masked_fields(BonusTaken) == ()
    assert secret_readers.masked_fields(Evaluation) == ()


def test_each_reveal_is_named_without_its_content() -> None:
    # R-BID-2, R-POP-1, I-HID-2, R-END-2
    revealed = BidsRevealed("R-BID-2", (("R", 3, 5), ("B", 2, 2)), "R")
    assert secret_readers.reveal_text(revealed) == "the bids are revealed"
    assert secret_readers.reveal_text(DIE_GUESSED) == "the Pope die is revealed"
    assert secret_readers.reveal_text(DIE_SET) is None
    evaluated = Evaluation("R-EVA-1", 2, "II", "started")
    assert secret_readers.reveal_text(evaluated) == "compartment II of cathedral 2 is evaluated"
    assert (
        secret_readers.reveal_text(LettersScored("R-END-2", "R", 1, 3)) == "the letters are scored"
    )
    assert secret_readers.reveal_text(Donated("R-DON-1", "B", "5", "II")) is None
    assert secret_readers.checkpoints() == ("chest", "letters")


def test_reveals_come_with_the_actions_that_carry_them() -> None:
    # R-BID-2: the last bid reveals the round's bids; R-POP-1: the guess reveals the die
    steps: list[tuple[Action, list[Event]]] = [
        (Bid("R", 3, 5), [BidPlaced("R-BID-1", "R")]),
        (Bid("B", 2, 2), [BidPlaced("R-BID-1", "B"), BidsRevealed("R-BID-2", (), "R")]),
        (Donate("B", (("jewel", "I"),)), [Donated("R-DON-1", "B", "jewel", "I")]),
        (Visit("R", 5), [DIE_SET]),
        (Bid("G", 1, 1), [BidPlaced("R-BID-1", "G")]),
        (Guess("B", 3), [DIE_GUESSED]),
    ]
    assert secret_readers.revealed_flags(steps) == [True, True, False, True, False, False]
    assert secret_readers.revealed_flags(steps[:1]) == [False]
    assert secret_readers.revealed_flags(steps[:5]) == [True, True, False, False, False]
    # a reveal event on an action that cannot carry it reveals nothing
    stray: list[tuple[Action, list[Event]]] = [
        steps[0],
        (Decline("B"), [BidsRevealed("R-BID-2", (), "R")]),
    ]
    assert secret_readers.revealed_flags(stray) == [False, False]


def test_which_part_of_the_state_a_question_mark_leaves_unsure() -> None:
    # I-HID-4: supply letters are replayed like a gift; compartments matter at an evaluation
    assert secret_readers.touches(BuyLetter("G", "red")) == secrets.LETTERS
    assert secret_readers.touches(FreeStone("G", "indulgence", "green")) == secrets.LETTERS
    assert secret_readers.touches(FreeStone("G", "wine")) == secrets.OTHER
    assert secret_readers.touches(Donate("B", (("jewel", "I"),))) == secrets.CHEST
    assert secret_readers.touches(Bonus("Y", (("bread", "I"),))) == secrets.CHEST
    assert secret_readers.touches(Bonus("R", (("blue", ""),))) == secrets.OTHER
    assert secret_readers.touches(GIFT) == secrets.LETTERS
    assert secret_readers.touches(Bid("R", 3, 5)) == secrets.OTHER
    assert hidden.secret_kind(Donate("B", (("jewel", "I"),))) == "chest"
    assert hidden.secret_kind(GIFT) == "letters"
    assert hidden.secret_kind(BuyLetter("G", "red")) == "letters"
    assert hidden.secret_kind(Bid("R", 3, 5)) == "other"


def test_declarations_are_found_by_verb_and_by_name() -> None:
    # a sealed move names its secret by its verb, an action's secret its reveal by name
    found = {
        verb: secret_readers.secret_by_verb(verb) for verb in ("bid", "visit", "donate", "give")
    }
    assert {verb: s.name for verb, s in found.items() if s is not None} == {
        "bid": "bid",
        "visit": "pope-die",
        "donate": "compartment",
        "give": "gift",
    }
    assert (
        secret_readers.secret_by_verb("letter") is None
        and secret_readers.secret_by_verb("") is None
    )
    by_value = secret_readers.secret_by_verb(_by_value("donate"))  # a verb read from a record
    assert by_value is not None and by_value.name == "compartment"
    for name in ("bids", "pope-die", "chest", "letters"):
        reveal = secret_readers.reveal_named(name)
        assert reveal is not None and reveal.name == name
    assert secret_readers.reveal_named("bid") is None and secret_readers.reveal_named("") is None
    # the parts of a state a view masks for everybody but their owner (I-HID-5)
    assert secret_readers.secret_parts() == {"bids", "pope_die", "chest", "letters"}


def test_a_declaration_goes_into_its_table_and_is_taken_back() -> None:
    tables: tuple[list[Any], ...] = (secrets.ACTION_SECRETS, secrets.EVENT_SECRETS, secrets.REVEALS)
    before = [list(t) for t in tables]
    declarations: tuple[secrets.ActionSecret | secrets.EventSecret | secrets.Reveal, ...] = (
        secrets.ActionSecret("test", BuyLetter, secrets.ARGUMENT),
        secrets.EventSecret("test", LetterMoved, "colour", secrets.ARGUMENT),
        secrets.Reveal("test", LettersScored, lambda e: "test"),
    )
    for table, declaration in zip(tables, declarations, strict=True):
        undo = secrets.declare(declaration)
        others = [t for t in tables if t is not table]
        assert table[-1] is declaration and all(declaration not in t for t in others)
        undo()
    assert [list(t) for t in tables] == before


@pytest.mark.parametrize(
    "declaration",
    [secrets.ACTION_SECRETS[0], secrets.EVENT_SECRETS[0], secrets.REVEALS[0]],
)
def test_declarations_are_frozen_and_slotted(declaration: object) -> None:
    # shared module tables: a view must not be able to change what every other view masks
    with pytest.raises(dataclasses.FrozenInstanceError):
        declaration.name = "changed"  # type: ignore[attr-defined]
    assert not hasattr(declaration, "__dict__")


# ---- mcn.replay.hidden: '?' patterns and reveal checkpoints --------------------------------------


def test_a_pattern_matches_exactly_the_actions_it_may_stand_for() -> None:
    donate = Donate("R", (("jewel", "I"), ("5", "II")))
    assert hidden.is_secret(("donate", "jewel>?")) and hidden.is_secret(("give", "?"))
    assert not hidden.is_secret(("bid", "3+5"))
    assert hidden.matches(("bid", "?"), Bid("R", 3, 5)) and hidden.matches(
        ("bid", "3+5"), Bid("R", 3, 5)
    )
    assert not hidden.matches(("bid", "3+4"), Bid("R", 3, 5))
    assert hidden.matches(("donate", "jewel>?", "5>?"), donate)
    assert hidden.matches(("donate", "5>?", "jewel>?"), donate)  # in any order
    assert hidden.matches(("donate", "?>I", "5>II"), donate)  # the item secret, the target not
    assert hidden.matches(("donate", "?", "?"), donate)  # '?' for a whole argument
    assert not hidden.matches(("donate", "wine>?", "5>?"), donate)
    assert not hidden.matches(("donate", "jewel>?", "wine>?"), donate)
    assert not hidden.matches(("donate", "jewel>?", "5>I"), donate)
    assert not hidden.matches(("donate", "jewel", "5>?"), donate)
    assert not hidden.matches(("bonus", "blue>?"), Bonus("R", (("blue", ""),)))  # no target
    assert hidden.matches(("bonus", "?"), Bonus("R", (("blue", ""),)))
    assert not hidden.matches(("bonus", "10>?"), Bonus("R", (("10", ""),)))  # '1' sorts before '?'
    assert not hidden.matches(("donate", "jewel>?"), donate)  # one item fewer
    assert not hidden.matches(("bonus", "jewel>?", "5>?"), donate)  # another verb
    assert not hidden.matches(("donate", "jewel>?", "5>?"), Give("R", "blue"))
    assert not hidden.matches(("give", "?"), Bid("R", 3, 5))  # a verb sorting before the pattern's
    three = Donate("R", (("bread", "I"), ("wine", "II"), ("5", "I")))
    assert hidden.matches(("donate", "5>?", "wine>?", "bread>?"), three)
    assert not hidden.matches(("donate", "5>II", "wine>?", "bread>?"), three)
    # more than three arguments match place by place (chance's draws, written in one order):
    # trying every order would cost factorial time
    four = Donate("R", (("bread", "I"), ("wine", "II"), ("cloth", "I"), ("5", "I")))
    assert hidden.matches(("donate", "bread>?", "wine>?", "cloth>?", "5>?"), four)
    assert not hidden.matches(("donate", "5>?", "cloth>?", "wine>?", "bread>?"), four)
    assert not hidden.matches(("donate", "bread>?", "wine>?", "cloth>?", "5>?", "5>?"), four)
    assert not hidden.matches(("donate", "bread>?", "wine>?", "cloth>?"), four)


def test_reveal_checkpoints_are_read_whole() -> None:
    # I-HID-2: <chest …> and <letters …>
    assert hidden.parse_chest(("I", "R", "bread", "1", "jewel", "2", "B", "money", "12")) == (
        0,
        {"R": [1, 0, 0, 2, 0], "B": [0, 0, 0, 0, 12]},
    )
    assert hidden.parse_chest(("II",)) == (1, {})
    assert hidden.parse_chest(("II", "G")) == (1, {"G": [0, 0, 0, 0, 0]})
    assert hidden.parse_letters(("Y", "red", "2", "R", "blue", "1", "green", "3")) == {
        "Y": [0, 0, 2, 0],
        "R": [0, 1, 0, 3],
    }
    assert hidden.parse_letters(()) == {}
    assert hidden.parse_letters(("R", "red", "999999999")) == {"R": [0, 0, 999999999, 0]}


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        ((), "a chest checkpoint names its compartment first: <chest I …> or <chest II …>"),
        (("III",), "a chest checkpoint names its compartment first: <chest I …> or <chest II …>"),
        (("R", "I", "bread", "1"), "a chest checkpoint names its compartment first"),
        (("I", "R", "bread", "1", "R", "wine", "1"), "R is listed twice"),
        (("I", "bread", "1"), "expected a colour initial before 'bread'"),
        (("I", "R", "gold", "1"), "'gold' is not one of bread, wine, cloth, jewel, money"),
        (("I", "R", "bread"), "'bread' must be followed by a count (at most 9 digits)"),
        (("I", "R", "bread", "x"), "'bread' must be followed by a count (at most 9 digits)"),
        (("I", "R", "bread", "\u00b2"), "'bread' must be followed by a count (at most 9 digits)"),
        (("I", "R", "bread", "1234567890"), "'bread' must be followed by a count"),
    ],
)
def test_a_broken_chest_checkpoint_is_named(args: tuple[str, ...], problem: str) -> None:
    found = hidden.parse_chest(args)
    assert isinstance(found, str) and found.startswith(problem), found


def test_a_long_checkpoint_is_read_to_its_end() -> None:
    # a record is untrusted: hundreds of tokens (a name may repeat: the last count holds) are
    # read to the end, and a name without its count at the end is named, not a traceback
    long = ("R", *("red", "1") * 150, "red", "7")
    assert hidden.parse_letters(long) == {"R": [0, 0, 7, 0]}
    found = hidden.parse_letters(long[:-1])
    assert found == "'red' must be followed by a count (at most 9 digits)"


def test_a_broken_letters_checkpoint_is_named() -> None:
    assert hidden.parse_letters(("R", "pink", "1")) == f"'pink' is not one of {', '.join(LETTERS)}"
    assert hidden.parse_letters(("red", "1")) == "expected a colour initial before 'red'"


def test_checkpoints_are_written_in_colour_order_without_zeros() -> None:
    contents = {"B": [0, 0, 0, 0, 12], "R": [1, 0, 0, 2, 0]}
    written = hidden.chest_args(0, contents)
    assert written == ("I", "R", "bread", "1", "jewel", "2", "B", "money", "12")
    assert hidden.parse_chest(written) == (0, contents)
    assert hidden.chest_args(1, {"Y": [0, 0, 0, 0, 5]}) == ("II", "Y", "money", "5")
    assert hidden.letters_args({"G": [1, 0, 0, 0], "B": [0, 0, 0, 2]}) == (
        "B",
        "green",
        "2",
        "G",
        "yellow",
        "1",
    )
    assert hidden.letters_args({colour: [0, 0, 0, 0] for colour in COLOURS}) == COLOURS
    assert hidden.describe([1, 0, 0, 2, 0], hidden.CHEST_ITEMS) == "bread 1, jewel 2"
    assert hidden.describe([0, 0, 0, 0, 0], hidden.CHEST_ITEMS) == "nothing"


# ---- mcn.views.projection: a path of play --------------------------------------------------------


def test_an_event_is_told_masked_unless_revealed() -> None:
    # R-DON-1: the sentence of an event, as the viewer may read it
    donated = Donated("R-DON-1", "B", "5", "II")
    assert event_text(donated, "R") == "Blue donates 5 taler (the compartment is secret)"
    assert event_text(donated, "R", revealed=True) == donated.text()
    assert event_text(donated, "B") == donated.text() == "Blue donates 5 taler into compartment II"
    assert event_text(BidPlaced("R-BID-1", "R"), "B") == "Red has placed a secret bid"


def test_viewers_are_named_by_value() -> None:
    assert viewer_label("R") == "R" and viewer_label(None) == "spectator"
    assert viewer_label(EVERYTHING) == "all" and viewer_label(_by_value(EVERYTHING)) == "all"


def test_a_would_be_outcome_stops_at_the_reveal() -> None:
    # R-BID-2: the last bid of round 1 reveals the bids, then pays and places by them; told
    # before it is made, that is "the bids are revealed" and nothing after it
    main = _main()
    index = next(i for i, s in enumerate(main.steps) if s.action.text == "bid 6+1")
    before, made = main.steps[index - 1].state, main.steps[index].state
    assert before is not None and made is not None
    action = main.steps[index].action
    for viewer in ("B", None, "R"):
        texts, after = outcome_texts(before, action, viewer)
        assert texts == ["Red has placed a secret bid", "the bids are revealed"], viewer
        assert state_to_json(after, None, True) == state_to_json(made, None, True)
    full, _ = outcome_texts(before, action, _by_value(EVERYTHING))
    assert full == [e.text() for e in main.steps[index].events] and len(full) == 9


def test_the_memory_of_a_path_from_the_start_only() -> None:
    # I-HID-5: a viewer remembers a path that starts at the start of the game; a path that
    # starts later holds secrets nobody saw, and the full view needs no memory
    main = _main()
    final = main.steps[-1].state
    assert final is not None
    assert memory_of(main.steps, final, "B") is not None
    assert memory_of(main.steps, final, None) is not None  # the spectator remembers too
    assert memory_of(main.steps, final, EVERYTHING) is None
    assert memory_of(main.steps, final, _by_value(EVERYTHING)) is None
    assert memory_of(main.steps[1:], final, "B") is None
    assert memory_of(main.steps[5:], final, "B") is None
    assert memory_of([], new_game(list(COLOURS)), "B") is not None
    assert memory_of([], final, "B") is None


def test_the_state_a_viewer_sees_is_told_his_memory() -> None:
    # I-HID-5: with the memory of the path the view knows every letter taken from the supply
    main = _main()
    final = main.steps[-1].state
    assert final is not None
    everything = state_json(final, EVERYTHING)
    assert everything == state_to_json(final, None, True, True)
    assert everything == state_json(final, _by_value(EVERYTHING))
    assert "stack" in everything and "stack" in state_json(final, "B")
    assert "stack" not in state_json(final, EVERYTHING, stack=False)
    assert "stack" not in state_json(final, "B", memory_of(main.steps, final, "B"), stack=False)
    assert state_json(final, "B") == view(final, "B", True)
    assert state_json(final, None) == view(final, None, True)
    spectator = state_json(final, None, memory_of(main.steps, final, None))
    assert spectator == Projection(main.steps, None).state(final) != everything
    projection = Projection(main.steps, "B")
    remembered = projection.state(final)
    assert remembered == state_json(final, "B", memory_of(main.steps, final, "B"))
    assert remembered != state_json(final, "B")
    assert projection.knowledge(final) is not None
    assert Projection(main.steps, EVERYTHING).knowledge(final) is None
    assert Projection(main.steps, EVERYTHING).state(final) == everything


def test_a_projection_of_no_steps_and_of_a_whole_line() -> None:
    empty = Projection([], "B")
    assert empty.address == "start" and empty.last is None and empty.moves() == []
    assert empty.title("Club night", 1) == "Club night - game 1, at the start"
    main = _main()
    projection = project_line(main, "B")
    assert len(projection.path) == len(main.steps)
    last = projection.last
    assert last is not None and last == projection.move(len(main.steps) - 1)
    assert projection.address == main.steps[-1].address == last.address
    assert projection.title("Club night", 2) == (
        f"Club night - game 2, after {last.address} ({last.label()})"
    )
    assert [m.address for m in projection.moves()] == [s.address for s in main.steps]
    assert project_line(main, "B", 10).last == Projection(main.steps[:11], "B").last


def test_a_seen_move_is_written_as_the_viewer_saw_it() -> None:
    main = _main()
    index = next(i for i, s in enumerate(main.steps) if s.action.text == "bid 6+1")
    seen = Projection(main.steps[: index + 1], "B").move(index - 1)  # Blue's own bid
    assert seen.label() == "B: bid 3+4" and not seen.hidden
    hidden_bid = Projection(main.steps[: index - 1], "B").move(index - 3)  # Yellow's, unrevealed
    assert hidden_bid.label() == "Y: bid ?" and hidden_bid.hidden and hidden_bid.text == "bid ?"
    implicit = next(i for i, s in enumerate(main.steps) if s.move is None)
    assert Projection(main.steps, "B").move(implicit).label().endswith(" (implicit)")
    donation = next(i for i, s in enumerate(main.steps) if s.action.text == "donate 2>II 5>I")
    move = Projection(main.steps, "B").move(donation)
    assert move.event_texts() == [
        "Red donates 2 taler (the compartment is secret)",
        "Red donates 5 taler (the compartment is secret)",
    ]
    assert move.to_json() == {
        "address": move.address,
        "actor": "R",
        "action": "donate 2>? 5>?",
        "implicit": False,
        "events": list(move.events),
    }
    assert "events" not in move.to_json(events=False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.actor = "B"  # type: ignore[misc]
    assert not hasattr(move, "__dict__") and isinstance(move, SeenMove)


def test_the_path_to_a_decision_in_a_variation_runs_through_its_parent() -> None:
    game = parse((EXAMPLES / "annotated-4p.mcn").read_text(encoding="utf-8")).games[0]
    replay = replay_game(game)
    variation = next(line for line in replay.lines() if line.parent is not None)
    parent = variation.parent
    assert parent is not None and len(variation.steps) >= 2
    path = path_to(variation, 1)
    assert path == parent.steps[: variation.branch_index] + variation.steps[:2]
    assert path_to(parent, 0) == parent.steps[:1]
    assert project_line(variation, "B").path == path_to(variation, len(variation.steps) - 1)
