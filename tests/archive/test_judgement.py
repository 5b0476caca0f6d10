"""The folder's judgement (mcn.archive.judgement) decided without the command line, rule by rule:
which copy counts and which rule said so, what a conflict names, how a broken copy is pointed
at its valid game, how games link into groups, what the schedule changes, and every word and
count of the reports. Each expectation is written from the rule in the module's docstring and
docs/standings.md, not read back from the code; the reports are compared whole.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
from pathlib import Path
from typing import Any

import pytest

from mcn.archive.judgement import (
    BY_NUMBER,
    BY_PATH,
    BY_PREFER,
    BY_SCHEDULE,
    BY_TIME,
    Choices,
    Entry,
    FileNote,
    Judgement,
    Outcome,
    first_error,
    missing_text,
)
from mcn.archive.schedule import Schedule, Table
from mcn.archive.verdict import GameReport
from mcn.replay.model import Diagnostic

ALICE = {"R": "Alice", "B": "Bob", "G": "Carla"}
DORA = {"R": "Dora", "B": "Emil", "G": "Finn"}
STDIN_TIME = 1 << 62


def placings(roster: dict[str, str]) -> list[dict[str, Any]]:
    return [
        {"colour": colour, "name": name, "place": place}
        for place, (colour, name) in enumerate(roster.items(), start=1)
    ]


def game(
    file: str,
    moves: str | None,
    roster: dict[str, str] | None = None,
    *,
    number: int = 1,
    finished: bool = True,
    errors: tuple[str, ...] = (),
    event: str | None = None,
    round_: str | None = None,
) -> GameReport:
    """A game as the per-game validation reports it (``moves``: its fingerprint)."""
    roster = ALICE if roster is None else roster
    return GameReport(
        file,
        number,
        line=10 * number,
        event=event,
        round=round_,
        date="2026-11-27",
        roster=dict(roster),
        fingerprint=moves,
        placings=placings(roster) if finished else [],
        result="R" if finished else None,
        diagnostics=[Diagnostic("error", "illegal", text) for text in errors],
        stops=None if finished else "the record ends in the middle of round 3",
    )


def judge(
    *reports: GameReport,
    times: dict[str, int] | None = None,
    choices: Choices | None = None,
) -> Outcome:
    """Judge ``reports`` in this order; files are modified in the order they first appear
    unless ``times`` says otherwise."""
    clock = dict(times or {})
    for report in reports:
        clock.setdefault(report.file, len(clock) + 100)
    judgement = Judgement(choices, mtime=clock.__getitem__)
    for report in reports:
        judgement.add(report)
    return judgement.decide()


def statuses(outcome: Outcome) -> list[tuple[str, str]]:
    return [(e.file, e.status) for e in outcome.entries]


# ---- which copy counts, and which rule said so --------------------------------------------------


def test_the_earliest_copy_counts_whatever_the_names_and_input_order() -> None:
    outcome = judge(game("a.mcn", "m1"), game("b.mcn", "m1"), times={"a.mcn": 300, "b.mcn": 200})
    assert statuses(outcome) == [("a.mcn", "duplicate"), ("b.mcn", "counted")]
    first, second = outcome.entries
    assert first.same_as == ("b.mcn", 1) and first.rule == BY_TIME
    assert first.note == (
        "a copy of game 1 of b.mcn (same moves and players), which counts"
        " — decided by the earliest modification time"
    )
    assert second.rule == BY_TIME and second.same_as is None
    assert second.note == (
        "the copy that counts among several — decided by the earliest modification time"
    )


def test_equal_times_fall_back_to_the_path_then_to_the_game_number() -> None:
    by_path = judge(game("b.mcn", "m1"), game("a.mcn", "m1"), times={"a.mcn": 5, "b.mcn": 5})
    assert statuses(by_path) == [("b.mcn", "duplicate"), ("a.mcn", "counted")]
    assert {e.rule for e in by_path.entries} == {BY_PATH}
    # two copies in one file: the lower game number counts
    by_number = judge(game("a.mcn", "m1", number=2), game("a.mcn", "m1", number=1))
    assert [(e.game, e.status, e.rule) for e in by_number.entries] == [
        (2, "duplicate", BY_NUMBER),
        (1, "counted", BY_NUMBER),
    ]
    # a third copy in another file modified at the same time: the file's two games tie on time
    # with each other, so the game number is still what decided
    mixed = judge(
        game("a.mcn", "m1", number=1),
        game("a.mcn", "m1", number=2),
        game("b.mcn", "m1"),
        times={"a.mcn": 5, "b.mcn": 5},
    )
    assert [e.rule for e in mixed.entries] == [BY_NUMBER] * 3
    # a later copy in another file and an earlier time: time decides, even with a second game
    later = judge(
        game("a.mcn", "m1", number=1),
        game("b.mcn", "m1"),
        times={"a.mcn": 5, "b.mcn": 6},
    )
    assert [e.rule for e in later.entries] == [BY_TIME] * 2
    # one file earlier than one copy, tied with another: not decided by time alone
    tied = judge(
        game("c.mcn", "m1"),
        game("a.mcn", "m1"),
        game("b.mcn", "m1"),
        times={"a.mcn": 5, "b.mcn": 5, "c.mcn": 9},
    )
    assert statuses(tied) == [("c.mcn", "duplicate"), ("a.mcn", "counted"), ("b.mcn", "duplicate")]
    assert {e.rule for e in tied.entries} == {BY_PATH}


def test_a_lone_game_counts_with_no_rule_and_no_note() -> None:
    outcome = judge(game("a.mcn", "m1"), game("b.mcn", "m2", DORA))
    assert statuses(outcome) == [("a.mcn", "counted"), ("b.mcn", "counted")]
    assert all(e.rule is None and e.note == "" and e.same_as is None for e in outcome.entries)
    assert outcome.decided() == []
    assert outcome.lines() == ["Judgement of the submissions: 2 counted"]


def test_an_unfinished_copy_stands_as_unfinished() -> None:
    outcome = judge(game("a.mcn", "m1", finished=False), game("b.mcn", "m1", finished=False))
    assert statuses(outcome) == [("a.mcn", "unfinished"), ("b.mcn", "duplicate")]
    first, second = outcome.entries
    assert first.kept and not first.counts
    assert not second.kept and not second.counts
    assert outcome.summary() == "0 counted, 1 unfinished, 1 duplicate"


def test_prefer_picks_the_copy_and_says_so(tmp_path: Path) -> None:
    chosen = str(tmp_path / "late.mcn")
    outcome = judge(
        game("early.mcn", "m1"),
        game(chosen, "m1"),
        choices=Choices(prefer=(os.path.realpath(chosen),)),
    )
    assert statuses(outcome) == [("early.mcn", "duplicate"), (chosen, "counted")]
    assert [e.rule for e in outcome.entries] == [BY_PREFER, BY_PREFER]
    assert outcome.entries[0].note.endswith("— decided by --prefer")
    assert outcome.entries[0].same_as == (chosen, 1)


def test_prefer_of_another_roster_sets_the_other_copy_aside() -> None:
    other = {**ALICE, "G": "Carl"}
    outcome = judge(
        game("a.mcn", "m1"),
        game("b.mcn", "m1", other),
        choices=Choices(prefer=(os.path.realpath("b.mcn"),)),
    )
    assert statuses(outcome) == [("a.mcn", "duplicate"), ("b.mcn", "counted")]
    assert outcome.entries[0].note == (
        "set aside: game 1 of b.mcn counts instead — decided by --prefer"
    )


def test_two_preferred_copies_that_disagree_are_still_a_conflict() -> None:
    other = {**ALICE, "G": "Carl"}
    both = (os.path.realpath("a.mcn"), os.path.realpath("b.mcn"))
    outcome = judge(game("a.mcn", "m1"), game("b.mcn", "m1", other), choices=Choices(prefer=both))
    assert statuses(outcome) == [("a.mcn", "conflict"), ("b.mcn", "conflict")]
    assert all(e.rule is None for e in outcome.entries)


def test_supersedes_takes_every_game_of_the_old_file_out() -> None:
    outcome = judge(
        game("old.mcn", "m1", number=1),
        game("old.mcn", "m9", DORA, number=2),
        game("new.mcn", "m1"),
        choices=Choices(supersedes=((os.path.realpath("old.mcn"), "new.mcn"),)),
    )
    assert [(e.file, e.game, e.status) for e in outcome.entries] == [
        ("old.mcn", 1, "superseded"),
        ("old.mcn", 2, "superseded"),
        ("new.mcn", 1, "counted"),
    ]
    old = outcome.entries[0]
    assert old.rule == "--supersedes"
    assert old.note == "superseded by new.mcn (--supersedes)"
    # the new file's copy is alone now: no rule decided it
    assert outcome.entries[2].rule is None and outcome.entries[2].note == ""


def test_standard_input_is_named_as_is() -> None:
    outcome = judge(
        game("-", "m1"),
        game("a.mcn", "m2", DORA),
        choices=Choices(supersedes=(("-", "a.mcn"),)),
    )
    assert statuses(outcome) == [("-", "superseded"), ("a.mcn", "counted")]


# ---- conflicts ----------------------------------------------------------------------------------


def test_the_same_moves_under_other_players_names_each_difference() -> None:
    other = {"R": "alice", "B": "Bert", "G": "Carla"}
    outcome = judge(game("a.mcn", "m1"), game("b.mcn", "m1", other))
    assert statuses(outcome) == [("a.mcn", "conflict"), ("b.mcn", "conflict")]
    first, second = outcome.entries
    assert first.same_as == ("b.mcn", 1) and second.same_as == ("a.mcn", 1)
    assert first.rule is None
    assert first.note == (
        'the same moves as game 1 of b.mcn but other players: Blue "Bob" here, "Bert" there'
        " — counted for nobody until the organiser decides (--prefer PATH or --supersedes"
        " OLD=NEW)"
    )
    assert second.note.startswith(
        'the same moves as game 1 of a.mcn but other players: Blue "Bert" here, "Bob" there —'
    )


def test_a_colour_only_one_copy_has_is_a_difference() -> None:
    four = {**ALICE, "Y": "Dora"}
    outcome = judge(game("a.mcn", "m1", four), game("b.mcn", "m1"))
    assert outcome.entries[0].note.startswith(
        'the same moves as game 1 of b.mcn but other players: Yellow "Dora" here, "" there —'
    )
    # a colour seated by nobody in one copy and missing in the other: no name differs
    empty = judge(game("a.mcn", "m1", {**ALICE, "Y": ""}), game("b.mcn", "m1"))
    assert [e.status for e in empty.entries] == ["conflict", "conflict"]
    assert "but other players: the same names —" in empty.entries[0].note


def test_a_conflict_of_three_names_every_other_copy() -> None:
    other = {**ALICE, "G": "Carl"}
    outcome = judge(
        game("a.mcn", "m1", event="Cup", round_="1"),
        game("b.mcn", "m1", other, event="Cup", round_="9"),
        game("c.mcn", "m1", event="Cup", round_="1"),
        game("d.mcn", "m2", event="Cup", round_="1"),
    )
    assert [e.status for e in outcome.entries] == ["conflict"] * 4
    first = outcome.entries[0]
    assert first.same_as == ("b.mcn", 1)
    assert first.note.split(" — ")[0] == (
        'the same moves as game 1 of b.mcn but other players: Green "Carla" here, "Carl" there; '
        "a copy of game 1 of c.mcn; "
        "a different game of the same table as game 1 of d.mcn"
    )


def test_a_conflict_lists_the_others_in_the_order_of_the_decision() -> None:
    # the other copies come oldest first, not in input order
    outcome = judge(
        game("z.mcn", "m2", event="Cup", round_="1"),
        game("y.mcn", "m1", event="Cup", round_="1"),
        game("x.mcn", "m3", event="Cup", round_="1"),
        times={"x.mcn": 1, "y.mcn": 2, "z.mcn": 3},
    )
    assert [e.same_as for e in outcome.entries] == [("x.mcn", 1), ("x.mcn", 1), ("y.mcn", 1)]


# ---- groups: which games are compared at all ---------------------------------------------------


def test_games_link_through_moves_and_through_their_table() -> None:
    # a and b share the moves, b and c the table: one group of three, in which a and b are one
    # game and c another game of b's table
    outcome = judge(
        game("a.mcn", "m1", round_=None),
        game("b.mcn", "m1", event="Cup", round_="2"),
        game("c.mcn", "m2", event="Cup", round_="2"),
        game("d.mcn", "m3", DORA, event="Cup", round_="2"),
    )
    assert statuses(outcome) == [
        ("a.mcn", "conflict"),
        ("b.mcn", "conflict"),
        ("c.mcn", "conflict"),
        ("d.mcn", "counted"),
    ]


def test_a_chain_of_links_is_one_group() -> None:
    # a-b by moves, c-d by moves, b-c by table: the union reaches a from d
    outcome = judge(
        game("a.mcn", "m1"),
        game("b.mcn", "m1", event="Cup", round_="1"),
        game("c.mcn", "m2", event="Cup", round_="1"),
        game("d.mcn", "m2"),
        game("e.mcn", "m1", event="Cup", round_="1"),
    )
    assert [e.status for e in outcome.entries] == ["conflict"] * 5
    assert outcome.entries[3].note.count("game 1 of") == 4


def test_games_without_moves_are_compared_only_by_table() -> None:
    outcome = judge(game("a.mcn", None), game("b.mcn", None))
    assert statuses(outcome) == [("a.mcn", "counted"), ("b.mcn", "counted")]
    same_table = judge(
        game("a.mcn", None, event="Cup", round_="1"), game("b.mcn", None, event="Cup", round_="1")
    )
    assert statuses(same_table) == [("a.mcn", "counted"), ("b.mcn", "duplicate")]


def test_the_table_needs_the_event_round_and_players() -> None:
    cases = {
        "another event": game("b.mcn", "m2", event="Cup 2", round_="1"),
        "another round": game("b.mcn", "m2", event="Cup", round_="2"),
        "other players": game("b.mcn", "m2", {**ALICE, "B": "Ben"}, event="Cup", round_="1"),
        "no round": game("b.mcn", "m2", event="Cup"),
    }
    for why, case in cases.items():
        first = game("a.mcn", "m1", event="Cup", round_="1" if case.round else None)
        assert statuses(judge(first, case)) == [
            ("a.mcn", "counted"),
            ("b.mcn", "counted"),
        ], why
    # the same table however written: other colours, case, spacing
    written = {"R": "carla", "B": "ALICE", "G": " Bob "}
    outcome = judge(
        game("a.mcn", "m1", event="Cup", round_="1"),
        game("b.mcn", "m2", written, event=" CUP", round_=" 1 "),
    )
    assert [e.status for e in outcome.entries] == ["conflict", "conflict"]


# ---- broken copies ------------------------------------------------------------------------------


def test_an_invalid_copy_points_at_the_first_standing_copy() -> None:
    outcome = judge(
        game("0-broken.mcn", "m1", errors=("R: pick red is not legal",)),
        game("a.mcn", "m1"),
        game("b.mcn", "m1"),
        game("c.mcn", "m2", DORA, errors=("no such move",)),
        game("d.mcn", None, errors=("unreadable",)),
    )
    assert statuses(outcome) == [
        ("0-broken.mcn", "invalid"),
        ("a.mcn", "counted"),
        ("b.mcn", "duplicate"),
        ("c.mcn", "invalid"),
        ("d.mcn", "invalid"),
    ]
    broken = outcome.entries[0]
    assert broken.same_as == ("a.mcn", 1)
    assert broken.note == "a broken copy of game 1 of a.mcn, which is valid and counts"
    assert broken.reason == "R: pick red is not legal"
    # an invalid game of moves nobody else has, or of no moves: no note
    assert [(e.same_as, e.note) for e in outcome.entries[3:]] == [(None, ""), (None, "")]


def test_an_unfinished_standing_copy_is_pointed_at_too() -> None:
    outcome = judge(game("a.mcn", "m1", finished=False), game("b.mcn", "m1", errors=("bad",)))
    assert outcome.entries[1].same_as == ("a.mcn", 1)


def test_an_invalid_copy_never_points_at_a_game_that_does_not_stand() -> None:
    other = {**ALICE, "G": "Carl"}
    outcome = judge(
        game("a.mcn", "m1"),
        game("b.mcn", "m1", other),
        game("c.mcn", "m1", errors=("bad",)),
    )
    assert statuses(outcome)[2] == ("c.mcn", "invalid")
    assert outcome.entries[2].same_as is None and outcome.entries[2].note == ""


# ---- the schedule -------------------------------------------------------------------------------


def schedule() -> Schedule:
    return Schedule(
        "day.toml",
        [
            Table("1", "1", ("Alice", "Bob", "Carla"), 3),
            Table("1", "2", ("Dora", "Emil", "Finn"), 7),
            Table("2", "1", ("Alice", "Emil", "Gina"), 11),
        ],
        event="Cup",
    )


def test_the_copy_that_matches_its_table_counts() -> None:
    typo = {**ALICE, "G": "Karla"}
    outcome = judge(
        game("typo.mcn", "m1", typo, event="Cup", round_="1"),
        game("right.mcn", "m1", event="Cup", round_="1"),
        choices=Choices(schedule=schedule()),
    )
    assert statuses(outcome) == [("typo.mcn", "duplicate"), ("right.mcn", "counted")]
    assert [e.rule for e in outcome.entries] == [BY_SCHEDULE, BY_SCHEDULE]
    assert [e.table for e in outcome.entries] == ["round 1, table 1", "round 1, table 1"]
    assert outcome.entries[0].mismatch is not None and outcome.entries[1].mismatch is None
    assert outcome.entries[0].note == (
        "set aside: game 1 of right.mcn counts instead — decided by the schedule"
    )
    # the tables nobody handed a game in for, in the schedule's order
    assert [t.label for t in outcome.missing] == ["round 1, table 2", "round 2, table 1"]


def test_when_every_copy_matches_the_schedule_does_not_decide() -> None:
    outcome = judge(
        game("a.mcn", "m1", event="Cup", round_="1"),
        game("b.mcn", "m1", event="Cup", round_="1"),
        choices=Choices(schedule=schedule()),
    )
    assert [e.rule for e in outcome.entries] == [BY_TIME, BY_TIME]
    # none matches (another event): time decides too
    elsewhere = judge(
        game("a.mcn", "m1", event="Open", round_="1"),
        game("b.mcn", "m1", event="Open", round_="1"),
        choices=Choices(schedule=schedule()),
    )
    assert [e.rule for e in elsewhere.entries] == [BY_TIME, BY_TIME]
    assert all(e.mismatch for e in elsewhere.entries)


def test_without_a_schedule_a_table_label_alone_decides_nothing() -> None:
    outcome = judge(game("a.mcn", "m1"), game("b.mcn", "m1"))
    outcome.entries[1].table = "round 1, table 1"
    assert [e.rule for e in outcome.entries] == [BY_TIME, BY_TIME]


def test_games_of_one_scheduled_table_are_one_group_and_invalid_games_are_attributed() -> None:
    # two different games attributed to one table although their rosters differ (one typo)
    typo = {**ALICE, "G": "Karla"}
    outcome = judge(
        game("a.mcn", "m1", event="Cup", round_="1"),
        game("b.mcn", "m2", typo, event="Cup", round_="1"),
        game("c.mcn", "m3", DORA, event="Cup", round_="1", errors=("bad",)),
        game("d.mcn", "m4", {}, errors=("no players",)),
        choices=Choices(schedule=schedule()),
    )
    assert statuses(outcome) == [
        ("a.mcn", "counted"),
        ("b.mcn", "duplicate"),
        ("c.mcn", "invalid"),
        ("d.mcn", "invalid"),
    ]
    # the invalid game with a roster was handed in for its table; the one without is nowhere
    assert [e.table for e in outcome.entries] == [
        "round 1, table 1",
        "round 1, table 1",
        "round 1, table 2",
        None,
    ]
    assert [t.label for t in outcome.missing] == ["round 2, table 1"]
    assert "[schedule: " in "\n".join(outcome.lines())


# ---- the entry, the file notes, the reports ----------------------------------------------------


def test_add_keeps_what_the_judgement_needs_and_asks_each_file_time_once() -> None:
    asked: list[str] = []

    def mtime(path: str) -> int:
        asked.append(path)
        return 7

    judgement = Judgement(mtime=mtime)
    report = game("a.mcn", "m1", event="Cup", round_="2", number=3)
    report.placings = [
        {"colour": "R", "name": "Alice", "place": "1"},
        {"colour": "B", "name": None, "place": 2},
    ]
    report.diagnostics = [
        Diagnostic("warning", "breach", "late bid"),
        Diagnostic("error", "illegal", "not legal", address="2.3"),
        Diagnostic("error", "illegal", "second"),
    ]
    entry = judgement.add(report, matched=False)
    assert entry is not None
    assert (entry.file, entry.game, entry.line) == ("a.mcn", 3, 30)
    assert (entry.valid, entry.finished) == (False, True)
    assert (entry.event, entry.round, entry.date) == ("Cup", "2", "2026-11-27")
    assert entry.roster == (("R", "Alice"), ("B", "Bob"), ("G", "Carla"))
    assert entry.placings == (("R", "Alice", 1), ("B", "", 2))
    assert (entry.fingerprint, entry.result, entry.stops) == ("m1", "R", None)
    assert entry.reason == "2.3: not legal"
    assert (entry.mtime, entry.matched, entry.status) == (7, False, "")
    judgement.add(game("a.mcn", "m2", number=4))
    judgement.add(game("b.mcn", "m3"))
    assert asked == ["a.mcn", "b.mcn"]
    assert judgement.outcome.entries[0] is entry and len(judgement.outcome.entries) == 3


def test_the_first_error_is_the_reason() -> None:
    report = GameReport("a.mcn", 1)
    assert first_error(report) is None
    report.diagnostics = [Diagnostic("warning", "breach", "only a warning")]
    assert first_error(report) is None
    report.diagnostics.append(Diagnostic("error", "syntax", "expected a move"))
    report.diagnostics.append(Diagnostic("error", "illegal", "later", address="1.1"))
    assert first_error(report) == "expected a move"


def test_notes_about_whole_files_are_kept_apart_from_games() -> None:
    judgement = Judgement(mtime=lambda path: 1)
    note = GameReport("latin.mcn", 0)
    note.diagnostics = [
        Diagnostic("warning", "encoding", "read as Latin-1"),
        Diagnostic("note", "encoding", "just a note"),
    ]
    empty = GameReport("empty.mcn", 0)
    empty.diagnostics = [Diagnostic("error", "syntax", "no game in the file")]
    assert judgement.add(note) is None and judgement.add(empty) is None
    judgement.add(game("latin.mcn", "m1"))
    outcome = judgement.decide()
    assert outcome.files == [
        FileNote("latin.mcn", "warning", "read as Latin-1"),
        FileNote("empty.mcn", "error", "no game in the file"),
    ]
    assert outcome.encodings == [FileNote("latin.mcn", "warning", "read as Latin-1")]
    assert outcome.problems == [FileNote("empty.mcn", "error", "no game in the file")]
    assert [e.file for e in outcome.entries] == ["latin.mcn"]
    assert outcome.files[1].to_json() == {
        "file": "empty.mcn",
        "severity": "error",
        "message": "no game in the file",
    }


def test_the_text_report_names_every_decision_the_encodings_and_the_missing_tables() -> None:
    typo = {**ALICE, "G": "Karla"}
    judgement = Judgement(
        Choices(
            schedule=schedule(),
            supersedes=((os.path.realpath("old.mcn"), "new.mcn"),),
        ),
        mtime={"typo.mcn": 1, "right.mcn": 2, "d.mcn": 3, "e.mcn": 4, "old.mcn": 5}.__getitem__,
    )
    note = GameReport("d.mcn", 0)
    note.diagnostics = [Diagnostic("warning", "encoding", "read as Latin-1")]
    for report in (
        game("typo.mcn", "m1", typo, event="Cup", round_="1"),
        game("right.mcn", "m1", event="Cup", round_="1"),
        note,
        game("d.mcn", "m2", DORA, event="Cup", round_="1"),
        game("e.mcn", "m3", DORA, event="Cup", round_="1"),
        game("old.mcn", "m5", DORA, event="Cup", round_="7"),
    ):
        judgement.add(report)
    outcome = judgement.decide()
    assert outcome.summary() == "1 counted, 1 duplicate, 2 conflict, 1 superseded"
    assert outcome.lines() == [
        "Judgement of the submissions: 1 counted, 1 duplicate, 2 conflict, 1 superseded",
        "  typo.mcn game 1: duplicate: set aside: game 1 of right.mcn counts instead — decided"
        " by the schedule [schedule: the players do not match round 1, table 1: Karla not"
        " seated there; Carla missing]",
        "  right.mcn game 1: counted: the copy that counts among several — decided by the schedule",
        "  d.mcn game 1: CONFLICT: a different game of the same table as game 1 of e.mcn —"
        " counted for nobody until the organiser decides (--prefer PATH or --supersedes"
        " OLD=NEW)",
        "  e.mcn game 1: CONFLICT: a different game of the same table as game 1 of d.mcn —"
        " counted for nobody until the organiser decides (--prefer PATH or --supersedes"
        " OLD=NEW)",
        "  old.mcn game 1: superseded: superseded by new.mcn (--supersedes) [schedule:"
        ' [Round "7"], but these players sit together in round 1]',
        "  d.mcn: encoding guessed: read as Latin-1",
        "  round 2, table 1 (Alice, Emil, Gina): handed in nothing",
    ]


def test_a_mismatch_alone_is_a_decision_worth_reporting() -> None:
    outcome = judge(
        game("a.mcn", "m1", event="Open", round_="1"), choices=Choices(schedule=schedule())
    )
    (entry,) = outcome.entries
    assert entry.note == "" and entry.mismatch is not None
    assert outcome.decided() == [entry]
    assert outcome.lines()[1] == f"  a.mcn game 1: counted [schedule: {entry.mismatch}]"


def test_the_judgement_in_json_has_every_status_game_and_table() -> None:
    outcome = judge(
        game("a.mcn", "m1", event="Cup", round_="1"),
        game("b.mcn", "m1", event="Cup", round_="1"),
        game("c.mcn", "m3", DORA, finished=False, event="Cup", round_="1"),
        choices=Choices(schedule=schedule()),
    )
    data = outcome.to_json()
    assert data["summary"] == {
        "counted": 1,
        "unfinished": 1,
        "invalid": 0,
        "duplicate": 1,
        "conflict": 0,
        "superseded": 0,
    }
    assert data["games"] == [
        {
            "file": "a.mcn",
            "game": 1,
            "status": "counted",
            "note": "the copy that counts among several — decided by the earliest modification"
            " time",
            "same_as": None,
            "rule": BY_TIME,
            "table": "round 1, table 1",
            "mismatch": None,
            "stops": None,
        },
        {
            "file": "b.mcn",
            "game": 1,
            "status": "duplicate",
            "note": "a copy of game 1 of a.mcn (same moves and players), which counts — decided"
            " by the earliest modification time",
            "same_as": {"file": "a.mcn", "game": 1},
            "rule": BY_TIME,
            "table": "round 1, table 1",
            "mismatch": None,
            "stops": None,
        },
        {
            "file": "c.mcn",
            "game": 1,
            "status": "unfinished",
            "note": None,
            "same_as": None,
            "rule": None,
            "table": "round 1, table 2",
            "mismatch": None,
            "stops": "the record ends in the middle of round 3",
        },
    ]
    assert data["encodings"] == []
    assert data["missing_tables"] == [
        {"round": "2", "table": "1", "players": ["Alice", "Emil", "Gina"]}
    ]


def test_missing_text_names_the_table_and_its_players() -> None:
    table = Table("3", "B", ("Anke", "Jonas"), 1)
    assert missing_text(table) == "round 3, table B (Anke, Jonas): handed in nothing"


def test_an_entry_knows_its_label_identity_and_table() -> None:
    entry = judge(
        game("a.mcn", "m1", {"R": "Alice ", "B": "BOB"}, event="Cup", round_="4")
    ).entries[0]
    assert entry.label() == "game 1 of a.mcn"
    assert entry.identity == ("m1", (("B", "bob"), ("R", "alice")))
    assert entry.table_key == ("cup", "4", ("alice", "bob"))


def test_the_records_are_immutable_where_shared_and_compact() -> None:
    choices = Choices()
    with pytest.raises(dataclasses.FrozenInstanceError):
        choices.prefer = ("x",)  # type: ignore[misc]
    note = FileNote("a", "error", "m")
    with pytest.raises(dataclasses.FrozenInstanceError):
        note.message = "n"  # type: ignore[misc]
    entry = judge(game("a.mcn", "m1")).entries[0]
    # one game of a 100 MB archive holds a few hundred bytes: no per-instance dictionary
    for item in (choices, note, entry, Outcome()):
        assert not hasattr(item, "__dict__"), type(item).__name__
    assert Choices() == Choices(prefer=(), supersedes=(), schedule=None)
    assert isinstance(Entry.__slots__, tuple)


# ---- modification times -------------------------------------------------------------------------


def test_standard_input_comes_after_every_file_even_one_from_the_far_future(
    tmp_path: Path,
) -> None:
    far = tmp_path / "far.mcn"
    far.write_text("x", encoding="utf-8")
    year_2100 = 4_102_444_800 * 10**9
    os.utime(far, ns=(year_2100, year_2100))
    now = tmp_path / "now.mcn"
    now.write_text("x", encoding="utf-8")
    judgement = Judgement()
    for report in (
        game("-", "m1"),
        game("<stdin>", "m1"),
        game(str(far), "m1"),
        game(str(now), "m1"),
    ):
        judgement.add(report)
    entries = judgement.outcome.entries
    assert [e.mtime for e in entries] == [
        STDIN_TIME,
        STDIN_TIME,
        year_2100,
        now.stat().st_mtime_ns,
    ]
    assert entries[2].mtime < entries[0].mtime
    # a file gone since it was read sorts with standard input, after every file
    gone = Judgement()
    gone.add(game(str(tmp_path / "gone.mcn"), "m1"))
    assert gone.outcome.entries[0].mtime == STDIN_TIME
    outcome = judgement.decide()
    assert [e.status for e in outcome.entries] == ["duplicate", "duplicate", "duplicate", "counted"]


def test_prefer_compares_real_paths(tmp_path: Path) -> None:
    real = tmp_path / "real.mcn"
    real.write_text("x", encoding="utf-8")
    link = tmp_path / "link.mcn"
    link.symlink_to(real)
    outcome = judge(
        game("a.mcn", "m1"),
        game(str(link), "m1"),
        choices=Choices(prefer=(str(real),)),
    )
    assert statuses(outcome) == [("a.mcn", "duplicate"), (str(link), "counted")]


def test_the_outcome_counts_statuses() -> None:
    outcome = Outcome(
        entries=[
            Entry(
                "a",
                1,
                1,
                True,
                True,
                None,
                None,
                None,
                (),
                (),
                "m",
                "R",
                None,
                None,
                0,
                status=status,
            )
            for status in ("counted", "counted", "invalid")
        ]
    )
    assert (outcome.count("counted"), outcome.count("invalid"), outcome.count("conflict")) == (
        2,
        1,
        0,
    )
    assert outcome.summary() == "2 counted, 1 invalid"
    assert Outcome().summary() == "0 counted"


# ---- reports from worker processes --------------------------------------------------------------


def from_a_worker(report: GameReport) -> GameReport:
    """The report as ``--jobs`` hands it back: pickled in a worker process and read here, so
    that its strings are equal to, but not the same objects as, this process's."""
    copy: GameReport = pickle.loads(pickle.dumps(report))
    return copy


def test_reports_from_worker_processes_are_judged_by_value() -> None:
    # two copies in one file, each report pickled on its own: the file names are equal
    # strings, not one object, and it is still one file whose game number decides
    first = from_a_worker(game("a.mcn", "m1", number=1))
    second = from_a_worker(game("a.mcn", "m1", number=2))
    assert first.file == second.file and first.file is not second.file
    outcome = judge(second, first)
    assert [(e.game, e.status, e.rule) for e in outcome.entries] == [
        (2, "duplicate", BY_NUMBER),
        (1, "counted", BY_NUMBER),
    ]
    # the first error of a game, and a file's problem, whose severities were pickled
    broken = from_a_worker(game("b.mcn", "m2", DORA, errors=("expected a move",)))
    assert first_error(broken) == "expected a move"
    empty = GameReport("empty.mcn", 0)
    empty.diagnostics = [Diagnostic("error", "syntax", "no game in the file")]
    judgement = Judgement(mtime=lambda path: 1)
    judgement.add(from_a_worker(empty))
    latin = GameReport("latin.mcn", 0)
    latin.diagnostics = [Diagnostic("warning", "encoding", "read as Latin-1")]
    judgement.add(from_a_worker(latin))
    outcome = judgement.decide()
    assert outcome.problems == [FileNote("empty.mcn", "error", "no game in the file")]
    assert outcome.encodings == [FileNote("latin.mcn", "warning", "read as Latin-1")]


# ---- more groups and defaults -------------------------------------------------------------------


def test_a_game_linking_two_earlier_groups_joins_them_into_one() -> None:
    # the third game has the first one's moves and the second one's table: the first two,
    # unrelated until then, are one group with it (the union of two earlier groups whose
    # first members come in either order)
    outcome = judge(
        game("a.mcn", "m1"),
        game("b.mcn", "m2", event="Cup", round_="1"),
        game("c.mcn", "m1", event="Cup", round_="1"),
        game("d.mcn", "m3", DORA, event="Cup", round_="5"),
        game("e.mcn", "m4", DORA),
        game("f.mcn", "m4", DORA, event="Cup", round_="5"),
    )
    assert [e.status for e in outcome.entries] == ["conflict"] * 6
    assert outcome.entries[1].note.count("game 1 of") == 2
    assert outcome.entries[3].note.count("game 1 of") == 2


def test_a_game_matches_the_commands_criteria_unless_told() -> None:
    judgement = Judgement(mtime=lambda path: 1)
    entry = judgement.add(game("a.mcn", "m1"))
    assert entry is not None and entry.matched
    made = Entry("a", 1, 1, True, True, None, None, None, (), (), "m", "R", None, None, 0)
    assert made.matched and made.status == "" and made.same_as is None


def test_hundreds_of_copies_that_all_match_the_schedule_are_decided_by_time() -> None:
    # the schedule decides only when some copies match their table and others do not; the
    # counts are compared by value, also past the small integers Python shares
    copies = [game(f"c{n:03}.mcn", "m1", event="Cup", round_="1") for n in range(300)]
    outcome = judge(*copies, choices=Choices(schedule=schedule()))
    assert outcome.count("counted") == 1 and outcome.count("duplicate") == 299
    assert {e.rule for e in outcome.entries} == {BY_TIME}


def test_a_copy_set_aside_is_named_so_whichever_way_its_moves_sort() -> None:
    # the preferred copy's moves sort after, then before, the other one's
    for mine, preferred in (("m1", "m2"), ("m2", "m1")):
        outcome = judge(
            game("a.mcn", mine, event="Cup", round_="1"),
            game("b.mcn", preferred, event="Cup", round_="1"),
            choices=Choices(prefer=(os.path.realpath("b.mcn"),)),
        )
        assert outcome.entries[0].note.startswith("set aside: game 1 of b.mcn counts instead")


def test_paths_are_compared_as_real_paths_whatever_character_they_start_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # names that sort before "-" (standard input) are paths like any other
    monkeypatch.chdir(tmp_path)
    for name in ("+late.mcn", "(copy).mcn", "#2.mcn", " spaced.mcn"):
        outcome = judge(
            game("a.mcn", "m1"),
            game(name, "m1"),
            choices=Choices(prefer=(str(tmp_path / name),)),
        )
        assert statuses(outcome) == [("a.mcn", "duplicate"), (name, "counted")], name
