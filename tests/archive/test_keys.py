"""What makes two submissions one game or one table's game (mcn.archive.keys), judged without
the command line: the same table by event, round and players — in other colours, case and
spacing — and never across events or without a round; the same moves whatever the layout."""

from __future__ import annotations

import os

from mcn.archive.judgement import Choices, Judgement, Outcome
from mcn.archive.keys import roster_key, table_key
from mcn.archive.verdict import GameReport, fingerprint
from mcn.commands.random_games import random_records
from mcn.notation import parse, write

PLACINGS = [
    {"colour": "R", "name": "", "place": 1},
    {"colour": "B", "name": "", "place": 2},
    {"colour": "G", "name": "", "place": 3},
]


def report(
    file: str,
    moves: str,
    roster: dict[str, str],
    event: str | None = "Cup",
    round_: str | None = "3",
) -> GameReport:
    placings = [{**p, "name": roster[p["colour"]]} for p in PLACINGS]
    return GameReport(
        file,
        1,
        line=1,
        event=event,
        round=round_,
        roster=roster,
        fingerprint=moves,
        placings=placings,
        result="R",
    )


def judge(*reports: GameReport, choices: Choices | None = None) -> Outcome:
    times = {r.file: index for index, r in enumerate(reports)}
    judgement = Judgement(choices, mtime=times.__getitem__)
    for item in reports:
        judgement.add(item)
    return judgement.decide()


ROSTER = {"R": "Emil Berg", "B": "Ida Roth", "G": "Paula Brandt"}


def test_the_same_table_in_other_colours_case_and_spacing_is_one_table() -> None:
    # names sorted (other colours), case-folded and spacing-folded: one table, two different
    # games of it: a conflict for the organiser, counted for nobody
    other = {"R": "paula  BRANDT", "B": "EMIL berg", "G": "Ida   Roth"}
    assert table_key("Cup", "3", list(ROSTER.values())) == table_key(
        " cup", "3", list(other.values())
    )
    outcome = judge(report("a.mcn", "1111", ROSTER), report("b.mcn", "2222", other))
    assert [e.status for e in outcome.entries] == ["conflict", "conflict"]
    assert "a different game of the same table as game 1 of b.mcn" in outcome.entries[0].note
    # the organiser decides: --prefer the later one
    chosen = judge(
        report("a.mcn", "1111", ROSTER),
        report("b.mcn", "2222", other),
        choices=Choices(prefer=(os.path.realpath("b.mcn"),)),
    )
    assert [e.status for e in chosen.entries] == ["duplicate", "counted"]
    assert chosen.entries[0].rule == "--prefer"


def test_other_event_round_or_players_are_other_tables() -> None:
    cases = [
        report("b.mcn", "2222", ROSTER, event="Other cup"),  # the event is part of the key
        report("b.mcn", "2222", ROSTER, round_="4"),
        report("b.mcn", "2222", {**ROSTER, "G": "Paula Brand"}),  # another player
        report("b.mcn", "2222", ROSTER, round_=None),  # no round: may meet again
    ]
    for case in cases:
        first = report("a.mcn", "1111", ROSTER, round_=None if case.round is None else "3")
        outcome = judge(first, case)
        assert [e.status for e in outcome.entries] == ["counted", "counted"], case
    assert table_key("Cup", None, ["A"]) is None and table_key("Cup", " ", ["A"]) is None


def test_the_same_moves_and_players_in_other_case_and_spacing_is_one_game() -> None:
    same = {"R": "emil  berg", "B": "IDA ROTH", "G": "Paula Brandt"}
    assert roster_key(ROSTER) == roster_key(same)
    outcome = judge(report("a.mcn", "1111", ROSTER), report("b.mcn", "1111", same, round_=None))
    assert [e.status for e in outcome.entries] == ["counted", "duplicate"]
    assert outcome.entries[1].same_as == ("a.mcn", 1)
    assert outcome.entries[1].note.startswith("a copy of game 1 of a.mcn (same moves and players)")
    # the same players in other colours is another roster: a conflict
    swapped = {"R": "Ida Roth", "B": "Emil Berg", "G": "Paula Brandt"}
    clash = judge(report("a.mcn", "1111", ROSTER), report("b.mcn", "1111", swapped))
    assert [e.status for e in clash.entries] == ["conflict", "conflict"]
    assert 'Red "Emil Berg" here, "Ida Roth" there' in clash.entries[0].note


def test_a_reformatted_copy_has_the_same_moves() -> None:
    (game,) = random_records(4, 35, 1)
    text = write(game)
    copy = text.replace("; ", " ;   ").replace("donate", "DONATE")
    copy = copy.replace("round 2\n", "round 2 {from the score sheet}\n", 1)
    (first,) = parse(text).games
    (again,) = parse(copy).games
    assert [m.raw for m in first.moves()] != [m.raw for m in again.moves()]
    assert fingerprint(first) == fingerprint(again) is not None
    changed = text.replace("donate", "buy", 1)
    (other,) = parse(changed).games
    assert fingerprint(other) != fingerprint(first)


def test_the_judgement_in_json_and_text() -> None:
    outcome = judge(report("a.mcn", "1111", ROSTER), report("b.mcn", "1111", ROSTER))
    data = outcome.to_json()
    assert data["summary"]["counted"] == 1 and data["summary"]["duplicate"] == 1
    assert data["games"][1]["same_as"] == {"file": "a.mcn", "game": 1}
    assert data["games"][1]["rule"] == "the earliest modification time"
    lines = outcome.lines()
    assert lines[0] == "Judgement of the submissions: 1 counted, 1 duplicate"
    assert any(line.startswith("  b.mcn game 1: duplicate: a copy of") for line in lines)
