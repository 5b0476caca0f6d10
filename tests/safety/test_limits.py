"""Every bound of mcn/io/limits.py, at and just past its value (docs/notation.md, "Limits")."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import mcn.commands.loader as loader
import mcn.commands.tree as tree_command
from mcn.io import limits
from mcn.io.inputs import cpu_count
from mcn.notation.parser import parse_lenient
from mcn.notation.stream import read_file
from mcn.tree import escaped_string, html_text
from tests.safety.helpers import GAME, game_text, run, with_variations

ONE = "(B: bonus 10>II)"


def test_empty_variations_at_and_past_the_limit(tmp_path: Path) -> None:
    at = tmp_path / "at.mcn"
    at.write_text(with_variations(game_text(), "()" * limits.MAX_EMPTY_VARIATIONS), "utf-8")
    assert run("validate", str(at)).exit_code == 0
    past = tmp_path / "past.mcn"
    past.write_text(
        with_variations(game_text(), "() " * (limits.MAX_EMPTY_VARIATIONS + 1)), "utf-8"
    )
    result = run("validate", str(past))
    assert result.exit_code == 1
    column = len("B: bonus 10>II ") + 3 * limits.MAX_EMPTY_VARIATIONS + 1
    assert result.output.startswith(
        f"{past}:15:{column}: error: more than 1,000 empty variations in one game (the limit; "
    )


def test_a_comment_only_variation_is_empty_and_parentheses_in_comments_do_not_count() -> None:
    text = with_variations(game_text(), "({c}) " * (limits.MAX_EMPTY_VARIATIONS + 1))
    assert limits.variation_problem(text) is not None
    hidden = with_variations(game_text(), "{" + "()" * 20_000 + "}")
    assert limits.variation_problem(hidden) is None


def test_variations_at_and_past_the_limit() -> None:
    at = with_variations(game_text(), ONE * limits.MAX_VARIATIONS)
    assert limits.variation_problem(at) is None
    _, errors = parse_lenient(at)
    assert errors == ()
    past = with_variations(game_text(), ONE * (limits.MAX_VARIATIONS + 1))
    _, errors = parse_lenient(past, name="past.mcn")
    assert len(errors) == 1
    assert errors[0].message.startswith("more than 10,000 variations in one game")
    assert (errors[0].line, errors[0].column) == (15, 16 + len(ONE) * limits.MAX_VARIATIONS)


def test_game_size_at_and_past_the_limit() -> None:
    base = game_text()
    filler = limits.MAX_GAME_CHARS - len(base) - len("{}\n")
    at = base + "{" + "x" * filler + "}\n"
    assert len(at) == limits.MAX_GAME_CHARS
    record, errors = read_file(io.BytesIO(at.encode()), name="at.mcn")
    assert errors == () and len(record.games) == 1
    past = base + "{" + "x" * (filler + 1) + "}\n"
    record, errors = read_file(io.BytesIO((past + base).encode()), name="past.mcn")
    assert [e.message.split(" (")[0] for e in errors] == ["game longer than 4,194,304 characters"]
    assert len(record.games) == 1  # the next game is read as usual


def test_line_length_at_and_past_the_limit() -> None:
    line = "{" + "x" * (limits.MAX_GAME_CHARS - 2) + "}"
    _, errors = read_file(io.BytesIO(line.encode()), name="at.mcn")
    assert not any("longer" in e.message for e in errors)
    _, errors = read_file(io.BytesIO((line + "x").encode()), name="past.mcn")
    assert errors[0].message.startswith("line longer than 4,194,304 characters")


def test_alternatives_at_and_past_the_limit(tmp_path: Path) -> None:
    out = str(tmp_path / "t.dot")
    at = run("tree", str(GAME), "-o", out, "--to", "setup", "--alternatives", "100")
    assert at.exit_code == 0, at.output
    past = run("tree", str(GAME), "-o", out, "--to", "setup", "--alternatives", "101")
    assert past.exit_code == 2
    assert "101 is not in the range 0<=x<=100" in past.output


def test_drawn_nodes_at_and_past_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dot = run("tree", str(GAME), "-o", str(tmp_path / "t.dot"), "--to", "1")
    nodes = int(dot.output.split("(")[1].split()[0])
    monkeypatch.setattr(tree_command, "MAX_DRAWN_NODES", nodes - 1)
    past = run("tree", str(GAME), "-o", str(tmp_path / "t.svg"), "--to", "1")
    assert past.exit_code == 1
    assert f"the drawing has {nodes} nodes, more than {nodes - 1}" in past.output
    assert not (tmp_path / "t.svg").exists()
    monkeypatch.setattr(tree_command, "MAX_DRAWN_NODES", nodes)
    monkeypatch.setattr(tree_command, "render", lambda graph, fmt: b"<svg/>")  # no dot needed
    assert run("tree", str(GAME), "-o", str(tmp_path / "t.svg"), "--to", "1").exit_code == 0


def test_label_and_tooltip_lengths() -> None:
    label = "a" * limits.MAX_LABEL_CHARS
    assert html_text(label) == label
    assert html_text(label + "b") == "a" * (limits.MAX_LABEL_CHARS - 1) + "…"
    tip = "t" * limits.MAX_TOOLTIP_CHARS
    assert str(escaped_string(tip)) == tip
    assert str(escaped_string(tip + "u")) == "t" * (limits.MAX_TOOLTIP_CHARS - 1) + "…"


def test_jobs_at_and_past_the_core_count() -> None:
    cores = cpu_count()
    at = run("validate", "--jobs", str(cores), str(GAME))
    assert at.exit_code == 0 and "capped" not in at.output
    past = run("validate", "--jobs", str(cores + 1), str(GAME))
    assert past.exit_code == 0
    assert f"note: --jobs {cores + 1} capped at {cores}, the number of cores" in past.output


def test_stream_bytes_at_and_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    data = GAME.read_bytes()
    monkeypatch.setattr(loader, "MAX_STREAM_BYTES", len(data))  # the one record loader
    assert run("fmt", "-", input=data).exit_code == 0
    past = run("fmt", "-", input=data + b"\n")
    assert past.exit_code == 1
    assert past.output.startswith("<stdin>: error: cannot read: more than ")


def test_import_integer_digits_at_and_past_the_limit(tmp_path: Path) -> None:
    exported = tmp_path / "g.json"
    run("export", str(GAME), "-o", str(exported))
    data = json.loads(exported.read_text(encoding="utf-8"))
    for digits, refused in ((18, False), (19, True)):
        data["version"] = int("9" * digits)
        path = tmp_path / f"v{digits}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        result = run("import", str(path))
        assert result.exit_code == 1  # an unknown version either way
        assert ("an integer of 19 digits" in result.output) is refused


def test_decisions_at_and_past_the_limit(tmp_path: Path) -> None:
    """MAX_DECISIONS: 20,000 decisions are replayed, the next one is refused with the limit
    named and the game is invalid (the infractions record: its forced moves count too)."""
    from tests.safety.growth import infractions

    extra = 1_005  # the record's other decisions, forced ones included (measured below)
    at = tmp_path / "at.mcn"
    at.write_text(infractions(limits.MAX_DECISIONS - extra), encoding="utf-8")
    result = run("validate", str(at))
    assert result.exit_code == 0, result.output
    assert f"{limits.MAX_DECISIONS} decisions replayed" in result.output
    past = tmp_path / "past.mcn"
    past.write_text(infractions(limits.MAX_DECISIONS - extra + 1), encoding="utf-8")
    result = run("validate", str(past))
    assert result.exit_code == 1
    assert f"more than {limits.MAX_DECISIONS:,} decisions in one game" in result.output
    assert "Limits" in result.output


def test_import_from_a_stream_at_and_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """``import -`` reads at most MAX_STREAM_BYTES from a stream, like fmt and export; one
    JSON string longer than that is refused too (issue 24: a 1 GB line reached 2.4 GB)."""
    exported = run("export", str(GAME)).output.encode("utf-8")
    monkeypatch.setattr(loader, "MAX_STREAM_BYTES", len(exported))
    assert run("import", "-", input=exported).exit_code == 0
    past = run("import", "-", input=exported + b"\n")
    assert past.exit_code == 1
    assert "<stdin>: error: cannot read: more than " in past.output
    assert "from a stream (the limit)" in past.output


def test_filter_of_an_over_long_line_writes_nothing() -> None:
    """``filter -`` on a line past the limit refuses (exit 1, the limit named) instead of
    "1 of 1 games written" with nothing written (issue 24)."""
    result = run("filter", "-", "-o", "-", input="x" * (limits.MAX_GAME_CHARS + 1))
    assert result.exit_code == 1
    assert "longer than" in result.output and "Limits" in result.output
    assert "nothing written" in result.output and "games written" not in result.output
