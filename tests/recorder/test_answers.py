"""Answers at a decision: numbers, texts, prefixes, chance outcomes, refusals with reasons;
and the session's undo, annotations and variations (R-SET-1, R-SET-4, R-BID-1, R-ACT-3)."""

from __future__ import annotations

import re

import pytest

from mcn.engine import GameState, new_game, parse_action
from mcn.engine.constants import CHANCE
from mcn.recorder.answers import AnswerError, Options, choose, listing, options_for, summary
from mcn.recorder.session import Session, SessionError


def session_at_bonus() -> Session:
    session = Session(new_game(("R", "B", "G")), {})
    session.play(parse_action(CHANCE, "souls G B R"))
    return session


def pick(session: Session, answer: str) -> str:
    state = session.state
    actor = state.current_players()[0]
    return choose(state, options_for(state, actor), answer).text


def test_a_number_a_text_or_a_unique_prefix_picks_an_option() -> None:
    session = session_at_bonus()  # Green picks a starting bonus (R-SET-4)
    options = options_for(session.state, "G")
    assert [a.text for a in options.actions][:2] == [
        "bonus bread>I wine>I",
        "bonus bread>I wine>II",
    ]
    assert pick(session, "2") == "bonus bread>I wine>II"
    assert pick(session, "  BONUS   Jewel>ii ") == "bonus jewel>II"
    assert pick(session, "G: bonus 10>I") == "bonus 10>I"
    assert pick(session, "b bl") == "bonus blue"  # word by word
    assert pick(session, "jewel>II") == "bonus jewel>II"  # every option has the verb
    # a beginning of two options, one of which it names in full: that one
    assert pick(session, "b 10>i") == "bonus 10>I"
    assert pick(session, "b bread>i wine>i") == "bonus bread>I wine>I"


def test_ambiguous_wrong_and_unreadable_answers_say_why() -> None:
    session = session_at_bonus()
    with pytest.raises(AnswerError, match=r"could be bonus 10>I \(\d+\), bonus 10>II \(\d+\)"):
        pick(session, "b 10")
    with pytest.raises(AnswerError, match="no option 12"):
        pick(session, "12")
    with pytest.raises(AnswerError, match="Green's decision, not Red's"):
        pick(session, "R: bonus blue")
    with pytest.raises(AnswerError, match="R-SET-4"):
        pick(session, "bonus wine>I")  # readable, but not a starting bonus
    with pytest.raises(AnswerError, match="did you mean 'bonus'"):
        pick(session, "bonsu blue")


def test_the_soul_order_guide_and_completion_offer_the_games_own_colours() -> None:
    # R-SET-1: the soul order is the players' own colours; nobody else's initial is offered
    for players in (("R", "B"), ("R", "B", "G"), ("R", "B", "G", "Y")):
        options = options_for(new_game(players), CHANCE)
        assert f"(colour initials: {' '.join(players)})" in summary(options)[0]
        assert options.completions() == ["souls", *players]
    with pytest.raises(AnswerError, match=r"'g' is not one of: R B$"):
        choose(new_game(("R", "B")), options_for(new_game(("R", "B")), CHANCE), "souls: g r")


def test_chance_outcomes_are_typed_as_seen_with_unique_prefixes() -> None:
    state = new_game(("R", "B"))
    options = options_for(state, CHANCE)
    assert summary(options)[0].startswith("type the soul order")
    assert choose(state, options, "souls: b r").text == "souls B R"
    assert choose(state, options, "Red Blue").text == "souls R B"
    session = Session(state, {})
    session.play(parse_action(CHANCE, "souls B R"))
    session.play(parse_action("B", "bonus 10>I"))
    session.play(parse_action("R", "bonus jewel>II"))
    market = options_for(session.state, CHANCE)
    drawn = choose(session.state, market, "b b b c j i i")
    assert drawn.text == "market bread bread bread cloth jewel indulgence indulgence"
    with pytest.raises(AnswerError, match="'xyz' is not one of"):
        choose(session.state, market, "b b b c j i xyz")


def test_many_options_are_summarised_by_verb() -> None:
    session = session_at_bonus()
    for answer in ("G: bonus jewel>II", "B: bonus 10>II", "R: bonus blue"):
        session.play(choose(session.state, options_for(session.state, answer[0]), answer))
    session.play(parse_action(CHANCE, "market bread bread wine cloth cloth jewel indulgence"))
    session.play(parse_action(CHANCE, "rooms greed-2 free-good new-crew take-7"))
    lines = summary(options_for(session.state, "R"))  # the secret bids (R-BID-1)
    assert lines[-1] == " 1-156 bid 1+0 … bid 6+25"
    assert "any order" in lines[0]
    # the example names a bidder of this game who has still to bid
    pending = session.state.current_players()
    assert f"e.g. '{pending[-1]}: bid 6+3'" in lines[0]
    two = Session(new_game(("R", "B")), {})
    two.play(parse_action(CHANCE, "souls B R"))
    two.play(parse_action("B", "bonus 10>I"))
    two.play(parse_action("R", "bonus jewel>II"))
    two.play(parse_action(CHANCE, "market bread bread wine cloth cloth jewel indulgence"))
    two.play(parse_action(CHANCE, "rooms greed-2 free-good new-crew take-7"))
    assert "e.g. 'B: bid 6+3'" in summary(options_for(two.state, "R"))[0]  # not G's


def _every_action_decision() -> list[Options]:
    """The options of every decision of the bundled 4-player game, as the recorder lists them."""
    return [options for _, options in _every_action_state()]


def _every_action_state() -> list[tuple[GameState, Options]]:
    """Every players' decision of the bundled 4-player game (but the bids): state, options."""
    from mcn.api import decisions, read_games
    from tests.replay.games import EXAMPLES

    game = next(read_games(EXAMPLES / "game-4p.mcn"))
    found = []
    for step in decisions(game):
        if step.actor != CHANCE and step.before.decision.kind != "bid":
            found.append((step.before, options_for(step.before, step.actor)))
    return found


def _with_options(count: int) -> tuple[GameState, Options]:
    """The first decision with more than ``count`` options (exactly one when ``count`` is 0)."""
    for state, options in _every_action_state():
        if (count == 0 and len(options.texts) == 1) or (count and len(options.texts) > count):
            return state, options
    raise AssertionError(f"no decision with more than {count} options")


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_the_grid_fits_the_terminal_and_keeps_every_number(columns: int) -> None:
    # every option is listed with its number, and no line is wider than the terminal, so
    # none wraps (an option read as the one before it)
    for options in _every_action_decision():
        lines = summary(options, columns)
        assert all(len(line) < columns for line in lines), (columns, lines)
        shown = " ".join(lines)
        count = len(options.texts)
        assert all(re.search(rf"(?<!\d){n}(?!\d)", shown) for n in (1, count)), lines
        assert "(1 options)" not in shown


def test_a_wider_terminal_gets_more_options_a_line() -> None:
    options = max(_every_action_decision(), key=lambda o: len(o.texts) if len(o.texts) <= 40 else 0)
    assert len(summary(options, 60)) > len(summary(options, 120))


def test_undo_takes_back_the_entered_decision_and_the_forced_moves_after_it() -> None:
    session = session_at_bonus()
    session.play(parse_action("G", "bonus jewel>II"))
    before = session.state.to_json()
    session.play(parse_action("B", "bonus 10>II"))
    assert session.undo() == "B: bonus 10>II"
    assert session.state.to_json() == before
    assert session.undo() == "G: bonus jewel>II"
    assert session.undo() == "*: souls G B R"
    with pytest.raises(SessionError, match="nothing to undo"):
        session.undo()


def test_variations_comments_and_glyphs_go_to_the_last_entered_decision() -> None:
    session = session_at_bonus()
    session.play(parse_action("G", "bonus jewel>II"))
    session.glyph("!")
    replaced = session.open_variation()
    assert replaced.action.text == "bonus jewel>II"
    assert session.state.current_players() == ("G",)  # the state before the replaced move
    session.comment("at the start of the variation")
    session.play(parse_action("G", "bonus blue"))
    session.comment("the blue letter instead")
    session.close_variation()
    entry = session.main.entries[-1]
    assert entry.glyphs == ["!"]
    (variation,) = entry.variations
    assert variation.lead == ["at the start of the variation"]
    assert variation.entries[0].comments == ["the blue letter instead"]
    with pytest.raises(SessionError, match="no variation is open"):
        session.close_variation()
    session.open_variation()
    assert session.undo().startswith("the empty variation")
    assert len(entry.variations) == 1


def test_every_option_is_chosen_by_its_number_however_many_there_are() -> None:
    state, many = _with_options(100)
    assert choose(state, many, str(len(many.texts))) == many.actions[-1]
    assert choose(state, many, "45") == many.actions[44]
    with pytest.raises(AnswerError, match=rf"numbered 1-{len(many.texts)}"):
        choose(state, many, str(len(many.texts) + 1))


def test_a_beginning_shared_by_many_options_lists_them_with_their_numbers() -> None:
    state, many = _with_options(100)
    with pytest.raises(AnswerError) as raised:
        choose(state, many, "donate")
    problem = raised.value
    assert "could be any of" in str(problem)
    lines = listing(problem.numbered, 60, problem.words)
    assert all(len(line) < 60 for line in lines)
    shown = " ".join(lines)
    numbers = [number for number, _ in problem.numbered]
    assert re.search(rf"(?<!\d){numbers[0]}(?!\d)", shown)
    assert re.search(rf"(?<!\d){numbers[-1]}(?!\d)", shown)
    for number, text in problem.numbered[:3]:
        assert choose(state, many, str(number)).text == text


def test_the_only_option_is_number_one() -> None:
    state, one = _with_options(0)
    with pytest.raises(AnswerError, match="the only option is number 1"):
        choose(state, one, "2")
