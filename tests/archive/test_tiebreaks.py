"""Ranking with equal points: the countback never rewards worse places (the old bug ranked
more 4th places higher), and every tie-break of ``--tie-break`` does what docs/standings.md
says — on hand-computed tables."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.archive.standings import Row
from mcn.archive.tiebreaks import DEFAULT, TieBreaks, parse_tie_breaks, rank
from mcn.cli import cli
from mcn.commands.random_games import random_records
from mcn.notation import write


def row(key: str, places: list[int], points: Fraction | int) -> Row:
    line = Row(key)
    line.spellings[key] += 1
    line.places = places
    line.games = sum(places)
    line.wins = places[0]
    line.points = Fraction(points)
    return line


def test_more_fourth_places_never_rank_higher() -> None:
    # The regression: equal points (8 pairwise: 3+3+1+1) and wins; the player with six games
    # (2/0/2/2) was ranked above the one with five (2/0/2/1) because the place counts were
    # compared lexicographically as "more is better", 4th places included.
    six = row("six", [2, 0, 2, 2], 8)
    five = row("five", [2, 0, 2, 1], 8)
    ordered = rank([six, five], [], TieBreaks())
    assert [r.key for r in ordered] == ["five", "six"]
    assert (five.rank, six.rank) == (1, 2)
    # the countback alone cannot split them (it never counts 4th places): a shared rank
    shared = rank([six, five], [], TieBreaks(("places",)))
    assert [r.rank for r in shared] == [1, 1]
    # ... and the average place does: 12/5 = 2.4 beats 16/6 = 2.67
    assert [r.key for r in rank([six, five], [], TieBreaks(("average-place",)))] == [
        "five",
        "six",
    ]


def test_countback_prefers_more_better_places() -> None:
    seconds = row("seconds", [1, 2, 0, 0], 7)
    thirds = row("thirds", [1, 1, 2, 0], 7)
    ordered = rank([thirds, seconds], [], TieBreaks(("places",)))
    assert [r.key for r in ordered] == ["seconds", "thirds"]


def test_head_to_head_counts_only_games_among_the_tied() -> None:
    a, b, c = row("a", [1, 0, 1, 0], 4), row("b", [1, 0, 1, 0], 4), row("c", [0, 2, 0, 0], 4)
    games = [
        [("a", 1), ("b", 3), ("x", 2), ("y", 4)],  # a above b
        [("b", 1), ("a", 3), ("c", 2), ("y", 4)],  # b above a and c; c above a
        [("c", 2), ("z", 1), ("w", 3)],
    ]
    # among a, b, c: a beats b once (1); b beats a and c (2); c beats a (1)
    ordered = rank([a, b, c], games, TieBreaks(("head-to-head",)))
    assert [r.key for r in ordered] == ["b", "a", "c"]
    assert [r.rank for r in ordered] == [1, 2, 2]  # a and c: 1 each, shared
    # wins first: c (no win) falls below a and b, and head-to-head between a and b alone
    # is 1 : 1 — they share the rank
    ordered = rank([a, b, c], games, TieBreaks(("wins", "head-to-head")))
    assert [(r.key, r.rank) for r in ordered] == [("a", 1), ("b", 1), ("c", 3)]


def test_buchholz_sums_the_opponents_points() -> None:
    a, b = row("a", [1, 0, 0, 0], 3), row("b", [1, 0, 0, 0], 3)
    strong, weak = row("strong", [2, 0, 0, 0], 9), row("weak", [0, 0, 0, 2], 1)
    games = [[("a", 1), ("strong", 2)], [("b", 1), ("weak", 2)]]
    ordered = rank([b, a, strong, weak], games, TieBreaks(("buchholz",)))
    assert [r.key for r in ordered] == ["strong", "a", "b", "weak"]


def test_points_always_decide_first() -> None:
    low = row("low", [3, 0, 0, 0], 2)
    high = row("high", [0, 0, 0, 1], 3)
    assert [r.key for r in rank([low, high], [], TieBreaks())] == ["high", "low"]


def test_parsing_the_list() -> None:
    assert parse_tie_breaks("points, Wins,head-to-head").order == ("wins", "head-to-head")
    assert parse_tie_breaks("").order == ()
    assert TieBreaks().order == DEFAULT == ("wins", "places", "average-place")
    for bad, words in [
        ("wins,luck", "unknown tie-break 'luck'"),
        ("wins,wins", "named twice"),
        ("wins,points", "points always decide first"),
    ]:
        with pytest.raises(ValueError, match=words):
            parse_tie_breaks(bad)
    assert TieBreaks(("wins",)).describe() == "points; then more wins"


def test_every_human_output_states_scoring_and_tie_breaks(tmp_path: Path) -> None:
    path = tmp_path / "games.mcn"
    path.write_text("\n".join(write(g) for g in random_records(4, 260, 3)), encoding="utf-8")
    runner = CliRunner()
    for form in ("text", "md", "html"):
        out = runner.invoke(cli, ["standings", "--format", form, str(path)]).stdout
        assert "pairwise: 1 point for every opponent placed below" in out, form
        assert "then more wins; then more 1st, then 2nd, then 3rd places" in out, form
    out = runner.invoke(
        cli, ["standings", "--points", "3,1", "--tie-break", "head-to-head", str(path)]
    ).stdout
    assert "points per place: 1st 3, 2nd 1; any other place 0" in out
    assert "Ranks: points; then head-to-head among the tied" in out
    data = json.loads(runner.invoke(cli, ["standings", "--format", "json", str(path)]).stdout)
    assert data["tie_breaks"] == ["wins", "places", "average-place"]
    bad = runner.invoke(cli, ["standings", "--tie-break", "luck", str(path)])
    assert bad.exit_code == 2 and "unknown tie-break 'luck'" in bad.output
