"""The twin-record proof that every ``--as`` output keeps the secrets (R-HID-1, I-HID-4).

See :mod:`tests.secrets.twins` for the method. In CI: more than 200 pairs over 2, 3 and 4
players and every kind of secret; ``bench/twins.py`` runs the long version.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn import projection
from mcn.cli import cli
from mcn.commands.replay import show
from mcn.notation.writer import write
from mcn.redact import redact_game
from tests.secrets.twins import (
    KINDS,
    RECORD_OUTPUTS,
    Checked,
    alternatives,
    base,
    check,
    make_twins,
    seeds_with,
    spots,
    viewers,
)

#: Base games per player count, and pairs per kind of secret and game.
SEEDS = range(8)
PER_KIND = 3


def _run(players: int) -> Checked:
    result = check([players], SEEDS, per_kind=PER_KIND, rng_seed=players)
    gifts = seeds_with("gift", players, 6)
    return check([players], gifts, per_kind=2, kinds=("gift",), rng_seed=players, result=result)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_output_tells_twins_apart(players: int) -> None:
    # R-HID-1: a bid, the Pope die, a donation's compartments and (I-HID-4) a letter passed
    # from hand to hand stay secret in every --as output until the rules reveal them
    result = _run(players)
    assert not result.failures, "\n".join(result.failures[:10])
    assert set(result.by_kind) == set(KINDS), result.by_kind
    assert result.pairs >= 70, result.pairs  # 3 player counts: more than 200 pairs in all


def _leaks() -> Checked:
    return check([4], [0, 3], per_kind=1, rng_seed=1)


def test_a_leaking_projection_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-HID-1: the check can fail. A projection that shows every move as it was taken (the
    # bug the issue reported) makes the twins differ for every kind of secret
    monkeypatch.setattr(projection, "hides", lambda *args, **kwargs: False)
    result = _leaks()
    caught = {kind for kind in KINDS if any(f" {kind} at " in f for f in result.failures)}
    assert caught == set(KINDS), result.failures[:5]
    assert any("replay text at" in f for f in result.failures)
    assert any("replay json at" in f for f in result.failures)


def test_a_leaking_event_or_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # I-HID-4: events and the state view go through the projection too; leaking either is seen
    original = projection.event_json
    monkeypatch.setattr(
        projection,
        "event_json",
        lambda event, viewer, action=None, revealed=False: original(event, projection.EVERYTHING),
    )
    assert any("replay" in f for f in _leaks().failures)
    monkeypatch.undo()
    monkeypatch.setattr(projection, "state_json", lambda state, viewer: state.to_json())
    found = _leaks().failures
    assert any("state view" in f for f in found) and any("replay json" in f for f in found)


def test_the_twin_outputs_are_the_commands_outputs(tmp_path: Path) -> None:
    # R-HID-1: the in-process outputs of the twin check are byte for byte what the commands
    # print, so the proof covers `mcn replay/redact/export/diff --as`
    # and `mcn export --as`, which is redact then export
    game = base(4, 0)
    spot = next(s for s in spots(game) if s.kind == "donation" and alternatives(game, s))
    pair = make_twins(game, spot, alternatives(game, spot)[0], spot.reveal - 1)
    assert pair is not None
    viewer = next(v for v in pair.viewers or viewers(game, spot) if v is not None)
    files: list[str] = []
    for side, name in ((pair.a, "a.mcn"), (pair.b, "b.mcn")):
        written = tmp_path / name
        written.write_text(write(side.game), encoding="utf-8")
        files.append(str(written))
        side.name = str(written)
    runner = CliRunner()
    address = pair.a.steps[pair.last].address
    for side, path in zip((pair.a, pair.b), files, strict=True):
        index = pair.last
        for form in ("text", "json"):
            printed = runner.invoke(
                cli, ["replay", path, "--to", address, "--as", viewer, "--format", form]
            )
            assert printed.output == show(
                side.game, side.state(index), side.path(index), viewer, form=form, name=path
            )
        redacted = runner.invoke(cli, ["redact", path, "--as", viewer]).output
        assert redacted == write(redact_game(side.game, viewer, replay=side.replay)[0])
        exported = runner.invoke(cli, ["export", "-"], input=redacted).output
        assert json.loads(exported)["games"][0] == RECORD_OUTPUTS[3].render(side, viewer, index)
        direct = runner.invoke(cli, ["export", path, "--as", viewer])  # the same projection
        assert direct.exit_code == 0 and direct.output == exported
    compared = runner.invoke(cli, ["diff", *files, "--as", viewer])
    assert compared.exit_code == 0, compared.output
    assert "hidden from" in compared.output and "first divergence" not in compared.output
