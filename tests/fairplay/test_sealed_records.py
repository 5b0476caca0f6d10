"""Sealed records: a sealed game validates, round-trips byte for byte, and every single
tampering with a commitment, a reveal, their order or a chance contribution is caught by
``validate`` with the player, the decision and the rule, in text and in JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mcn.cli import cli
from mcn.fairplay.sealing import play_fair_game, seal_game
from mcn.notation import parse
from mcn.notation.jsonform import record_from_json, record_to_json
from mcn.notation.writer import write
from mcn.replay import replay_game
from tests.fairplay.games import seeded_salts, text
from tests.replay.games import record as random_record

KINDS = [("sealed", 2, 0), ("sealed", 3, 1), ("sealed", 4, 2), ("fair", 2, 3), ("fair", 4, 4)]


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def errors(record: str) -> list[str]:
    replay = replay_game(parse(record).games[0])
    return [d.text() for d in replay.diagnostics if d.severity == "error"]


@pytest.mark.parametrize(("kind", "players", "seed"), KINDS)
def test_a_sealed_game_validates_and_round_trips(kind: str, players: int, seed: int) -> None:
    record = text(kind, players, seed)
    assert "#" in record and "<reveal " in record
    assert errors(record) == []
    parsed = parse(record)
    assert write(parsed) == record  # fmt: byte for byte
    assert write(record_from_json(json.loads(json.dumps(record_to_json(parsed))))) == record


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 100_000), st.booleans())
@example(4, 33815, True)  # a forced draw (the last stones) is written: it has contributions too
def test_no_false_alarm_on_untampered_sealed_random_games(
    players: int, seed: int, fair: bool
) -> None:
    played = play_fair_game(players, seed) if fair else random_record(players, seed)
    record = write(seal_game(played, seeded_salts(seed)))  # type: ignore[arg-type]
    assert errors(record) == []
    assert write(parse(record)) == record


def test_the_cli_validates_formats_and_exports_a_sealed_game(tmp_path: Path) -> None:
    path = tmp_path / "sealed.mcn"
    path.write_text(text("fair", 3, 5), encoding="utf-8")
    assert run("validate", str(path)).exit_code == 0
    assert run("fmt", "--check", str(path)).exit_code == 0
    exported = run("export", str(path)).output
    assert '"commitment"' in exported
    (tmp_path / "sealed.json").write_text(exported, encoding="utf-8")
    assert run("import", str(tmp_path / "sealed.json")).output == path.read_text()


# ---- tampering -------------------------------------------------------------------------------

_REVEAL = re.compile(r"^<reveal ([RBGY]) (.+) ([0-9a-f]{32})>$", re.M)
_SEAL = re.compile(r"#([0-9a-f]{64})")
_CHANCE = re.compile(r"^<chance-reveal ([RBGY]) ([0-9a-f]{32})>$", re.M)
_COMMIT = re.compile(r"^<chance-commit ([RBGY]) [0-9a-f]{64}>$", re.M)
_NAMES = {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow"}


def _flip(hexdigits: str, at: int) -> str:
    return hexdigits[:at] + ("0" if hexdigits[at] != "0" else "1") + hexdigits[at + 1 :]


def tamperings(record: str) -> list[tuple[str, str, str]]:
    """Every single-field tampering of ``record``: (what, tampered record, player)."""
    out = []
    for found in _REVEAL.finditer(record):
        player, move, salt = found.groups()
        start, end = found.span()
        other = re.sub(r"\d", lambda d: str((int(d.group()) % 4) + 1), move, count=1)
        if other != move:
            changed = f"<reveal {player} {other} {salt}>"
            out.append(("text", record[:start] + changed + record[end:], player))
        changed = f"<reveal {player} {move} {_flip(salt, 5)}>"
        out.append(("salt", record[:start] + changed + record[end:], player))
    for found in _SEAL.finditer(record):
        start, end = found.span(1)
        line_start = record.rfind("\n", 0, start) + 1
        player = re.findall(r"([RBGY]):", record[line_start:start])[-1]
        out.append(("commitment", record[:start] + _flip(found[1], 9) + record[end:], player))
    for found in _CHANCE.finditer(record):
        player, value = found.groups()
        start, end = found.span(2)
        out.append(("contribution", record[:start] + _flip(value, 3) + record[end:], player))
    # a commitment moved after a reveal of the same draw (it could depend on it)
    for found in _COMMIT.finditer(record):
        line = found.group() + "\n"
        rest = record[found.end() + 1 :]
        reveal = _CHANCE.search(rest)
        assert reveal is not None
        moved = rest[: reveal.end() + 1] + line + rest[reveal.end() + 1 :]
        out.append(("commitment order", record[: found.start()] + moved, found[1]))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KINDS), st.data())
def test_every_single_tampering_is_caught(kind: tuple[str, int, int], data: st.DataObject) -> None:
    # R-BID-1, R-POP-1, I-HID-2, I-HID-4: a changed reveal, salt or commitment of a secret;
    # R-SET-1, R-RND-2: a changed contribution, or a commitment after a reveal, at a draw
    record = text(*kind)
    cases = tamperings(record)
    what, tampered, player = data.draw(st.sampled_from(cases))
    found = errors(tampered)
    assert found, (what, player)
    # an error names the player, the decision (its address) and the rule
    named = [e for e in found if _NAMES[player] in e]
    assert named, (what, found)
    assert any(
        re.search(r": error: (setup\.\d+|\d+\.[a-z0-9]+\.[A-Z0-9]+): ", e)
        and re.search(r"\[(R|I)-[A-Z0-9]+-\d+\]", e)
        for e in named
    ), named


def _first_bid_reveal_moved_up(record: str) -> tuple[str, str]:
    """The record with its first bid reveal moved before the last bid of its round."""
    found = next(f for f in _REVEAL.finditer(record) if f[2].startswith("bid "))
    line = found.group()
    without = record.replace(line + "\n", "", 1)
    bids = without[: found.start()].rfind("\n", 0, without[: found.start()].rfind("bid ?"))
    position = without.rfind("  ", 0, found.start())  # before the last bid on the bids' line
    del bids
    return without[:position] + "\n" + line + "\n" + without[position + 2 :], found[1]


def test_a_reveal_before_a_dependent_move_is_caught() -> None:
    # R-BID-2: the bids are revealed together, after the last one
    record = text("sealed", 4, 2)
    tampered, player = _first_bid_reveal_moved_up(record)
    found = errors(tampered)
    assert any(
        _NAMES[player] in e and "revealed before the rules reveal it" in e and "[R-BID-2]" in e
        for e in found
    ), found


def test_a_missing_reveal_is_caught_when_the_rules_reveal_it() -> None:
    # R-BID-2: a bid not opened when the bids are revealed
    record = text("sealed", 3, 1)
    found = next(f for f in _REVEAL.finditer(record) if f[2].startswith("bid "))
    tampered = record.replace(found.group() + "\n", "", 1)
    problems = errors(tampered)
    assert any(
        _NAMES[found[1]] in e and "was not revealed when the rules reveal it" in e for e in problems
    ), problems


def test_tampering_is_reported_in_json_with_player_address_and_rule(tmp_path: Path) -> None:
    record = text("sealed", 2, 0)
    _, tampered, player = next(c for c in tamperings(record) if c[0] == "salt")
    path = tmp_path / "tampered.mcn"
    path.write_text(tampered, encoding="utf-8")
    result = run("validate", "--format", "json", str(path))
    assert result.exit_code == 1
    report = json.loads(result.output)
    diagnostics = [d for g in report["games"] for d in g["diagnostics"]]
    seal = next(d for d in diagnostics if d["code"] == "seal")
    assert _NAMES[player] in seal["message"] and seal["address"] and seal["rule"]
    assert seal["line"] and seal["column"]
    text_report = run("validate", str(path)).output
    assert f"{_NAMES[player]}'s reveal" in text_report


def test_a_chance_commitment_after_a_reveal_is_caught() -> None:
    # R-SET-1, R-RND-2: nobody commits once a contribution to the same draw is known
    record = text("fair", 2, 3)
    cases = [c for c in tamperings(record) if c[0] == "commitment order"][:6]
    assert len(cases) == 6
    for _, tampered, player in cases:
        found = errors(tampered)
        # after another player's reveal, or after his own (then his reveal had no commitment)
        assert any(
            re.search(
                rf"{_NAMES[player]} commits to a chance contribution after|"
                rf"chance reveal with no commitment: {_NAMES[player]}",
                e,
            )
            and re.search(r"\[R-(SET-1|RND-2)\]", e)
            for e in found
        ), found
