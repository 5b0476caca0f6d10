"""``mcn diff --as`` compares annotations through the projection (issue 24, item 5): two
records with the same moves whose variations (an unrevealed Pope die, a donation's
compartments), comments and ``<money …>`` checkpoints differ are the same game for a player
who could read none of it (R-HID-1)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mcn.cli import cli
from tests.replay.games import EXAMPLES

ANNOTATED = (EXAMPLES / "annotated-4p.mcn").read_text(encoding="utf-8")
#: Round 5: Red is the Pope (turn 5); Blue donates at turn 4; Green donates at turn 6.
POPE = "5. R: visit 4; B: guess 4"
DONATION = "4. B: donate jewel>I; buy bread"
GREEN = "6. G: donate bread>I jewel>I"


def _twin(tmp_path: Path, name: str, die: int, compartment: str, comment: str, money: int) -> str:
    text = ANNOTATED
    for old, new in (
        (POPE, f"5. R: visit 4 (5. R: visit {die}); B: guess 4"),
        (DONATION, f"4. B: donate jewel>I (4. B: donate jewel>{compartment}); buy bread"),
        (GREEN, f"{GREEN} {{{comment}}}\n<money G {money}>"),
    ):
        assert old in text
        text = text.replace(old, new)
    folder = tmp_path / name
    folder.mkdir()
    path = folder / "annotated.mcn"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _diff(a: str, b: str, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["diff", a, b, *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_annotations_a_viewer_cannot_read_are_not_compared(tmp_path: Path) -> None:
    a = _twin(tmp_path, "a", 2, "I", "Green saves for a letter", 21)
    b = _twin(tmp_path, "b", 4, "II", "Green is broke", 3)
    # everything differs for the full view
    code, full = _diff(a, b)
    assert code == 1
    for shown in ("R: visit 2", "R: visit 4", "jewel>I", "jewel>II", "saves", "money G 21"):
        assert shown in full, shown
    # Yellow read none of it but the money checkpoint: the Pope's die in a variation, Blue's
    # compartment and Green's comment are the annotator's; I-HID-5: Green's money is public, so
    # the two checkpoints that disagree about it are compared for Yellow too
    for form in ("text", "json"):
        code, out = _diff(a, b, "--as", "Y", "--format", form)
        assert code == 1, out
        for hidden in ("visit 2", "jewel>II", "saves", "broke"):
            assert hidden not in out, (form, hidden)
        assert "money G 21" in out
    annotations = json.loads(_diff(a, b, "--as", "Y", "--format", "json")[1])["annotations"]
    assert len(annotations) == 1 and "money" in json.dumps(annotations)
    # each owner reads his own: the Pope his die, Blue his compartment, Green his comment
    code, red = _diff(a, b, "--as", "R")
    assert code == 1 and '"R: visit 2"' in red and '"R: visit 4"' in red
    assert "jewel>II" not in red and "saves" not in red
    blue = _diff(a, b, "--as", "B")[1]
    assert '"B: donate jewel>I"' in blue and '"B: donate jewel>II"' in blue
    assert "visit 2" not in blue and "saves" not in blue
    green = _diff(a, b, "--as", "G")[1]
    assert "Green saves for a letter" in green
    assert "visit 2" not in green


def test_a_variation_is_compared_as_the_viewer_reads_it(tmp_path: Path) -> None:
    # R-HID-1: the variations read 'R: visit ?' for Yellow in both records, while a die
    # in one record against none in the other is a difference he sees
    a = _twin(tmp_path, "a", 2, "I", "same", 21)
    b = tmp_path / "b.mcn"
    b.write_text(Path(a).read_text(encoding="utf-8").replace(" (5. R: visit 2)", ""), "utf-8")
    code, out = _diff(a, str(b), "--as", "Y")
    assert code == 1 and '"R: visit ?"' in out and "visit 2" not in out
