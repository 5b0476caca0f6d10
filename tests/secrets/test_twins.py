"""The twin-record proof that every ``--as`` output keeps the secrets (R-HID-1, I-HID-4).

See :mod:`tests.secrets.twins` for the method. In CI: more than 200 pairs over 2, 3 and 4
players and every kind of secret, in every record shape of :mod:`tests.secrets.shapes`
(``[Position]`` records, variations — broken ones too —, broken moves, ``diff --as`` against a
third record), with ``legal --try`` and the error lines among the outputs; the pairs whose play
parts in public before the reveal (different step counts) are compared up to that decision;
and every viewer who saw the secret reads it. ``bench/twins.py`` runs the long version.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.commands.replay import show
from mcn.engine import secret_readers
from mcn.notation.writer import write
from mcn.views import projection
from mcn.views.redact import redact_game
from tests.secrets.shapes import SHAPES
from tests.secrets.twins import (
    KINDS,
    RECORD_OUTPUTS,
    Checked,
    alternatives,
    base,
    check,
    check_diverging,
    diverging_twins,
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
    assert set(result.by_shape) == {"plain", *SHAPES}, result.by_shape


def test_twins_that_part_in_public_are_compared_up_to_there() -> None:
    # R-HID-1, I-HID-4 (issue 24, item 3): a gift's colour decides a later forced move (the
    # pope-yellow card) or breaks a later gift; such twins are kept, every view compared up to
    # the decision at which the table sees the difference, the records cut before it
    result = check_diverging()
    assert not result.failures, "\n".join(result.failures[:10])
    pairs = list(diverging_twins())
    assert result.pairs == result.diverging == len(pairs) >= 4
    lengths = [(len(t.a.steps), len(t.b.steps)) for _, t in pairs]
    assert any(a != b for a, b in lengths), lengths
    both_valid = [t for _, t in pairs if t.a.replay.valid and t.b.replay.valid]
    assert any(len(t.a.steps) != len(t.b.steps) for t in both_valid)  # the shape
    for _, twins in pairs:
        assert twins.public is not None and twins.last == twins.public - 1
        assert twins.records is not None
        a, b = twins.records
        assert len(a.steps) == len(b.steps) <= twins.public


def test_pairs_of_different_lengths_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-HID-1: the diverging pairs are compared: a projection that shows the gift is caught
    monkeypatch.setattr(secret_readers, "hides", lambda *args, **kwargs: False)
    found = check_diverging().failures
    assert any("state view" in f or "replay" in f for f in found), found[:3]


def test_an_over_masking_projection_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # I-HID-4 (issue 35): the other direction — a projection that hides a secret from its
    # owner (a bid from its bidder, the die from the Pope, the gift from its giver) fails
    monkeypatch.setattr(secret_readers, "sees", lambda viewer, *owners: viewer == "all")
    found = _leaks().failures
    caught = {kind for kind in KINDS if any(f" {kind} at " in f and "reads" in f for f in found)}
    assert caught == set(KINDS), found[:5]


def test_a_giver_blind_to_his_own_gift_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # I-HID-4 (issue 35's survivor): the giver must read his gift's colour in the event too
    original = secret_readers.sees

    def blind(viewer: object, *owners: str) -> bool:
        return original(viewer, *owners[:1])  # the taker only: the giver is left out

    monkeypatch.setattr(secret_readers, "sees", blind)
    gifts = seeds_with("gift", 4, 2)
    found = check([4], gifts, per_kind=2, kinds=("gift",), rng_seed=4, shapes=False).failures
    assert any("gift at" in f and "reads" in f for f in found), found[:5]


_LEAKS = {
    "headers_seen": lambda game, main, viewer: game.headers,
    # the reading of an error's source line (seen_line and seen_diagnostics share it)
    "line": lambda reader, source, number, column: (source, column),
    "tokens_by_text": lambda actor, tokens, viewer: tokens,
}


@pytest.mark.parametrize(
    ("targets", "shape", "outputs"),
    [
        (
            (
                "mcn.views.redact.headers_seen",
                "mcn.html.page.headers_seen",
                "mcn.diff.headers_seen",
            ),
            "position",
            ("redact", "diff --as"),
        ),
        (("mcn.views.seen_errors._Reader.line",), "broken", ("error lines",)),
        (
            ("mcn.engine.secret_readers.tokens_by_text",),
            "variation",
            ("redact --keep-annotations",),
        ),
    ],
)
def test_a_leak_in_each_shape_is_caught(
    monkeypatch: pytest.MonkeyPatch, targets: tuple[str, ...], shape: str, outputs: tuple[str]
) -> None:
    # R-HID-1: each record shape catches the leak it is there for — the [Position] header
    # shown verbatim, the raw source line of an error, a move after an error in a variation
    for target in targets:
        monkeypatch.setattr(target, _LEAKS[target.rsplit(".", 1)[1]])
    result = check([4], [0, 3], per_kind=1, rng_seed=1, shape=shape)
    assert result.by_shape.get(shape), result.by_shape
    for output in outputs:
        found = [f for f in result.failures if f", {shape}, " in f and f": {output}" in f]
        assert found, (output, result.failures[:5])


def _leaks() -> Checked:
    return check([4], [0, 3], per_kind=1, rng_seed=1)


def test_a_leaking_projection_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-HID-1: the check can fail. A projection that shows every move as it was taken (the
    # bug the issue reported) makes the twins differ for every kind of secret
    monkeypatch.setattr(secret_readers, "hides", lambda *args, **kwargs: False)
    result = _leaks()
    caught = {kind for kind in KINDS if any(f" {kind} at " in f for f in result.failures)}
    assert caught == set(KINDS), result.failures[:5]
    assert any("replay text at" in f for f in result.failures)
    assert any("replay json at" in f for f in result.failures)


def test_a_leaking_event_or_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # I-HID-4: events and the state view go through the projection too; leaking either is seen
    original = secret_readers.event_json
    monkeypatch.setattr(
        secret_readers,
        "event_json",
        lambda event, viewer, action=None, revealed=False: original(event, projection.EVERYTHING),
    )
    assert any("replay" in f for f in _leaks().failures)
    monkeypatch.undo()
    monkeypatch.setattr(
        projection, "state_json", lambda state, viewer, memory=None, **_: state.to_json()
    )
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
