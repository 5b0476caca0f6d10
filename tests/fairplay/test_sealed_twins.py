"""The twin test extended to sealed records (R-BID-1, R-HID-1): two sealed records that differ
only in one player's bid — its commitment and its reveal — must give every other viewer the
same ``mcn replay --as`` output (text and JSON, with every event) at each decision before the
rules reveal the bids; the bidder himself reads his own bid."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.notation.commitments import seal_digest
from tests.fairplay.games import text

_NAMES = {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow"}


def _cut_after_round_one_bids(record: str, players: int) -> str:
    """The record up to the reveals of round 1's bids (the next move depends on them)."""
    ends = [m.end() for m in re.finditer(r"^<reveal [RBGY] bid .*>$", record, re.M)]
    return re.sub(r'\[Result "[^"]*"\]', '[Result "*"]', record[: ends[players - 1]] + "\n")


def _twin(record: str, player: str) -> tuple[str, str, str]:
    """``record`` with ``player``'s round-1 bid changed: (twin, old bid, new bid)."""
    reveal = re.search(rf"^<reveal {player} (bid \d\+\d+) ([0-9a-f]+)>$", record, re.M)
    assert reveal is not None
    old, salt = reveal.groups()
    notches = int(old.split()[1].split("+")[0])
    new = f"bid {notches % 6 + 1}+0"
    old_digest = seal_digest(player, old, salt)
    twin = record.replace(old_digest, seal_digest(player, new, salt))
    twin = twin.replace(f"<reveal {player} {old} {salt}>", f"<reveal {player} {new} {salt}>")
    return twin, old, new


def _replay(path: Path, viewer: str, to: str, form: str) -> str:
    args = ["replay", str(path), "--as", viewer, "--to", to, "--format", form, "--events"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_sealed_twins_look_the_same_before_the_reveal(
    tmp_path: Path, players: int, seed: int
) -> None:
    record = _cut_after_round_one_bids(text("sealed", players, seed), players)
    order = re.findall(r"([RBGY]): bid \? #", record)[:players]
    path = tmp_path / "twin.mcn"  # one name: the outputs name the file
    for bidder in order[:-1]:  # the last bid reveals them all
        twin, old, _ = _twin(record, bidder)
        before_last = f"1.bid.{order[-2]}"
        viewers = [c for c in order if c != bidder] + ["spectator"]
        seen: list[dict[tuple[str, str], str]] = []
        for written in (record, twin):
            path.write_text(written, encoding="utf-8")
            assert CliRunner().invoke(cli, ["validate", str(path)]).exit_code == 0
            seen.append(
                {
                    (viewer, form): _replay(path, viewer, before_last, form)
                    for viewer in viewers
                    for form in ("text", "json")
                }
            )
            if written is record:
                own = _replay(path, bidder, before_last, "json")
                assert f'"{old}"' in own or old in own  # the bidder reads his own bid
        assert seen[0] == seen[1], bidder
        for output in seen[0].values():
            assert old not in output
