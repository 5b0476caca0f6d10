"""The commands of this part: ``mcn validate``, ``replay``, ``redact`` and ``random``, driven
through Click's CliRunner — exit codes, reports, JSON against the schemas, no tracebacks."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner, Result

from mcn.cli import cli
from mcn.resources import load_schema
from tests.replay.games import EXAMPLES, INVALID

GAME_4P = EXAMPLES / "game-4p.mcn"
ANNOTATED = EXAMPLES / "annotated-4p.mcn"


def run(*args: str, input: str | bytes | None = None) -> Result:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def _validator(name: str) -> jsonschema.protocols.Validator:
    schema = load_schema(name)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


# ---- validate ---------------------------------------------------------------------------------


def test_validate_exit_codes(tmp_path: Path) -> None:
    assert run("validate", str(GAME_4P)).exit_code == 0
    assert run("validate", str(INVALID / "wrong-result.mcn")).exit_code == 1
    assert run("validate", str(tmp_path / "missing.mcn")).exit_code == 2
    assert run("validate").exit_code == 2
    assert run("validate", "--format", "xml", str(GAME_4P)).exit_code == 2
    assert run("validate", "--jobs", "0", str(GAME_4P)).exit_code == 2


def test_validate_summary_and_diagnostics(tmp_path: Path) -> None:
    both = tmp_path / "both.mcn"
    both.write_text(
        GAME_4P.read_text(encoding="utf-8")
        + "\n"
        + (INVALID / "room-visited-twice.mcn").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    result = run("validate", str(both))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    first = next(line for line in lines if ": error: " in line)
    assert first.startswith(f"{both}:")
    assert ": error: 1.3.1: Room 4 was already visited this round. [R-HOP-1] (game 2)" in first
    verdicts = [line for line in lines if ": game " in line]
    assert ": game 1: valid — " in verdicts[0] and ": game 2: INVALID (1 problem)" in verdicts[1]
    assert lines[-1].startswith("2 games read from 1 file: 1 valid, 1 invalid; ")
    assert "decisions replayed in" in lines[-1]


def test_validate_lenient_reports_every_game_strict_stops(tmp_path: Path) -> None:
    bad = (INVALID / "wrong-turn-order.mcn").read_text(encoding="utf-8")
    path = tmp_path / "twice.mcn"
    path.write_text(bad + "\n" + bad, encoding="utf-8")
    lenient = run("validate", str(path))
    assert lenient.output.count(": error: ") == 2
    strict = run("validate", "--strict", str(path))
    assert strict.exit_code == 1
    assert strict.output.count(": error: ") == 1
    assert "stopped at the first error" in strict.output


def test_validate_directories_and_stdin(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.mcn").write_text(GAME_4P.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "sub" / "b.mcn").write_text(
        (EXAMPLES / "game-2p.mcn").read_text(encoding="utf-8"), encoding="utf-8"
    )
    (tmp_path / "notes.txt").write_text("not a record", encoding="utf-8")
    result = run("validate", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "2 games read from 2 files: 2 valid" in result.output
    piped = run("validate", "-", input=GAME_4P.read_bytes())
    assert piped.exit_code == 0
    assert "1 game read from 1 file" in piped.output


def test_validate_json_report_matches_its_schema(tmp_path: Path) -> None:
    unreadable = tmp_path / "unreadable.mcn"
    unreadable.write_bytes(b"\xff\xfe\x00garbage")
    result = run(
        "validate",
        "--format",
        "json",
        str(GAME_4P),
        str(INVALID / "post-above-six.mcn"),
        str(INVALID / "missing-headers.mcn"),
        str(unreadable),
    )
    assert result.exit_code == 1
    report = json.loads(result.output)
    _validator("report").validate(report)
    assert report["summary"]["games"] == 4
    assert report["summary"]["valid"] == 1
    games = report["games"]
    assert games[0]["valid"] and games[0]["result"] == "Y" and games[0]["decisions"] > 200
    post = next(d for d in games[1]["diagnostics"] if d["severity"] == "error")
    assert (post["address"], post["rule"], post["code"]) == ("3.1.2", "R-ACT-3", "illegal")
    assert (post["line"], post["column"]) == (55, 18)
    assert games[2]["diagnostics"][0]["code"] == "header"


def test_validate_jobs_keeps_the_order_of_files() -> None:
    files = [str(p) for p in sorted(EXAMPLES.glob("game-*.mcn"))] + [
        str(INVALID / "third-jewel.mcn"),
        str(INVALID / "failed-checkpoint.mcn"),
    ]
    sequential = run("validate", *files)
    parallel = run("validate", "--jobs", "2", *files)
    assert parallel.exit_code == sequential.exit_code == 1
    assert parallel.output.splitlines()[:-1] == sequential.output.splitlines()[:-1]


GARBAGE = [
    b"",
    b"\x00\x01\x02\x1b[31m",
    b'[Event "x"]\n' * 3,
    b"(" * 5000,
    b'[Event "?"][Site "?"][Date "?"][Red "a"][Blue "b"][Rules "de-2016"]'
    b'[Board "standard"][Variant "standard"][Result "*"]\n' + b"R: pass " * 50,
    b'[Event "?"][Site "?"][Date "?"][Red "a"][Blue "b"][Rules "nope"]'
    b'[Board "moon"][Variant "other"][Result "R"]\nsetup souls: R B',
    b'[Event "?"][Site "?"][Date "?"][Red "a"][Blue "b"][Rules "de-2016"]'
    b'[Board "standard"][Variant "standard"][Result "*"]\nsetup souls: R B R: bonus ? '
    b"B: donate ?>? <chest III> <letters R pink 2> <souls> <digest 1 2>",
]


@pytest.mark.parametrize("data", GARBAGE)
def test_validate_never_crashes_on_garbage(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "garbage.mcn"
    path.write_bytes(data)
    result = run("validate", str(path))
    assert result.exit_code in (0, 1)
    assert result.output.rstrip().splitlines()[-1].endswith(" s") or "stopped" in result.output


def test_validate_never_crashes_on_mangled_records(tmp_path: Path) -> None:
    rng = random.Random(7)
    source = bytearray((EXAMPLES / "annotated-4p.mcn").read_bytes())
    for round_number in range(12):
        data = bytearray(source)
        for _ in range(rng.randint(1, 20)):
            position = rng.randrange(len(data))
            choice = rng.random()
            if choice < 0.4:
                data[position] = rng.randrange(256)
            elif choice < 0.7:
                del data[position : position + rng.randint(1, 40)]
            else:
                data[position:position] = rng.choice([b"(", b")", b"{", b"?", b";", b"<", b"R:"])
        path = tmp_path / f"mangled-{round_number}.mcn"
        path.write_bytes(bytes(data))
        assert run("validate", str(path)).exit_code in (0, 1)
        assert run("validate", "--format", "json", str(path)).exit_code in (0, 1)


def test_no_progress_bar_when_piped() -> None:
    result = run("validate", str(GAME_4P))
    assert "validating" not in result.output


# ---- replay -----------------------------------------------------------------------------------


def test_replay_draws_the_state_and_what_happened() -> None:
    result = run("replay", str(GAME_4P), "--to", "2.pick")
    assert result.exit_code == 0, result.output
    text = result.output
    for part in (
        "RECORD OF SINS",
        "DENS OF SIN",
        "Pope stones",
        "CATHEDRALS",
        "MARKET",
        "BAG",
        "HOUSE OF PLEASURE",
        "PLAYERS",
        "Red (Paula Brandt)",
        "SINCE THE PREVIOUS DECISION",
    ):
        assert part in text
    assert "after 2.pick." in text


def test_replay_as_a_player_hides_the_others_secrets() -> None:
    mine = run("replay", str(GAME_4P), "--to", "3", "--as", "R").output
    red = mine[mine.index("Red (") : mine.index("Blue (")]
    blue = mine[mine.index("Blue (") : mine.index("Green (")]
    assert "money ?" not in red and "chest I: ?" not in red
    # I-HID-5: Blue's money is public (every payment was), his compartments are not
    assert "money ?" not in blue and "chest I: ?; II: ?" in blue
    spectator = run("replay", str(GAME_4P), "--to", "3", "--as", "spectator").output
    assert spectator.count("chest I: ?; II: ?") == 4
    assert "as a spectator sees it" in spectator


def test_replay_addresses_prefixes_and_variations() -> None:
    whole = run("replay", str(ANNOTATED), "--to", "1.1", "--events").output
    assert "1.1.2  B: visit 4" in whole and "1.2.1  " not in whole
    variation = run("replay", str(ANNOTATED), "--to", "1.1.2/2:", "--events").output
    assert "1.1.2/2:1.1.2  B: visit 3" in variation
    nested = run("replay", str(ANNOTATED), "--to", "2.2.1/1:2.2.2/1:", "--events").output
    assert "2.2.1/1:2.2.2/1:2.2.2  R: visit 2" in nested
    start = run("replay", str(ANNOTATED), "--to", "start").output
    assert "at the start" in start
    assert run("replay", str(ANNOTATED), "--to", "2.99").exit_code == 2
    late = run("replay", str(INVALID / "third-jewel.mcn"), "--to", "30.1")
    # past the error the state where replay stopped is shown, and said to be (issue 28)
    assert late.exit_code == 1 and "the record ends at" not in late.output
    assert "replay stopped at 3.prep.1 (an error), before reaching 30.1" in late.output
    assert "REFUSED AT 3.prep.1" in late.output
    assert run("replay", str(ANNOTATED), "--game", "2").exit_code == 2
    assert run("replay", str(ANNOTATED), "--as", "purple").exit_code == 2


def test_replay_json_matches_the_state_and_event_schemas() -> None:
    result = run(
        "replay", str(ANNOTATED), "--to", "4.4", "--as", "G", "--format", "json", "--events"
    )
    assert result.exit_code == 0
    data = json.loads(result.output)
    _validator("state").validate(data["state"])
    events = _validator("events")
    for step in data["log"]:
        for event in step["events"]:
            events.validate(event)
    for event in data["events"]:
        events.validate(event)
    assert data["viewer"] == "G" and data["state"]["viewer"] == "G"
    assert data["address"].startswith("4.4.")
    masked = [s for s in data["log"] if s["actor"] == "R" and s["action"].startswith("donate")]
    assert masked and all(">?" in s["action"] for s in masked)


def test_replay_of_a_broken_record_shows_how_far_it_goes() -> None:
    broken = str(INVALID / "room-visited-twice.mcn")
    whole = run("replay", broken)
    assert whole.exit_code == 1
    assert "Room 4 was already visited this round" in whole.output
    assert "after 1.2.2" in whole.output  # the last decision before the error
    assert run("replay", broken, "--to", "1.1").exit_code == 0


def test_replay_output_is_safe_for_terminals(tmp_path: Path) -> None:
    text = GAME_4P.read_text(encoding="utf-8").replace(
        '[Red "Paula Brandt"]', '[Red "Paula\\u001b \x1b[31mEvil\x1b]0;title\x07"]'
    )
    path = tmp_path / "escapes.mcn"
    path.write_text(text, encoding="utf-8")
    result = run("replay", str(path), "--to", "1")
    assert result.exit_code == 0
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "Evil" in result.output


# ---- redact -----------------------------------------------------------------------------------


def test_redact_writes_a_record_that_validates(tmp_path: Path) -> None:
    out = tmp_path / "red.mcn"
    result = run("redact", str(GAME_4P), "--as", "red", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert '[Redacted "R"]' in text and ">?" in text and "<chest I " in text
    checked = run("validate", str(out))
    assert checked.exit_code == 0, checked.output
    assert run("fmt", "--check", str(out)).exit_code == 0


def test_redact_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    assert run("redact", str(GAME_4P), "--as", "purple").exit_code == 2
    two = EXAMPLES / "game-2p.mcn"
    assert run("redact", str(two), "--as", "Y").exit_code == 2
    broken = run("redact", str(INVALID / "room-visited-twice.mcn"), "--as", "R")
    assert broken.exit_code == 1
    assert "not redacted" in broken.output


# ---- random -----------------------------------------------------------------------------------


def test_random_games_are_canonical_valid_and_reproducible(tmp_path: Path) -> None:
    out = tmp_path / "r.mcn"
    assert run("random", "--players", "3", "--seed", "5", "-n", "2", "-o", str(out)).exit_code == 0
    assert run("fmt", "--check", str(out)).exit_code == 0
    checked = run("validate", str(out))
    assert checked.exit_code == 0 and "2 games read" in checked.output
    again = run("random", "--players", "3", "--seed", "5", "-n", "2")
    assert again.output == out.read_text(encoding="utf-8")
    second = run("random", "--players", "3", "--seed", "6")
    assert second.output.split("\n\n", 1)[1] in again.output  # game 2 is seed 6


def test_random_variants_and_editions(tmp_path: Path) -> None:
    meta = run("random", "--variant", "meta-culpa", "--infraction-rate", "0.05", "--seed", "1")
    assert meta.exit_code == 0
    assert "[Infractions " in meta.output and "infraction " in meta.output
    english = run("random", "--players", "2", "--rules", "en-2016")
    assert '[Rules "en-2016"]' in english.output
    assert run("random", "--infraction-rate", "0.1").exit_code == 2
    assert run("random", "--players", "5").exit_code == 2
    path = tmp_path / "m.mcn"
    path.write_text(meta.output, encoding="utf-8")
    assert run("validate", str(path)).exit_code == 0
