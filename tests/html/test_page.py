"""``mcn html`` without a browser: what the page holds, how it escapes, what it hides."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.html import render_page, script_json
from mcn.html.compact import HIDDEN
from mcn.views.projection import EVERYTHING, project_line
from tests.html.pages import (
    ANNOTATED,
    EVIL,
    annotated_text,
    data_of,
    evil_record,
    game_of,
    page_of,
    replayed,
)


def test_page_is_self_contained() -> None:
    page = page_of(annotated_text())
    # no URL of any kind: the SVG namespace comes from the inline <svg>, not from a string
    assert "http://" not in page and "https://" not in page
    assert not re.search(r"\b(src|href|xlink:href|action)\s*=", page)
    assert "@import" not in page and "url(" not in page
    assert page.count("<script") == 2 and page.count("<style") == 1


def test_content_security_policy_allows_exactly_the_inline_script_and_style() -> None:
    page = page_of(annotated_text())
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert policy is not None
    assert "default-src 'none'" in policy.group(1)
    script = re.search(r"<script>(.*)</script>", page, re.S)
    style = re.search(r"<style>(.*)</style>", page, re.S)
    assert script is not None and style is not None
    for text, directive in ((script.group(1), "script-src"), (style.group(1), "style-src")):
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert f"{directive} 'sha256-{digest}'" in policy.group(1)


def test_frames_cover_every_decision_with_the_replays_states() -> None:
    game = game_of(annotated_text())
    replay = replayed(game)
    data = data_of(page_of(annotated_text()))
    frames = data["frames"]
    steps = [step for line in replay.lines() for step in line.steps]
    assert [f["a"] for f in frames] == ["start"] + [s.address for s in steps]
    # rebuilding each frame's state from the deltas gives the replay's state there
    states = []
    for frame in frames:
        base = dict(states[frame["p"]]) if "p" in frame else {}
        base.update(frame["s"])
        states.append(base)
    for frame, state, step in zip(frames[1:], states[1:], steps, strict=True):
        full = step.state.to_json()
        for colour, seat in full["seats"].items():
            assert state[colour][:4] == [
                seat["space"],
                seat["tie"],
                seat["post"],
                seat["money"]["value"],
            ], frame["a"]
        assert state["mk"] == [full["market"][s] for s in data["vocab"]["stones"]]
    # the tree: every frame but the start has a predecessor; variations hang where they branch
    first = {f["a"]: i for i, f in enumerate(frames)}["1.1.2/1:1.1.2"]
    assert frames[frames[first]["p"]]["a"] == "1.1.1"
    assert frames[frames[first]["p"]]["c"][0] == first


def test_move_list_keeps_comments_glyphs_variations_and_implicit_moves() -> None:
    data = data_of(page_of(annotated_text()))
    record = data["record"]
    main = record[0]
    moves = [m for node in main if node["t"] == "i" for m in node["m"]]
    visit = next(m for m in moves if m["x"] == "visit 4" and m.get("b") == ["Incognito:"])
    assert visit["g"] == ["!?"] and visit["c"] == ["Room 4 holds steal-3."]
    assert len(visit["v"]) == 2
    nested = [m for node in record[visit["v"][0]] if node["t"] == "i" for m in node["m"]]
    assert nested[0]["b"] == ["Room 1 and its hell-3 card instead:"]
    assert any(m.get("i") for m in moves), "implicit decisions are listed"
    assert {node["t"] for node in main} >= {"r", "c", "k", "i"}
    # every frame but the start is reachable from the move list
    listed = {m["f"] for line in record for node in line if node["t"] == "i" for m in node["m"]}
    assert listed == set(range(1, len(data["frames"])))


def test_hostile_text_stays_text() -> None:
    text = evil_record()
    page = page_of(text)
    clean = page_of(annotated_text())

    # the markup of the page is the markup of a page without the hostile text: outside the
    # data block and the title, not one byte differs
    def markup(html: str) -> str:
        html = re.sub(r'(id="mcn-data">).*?(</script>)', r"\1\2", html, flags=re.S)
        return re.sub(r"<title>.*?</title>", "", html)

    assert markup(page) == markup(clean)
    for tag in ("<script", "</script", "</svg", "<img"):
        assert page.count(tag) == clean.count(tag), tag
    assert "\u2028" not in page
    assert "http://" not in page and "https://" not in page, "a URL in a comment is no URL here"
    data = data_of(page)
    headers = dict(data["headers"])
    for tag in ("Event", "Site", "Date", "Red", "Evil_Tag"):
        assert headers[tag] == EVIL
    assert data["players"][0] == ["R", EVIL]
    comments = [n["x"] for line in data["record"] for n in line if n["t"] == "c"]
    moves = [m for line in data["record"] for n in line if n["t"] == "i" for m in n["m"]]
    befores = [c for m in moves for c in m.get("b", [])]
    assert comments and all(c == EVIL for c in comments)
    assert befores and all(c == EVIL for c in befores)
    title = re.search(r"<title>(.*)</title>", page)
    assert title is not None and "<" not in title.group(1) and "&lt;script&gt;" in title.group(1)


def test_script_json_cannot_end_its_element() -> None:
    text = script_json({"x": "</script><!-- \u2028\u2029 & </SCRIPT"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert "\u2028" not in text and "\u2029" not in text
    assert json.loads(text) == {"x": "</script><!-- \u2028\u2029 & </SCRIPT"}


def _round_three_record(change: bool) -> str:
    """The annotated example cut before round 4 (no evaluation yet), optionally with Blue's
    first donation put into the other compartment: a secret only Blue knows."""
    text = annotated_text().split("round 4", 1)[0].replace('[Result "G"]', '[Result "*"]')
    if change:
        assert "1. B: donate 2>II;" in text
        text = text.replace("1. B: donate 2>II;", "1. B: donate 2>I;", 1)
    return text


def test_twin_records_give_the_same_page_to_everyone_else() -> None:
    # R-HID-1: Blue's compartment is his secret; Red's page must not depend on it
    plain, twin = _round_three_record(False), _round_three_record(True)
    for viewer in ("R", "G", "Y", None):
        assert page_of(plain, viewer) == page_of(twin, viewer), viewer
    assert page_of(plain, "B") != page_of(twin, "B")
    assert page_of(plain, EVERYTHING) != page_of(twin, EVERYTHING)


def test_a_viewers_page_hides_the_others_secrets_and_annotations() -> None:
    data = data_of(page_of(annotated_text(), "G"))
    assert data["viewer"] == "G" and data["note"].startswith("As Green (Gregor Lindner) sees it")
    money = 3
    for frame in data["frames"][1:]:
        for colour in ("R", "B", "Y"):
            if colour in frame["s"] and isinstance(frame["s"][colour], list):
                # I-HID-5: the money behind a screen is public (every payment was)
                assert frame["s"][colour][money] != HIDDEN, frame["a"]
    assert all(node["t"] != "c" for line in data["record"] for node in line)
    assert len(data["record"]) == 1, "no variations"
    moves = [m["x"] for n in data["record"][0] if n["t"] == "i" for m in n["m"] if m["h"] == "B"]
    assert "bonus 10>?" in moves and "bonus 10>II" not in moves
    full = data_of(page_of(annotated_text()))
    assert full["viewer"] == "all" and full["note"].startswith("Everything shown")


def test_page_is_small() -> None:
    page = page_of(annotated_text())
    assert len(page.encode()) < 1_000_000


def test_cli_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "deep" / "a.html"
    result = CliRunner().invoke(cli, ["html", str(ANNOTATED), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == page_of(annotated_text())
    shown = CliRunner().invoke(cli, ["html", str(ANNOTATED), "--as", "green"])
    assert shown.exit_code == 0 and data_of(shown.output)["viewer"] == "G"


def test_cli_usage_and_bad_input(tmp_path: Path) -> None:
    runner = CliRunner()
    two = ANNOTATED.parent / "game-2p.mcn"
    wrong = runner.invoke(cli, ["html", str(two), "--as", "Y"])
    assert wrong.exit_code == 2 and "does not play" in wrong.output
    assert runner.invoke(cli, ["html", str(tmp_path / "missing.mcn")]).exit_code == 2
    broken = tmp_path / "broken.mcn"
    broken.write_text(_round_three_record(False).replace("2. Y: buy bread", "2. Y: buy bred"))
    result = runner.invoke(cli, ["html", str(broken), "-o", str(tmp_path / "b.html")])
    assert result.exit_code == 1
    assert re.search(r"broken\.mcn:\d+:\d+: error:", result.output)
    data = data_of((tmp_path / "b.html").read_text(encoding="utf-8"))
    assert data["problems"] and any(n["t"] == "e" for n in data["record"][0])
    unwritable = runner.invoke(cli, ["html", str(ANNOTATED), "-o", str(tmp_path)])
    assert unwritable.exit_code in (1, 2) and "Traceback" not in unwritable.output


def test_a_redacted_record_is_shown_as_its_owner_saw_it(tmp_path: Path) -> None:
    redacted = ANNOTATED.parent / "redacted-4p.mcn"
    runner = CliRunner()
    out = tmp_path / "r.html"
    result = runner.invoke(cli, ["html", str(redacted), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert data_of(out.read_text(encoding="utf-8"))["viewer"] == "G"
    spectator = runner.invoke(cli, ["html", str(redacted), "--as", "spectator"])
    assert spectator.exit_code == 0 and data_of(spectator.output)["viewer"] == "spectator"
    other = runner.invoke(cli, ["html", str(redacted), "--as", "R"])
    assert other.exit_code == 2 and "redacted for G" in other.output


def test_each_frame_is_the_projection_of_the_whole_path_to_it() -> None:
    # frames.seen_at uses the one-step path; the projection of the path from the start of
    # the game must say the same at every decision, for every viewer
    game = game_of(annotated_text())
    replay = replayed(game)
    for viewer in ("R", None, EVERYTHING):
        # everyone's variations kept, so that every line has its frames
        data = data_of(render_page(game, replay, viewer, keep_annotations=True))
        frames = {f["a"]: f for f in data["frames"]}
        for line in replay.lines():
            for index, step in enumerate(line.steps):
                seen = project_line(line, viewer, index)
                last = seen.last
                assert last is not None
                frame = frames[step.address]
                assert frame["m"] == f"{last.actor}: {last.text}", (viewer, step.address)
                assert frame.get("e", []) == last.event_texts(), (viewer, step.address)


def test_bids_stay_hidden_in_the_move_list_until_revealed() -> None:
    # R-BID-2: another player's bid reads 'bid ?' until the bids are revealed; the page holds
    # the revealed text only in the data of the frame that reveals it
    data = data_of(page_of(annotated_text(), "G"))
    frames = data["frames"]
    bids = [
        m
        for n in data["record"][0]
        if n["t"] == "i"
        for m in n["m"]
        if m["x"].startswith("bid") and m["h"] != "G"
    ]
    hidden = [m for m in bids if m["x"] == "bid ?"]
    assert bids and hidden and len(hidden) < len(bids), "the last bid of a round opens them"
    for move in bids:
        assert move["x"] == frames[move["f"]]["m"].partition(": ")[2]
        if move in hidden:
            assert move["r"] > move["f"] and frames[move["r"]]["a"].split(".")[1] == "bid"
            revealed = dict(frames[move["r"]]["rv"])[move["f"]]
            assert revealed.startswith("bid ") and revealed != "bid ?"
            # nowhere else: no frame before the reveal holds it
            assert all(move["f"] not in dict(f.get("rv", [])) for f in frames[: move["r"]])
        else:
            assert "r" not in move


@pytest.mark.parametrize("name", ["game-2p.mcn", "game-3p.mcn", "meta-culpa.mcn"])
def test_every_example_gets_a_page_with_a_frame_per_decision(name: str) -> None:
    text = (ANNOTATED.parent / name).read_text(encoding="utf-8")
    game = game_of(text)
    replay = replayed(game)
    data = data_of(render_page(game, replay, EVERYTHING))
    decisions = sum(len(line.steps) for line in replay.lines())
    assert len(data["frames"]) == decisions + 1 and not data["problems"]
    assert [p[0] for p in data["players"]] == list(game.players)


@pytest.mark.parametrize(
    "text",
    ["plain", "a & b < c > d", "\"quoted\" and 'single'", "&amp; already", "<>&\"'" * 3, ""],
)
def test_markup_is_escaped_as_the_standard_library_escapes_it(text: str) -> None:
    """The page escapes its few markup texts by hand (html.escape's module imports every named
    entity at start); the result is html.escape's, quotes included."""
    import html

    from mcn.html.page import html_escaped

    assert html_escaped(text) == html.escape(text)
