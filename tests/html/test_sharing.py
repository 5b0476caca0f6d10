"""Sharing an annotated game: which comments, glyphs and variations a page for one viewer keeps
(mcn/html/sharing.py; the rule of ``mcn redact --as``, R-HID-1)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from mcn.cli import cli
from mcn.html import render_page
from mcn.notation.model import Comment, Element, Item, Move
from mcn.views.projection import EVERYTHING
from tests.html.pages import ANNOTATED, annotated_text, data_of, game_of, replayed


def _moves(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for line in data["record"]:
        for node in line:
            if node["t"] == "i":
                yield from node["m"]


def _comments(data: dict[str, Any]) -> list[str]:
    return [text for move in _moves(data) for text in move.get("b", []) + move.get("c", [])]


def _page(viewer: str | None, keep: bool = False) -> dict[str, Any]:
    game = game_of(annotated_text())
    return data_of(render_page(game, replayed(game), viewer, keep_annotations=keep))


def _own_lines(full: dict[str, Any], viewer: str) -> int:
    """How many variations of the full page branch at ``viewer``'s moves, nested ones only
    inside such a variation."""
    held, work = 0, [0]
    while work:
        line = work.pop()
        for node in full["record"][line]:
            for move in node.get("m", []) if node["t"] == "i" else []:
                if move["h"] == viewer:
                    held += len(move.get("v", []))
                    work.extend(move.get("v", []))
    return held


def _all_comments(elements: Sequence[Element]) -> Iterator[str]:
    """Every comment of a record body, variations included."""
    for element in elements:
        if isinstance(element, Comment):
            yield element.text
        elif isinstance(element, Item):
            for move in element.moves:
                yield from (c.text for c in (*move.before, *move.after))
                for variation in move.variations:
                    yield from _all_comments(variation)


def _written(actor: str | None = None) -> list[Move]:
    """The record's main-line moves (of ``actor``) that carry annotations."""
    game = game_of(annotated_text())
    return [
        move
        for element in game.body
        if isinstance(element, Item)
        for move in element.moves
        if (actor is None or move.actor == actor)
        and (move.before or move.after or move.variations or move.glyphs)
    ]


def test_a_players_page_keeps_his_own_comments_and_variations() -> None:
    # R-HID-1: what the viewer wrote on his own moves is his; the others' annotations were
    # written by someone who saw everything and stay out (as mcn redact --as)
    for viewer in ("R", "B", "G", "Y"):
        data = _page(viewer)
        own = _written(viewer)
        assert all(m["h"] == viewer for m in _moves(data) if "b" in m or "c" in m), viewer
        expected = [c.text for m in own for c in (*m.before, *m.after)]
        assert [c for c in _comments(data) if c in expected] == expected, viewer
        # the variations held are exactly those on his own moves, with their frames
        branches = [m for m in _moves(data) if "v" in m]
        assert all(m["h"] == viewer for m in branches), viewer
        kept = _own_lines(_page(EVERYTHING), viewer)
        assert kept or viewer in "GY"
        assert len(data["lines"]) == 1 + kept and len(data["record"]) == 1 + kept, viewer
        assert {f["l"] for f in data["frames"]} == set(range(1 + kept))
        assert not any(n["t"] == "c" for line in data["record"] for n in line), viewer
    assert any(_written(v) and any(m.variations for m in _written(v)) for v in "RB")


def test_glyphs_on_a_hidden_move_stay_only_with_its_annotations() -> None:
    # R-HID-1: '?!' on Red's donation was given by someone who saw its compartments
    red = [m for m in _written("R") if m.tokens[0] == "donate" and m.glyphs]
    assert red
    blue = _page("B")
    donations = [m for m in _moves(blue) if m["h"] == "R" and m["x"].startswith("donate")]
    assert donations and all(m["x"].endswith(">?") for m in donations)
    assert not any("g" in m for m in donations)
    assert any("g" in m for m in _moves(_page("R")) if m["h"] == "R" and "donate" in m["x"])
    # a move the viewer reads in full keeps its glyphs (as mcn redact keeps them)
    public = [m for m in _written() if m.glyphs and m.tokens[0] == "crew"]
    assert public and any(m.get("g") for m in _moves(blue) if m["x"] == public[0].text)


def test_keep_annotations_keeps_everyones_comments_and_variations_masked() -> None:
    # the person sharing decides: every annotation stays, every move still worded for the
    # viewer (variations show bid ? and donate jewel>? as the main line does)
    full = _page(EVERYTHING)
    for viewer in ("G", None):
        data = _page(viewer, keep=True)
        assert sorted(_comments(data)) == sorted(_comments(full))
        assert len(data["lines"]) == len(full["lines"]) and len(data["frames"]) == len(
            full["frames"]
        )
        game_comments = [n["x"] for line in data["record"] for n in line if n["t"] == "c"]
        assert game_comments == [n["x"] for line in full["record"] for n in line if n["t"] == "c"]
        inside = [m for line in data["record"][1:] for n in line if n["t"] == "i" for m in n["m"]]
        others = [m for m in inside if m["h"] not in (viewer, "*")]
        assert any(m["x"].endswith("?") for m in others)
        assert "Blue" not in data["note"] and "sharer" in data["note"]


def test_a_spectators_page_keeps_no_annotation() -> None:
    data = _page(None)
    assert not _comments(data) and len(data["lines"]) == 1
    assert not any("v" in m for m in _moves(data))
    assert "left out" in data["note"]


def test_a_record_redacted_with_its_annotations_keeps_them(tmp_path: Path) -> None:
    # mcn redact --keep-annotations shares the comments on purpose: its page keeps them
    runner = CliRunner()
    redacted = runner.invoke(cli, ["redact", str(ANNOTATED), "--as", "G", "--keep-annotations"])
    assert redacted.exit_code == 0, redacted.output
    record = tmp_path / "g.mcn"
    record.write_text(redacted.output, encoding="utf-8")
    game = game_of(redacted.output)
    written = list(_all_comments(game.body))
    assert written
    page = runner.invoke(cli, ["html", str(record)])
    assert page.exit_code == 0, page.output
    data = data_of(page.output)
    assert data["viewer"] == "G"
    shown = _comments(data) + [n["x"] for line in data["record"] for n in line if n["t"] == "c"]
    assert sorted(shown) == sorted(written)
    # a spectator's page of Green's record keeps none of them (Green shared them with Green)
    spectator = data_of(runner.invoke(cli, ["html", str(record), "--as", "spectator"]).output)
    assert not _comments(spectator)


def test_the_command_takes_keep_annotations() -> None:
    runner = CliRunner()
    plain = runner.invoke(cli, ["html", str(ANNOTATED), "--as", "Y"])
    kept = runner.invoke(cli, ["html", str(ANNOTATED), "--as", "Y", "--keep-annotations"])
    assert plain.exit_code == kept.exit_code == 0
    assert len(_comments(data_of(kept.output))) > len(_comments(data_of(plain.output)))


def test_a_viewers_page_holds_no_engine_message_about_an_error() -> None:
    # R-HID-1: the engine's reason for refusing a move may name a secret (a player's money or
    # goods); a viewer's page says only that the record breaks off
    broken = annotated_text().replace(
        "4. Y: sell bread; donate 1>I", "4. Y: sell bread; donate 99>I"
    )
    game = game_of(broken)
    replay = replayed(game)
    errors = [line.error for line in replay.lines() if line.error is not None]
    assert errors

    def text(viewer: str | None) -> str:  # everything the page's data holds, decoded
        page = render_page(game, replay, viewer, keep_annotations=True)
        return json.dumps(data_of(page), ensure_ascii=False)

    full = text(EVERYTHING)
    assert all(error.message in full for error in errors)
    for viewer in ("R", None):
        seen = text(viewer)
        assert not any(error.message in seen for error in errors), viewer
        assert "the record breaks off here" in seen and "has errors" in seen
