"""`mcn analyse` on every bundled example: the whole command (loading, replay, the decisions,
the annotated record) for one colour of each, with the estimates replaced by fixed verdicts so
that it stays fast (the estimates themselves are tested in test_analyse.py; every example at
the default budget: docs/analysis.md, "The bundled examples"). The annotated record validates
and replays to the same decisions, every decision analysed carries its verdict (an implicit
end of turn is written out for it), and with the analysis taken out it is the original: every
header, comment, glyph and variation kept. A redacted record is analysed up to the first
secret its replay had to fill in from a reveal checkpoint, with a note."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mcn.commands.analyse as command
from mcn.cli import cli
from mcn.notation.model import Element, Game, Item, Move
from mcn.notation.parser import parse
from mcn.openspiel.analysis import Estimate, Verdict
from mcn.openspiel.annotate import HEADER, parse_comment
from mcn.replay import replay_game
from tests.openspiel.play import pyspiel

assert pyspiel  # the module is skipped without OpenSpiel

EXAMPLES = Path(__file__).parents[2] / "examples"
#: One colour of each bundled example (every colour once over the set).
ANALYSED = {
    "annotated-4p.mcn": "B",
    "game-2p-en.mcn": "R",
    "game-2p.mcn": "B",
    "game-3p.mcn": "G",
    "game-4p.mcn": "Y",
    "meta-culpa.mcn": "R",
    "redacted-4p.mcn": "G",
}


def test_every_bundled_example_is_listed() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.mcn")) == sorted(ANALYSED)


def _fixed(task: Any) -> Verdict:
    """A verdict without search: every third decision flagged ``?``, each with a comment."""
    glyph = "?" if task.index % 3 == 0 else ""
    played = Estimate(task.played.text, 0.2, 0.05, 8)
    return Verdict(task.index, task.address, 0.4, played, Estimate("pass", 0.5, 0.05, 8), (), glyph)


def _without_analysis(elements: tuple[Element, ...]) -> tuple[Element, ...]:
    """``elements`` with the analysis's comments and glyphs taken out."""
    out: list[Element] = []
    for element in elements:
        if isinstance(element, Item):
            moves = []
            for move in element.moves:
                notes = [c for c in move.after if parse_comment(c.text) is not None]
                glyphs = move.glyphs
                if notes and parse_comment(notes[-1].text)[3] is not None:  # type: ignore[index]
                    assert glyphs and glyphs[-1] == "?"
                    glyphs = glyphs[:-1]
                kept = tuple(c for c in move.after if parse_comment(c.text) is None)
                if notes and not kept and move.tokens == ("end",):
                    continue  # an implicit end of turn, written out for its verdict
                variations = tuple(_without_analysis(v) for v in move.variations)
                moves.append(
                    Move(
                        move.actor,
                        move.tokens,
                        glyphs,
                        move.before,
                        kept,
                        variations,
                        seal=move.seal,
                    )
                )
            element = Item(tuple(moves), element.label)
        out.append(element)
    return tuple(out)


@pytest.mark.parametrize("name", sorted(ANALYSED))
def test_analyse_keeps_every_example_whole_and_valid(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(command, "run_task", _fixed)
    source = EXAMPLES / name
    out = tmp_path / "analysed.mcn"
    viewer = ANALYSED[name]
    result = CliRunner().invoke(cli, ["analyse", str(source), "--as", viewer, "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    analysed: Game = parse(text).games[0]
    original: Game = parse(source.read_text(encoding="utf-8")).games[0]
    assert next(h for h in analysed.headers if h.tag == HEADER).value.startswith(f"{viewer};")
    assert tuple(h for h in analysed.headers if h.tag != HEADER) == original.headers
    assert _without_analysis(analysed.body) == original.body
    decisions = int(result.output.split(" decisions of ")[0].rsplit("\n", 1)[-1])
    assert decisions > 10
    assert text.count("{analysis: win 40% -> 20% (±5)") == decisions
    flagged = [line for line in result.output.splitlines() if line.endswith("better pass: 50%}")]
    assert flagged and text.count("better pass: 50%") == len(flagged)
    checked = CliRunner().invoke(cli, ["validate", str(out)])
    assert checked.exit_code == 0, checked.output
    before, after = replay_game(original).main, replay_game(analysed).main
    assert before is not None and after is not None
    assert [s.action.text for s in after.steps] == [s.action.text for s in before.steps]
    assert ("the record is redacted" in result.output) == (name == "redacted-4p.mcn")
