"""A ``[Position]`` header holds every secret of its position (money, hands, chests, pending
bids, the Pope die); ``mcn html --as`` and ``mcn diff --as`` show it as the viewer saw it, never
verbatim (issue 24, item 4). Twins: two records from positions that differ only in Green's
pending bid, which Yellow has not seen (R-BID-2: revealed by the round's last bid)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from mcn.cli import cli
from mcn.engine import GameState
from mcn.notation.model import Game, Header
from mcn.notation.writer import write
from mcn.records.transcript import transcribe
from mcn.views.positions import position_text
from tests.positions.game import decisions, game


def _twin_states() -> tuple[GameState, GameState, list[tuple[str, object]]]:
    """The states after Green's bid of round 1 (6+3) and after another bid he could make, and
    Blue's bid that follows (Red's, the last, would reveal them)."""
    steps = [step for step, _ in decisions()]
    index = next(i for i, s in enumerate(steps) if s.address == "1.bid.G")
    before = decisions()[index][1]
    bid = steps[index].action
    other = next(a for a in before.legal_actions("G") if a.text.startswith("bid") and a != bid)
    a = before.clone()
    a.apply(bid)
    b = before.clone()
    b.apply(other)
    following = steps[index + 1]
    assert following.address == "1.bid.B"
    return a, b, [(following.address, following.action)]


def _record(state: GameState, history: list[tuple[str, object]]) -> str:
    body, _ = transcribe(history, state)
    headers = (*game().headers, Header("Position", position_text(state)))
    headers = tuple(Header("Result", "*") if h.tag == "Result" else h for h in headers)
    return write(Game(headers, body))


def _files(tmp_path: Path) -> tuple[str, str]:
    a, b, history = _twin_states()
    paths = []
    for name, state in (("a", a), ("b", b)):
        folder = tmp_path / name
        folder.mkdir()
        path = folder / "twin.mcn"
        path.write_text(_record(state, history), encoding="utf-8")
        paths.append(str(path))
    return paths[0], paths[1]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _page_data(html: str) -> dict[str, object]:
    found = re.search(r'<script[^>]*id="mcn-data"[^>]*>(.*?)</script>', html, re.S)
    assert found is not None
    data = json.loads(found.group(1))
    assert isinstance(data, dict)
    return data


def test_html_as_a_player_shows_his_position_not_the_full_one(tmp_path: Path) -> None:
    # R-HID-1, R-BID-2: the headers table of `mcn html --as Y` holds Yellow's position
    a, b = _files(tmp_path)
    pages = []
    for path in (a, b):
        out = Path(path).with_suffix(".html")
        code, _ = _run("html", path, "--as", "Y", "-o", str(out))
        assert code == 0
        pages.append(out.read_bytes())
    assert pages[0] == pages[1]  # byte for byte: the twins cannot be told apart
    a_state = _twin_states()[0]
    headers = dict(_page_data(pages[0].decode("utf-8"))["headers"])  # type: ignore[arg-type]
    assert headers["Position"] == position_text(a_state, "Y") != position_text(a_state)
    full = Path(a).with_suffix(".all.html")
    assert _run("html", a, "-o", str(full))[0] == 0
    shown = dict(_page_data(full.read_text(encoding="utf-8"))["headers"])  # type: ignore[arg-type]
    assert shown["Position"] == position_text(a_state)  # the full view shows everything


def test_diff_as_a_player_compares_the_positions_he_saw(tmp_path: Path) -> None:
    # R-HID-1: "headers differ" would print both full positions; as Yellow they are the same
    a, b = _files(tmp_path)
    for form in ("text", "json"):
        code, out = _run("diff", a, b, "--as", "Y", "--format", form)
        assert code == 0, out
        assert "Position" not in out and "headers differ" not in out
    code, out = _run("diff", a, b, "--as", "G")  # Green placed the bid: he sees the difference
    assert code == 1 and "[Position]" in out
    assert out.count(position_text(_twin_states()[0], "G")) == 1
    code, out = _run("diff", a, b)
    assert code == 1 and "[Position]" in out and position_text(_twin_states()[0]) in out


def test_a_third_record_is_compared_alike_from_both_twins(tmp_path: Path) -> None:
    # R-HID-1: diff --as Y of each twin against the same third record says the same thing
    a, b = _files(tmp_path)
    a_state = _twin_states()[0]
    third = tmp_path / "third.mcn"
    third.write_text(_record(a_state, []), encoding="utf-8")  # Blue's bid not yet made
    seen_a = _run("diff", a, str(third), "--as", "Y")
    seen_b = _run("diff", b, str(third), "--as", "Y")
    assert seen_a[0] == seen_b[0] == 1
    assert seen_a[1].replace("/a/", "/b/") == seen_b[1]
