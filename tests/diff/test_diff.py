"""``mcn diff``: headers, first divergence, annotations, outcome, views, JSON, errors."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.diff import compare, decision_blocks, flatten, topic_of
from mcn.engine import parse_action
from mcn.engine.actions import Donate
from mcn.io.resources import load_schema
from mcn.notation.model import Comment, Item
from tests.tree.records import (
    annotate,
    branch_at,
    choice_points,
    comment,
    random_history,
    record,
    replay,
    save,
    with_headers,
    with_variations,
)

SEED = 7


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["diff", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def run_json(*args: str) -> tuple[int, dict]:
    code, output = run(*args, "--format", "json")
    data = json.loads(output)
    jsonschema.Draft202012Validator(load_schema("diff")).validate(data)
    assert data["same"] == (code == 0)
    return code, data


@pytest.fixture(scope="module")
def history():
    return random_history(SEED)


@pytest.fixture(scope="module")
def files(tmp_path_factory, history):
    """The base record and edited copies, on disk."""
    folder = tmp_path_factory.mktemp("diff")
    base = record(history)
    index = choice_points(history)[5]
    changed = branch_at(history, index, seed=1)
    first_item = next(
        n for n, m in enumerate(base.moves()) if m.tokens[0] in ("pass", "buy", "donate")
    )
    varied, _ = with_variations(base, 1, seed=2)
    return {
        "base": save(base, folder / "base.mcn"),
        "copy": save(base, folder / "copy.mcn"),
        "changed": save(record(changed), folder / "changed.mcn"),
        "changed_at": history[index][0],
        "comment": save(
            annotate(base, {first_item: {"after": comment("a new {idea}")}}), folder / "c.mcn"
        ),
        "glyph": save(annotate(base, {first_item: {"glyphs": ("?!",)}}), folder / "g.mcn"),
        "varied": save(varied, folder / "v.mcn"),
        "event": save(with_headers(base, Event="Club night", Site="Tübingen"), folder / "e.mcn"),
        "prefix": save(record(history[: len(history) // 2]), folder / "prefix.mcn"),
    }


def test_identical_records_are_the_same(files):
    code, output = run(str(files["base"]), str(files["copy"]))
    assert code == 0 and "the records are the same game" in output
    code, data = run_json(str(files["base"]), str(files["copy"]))
    assert data["divergence"] is None and data["headers"] == [] and data["annotations"] == []
    assert data["outcome"]["differs"] is False and data["outcome"]["a"]["terminal"] is True


def test_one_changed_decision_is_reported_at_its_address(files):
    code, output = run(str(files["base"]), str(files["changed"]))
    assert code == 1
    assert f"first divergence at {files['changed_at']} " in output
    code, data = run_json(str(files["base"]), str(files["changed"]))
    divergence = data["divergence"]
    assert divergence["address"] == files["changed_at"]
    assert divergence["a"] != divergence["b"]
    assert divergence["state"] and divergence["topics"]
    assert data["annotations"] == []  # nothing annotated before the divergence
    assert data["outcome"]["a"]["terminal"] and data["outcome"]["b"]["terminal"]


def test_only_a_comment_changed_is_an_annotation_difference(files):
    code, output = run(str(files["base"]), str(files["comment"]))
    assert code == 1
    assert "annotations differ" in output and "first divergence" not in output
    assert "a new {idea}" in output
    code, data = run_json(str(files["base"]), str(files["comment"]))
    assert data["divergence"] is None
    assert [(n["kind"], n["a"], n["b"]) for n in data["annotations"]] == [
        ("comments", [], ["a new {idea}"])
    ]
    code, output = run(str(files["base"]), str(files["comment"]), "--ignore-annotations")
    assert code == 0 and "annotations ignored" in output


def test_glyph_and_variation_differences_are_annotations(files):
    code, data = run_json(str(files["base"]), str(files["glyph"]))
    assert code == 1 and [n["kind"] for n in data["annotations"]] == ["glyphs"]
    code, data = run_json(str(files["varied"]), str(files["base"]))
    assert code == 1 and [n["kind"] for n in data["annotations"]] == ["variations"]
    assert len(data["annotations"][0]["a"]) == 1 and data["annotations"][0]["b"] == []
    assert run(str(files["varied"]), str(files["base"]), "--ignore-annotations")[0] == 0


def test_header_differences_are_listed_tag_by_tag(files):
    code, data = run_json(str(files["base"]), str(files["event"]))
    assert code == 1
    assert data["headers"] == [
        {"tag": "Event", "a": "?", "b": "Club night"},
        {"tag": "Site", "a": "?", "b": "Tübingen"},
    ]
    assert data["divergence"] is None


def test_a_shorter_record_diverges_where_it_ends(files, history):
    code, data = run_json(str(files["base"]), str(files["prefix"]))
    assert code == 1
    divergence = data["divergence"]
    assert divergence["b"] is None and divergence["a"] is not None
    assert data["outcome"]["differs"] and data["outcome"]["b"]["terminal"] is False
    assert divergence["address"] == data["outcome"]["b"]["address"]


def test_bids_written_in_another_order_are_the_same_game(files, tmp_path, history):
    game = record(history)
    body = list(game.body)
    first = next(
        i for i, e in enumerate(body) if isinstance(e, Item) and e.moves[0].tokens[0] == "bid"
    )
    body[first], body[first + 1] = body[first + 1], body[first]
    swapped = save(dataclasses.replace(game, body=tuple(body)), tmp_path / "swapped.mcn")
    assert run(str(files["base"]), str(swapped))[0] == 0


def test_different_rules_with_the_same_moves_diverge_in_the_state(files, tmp_path, history):
    other = save(with_headers(record(history), Rules="en-2016"), tmp_path / "en.mcn")
    code, data = run_json(str(files["base"]), str(other))
    assert code == 1
    assert data["headers"] == [{"tag": "Rules", "a": "de-2016", "b": "en-2016"}]
    divergence = data["divergence"]
    assert divergence["address"] == "setup.1" and divergence["a"] == divergence["b"]
    assert [s["path"] for s in divergence["state"]] == ["ruleset"]


# ---------------------------------------------------------------------------------- --as


@pytest.fixture(scope="module")
def secret_pair(tmp_path_factory, history):
    """Two records that differ only in the compartment of one donation, cut right after it."""
    index = next(
        i
        for i, (address, action) in enumerate(history)
        if isinstance(action, Donate)
        and len(action.items) == 1
        and "." in address
        and address.split(".")[0].isdigit()
    )
    address, action = history[index]
    text = action.text
    swapped = text.replace(">II", ">@").replace(">I", ">II").replace(">@", ">I")
    other = parse_action(action.actor, swapped)
    folder = tmp_path_factory.mktemp("secret")
    a = save(record(history[: index + 1]), folder / "a.mcn")
    b = save(record([*history[:index], (address, other)]), folder / "b.mcn")
    observer = next(c for c in "RBGY" if c != action.actor)
    return a, b, address, action.actor, observer


def test_a_hidden_compartment_is_the_same_game_for_the_others(secret_pair):
    a, b, address, _donor, observer = secret_pair
    code, data = run_json(str(a), str(b))
    assert code == 1 and data["divergence"]["address"] == address
    assert {topic_of(s["path"]) for s in data["divergence"]["state"]} == {"donations"}
    code, data = run_json(str(a), str(b), "--as", observer)
    assert code == 0 and data["as"] == observer
    assert data["divergence"] is None and data["hidden_divergence"] == address
    code, output = run(str(a), str(b), "--as", observer.lower())
    assert code == 0 and "hidden from" in output
    assert run(str(a), str(b), "--as", "spectator")[0] == 0


def test_the_donor_sees_his_own_compartment(secret_pair):
    a, b, address, donor, _observer = secret_pair
    code, data = run_json(str(a), str(b), "--as", donor)
    assert code == 1 and data["divergence"]["address"] == address
    paths = [s["path"] for s in data["divergence"]["state"]]
    assert paths and all(p.startswith(f"seats.{donor}.chest.") for p in paths)


def test_a_public_difference_is_seen_by_everybody(files):
    for viewer in ("R", "B", "spectator"):
        code, data = run_json(str(files["base"]), str(files["changed"]), "--as", viewer)
        assert code == 1 and data["divergence"]["address"] == files["changed_at"]


# ---------------------------------------------------------------------------------- errors


def test_broken_records_give_a_location_and_exit_1(files, tmp_path):
    syntax = tmp_path / "syntax.mcn"
    syntax.write_text('[Event "x"]\nsetup\nsouls: R B (\n', encoding="utf-8")
    code, output = run(str(files["base"]), str(syntax))
    assert code == 1 and re.search(r"syntax\.mcn:\d+:\d+: error", output)
    illegal = tmp_path / "illegal.mcn"
    text = Path(files["base"]).read_text(encoding="utf-8")
    illegal.write_text(text.replace("round 2\n", "round 2\nR: sell jewel\n", 1), encoding="utf-8")
    code, output = run(str(illegal), str(files["base"]))
    assert code == 1 and re.search(r"illegal\.mcn:\d+:\d+: error", output)
    assert "Traceback" not in output


def test_usage_errors_exit_2(files, tmp_path):
    assert run(str(files["base"]), str(tmp_path / "missing.mcn"))[0] == 2
    assert run(str(files["base"]), str(files["copy"]), "--game", "2")[0] == 2
    assert run(str(files["base"]), str(files["copy"]), "--as", "X")[0] == 2
    assert run(str(files["base"]), str(files["copy"]), "--format", "xml")[0] == 2
    three = save(record(random_history(3, ("R", "B", "G")), ("R", "B", "G")), tmp_path / "3.mcn")
    code, output = run(str(three), str(three), "--as", "Y")
    assert code == 2 and "does not play" in output


# ---------------------------------------------------------------------------------- library


def test_flatten_unwraps_secrets_and_indexes_objects():
    data = {
        "a": {"secret": "R", "value": {"x": 1}},
        "b": {"secret": "R", "masked": True},
        "sites": [{"crews": 1}, {"crews": 0}],
        "rooms": ["take-5", None],
        "stack": [["x"]],
    }
    assert flatten(data) == {
        "a.x": 1,
        "b": "(hidden)",
        "sites[0].crews": 1,
        "sites[1].crews": 0,
        "rooms": ["take-5", None],
    }


def test_bid_blocks_group_a_rounds_bids(history):
    result = replay(record(history))
    assert result.main is not None
    blocks = decision_blocks(result.main.steps)
    bids = [b for b in blocks if ".bid." in b[0].address]
    assert bids and all(len(b) == 4 for b in bids)
    assert sum(len(b) for b in blocks) == len(result.main.steps)


def test_compare_on_replays_directly(history):
    game = record(history)
    other = annotate(game, {3: {"after": (Comment("x"),)}})
    result = compare(replay(game), replay(other))
    assert not result.same and result.divergence is None
    assert [a.kind for a in result.annotations] == ["comments"]
    assert compare(replay(game), replay(other), annotations=False).same


def test_the_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(load_schema("diff"))


def test_game_selects_a_game_of_each_file(files, tmp_path):
    one = Path(files["base"]).read_text(encoding="utf-8")
    two = Path(files["changed"]).read_text(encoding="utf-8")
    both = tmp_path / "both.mcn"
    both.write_text(one + "\n" + two, encoding="utf-8")
    other = tmp_path / "other.mcn"
    other.write_text(two + "\n" + one, encoding="utf-8")
    assert run(str(both), str(files["base"]))[0] == 0
    code, data = run_json(str(both), str(other), "--game", "2")
    assert code == 1 and data["a"]["game"] == 2 and data["b"]["game"] == 2
    assert data["divergence"]["address"] == files["changed_at"]
    assert run(str(both), str(other), "--game", "3")[0] == 2


def test_moves_are_shown_as_the_viewer_saw_them(secret_pair, tmp_path, history):
    a, _b, address, donor, observer = secret_pair
    index = next(i for i, (addr, _action) in enumerate(history) if addr == address)
    shorter = save(record(history[:index]), tmp_path / "shorter.mcn")
    code, data = run_json(str(a), str(shorter), "--as", observer)
    assert code == 1 and data["divergence"]["address"] == address
    assert data["divergence"]["a"].startswith(f"{donor}: donate ")
    assert data["divergence"]["a"].endswith(">?")  # the compartment stays secret
    assert data["divergence"]["b"] != data["divergence"]["a"]
    code, data = run_json(str(a), str(shorter), "--as", donor)
    assert ">?" not in data["divergence"]["a"]
