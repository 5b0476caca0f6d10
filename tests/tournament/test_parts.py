"""The parts of tournament day one at a time: placings and the rules that decide them, reading
a Result tag, inputs and encodings, scoring schemes and names (the commands' own tests of
filter, standings and validate are in tests/commands/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mcn.archive.standings import Row, Scoring, near_duplicates, parse_scoring
from mcn.archive.verdict import read_result
from mcn.commands.standings import csv_cell, markdown_cell
from mcn.engine import play_random_game
from mcn.engine.ranking import placings
from mcn.io.inputs import collect, detect
from tests.commands.helpers import archive_records, report_json, run

ROSTER = {"R": "Paula", "B": "Dominik", "G": "Emil Berg", "Y": "Red"}


@pytest.fixture(scope="module")
def records() -> list[str]:
    return archive_records()


# ---- placings (the engine's end-of-game ranking) -------------------------------------------


def test_placings_follow_the_engines_order_and_cite_their_rules() -> None:
    # R-END-3 I-END-5 R-MOV-2: winners first, the others by distance from Heaven, souls
    # sharing space 0 in their order on it.
    for seed in range(12):
        state, _ = play_random_game(4, seed)
        ranking = placings(state)
        assert [p.colour for p in ranking][: len(state.winners())] == sorted(
            state.winners(), key=[c for c, _ in state.souls()].index
        )
        assert all(
            p.place == 1 and "R-END-3" in p.rules for p in ranking if p.colour in state.winners()
        )
        others = [p for p in ranking if p.colour not in state.winners()]
        assert [p.place for p in others] == list(range(len(state.winners()) + 1, 5))
        assert all(p.rules[0] == "I-END-5" for p in others)
        spaces = [p.space for p in others]
        assert spaces == sorted(spaces)
        for p in ranking:
            crowded = [q.space for q in ranking].count(p.space) > 1 and not p.heaven
            assert ("R-MOV-2" in p.rules) == crowded


def test_shared_places_heaven_and_space_zero() -> None:
    # R-END-3: every soul in Heaven wins and shares place 1; R-MOV-2: souls sharing space 0
    # keep their order on it, and that order places them (I-END-5).
    state, _ = play_random_game(4, 3)
    heaven = -state.board.heaven
    state.pos.update({"R": heaven, "B": heaven, "G": 0, "Y": 0})
    state.tie.update({"R": 0, "B": 1, "G": 1, "Y": 0})
    state.winners_ = ("R", "B")
    ranking = {p.colour: p for p in placings(state)}
    assert (ranking["R"].place, ranking["B"].place) == (1, 1)
    assert ranking["R"].shared and ranking["R"].rules == ("R-END-3",)
    assert (ranking["Y"].place, ranking["G"].place) == (3, 4)
    assert ranking["G"].rules == ("I-END-5", "R-MOV-2")


def test_placings_are_empty_until_the_game_is_over() -> None:
    from mcn.engine import new_game

    assert placings(new_game(players=("R", "B"))) == ()


# ---- the Result tag --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tag", "colours"),
    [
        ("G", ("G",)),
        ("green", ("G",)),
        ("Emil  berg", ("G",)),
        ("Paula, Dominik", ("R", "B")),
        ("B + Paula", ("R", "B")),
        ("*", None),
    ],
)
def test_a_result_tag_may_name_colours_or_players(tag: str, colours: Any) -> None:
    assert read_result(tag, ROSTER) == (colours, None)


def test_an_ambiguous_or_unknown_result_is_not_guessed() -> None:
    # "Red" is Red's colour and Yellow's player's name.
    colours, problem = read_result("Red", ROSTER)
    assert colours == () and problem is not None and "ambiguous" in problem
    assert "Red and Yellow" in problem
    colours, problem = read_result("Gregor", ROSTER)
    assert colours == () and "neither a colour nor a player" in str(problem)


def test_a_name_as_result_is_a_warning_with_the_canonical_form(
    records: list[str], tmp_path: Path
) -> None:
    text = records[0]
    winner = text.split('[Result "')[1].split('"')[0]
    tag = {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow"}[winner]
    path = tmp_path / "named.mcn"
    path.write_text(text.replace(f'[Result "{winner}"]', f'[Result "random player {tag}"]'))
    data = report_json(str(path))
    (diagnostic,) = data["games"][0]["diagnostics"]
    assert diagnostic["severity"] == "warning" and diagnostic["rule"] == "R-END-3"
    assert f'canonical form is [Result "{winner}"]' in diagnostic["message"]
    assert data["games"][0]["claimed"] == {"tag": f"random player {tag}", "result": winner}
    wrong = next(c for c in "RBGY" if c != winner)
    name = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}[wrong]
    path.write_text(text.replace(f'[Result "{winner}"]', f'[Result "Random player {name}"]'))
    data = report_json(str(path))
    message = data["games"][0]["diagnostics"][0]["message"]
    assert data["games"][0]["agreement"] == "disagree"
    assert f"names {name.title()} (Random player {name}) and is wrong" in message


# ---- inputs and encodings --------------------------------------------------------------------


def test_directories_are_searched_recursively_and_every_other_file_is_listed(
    tmp_path: Path,
) -> None:
    for name in ("a.MCN", "late/c.mcn", "b.txt", ".hidden.mcn", "late/notes.pgn"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("x")
    inputs = collect([str(tmp_path)])
    assert [Path(f).name for f in inputs.files] == ["a.MCN", "c.mcn"]
    assert {Path(s.path).name: s.reason for s in inputs.skipped} == {
        "b.txt": "name does not match *.mcn",
        ".hidden.mcn": "hidden file",
        "notes.pgn": "name does not match *.mcn",
    }
    (tmp_path / "linked").symlink_to(tmp_path / "late", target_is_directory=True)
    reasons = {Path(s.path).name: s.reason for s in collect([str(tmp_path)]).skipped}
    assert reasons["linked"].startswith("symbolic link to a folder")
    wider = collect([str(tmp_path)], ("*.mcn", "*.PGN"))
    assert [Path(f).name for f in wider.files] == ["a.MCN", "c.mcn", "notes.pgn"]


def test_no_record_at_all_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text("x")
    result = run("validate", str(tmp_path))
    assert result.exit_code == 1
    assert (
        "b.txt: note: skipped" in result.output and "holds no file matching *.mcn" in result.output
    )


def test_an_empty_file_or_one_without_a_game_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "empty.mcn").write_bytes(b"")
    (tmp_path / "blank.mcn").write_text("\n\n   \n")
    data = report_json(str(tmp_path / "empty.mcn"), str(tmp_path / "blank.mcn"))
    messages = [g["diagnostics"][0]["message"] for g in data["games"]]
    assert messages == ["the file is empty: no game to check", "the file holds no game"]
    assert data["summary"]["errors"] == 2


def test_encoding_auto_reads_boms_and_falls_back_per_file(
    records: list[str], tmp_path: Path
) -> None:
    text = records[0].replace("Random player red", "Jürgen Müller")
    forms = {
        "utf8.mcn": text.encode(),
        "bom.mcn": b"\xef\xbb\xbf" + text.encode(),
        "utf16.mcn": text.encode("utf-16"),
        "latin.mcn": text.encode("latin-1"),
    }
    for name, data in forms.items():
        (tmp_path / name).write_bytes(data)
    assert detect(str(tmp_path / "utf16.mcn")).encoding == "utf-16"
    assert detect(str(tmp_path / "latin.mcn")).encoding == "cp1252"
    (tmp_path / "undefined.mcn").write_bytes(text.encode("latin-1") + "{\x81}\n".encode("latin-1"))
    assert detect(str(tmp_path / "undefined.mcn")).encoding == "latin-1"
    data = report_json(*(str(tmp_path / name) for name in forms))
    games = [g for g in data["games"] if g["game"]]
    assert all(g["valid"] and g["roster"]["R"] == "Jürgen Müller" for g in games)
    assert [f["encoding"] for f in data["files"]] == ["utf-8", "utf-8", "utf-16", "cp1252"]
    warnings = [g for g in data["games"] if g["game"] == 0]
    assert len(warnings) == 1 and warnings[0]["file"].endswith("latin.mcn")
    forced = report_json("--encoding", "utf-8", str(tmp_path / "latin.mcn"))
    assert forced["games"][0]["diagnostics"][0]["message"].startswith("invalid UTF-8")
    assert run("validate", "--encoding", "klingon", str(tmp_path)).exit_code == 2
    refused = run("validate", "--encoding", "base64", str(tmp_path))
    assert refused.exit_code == 2 and "'base64' is not a text encoding" in refused.output


# ---- filter --------------------------------------------------------------------------------


# ---- standings -----------------------------------------------------------------------------


def test_points_are_parsed_and_scored() -> None:
    assert parse_scoring("pairwise") == Scoring()
    places = parse_scoring("3, 1,0,0")
    assert [places.score(p, [1, 2, 3, 4]) for p in (1, 2, 3, 4)] == [3, 1, 0, 0]
    pairwise = Scoring()
    assert [pairwise.score(p, [1, 1, 3, 4]) for p in (1, 3, 4)] == [2.5, 1, 0]
    for bad in ("3,x", "1,2,3,4,5", "-1", ""):
        with pytest.raises(ValueError):
            parse_scoring(bad)


def test_near_duplicate_names_are_warned_about_not_merged() -> None:
    rows = [
        Row(n.casefold())
        for n in ("Jürgen Maier", "Jurgen Maier", "Emil Berg", "Emil Berk", "Ida", "Ina")
    ]
    for row, name in zip(
        rows, ("Jürgen Maier", "Jurgen Maier", "Emil Berg", "Emil Berk", "Ida", "Ina"), strict=True
    ):
        row.spellings[name] += 1
    warnings = near_duplicates(rows)
    assert len(warnings) == 2
    assert '"Jürgen Maier" and "Jurgen Maier"' in warnings[0]
    assert '"Emil Berg" and "Emil Berk"' in warnings[1]


def test_untrusted_names_are_escaped_in_every_format() -> None:
    assert csv_cell("=HYPERLINK(1)") == "'=HYPERLINK(1)" and csv_cell("Ann") == "Ann"
    assert markdown_cell("a|b *c* <x>") == r"a\|b \*c\* \<x\>"
    # a Markdown file is read on a terminal too: no control character is written as it is
    assert markdown_cell("Eve\x1b]0;pwned\x07\tX\x9b") == r"Eve␛\]0;pwned␇ X\\x9b"
