"""Errors that teach: each common slip gets a hint naming the slip and its fix.

The reading stays strict (every case is still an error, with the same first line); the hint
is added afterwards (mcn.notation.hints) and only where the slip is certain. Rule errors show
the source line and a caret at the move, like syntax errors.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mcn.cli import cli
from mcn.io.resources import load_schema
from mcn.notation import parse_lenient
from mcn.notation.hints import hint
from mcn.replay import replay_game

HEADERS = (
    '[Event "e"]\n[Site "s"]\n[Date "2024.01.19"]\n[Red "a"]\n[Blue "b"]\n[Green "c"]\n'
    '[Rules "de-2016"]\n[Board "standard"]\n[Variant "standard"]\n[Result "*"]\n\n'
)
SETUP = "setup\nsouls: G B R\n"
ROUND = (
    SETUP + "G: bonus jewel>II\nB: bonus bread>II wine>I\nR: bonus 10>I\nround 1\n"
    "market: bread bread wine cloth cloth jewel indulgence\n"
    "rooms: greed-2 free-good new-crew take-7\n"
)
BIDS = ROUND + "G: bid 6+3  R: bid 5+0  B: bid 2+1\n"
CHOICES = BIDS + "G: choose emperor; crew 3\nR: choose sinner; visit 5; room 2; take cloth\n"
TURNS = CHOICES + "B: choose pope; pope-stone greed>petty\n"

# (what the slip is, the record's body, a part of the expected hint)
SLIPS = [
    ("colour word as actor", BIDS + "Red: choose emperor\n", "write the colour initial: 'R:'"),
    ("colour word, later", TURNS + "1. B: visit 3; Red: guess 4\n", "'R:'"),
    ("spaces around >", SETUP + "G: bonus jewel > II\n", "no spaces inside 'jewel>II'"),
    ("space after >", TURNS + "1. B: donate 5> I\n", "no spaces inside '5>I'"),
    ("spaces around > (the issue's)", TURNS + "1. B: donate 5 > I\n", "no spaces inside '5>I'"),
    ("spaces around +", ROUND + "G: bid 2 + 3\n", "no spaces inside '2+3'"),
    ("space after +", ROUND + "G: bid 6+ 3\n", "no spaces inside '6+3'"),
    (
        "nested comment",
        SETUP + "G: bonus jewel>II {a {nice} move}\n",
        "a comment cannot contain '{'",
    ),
    (
        "Emperor's donations as two moves",
        TURNS + "1. B: visit 3; R: guess 4; decline; greedy bread\n2. G: donate 5>I; donate 2>II\n",
        "the Emperor's two donations are one move: 'donate 5>I 2>II'",
    ),
    ("comma between moves", CHOICES + "B: choose pope, pope-stone greed>petty\n", "with ';'"),
    ("comma between items", SETUP + "G: bonus jewel>II, B: bonus 10>I\n", "no separator"),
    ("comma between words", SETUP + "G: bonus jewel>II\nB: bonus bread>II, wine>I\n", "spaces"),
    ("full-width letters", SETUP + "G: bonus jewel>ＩＩ\n", "write 'jewel>II'"),
    ("misspelled verb", SETUP + "G: bonsu jewel>II\n", "did you mean 'bonus'?"),
    ("misspelled stone", ROUND.replace("market: bread", "market: bred"), "'bread'"),
    ("card name split", ROUND.replace("free-good", "free good"), "'free-good'"),
    ("letter as initial", TURNS + "1. B: visit 3; R: guess 4; decline; letter r\n", "'red'"),
    ("player in full", TURNS + "1. B: visit 4; steal green\n", "by their initial: 'G'"),
    ("digit compartment", SETUP + "G: bonus jewel>2\n", "compartments are written I and II"),
    (
        "missing colon",
        SETUP + "G bonus jewel>II\n",
        "an actor needs its colon: 'G: bonus jewel>II'",
    ),
    ("space before colon", SETUP + "G : bonus jewel>II\n", "no space before the ':'"),
    ("chance item without head", "setup\nsouls G B R\n", "'souls: G B R'"),
    ("round marker with colon", SETUP + "G: bonus jewel>II\nround 1:\n", "'round 1'"),
    ("bid as two numbers", ROUND + "G: bid 6 3\n", "a bid is one token: 'bid 6+3'"),
    (
        "target as two words",
        CHOICES + "B: choose pope; pope-stone greed petty\n",
        "'pope-stone greed>petty'",
    ),
    (
        "label without full stop",
        TURNS + "1. B: visit 3; R: guess 4; decline; greedy bread 2 G: pass\n",
        "an item number ends with a full stop: '2.'",
    ),
    ("label with parenthesis", TURNS + "1) B: visit 3\n", "'1.'"),
    ("guess room N", TURNS + "1. B: visit 3; R: guess room 4\n", "'guess 4'"),
    (
        "spaced ? glyph",
        TURNS + "1. B: visit 3; R: guess 4; decline; greedy bread ?\n",
        "touches its move: 'greedy bread?'",
    ),
    ("single-quoted header", "", "double quotes"),
]


def first_error(body: str, headers: str = HEADERS) -> tuple[str, str | None]:
    """The first error of the record (its full display) and its hint."""
    text = headers + body
    record, errors = parse_lenient(text, name="slip.mcn")
    if errors:
        return errors[0].format(), errors[0].hint
    replay = replay_game(record.games[0], file="slip.mcn")
    lines = text.split("\n")
    problems = [d for d in replay.diagnostics if d.severity == "error"]
    assert problems, "the slip was accepted"
    located = problems[0].located(lambda number: lines[number - 1])
    return located.display(), located.hint


@pytest.mark.parametrize(("slip", "body", "expected"), SLIPS, ids=[s[0] for s in SLIPS])
def test_each_common_slip_gets_its_hint(slip: str, body: str, expected: str) -> None:
    headers = HEADERS.replace('[Event "e"]', "[Event 'e']") if slip.endswith("header") else HEADERS
    shown, found = first_error(body, headers)
    assert found is not None, f"{slip}: no hint for\n{shown}"
    assert expected in found, f"{slip}: {found!r}"
    assert shown.endswith(f"    hint: {found}")


def test_rule_errors_show_the_source_line_and_a_caret() -> None:
    body = TURNS + "1. B: visit 3; R: guess 4; decline; greedy bread\n2. G: pass; sell jewel\n"
    shown, _ = first_error(body)
    headline, source, caret = shown.split("\n")[:3]
    assert headline.startswith("slip.mcn:")
    assert source == "    2. G: pass; sell jewel"
    column = int(headline.split(":")[2])
    assert caret == "    " + " " * (column - 1) + "^"
    assert source[4 + column - 1 :].startswith("sell jewel")


def test_validate_prints_hint_and_caret(tmp_path: Path) -> None:
    record = tmp_path / "slip.mcn"
    record.write_text(HEADERS + BIDS + "Red: choose emperor\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(record)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if ": error: " in line)
    assert lines[at + 1] == "    Red: choose emperor"
    assert lines[at + 2] == "    ^"
    assert lines[at + 3] == "    hint: write the colour initial: 'R:'"


def test_no_hint_where_the_slip_is_not_certain() -> None:
    assert hint("unexpected end of the file: expected ')'", "(1. B: pass", 12) is None
    assert hint("It is Blue's decision, not Green's.", "G: pass", 4) is None
    assert hint("unknown action 'zzzzzz'", None, None) == "'mcn help moves' lists every move"
    assert hint("unexpected '>': expected a glyph", "R: pass >", 9) is None


def test_the_reading_stays_strict() -> None:
    """Every slip above is still an error: a hint never makes the reading accept more."""
    for _, body, _ in SLIPS:
        shown, _ = first_error(body) if body else first_error("", HEADERS.replace('"e"', "'e'"))
        assert ": error: " in shown.split("\n")[0]


MESSAGES = st.sampled_from(
    [message for _, body, _ in SLIPS if body for message in [first_error(body)[0].split("\n")[0]]]
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(MESSAGES, st.text(max_size=40), st.integers(min_value=-2, max_value=60))
def test_a_hint_never_fails(headline: str, line: str, column: int) -> None:
    message = headline.split(": error: ", 1)[1]
    found = hint(message, line, column)
    assert found is None or isinstance(found, str)


def test_every_command_shows_rule_errors_with_a_caret(tmp_path: Path) -> None:
    record = tmp_path / "slip.mcn"
    record.write_text(HEADERS + SETUP + "G: bonus jewel>II; bonus 10>I\n", encoding="utf-8")
    name = str(record)
    commands = (
        ["replay", name],
        ["redact", name, "--as", "R"],
        ["diff", name, name],
        ["tree", name, "-o", str(tmp_path / "tree.dot")],
        ["position", name],
        ["legal", name],
    )
    for command in commands:
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 1, command
        lines = result.output.splitlines()
        at = next(i for i, line in enumerate(lines) if ": error: " in line)
        # under --as the line is shown as the viewer reads it: Green's compartments are his
        # secrets (R-HID-1), masked the same width-for-width way the caret still points at
        seen = "    G: bonus jewel>?; bonus 10>?" if "--as" in command else None
        assert lines[at + 1] == (seen or "    G: bonus jewel>II; bonus 10>I"), command
        assert lines[at + 2].rstrip().endswith("^"), command
        assert lines[at + 1][len(lines[at + 2].rstrip()) - 1 :].startswith("bonus 10>"), command


def test_validate_json_carries_the_hints_of_the_text_report(tmp_path: Path) -> None:
    # the JSON report gives every diagnostic the hint the text report prints under it, also
    # when the games are checked in worker processes and with --syntax-only
    slips = [BIDS + "Red: choose emperor\n", SETUP + "G: bonus jewel > II\n", TURNS]
    record = tmp_path / "slips.mcn"
    record.write_text("\n".join(HEADERS + body for body in slips), encoding="utf-8")
    text = CliRunner().invoke(cli, ["validate", str(record)]).output
    printed = [line.removeprefix("    hint: ") for line in text.splitlines() if "hint: " in line]
    assert len(printed) == 2
    for extra in ([], ["--jobs", "2"], ["--syntax-only"]):
        result = CliRunner().invoke(cli, ["validate", str(record), "--format", "json", *extra])
        report = json.loads(result.output)
        jsonschema.validate(report, load_schema("report"))
        errors = [d for game in report["games"] for d in game["diagnostics"]]
        given = [d["hint"] for d in errors if d["hint"] is not None]
        if extra == ["--syntax-only"]:  # the colour word is a rule error: replay finds it
            assert given == printed[1:]
        else:
            assert given == printed
        assert all(d["hint"] is None for d in errors if d["severity"] != "error")
