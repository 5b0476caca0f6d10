"""One judgement of a submission folder (issue 26): copies resolved by rule, never by the order
names sort in; a roster conflict counted for nobody; validate, standings and filter agree game
by game; --prefer and --supersedes change the decision as documented.

The folder is built here: eight good 4-player games (``gNN.mcn``, handed in first) and, handed
in later, copies renamed to sort first, a CRLF copy, a Latin-1 copy under other names, an
upper-case ``.MCN`` copy, a late copy in a sub-folder, a copy reformatted by hand, an invalid
copy of a valid game (handed in *before* it, and sorting first), a 3-player game, an empty file
and a file that is not a record. What must happen to each file is written down here, from how
the folder was built — not from what the code decides.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from mcn.commands.random_games import random_records
from mcn.io.resources import load_schema
from mcn.notation import parse, write
from tests.commands.helpers import run

NAMES = ("Paula Brandt", "Dominik Seifert", "Emil Berg", "Jürgen Maier", "Ida Roth", "Z")
TAGS = ("Red", "Blue", "Green", "Yellow")
EARLY = 1_700_000_000 * 10**9  # the originals' modification time (ns); copies come later


def checked(name: str, data: Any) -> Any:
    schema = load_schema(name)
    jsonschema.validators.validator_for(schema)(schema).validate(data)
    return data


def record(players: int, seed: int, number: int, names: list[str]) -> str:
    (game,) = random_records(players, seed, 1)
    text = write(game)
    for tag, name in zip(TAGS, names, strict=False):
        text = text.replace(f'[{tag} "Random player {tag.lower()}"]', f'[{tag} "{name}"]')
    return text.replace(
        f'[Event "Random game {seed}"]', f'[Event "Club night"]\n[Round "{number}"]'
    )


#: file -> (status, the file whose copy counts instead or None); what the folder must give.
EXPECTED: dict[str, tuple[str, str | None]] = {
    "g01.mcn": ("counted", None),
    "0-copy-of-g01.mcn": ("duplicate", "g01.mcn"),
    "g02.mcn": ("counted", None),
    "00-crlf.mcn": ("duplicate", "g02.mcn"),
    "g03.mcn": ("conflict", None),
    "01-latin.mcn": ("conflict", None),
    "g04.mcn": ("counted", None),
    "A-UPPER.MCN": ("duplicate", "g04.mcn"),
    "g05.mcn": ("counted", None),
    "late/g05.mcn": ("duplicate", "g05.mcn"),
    "g06.mcn": ("counted", None),
    "0-broken.mcn": ("invalid", "g06.mcn"),
    "late/g06-again.mcn": ("duplicate", "g06.mcn"),
    "g07.mcn": ("counted", None),
    "000-reformatted.mcn": ("duplicate", "g07.mcn"),
    "g08.mcn": ("counted", None),
    "g09.mcn": ("invalid", None),
}


def reformat(text: str) -> str:
    """The same moves laid out by hand: other spacing, a comment, a verb in capitals."""
    out = text.replace("; ", " ;   ").replace(" 2>I", "  2>I").replace("donate", "DONATE")
    return out.replace("round 2\n", "round 2 {copied from the score sheet}\n", 1)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("day")
    (root / "late").mkdir()
    rng = random.Random(26)
    texts = {}
    for number in range(1, 9):
        texts[f"g{number:02}.mcn"] = record(4, 2600 + number, number, rng.sample(NAMES[:5], 4))
    texts["g09.mcn"] = record(3, 2609, 9, rng.sample(NAMES[:5], 3))
    latin = texts["g03.mcn"]
    for tag in ("Red", "Blue"):  # the same moves under other names: "Zürich" for "Z" & co.
        start = latin.index(f'[{tag} "') + len(tag) + 3
        latin = latin[:start] + "Zürich " + latin[start:]
    good = texts["g06.mcn"]
    winner = good.split('[Result "')[1].split('"')[0]
    wrong = next(c for c in "RBGY" if c != winner)  # the same moves, a wrong result: invalid
    broken = good.replace(f'[Result "{winner}"]', f'[Result "{wrong}"]')
    files: dict[str, tuple[bytes, int]] = {}
    for index, (name, text) in enumerate(texts.items()):
        files[name] = (text.encode(), EARLY + index * 10**9)
    later = EARLY + 3600 * 10**9
    files["0-copy-of-g01.mcn"] = (texts["g01.mcn"].encode(), later)
    files["00-crlf.mcn"] = (texts["g02.mcn"].replace("\n", "\r\n").encode(), later)
    files["01-latin.mcn"] = (latin.encode("latin-1"), later)
    files["A-UPPER.MCN"] = (texts["g04.mcn"].encode(), later)
    files["late/g05.mcn"] = (texts["g05.mcn"].encode(), later + 10**9)
    files["0-broken.mcn"] = (broken.encode(), EARLY - 10**9)  # handed in before the good one
    files["late/g06-again.mcn"] = (texts["g06.mcn"].encode(), later)
    files["000-reformatted.mcn"] = (reformat(texts["g07.mcn"]).encode(), later)
    files["empty.mcn"] = (b"", later)
    files["notes.txt"] = (b"scores: see the files", later)
    for name, (data, when) in files.items():
        path = root / name
        path.write_bytes(data)
        os.utime(path, ns=(when, when))
    return root


def relative(root: Path, path: str) -> str:
    return Path(path).relative_to(root).as_posix()


@pytest.fixture(scope="module")
def judged(folder: Path) -> dict[str, dict[str, Any]]:
    result = run("validate", "--format", "json", "--expect-players", "4", str(folder))
    assert result.exit_code == 1
    report = checked("report", json.loads(result.stdout))
    return {relative(folder, g["file"]): g for g in report["judgement"]["games"]}


def test_every_copy_resolves_to_the_original_by_modification_time(
    folder: Path, judged: dict[str, dict[str, Any]]
) -> None:
    assert {name: entry["status"] for name, entry in judged.items()} == {
        name: status for name, (status, _) in EXPECTED.items()
    }
    for name, (status, original) in EXPECTED.items():
        entry = judged[name]
        if original is not None:
            assert relative(folder, entry["same_as"]["file"]) == original, name
        if status == "duplicate":
            assert entry["rule"] == "the earliest modification time", name
            assert "decided by the earliest modification time" in entry["note"]
    # the reformatted copy is the same moves (the fingerprint reads canonical moves, never
    # the text as written: their raw spellings differ)
    (first,) = parse((folder / "g07.mcn").read_text()).games
    (again,) = parse((folder / "000-reformatted.mcn").read_text()).games
    assert [m.raw for m in first.moves()] != [m.raw for m in again.moves()]
    assert "same moves and players" in judged["000-reformatted.mcn"]["note"]
    # a duplicate never points at an invalid game: the broken copy, handed in first and
    # sorting first, is "a broken copy" of the good one, and the late copy points at the good
    # one too
    assert "a broken copy of game 1 of" in judged["0-broken.mcn"]["note"]


def test_the_roster_conflict_is_reported_and_counted_for_nobody(
    folder: Path, judged: dict[str, dict[str, Any]]
) -> None:
    for name, other in (("g03.mcn", "01-latin.mcn"), ("01-latin.mcn", "g03.mcn")):
        entry = judged[name]
        assert relative(folder, entry["same_as"]["file"]) == other
        assert "the same moves as game 1 of" in entry["note"] and other in entry["note"]
        assert "other players" in entry["note"] and "Zürich" in entry["note"]
        assert "counted for nobody" in entry["note"]
    text = run("validate", "--expect-players", "4", str(folder)).stdout
    assert "01-latin.mcn game 1: CONFLICT: the same moves as game 1 of" in text
    assert "encoding guessed" in text


def test_validate_standings_and_filter_agree_game_by_game(
    folder: Path, judged: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    standings = run("standings", "--format", "json", "--expect-players", "4", str(folder))
    assert standings.exit_code == 1
    data = checked("standings", json.loads(standings.stdout))
    excluded = {relative(folder, x["file"]): x["kind"] for x in data["excluded"] if x["game"]}
    for name, entry in judged.items():
        if entry["status"] == "counted":
            assert name not in excluded, name
        else:
            assert excluded[name] == entry["status"], name
    assert data["summary"]["counted"] == sum(s == "counted" for s, _ in EXPECTED.values())
    assert [relative(folder, n["file"]) for n in data["encodings"]] == ["01-latin.mcn"]
    # the players counted are the real ones: no "Zürich" entered the standings
    players = {p["player"] for t in data["tables"] for p in t["players"]}
    assert players <= set(NAMES[:5])
    # filter --valid writes exactly the games that stand, each once, in input order, LF only
    out = tmp_path / "archive.mcn"
    result = run("filter", "--valid", "--expect-players", "4", str(folder), "-o", str(out))
    assert result.exit_code == 0, result.output
    kept = [
        name for name in sorted(judged, key=_order(folder)) if judged[name]["status"] == "counted"
    ]
    expected = "\n".join((folder / name).read_text(encoding="utf-8") for name in kept)
    assert out.read_text(encoding="utf-8") == expected
    assert b"\r" not in out.read_bytes()
    assert f"{len(kept)} of {len(judged)} games written" in result.stderr
    copies = sum(s == "duplicate" for s, _ in EXPECTED.values())
    assert f"left out: {copies} duplicate, 2 conflict;" in result.stderr
    assert "01-latin.mcn: warning: encoding guessed" in result.stderr
    # --jobs 2 judges in two processes: the same archive
    again = tmp_path / "again.mcn"
    run("filter", "--valid", "--expect-players", "4", "--jobs", "2", str(folder), "-o", str(again))
    assert again.read_bytes() == out.read_bytes()


def _order(folder: Path) -> Any:
    """The order the folder is read in (directories walked sorted, files before sub-folders)."""
    walked = []
    for root, folders, names in os.walk(folder):
        folders.sort()
        walked += [relative(folder, str(Path(root, n))) for n in sorted(names)]
    return walked.index


def test_prefer_and_supersedes_change_the_decision(folder: Path) -> None:
    def statuses(*args: str) -> dict[str, dict[str, Any]]:
        result = run("validate", "--format", "json", "--expect-players", "4", *args, str(folder))
        games = json.loads(result.stdout)["judgement"]["games"]
        return {relative(folder, g["file"]): g for g in games}

    copy = str(folder / "0-copy-of-g01.mcn")
    preferred = statuses("--prefer", copy)
    assert preferred["0-copy-of-g01.mcn"]["status"] == "counted"
    assert preferred["g01.mcn"]["status"] == "duplicate"
    assert preferred["g01.mcn"]["rule"] == "--prefer"
    # the conflict is the organiser's to decide: either way round
    latin, original = str(folder / "01-latin.mcn"), str(folder / "g03.mcn")
    chosen = statuses("--prefer", original)
    assert (chosen["g03.mcn"]["status"], chosen["01-latin.mcn"]["status"]) == (
        "counted",
        "duplicate",
    )
    assert "set aside" in chosen["01-latin.mcn"]["note"]
    corrected = statuses("--supersedes", f"{original}={latin}")
    assert corrected["g03.mcn"]["status"] == "superseded"
    assert "superseded by" in corrected["g03.mcn"]["note"]
    assert corrected["01-latin.mcn"]["status"] == "counted"
    table = json.loads(
        run(
            "standings", "--format", "json", "--supersedes", f"{original}={latin}", str(folder)
        ).stdout
    )
    players = {p["player"] for t in table["tables"] for p in t["players"]}
    assert any(name.startswith("Zürich ") for name in players)


def test_equal_modification_times_fall_back_to_the_path(tmp_path: Path) -> None:
    text = record(4, 2700, 1, ["A a", "B b", "C c", "D d"])
    for name in ("b.mcn", "a.mcn"):
        (tmp_path / name).write_text(text, encoding="utf-8")
        os.utime(tmp_path / name, ns=(EARLY, EARLY))
    report = json.loads(run("validate", "--format", "json", str(tmp_path)).stdout)
    games = {Path(g["file"]).name: g for g in report["judgement"]["games"]}
    assert games["a.mcn"]["status"] == "counted"
    assert games["b.mcn"]["status"] == "duplicate"
    assert games["b.mcn"]["rule"] == "the path (equal modification times)"
    # the same game twice in one file: the game number decides
    (tmp_path / "b.mcn").unlink()
    (tmp_path / "a.mcn").write_text(text + "\n" + text, encoding="utf-8")
    report = json.loads(run("validate", "--format", "json", str(tmp_path)).stdout)
    second = report["judgement"]["games"][1]
    assert (second["game"], second["status"]) == (2, "duplicate")
    assert second["rule"] == "the game number (copies in one file)"


@pytest.mark.parametrize("command", ["validate", "standings", "filter"])
def test_a_choice_naming_no_submission_is_a_usage_error_and_nothing_is_written(
    folder: Path, tmp_path: Path, command: str
) -> None:
    out = tmp_path / "out.mcn"
    tail = ["-o", str(out)] if command == "filter" else []
    missing = run(
        command, "--supersedes", f"{folder / 'gone.mcn'}={folder / 'g01.mcn'}", str(folder), *tail
    )
    assert missing.exit_code == 2
    assert "--supersedes: '" in missing.output and "gone.mcn' is not there" in missing.output
    outside = tmp_path / "elsewhere.mcn"
    outside.write_text("", encoding="utf-8")
    stranger = run(command, "--prefer", str(outside), str(folder), *tail)
    assert stranger.exit_code == 2 and "is not one of the submissions read" in stranger.output
    shape = run(command, "--supersedes", str(folder / "g01.mcn"), str(folder), *tail)
    assert shape.exit_code == 2 and "expected OLD=NEW" in shape.output
    assert not out.exists()
