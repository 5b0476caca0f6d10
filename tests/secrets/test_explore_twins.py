"""The twin-record proof for ``mcn explore --as`` and ``mcn tree --merge --as`` (R-HID-1,
I-HID-4): two archives that differ only in one secret of one game give every viewer who has
not seen it byte-identical outputs, and the viewer who has seen it can tell them apart.

The pairs are :mod:`tests.secrets.twins`'s: an engine-played game and its twin differing in a
bid, the Pope die, a donation's compartments or a gift's colour, both cut before the rules
reveal it. Each archive holds its twin and a finished game that both share, so the placing
figures take part; the outputs are the commands' own (text and JSON, the DOT source).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.explore.moves import SeenLine
from mcn.notation.writer import write
from tests.secrets.twins import KINDS, Twins, base, twins_of

#: (players, seed) of the base games the pairs come from; the finished game both share.
BASES = ((3, 0), (4, 1), (4, 3))
SHARED = (2, 5)
#: How many twin pairs the bases give (seeded, so fixed): one test each, none skipped.
PAIRS = 10


def _pairs() -> list[Twins]:
    rng = random.Random(31)
    out = []
    for players, seed in BASES:
        out.extend(t for t in twins_of(base(players, seed), rng, 1) if t.records is not None)
    return out


def _outputs(folder: Path, viewer: str, twins: Twins, after: str) -> list[str]:
    """Every explore and merged-tree output of the archive in ``folder`` as ``viewer``."""
    secret = twins.a.steps[twins.spot.index].address
    last = twins.a.steps[twins.last].address
    runs = [
        ["explore", str(folder)],
        ["explore", str(folder), "--format", "json"],
        ["explore", str(folder), "--at", secret, "--format", "json"],
        ["explore", str(folder), "--at", secret.rsplit(".", 1)[0] if ".bid." in secret else last],
        ["explore", str(folder), "--after", after, "--format", "json"],
        ["explore", str(folder), "--after", after, "--split-chance"],
    ]
    texts = []
    for args in runs:
        result = CliRunner().invoke(cli, [*args, "--as", viewer])
        assert result.exit_code == 0, result.output
        texts.append(result.stdout)
    dot = folder.parent / f"{folder.name}.dot"  # outside the archive: it would be listed
    depth = str(min(twins.last + 1, 400))
    for extra in ((), ("--split-chance",)):
        args = ["tree", str(folder), "--merge", "-o", str(dot), "--depth", depth, *extra]
        result = CliRunner().invoke(cli, [*args, "--as", viewer])
        assert result.exit_code == 0, result.output
        texts.append(dot.read_text(encoding="utf-8"))
    return texts


def _archives(tmp_path: Path, twins: Twins) -> tuple[Path, Path]:
    assert twins.records is not None
    shared = write(base(*SHARED).game)
    folders = []
    for name, side in zip("ab", twins.records, strict=True):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "shared.mcn").write_text(shared, encoding="utf-8")
        (folder / "twin.mcn").write_text(write(side.game), encoding="utf-8")
        folders.append(folder)
    return folders[0], folders[1]


def _after(twins: Twins, viewer: str) -> str:
    """The moves up to just past the secret, as ``viewer`` reads them in twin a."""
    assert twins.records is not None
    line = SeenLine(twins.records[0].replay, None if viewer == "spectator" else viewer)
    count = min(twins.spot.index + 2, len(line))
    return "; ".join(line[i].label for i in range(count))


@pytest.mark.parametrize("number", range(PAIRS))
def test_no_explore_output_tells_twins_apart(tmp_path: Path, number: int) -> None:
    # R-HID-1, I-HID-4: a bid, the Pope die, a donation's compartments, a gift's colour stay
    # merged for every viewer who has not seen them, in every explore and merged-tree output
    pairs = _pairs()
    assert len(pairs) == PAIRS  # the seeded bases changed: set PAIRS to the new count
    twins = pairs[number]
    a, b = _archives(tmp_path, twins)
    for viewer in [v or "spectator" for v in twins.viewers][:2]:
        after = _after(twins, viewer)
        assert _outputs(a, viewer, twins, after) == _outputs(b, viewer, twins, after), (
            twins.spot.kind,
            viewer,
        )


def test_the_pairs_cover_every_kind_and_the_owner_tells_them_apart(tmp_path: Path) -> None:
    # I-HID-4: the check has teeth — the player who made the secret move reads it, so his
    # merged tree (or the moves at the secret's decision) differ between the twins
    pairs = _pairs()
    assert {t.spot.kind for t in pairs} >= set(KINDS) - {"gift"}, [t.spot.kind for t in pairs]
    told = 0
    for number, twins in enumerate(pairs[:6]):
        owner = twins.a.steps[twins.spot.index].action.actor
        (tmp_path / str(number)).mkdir()
        a, b = _archives(tmp_path / str(number), twins)
        after = _after(twins, owner)
        told += _outputs(a, owner, twins, after) != _outputs(b, owner, twins, after)
    assert told == min(len(pairs), 6)


def test_the_registry_catches_an_explorer_that_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-HID-1: explore and tree --merge are in the twin registry (RECORD_OUTPUTS): with a
    # projection that shows every move as taken, the pairs fail on them too
    from mcn.engine import secret_readers
    from tests.secrets.twins import check

    monkeypatch.setattr(secret_readers, "hides", lambda *args, **kwargs: False)
    found = check([4], [0], per_kind=1, kinds=("bid",), shapes=False).failures
    assert any("explore and tree --merge" in f for f in found), found[:3]
