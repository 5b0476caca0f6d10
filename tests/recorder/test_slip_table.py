"""The slips people make when they type a record by hand: each is reported at the line and
column where the person slipped (not where the reader noticed), with a hint that names the
slip and its fix (issue 25). One table: the input, where the first error is, the hint."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.notation import parse_lenient
from mcn.replay import replay_game

HEADERS = (
    '[Event "e"]\n[Site "s"]\n[Date "2024.01.19"]\n[Red "a"]\n[Blue "b"]\n[Green "c"]\n'
    '[Rules "de-2016"]\n[Board "standard"]\n[Variant "standard"]\n[Result "R"]\n\n'
)
SETUP = "setup\nsouls: G B R\n"
BONUS = SETUP + "G: bonus jewel>II\nB: bonus bread>II wine>I\nR: bonus 10>I\n"
ROUND = (
    BONUS + "round 1\nmarket: bread bread wine cloth cloth jewel indulgence\n"
    "rooms: greed-2 free-good new-crew take-7\n"
)
BIDS = ROUND + "G: bid 6+3  R: bid 5+0  B: bid 2+1\n"
EMPEROR = BIDS + "G: choose emperor; crew 3\n"
CHOICES = EMPEROR + "R: choose sinner; visit 5; room 2; take cloth\n"
TURNS = CHOICES + "B: choose pope; pope-stone greed>petty\n"
TURN1 = TURNS + "1. B: visit 3; R: guess 4; decline; greedy bread\n"

#: (the slip, the record's body, the text from the slip on (its last occurrence is where the
#: error must point), a part of the expected hint)
SLIPS: list[tuple[str, str, str, str]] = [
    # the slips
    (
        "colon missing after the actor on a new line",
        CHOICES + "B choose pope; pope-stone greed>petty\n",
        "B choose pope",
        "an actor needs its colon: 'B: choose pope'",
    ),
    (
        "semicolon for the actor's colon on a new line",
        CHOICES + "B; choose pope; pope-stone greed>petty\n",
        "B; choose pope",
        "an actor is followed by ':', not ';': 'B: choose pope'",
    ),
    (
        "item number without its full stop on a new line",
        TURN1 + "2 G: pass\n",
        "2 G: pass",
        "an item number ends with a full stop: '2.'",
    ),
    (
        "item number, then an actor without its colon",
        TURN1 + "2. G donate 5>I\n",
        "G donate 5>I",
        "an actor needs its colon: 'G: donate 5>I'",
    ),
    (
        "item number without stop and actor without colon",
        TURN1 + "2 G donate 5>I\n",
        "2 G donate",
        "'2. G:'",
    ),
    (
        "the Emperor's donations split over two items",
        TURN1 + "2. G: donate 5>I\n3. G: donate 2>II\n",
        "G: donate 2>II",
        "the Emperor's two donations are one move: 'donate 5>I 2>II'",
    ),
    (
        "the Emperor's donations as two moves of one item",
        TURN1 + "2. G: donate 5>I; donate 2>II\n",
        "donate 2>II",
        "the Emperor's two donations are one move: 'donate 5>I 2>II'",
    ),
    (
        "the Emperor's donations, the second with its own head",
        TURN1 + "2. G: donate 5>I; G: donate 2>II\n",
        "G: donate 2>II",
        "the Emperor's two donations are one move: 'donate 5>I 2>II'",
    ),
    (
        "market line without its head",
        BONUS + "round 1\nbread bread wine cloth cloth jewel indulgence\n",
        "bread bread wine",
        "'market: bread bread wine cloth cloth jewel indulgence'",
    ),
    (
        "soul order without its head",
        "setup\nG B R\n",
        "G B R",
        "'souls: G B R'",
    ),
    (
        "a comment left open lines before the error",
        TURN1 + "2. G: pass {Green waits\n3. R: pass\n4. B: buy bread {a good buy}\n5. G: pass)\n",
        "{Green waits",
        "end the comment with '}'",
    ),
    # colours and actors
    ("colour word as actor", BIDS + "Red: choose emperor\n", "Red: choose", "'R:'"),
    (
        "colour word, later in an item",
        TURNS + "1. B: visit 3; Red: guess 4\n",
        "Red: guess",
        "'R:'",
    ),
    (
        "colour word without colon on a new line",
        CHOICES + "Blue choose pope\n",
        "Blue choose pope",
        "write the colour initial: 'B: choose pope'",
    ),
    (
        "comma for the actor's colon on a new line",
        CHOICES + "B, choose pope\n",
        ", choose pope",
        "an actor is followed by ':', not ',': 'B: choose pope'",
    ),
    (
        "lower-case actor without colon on a new line",
        CHOICES + "b choose pope\n",
        "b choose pope",
        "an actor needs its colon: 'B: choose pope'",
    ),
    (
        "missing colon on the same line",
        SETUP + "G bonus jewel>II\n",
        "G bonus",
        "'G: bonus jewel>II'",
    ),
    ("space before the colon", SETUP + "G : bonus jewel>II\n", ": bonus", "no space before"),
    ("player named in full", TURNS + "1. B: visit 4; steal green\n", "steal green", "'G'"),
    # operators and tokens
    ("spaces around >", SETUP + "G: bonus jewel > II\n", "> II", "no spaces inside 'jewel>II'"),
    ("space after >", TURNS + "1. B: donate 5> I\n", "> I", "no spaces inside '5>I'"),
    ("spaces around > in a donation", TURNS + "1. B: donate 5 > I\n", "> I", "'5>I'"),
    ("space before >", SETUP + "G: bonus jewel >II\n", ">II", "no spaces inside 'jewel>II'"),
    ("spaces around +", ROUND + "G: bid 2 + 3\n", "+ 3", "no spaces inside '2+3'"),
    ("space after +", ROUND + "G: bid 6+ 3\n", "6+ 3", "no spaces inside '6+3'"),
    ("bid as two numbers", ROUND + "G: bid 6 3\n", "G: bid 6 3", "a bid is one token: 'bid 6+3'"),
    (
        "target as two words",
        CHOICES + "B: choose pope; pope-stone greed petty\n",
        "pope-stone greed petty",
        "'pope-stone greed>petty'",
    ),
    (
        "crew target as two numbers",
        TURNS + "1. B: visit 3; R: guess 4; crew 2 3\n",
        "crew 2 3",
        "'crew 2>3'",
    ),
    (
        "digit compartment",
        SETUP + "G: bonus jewel>2\n",
        "G: bonus jewel>2",
        "compartments are written I and II",
    ),
    ("compartment 1", TURNS + "1. B: donate 5>1\n", "B: donate 5>1", "'I'"),
    ("full-width letters", SETUP + "G: bonus jewel>ＩＩ\n", ">ＩＩ", "write 'jewel>II'"),
    ("typographic dash in a card", ROUND.replace("greed-2", "greed–2"), "–2", "'greed-2'"),
    # separators
    ("comma between moves", EMPEROR + "R: choose sinner, visit 5\n", ", visit", "with ';'"),
    ("comma between items", SETUP + "G: bonus jewel>II, B: bonus 10>I\n", ", B:", "no separator"),
    ("comma between words", SETUP + "G: bonus bread>II, wine>I\n", ", wine", "spaces"),
    (
        "comma in the market",
        ROUND.replace("bread bread wine", "bread, bread wine"),
        ", bread",
        "spaces",
    ),
    # words
    ("misspelled verb", SETUP + "G: bonsu jewel>II\n", "G: bonsu", "did you mean 'bonus'?"),
    ("misspelled visit", TURNS + "1. B: vist 3\n", "B: vist 3", "did you mean 'visit'?"),
    (
        "misspelled stone in the market",
        ROUND.replace("market: bread", "market: bred"),
        "market: bred",
        "'bread'",
    ),
    ("misspelled card", ROUND.replace("take-7", "take7"), "rooms: greed-2", "'take-7'"),
    (
        "card name split",
        ROUND.replace("free-good", "free good"),
        "rooms: greed-2",
        "'free-good'",
    ),
    ("letter colour as initial", TURN1 + "2. G: letter r\n", "G: letter r", "'red'"),
    ("misspelled character", BIDS + "G: choose emporer\n", "G: choose emporer", "'emperor'"),
    ("guess room N", TURNS + "1. B: visit 3; R: guess room 4\n", "R: guess room 4", "'guess 4'"),
    ("visit suite N", TURNS + "1. B: visit suite 5\n", "B: visit suite 5", "'visit 5'"),
    # markers, labels, glyphs, headers
    ("chance item without head", "setup\nsouls G B R\n", "souls G", "'souls: G B R'"),
    (
        "market without colon",
        BONUS + "round 1\nmarket bread bread\n",
        "market bread",
        "'market: bread bread'",
    ),
    ("round marker with colon", BONUS + "round 1:\n", "round 1:", "'round 1'"),
    (
        "label without full stop, same line",
        TURNS + "1. B: visit 3; R: guess 4; decline; greedy bread 2 G: pass\n",
        "greedy bread 2",
        "an item number ends with a full stop: '2.'",
    ),
    ("label with parenthesis", TURNS + "1) B: visit 3\n", ") B:", "'1.'"),
    (
        "spaced ? glyph",
        TURNS + "1. B: visit 3; R: guess 4; decline; greedy bread ?\n",
        "greedy bread ?",
        "touches its move: 'greedy bread?'",
    ),
    (
        "nested comment",
        SETUP + "G: bonus jewel>II {a {nice} move}\n",
        "move}",
        "a comment cannot contain '{'",
    ),
]

#: Slips in the headers: (the slip, the headers, the text from the slip on, the hint).
HEADER_SLIPS: list[tuple[str, str, str, str]] = [
    (
        "single-quoted header",
        HEADERS.replace('[Event "e"]', "[Event 'e']"),
        "[Event 'e']",
        "double quotes",
    ),
]


def _where(text: str, fragment: str) -> tuple[int, int]:
    at = text.rindex(fragment)
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def first_error(text: str) -> tuple[str, str | None]:
    """The first error's headline and its hint, from the reader or from replay."""
    record, errors = parse_lenient(text, name="slip.mcn")
    if errors:
        return errors[0].headline, errors[0].hint
    replay = replay_game(record.games[0], file="slip.mcn")
    lines = text.split("\n")
    problems = [d for d in replay.diagnostics if d.severity == "error"]
    assert problems, "the slip was accepted"
    located = problems[0].located(lambda number: lines[number - 1])
    return located.text(), located.hint


def test_the_table_has_the_slips_people_make() -> None:
    assert len(SLIPS) + len(HEADER_SLIPS) >= 50
    assert len({slip for slip, *_ in SLIPS + HEADER_SLIPS}) == len(SLIPS) + len(HEADER_SLIPS)


CASES = [(slip, HEADERS + body, where, hint) for slip, body, where, hint in SLIPS] + [
    (slip, headers + SETUP, where, hint) for slip, headers, where, hint in HEADER_SLIPS
]


@pytest.mark.parametrize(("slip", "text", "where", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_slip_is_told_where_it_was_made_with_its_hint(
    slip: str, text: str, where: str, expected: str
) -> None:
    headline, found = first_error(text)
    line, column = _where(text, where)
    assert headline.startswith(f"slip.mcn:{line}:{column}: error: "), (slip, headline)
    assert found is not None and expected in found, (slip, headline, found)


def test_the_emperors_split_donation_hint_is_in_the_json_report(tmp_path: Path) -> None:
    # R-DON-2: the Emperor donates one or two items in one action; written as two moves the
    # second is refused a turn later, and the hint names the move he meant
    path = tmp_path / "split.mcn"
    path.write_text(HEADERS + TURN1 + "2. G: donate 5>I\n3. G: donate 2>II\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path), "--format", "json"])
    assert result.exit_code == 1
    assert "the Emperor's two donations are one move: 'donate 5>I 2>II'" in result.output


def test_the_summary_after_a_syntax_error_gives_the_headers_as_written(tmp_path: Path) -> None:
    path = tmp_path / "broken.mcn"
    path.write_text(HEADERS + TURN1 + "2. G donate 5>I\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    verdict = next(line for line in result.output.splitlines() if ": game 1: " in line)
    assert 'result "R" claimed' in verdict and 'result "none"' not in verdict
    assert "e / 2024.01.19" in verdict and "3 players: R a, B b, G c" in verdict
