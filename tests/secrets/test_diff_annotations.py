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
#: Round 5: Blue is the Pope; Green donates at turn 4; Red passes at turn 2.
POPE = "5. B: visit 3; G: guess 3"
DONATION = "4. G: donate bread>I; sell wine"
RED = "2. R: pass"


def _twin(tmp_path: Path, name: str, die: int, compartment: str, comment: str, money: int) -> str:
    text = ANNOTATED
    for old, new in (
        (POPE, f"5. B: visit 3 (5. B: visit {die}); G: guess 3"),
        (DONATION, f"4. G: donate bread>I (4. G: donate bread>{compartment}); sell wine"),
        (RED, f"2. R: pass {{{comment}}}\n<money R {money}>"),
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
    a = _twin(tmp_path, "a", 4, "I", "Red saves for a letter", 21)
    b = _twin(tmp_path, "b", 1, "II", "Red is broke", 3)
    # everything differs for the full view
    code, full = _diff(a, b)
    assert code == 1
    for shown in ("B: visit 4", "B: visit 1", "bread>I", "bread>II", "saves", "money R 21"):
        assert shown in full, shown
    # Yellow read none of it: the Pope's die in a variation, Green's compartment, Red's
    # comment and money are the annotator's
    for form in ("text", "json"):
        code, out = _diff(a, b, "--as", "Y", "--format", form)
        assert code == 0, out
        for hidden in ("visit 4", "visit 1", "bread>I", "saves", "broke", "money"):
            assert hidden not in out, (form, hidden)
    assert json.loads(_diff(a, b, "--as", "Y", "--format", "json")[1])["annotations"] == []
    # each owner reads his own: the Pope his die, Green his compartment, Red his comment
    code, blue = _diff(a, b, "--as", "B")
    assert code == 1 and '"B: visit 4"' in blue and '"B: visit 1"' in blue
    assert "bread>I" not in blue and "saves" not in blue
    green = _diff(a, b, "--as", "G")[1]
    assert '"G: donate bread>I"' in green and '"G: donate bread>II"' in green
    assert "visit 4" not in green and "saves" not in green
    red = _diff(a, b, "--as", "R")[1]
    assert "Red saves for a letter" in red and "money" not in red and "visit 4" not in red


def test_a_variation_is_compared_as_the_viewer_reads_it(tmp_path: Path) -> None:
    # R-HID-1: the variations read 'B: visit ?' for Yellow in both records, while a die
    # in one record against none in the other is a difference he sees
    a = _twin(tmp_path, "a", 4, "I", "same", 21)
    b = tmp_path / "b.mcn"
    b.write_text(Path(a).read_text(encoding="utf-8").replace(" (5. B: visit 4)", ""), "utf-8")
    code, out = _diff(a, str(b), "--as", "Y")
    assert code == 1 and '"B: visit ?"' in out and "visit 4" not in out
