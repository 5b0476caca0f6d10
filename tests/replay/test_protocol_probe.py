"""The cheap test replay makes of every game before opening its seals: whether a seal, a
protocol checkpoint or the chance header appears anywhere (:mod:`mcn.replay.sealed`), every
variation looked into, nothing else taken for one."""

from __future__ import annotations

from pathlib import Path

from mcn.notation import parse
from mcn.replay import sealed

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_cheap_protocol_test_looks_into_every_variation_and_checkpoint() -> None:
    seal = "#" + "ab" * 32
    plain = (EXAMPLES / "game-2p.mcn").read_text(encoding="utf-8")
    nested = plain.replace("1. B: visit 2;", "1. B: visit 2 (1. B: visit 3 (1. B: visit 5));")
    cases = {
        plain: False,
        nested: False,
        plain.replace("1. B: visit 2;", f"1. B: visit 2 {seal};"): True,
        nested.replace("visit 5)", f"visit 5 {seal})"): True,  # in a variation of a variation
        plain.replace("round 1\n", "round 1\n<reveal R bid 1+4>\n", 1): True,
        plain.replace("round 1\n", "round 1\n<souls B R>\n", 1): False,  # not a protocol's
        plain.replace(
            '[Variant "standard"]', '[Variant "standard"]\n[Chance "commit-reveal"]'
        ): True,
    }
    for text, expected in cases.items():
        (game,) = parse(text).games
        assert sealed._uses_protocol(game) is expected, text[-300:]
