"""``mcn tree``: the model, its DOT and SVG, alternatives, windows, collapsing, escaping."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.engine import CHANCE, parse_action
from mcn.engine.state import GameState
from mcn.notation.model import Comment
from mcn.replay import GameReplay
from mcn.tree import (
    TreeOptions,
    address_key,
    build_tree,
    chance_count,
    edge_attributes,
    html_text,
    node_attributes,
    printable,
    to_graphviz,
)
from tests.tree.records import (
    annotate,
    comment,
    random_history,
    record,
    replay,
    save,
    with_headers,
    with_variations,
)

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz dot not installed")
XLINK_TITLE = "{http://www.w3.org/1999/xlink}title"
SVG = "{http://www.w3.org/2000/svg}"

NODE_LINE = re.compile(r"^\s*(n[0-9a-z]+) \[", re.M)
EDGE_LINE = re.compile(r"^\s*(n[0-9a-z]+) -> (n[0-9a-z]+) \[(.*)\]$", re.M)


@pytest.fixture(scope="module")
def annotated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GameReplay, list[str]]:
    """A full 4-player game with 5 variations, a glyph and two comments, on disk and replayed."""
    game = record(random_history(11))
    game, addresses = with_variations(game, 5, seed=3)
    game = annotate(game, {20: {"glyphs": ("!?",)}, 40: {"after": comment("a quiet move")}})
    path = save(game, tmp_path_factory.mktemp("tree") / "annotated.mcn")
    return path, replay(game), addresses


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def dot_counts(source: str) -> tuple[set[str], list[tuple[str, str, str]]]:
    nodes = set(NODE_LINE.findall(source)) - {"graph", "node", "edge"}
    edges = EDGE_LINE.findall(source)
    return nodes, edges


def svg_groups(path: Path, kind: str) -> list[ET.Element]:
    root = ET.parse(path).getroot()
    return [g for g in root.iter(f"{SVG}g") if g.get("class", "").split()[:1] == [kind]]


def before_states(result: GameReplay) -> dict[str, GameState]:
    """The state before every decision of every line, by full address."""
    out: dict[str, GameState] = {}
    for line in result.lines():
        for index, step in enumerate(line.steps):
            before = line.start if index == 0 else line.steps[index - 1].state
            assert before is not None
            out.setdefault(step.address, before)
    return out


# ---------------------------------------------------------------------------------- model


def test_model_has_a_node_per_decision_point_and_an_edge_per_decision(annotated):
    _path, result, addresses = annotated
    tree = build_tree(result, TreeOptions(collapse=0))
    assert len(tree.edges) == result.decisions
    assert len(tree.nodes) == result.decisions + 1
    assert result.main is not None
    main = [e for e in tree.edges if e.role == "main"]
    assert len(main) == len(result.main.steps)
    variations = result.lines()[1:]
    assert len(variations) == len(addresses) == 5
    var_edges = [e for e in tree.edges if e.role == "variation"]
    assert len(var_edges) == sum(len(line.steps) for line in variations)
    # every variation leaves the main-line node of the move it replaces
    by_id = tree.nodes
    for line in variations:
        first = next(e for e in var_edges if e.address == line.steps[0].address)
        assert by_id[first.tail].address == line.branch_address
        assert by_id[first.tail].depth == 0


def test_chance_decisions_are_chance_nodes_and_the_game_ends_in_an_end_node(annotated):
    _path, result, _ = annotated
    tree = build_tree(result, TreeOptions(collapse=0))
    chance = {n.address for n in tree.nodes.values() if n.role == "chance"}
    assert "setup.1" in chance and "1.prep.1" in chance and "1.prep.2" in chance
    ends = [n for n in tree.nodes.values() if n.role == "end" and n.depth == 0]
    assert len(ends) == 1 and ends[0].address == "end" and "won:" in ends[0].note
    rounds = [n for n in tree.nodes.values() if n.address.endswith(".prep.1") and n.depth == 0]
    assert all(n.hint for n in rounds)


def test_annotations_ride_on_their_edges(annotated):
    _path, result, _ = annotated
    tree = build_tree(result, TreeOptions(collapse=0))
    glyphs = [e for e in tree.edges if e.glyphs]
    comments = [e for e in tree.edges if e.comments]
    assert [e.glyphs for e in glyphs] == [("!?",)]
    assert [e.comments for e in comments] == [("a quiet move",)]
    assert "!?" in edge_attributes(glyphs[0])["label"]
    assert "a quiet move" in edge_attributes(comments[0])["tooltip"]


def test_collapse_folds_plain_stretches_and_keeps_every_decision_accounted(annotated):
    _path, result, _ = annotated
    full = build_tree(result, TreeOptions(collapse=0))
    folded = build_tree(result, TreeOptions(collapse=4))
    collapsed = [n for n in folded.nodes.values() if n.role == "collapsed"]
    assert collapsed and all(len(n.folded) >= 4 for n in collapsed)
    hidden = sum(len(n.folded) - 1 for n in collapsed)
    assert len(folded.nodes) + hidden == len(full.nodes)
    assert len(folded.edges) + hidden == len(full.edges)
    assert len(folded.nodes) < len(full.nodes) / 3
    # annotated moves, branch points and chance decisions stay visible
    assert sum(1 for e in folded.edges if e.glyphs or e.comments) == 2
    assert sum(1 for e in folded.edges if e.role == "variation") >= 5
    assert {n.address for n in full.nodes.values() if n.role == "chance"} <= {
        n.address for n in folded.nodes.values() if n.role == "chance"
    }


def test_window_keeps_only_the_decisions_asked_for(annotated):
    _path, result, _ = annotated
    tree = build_tree(result, TreeOptions(collapse=0, start="2", stop="2.3"))
    assert tree.edges
    main = [e.address for e in tree.edges if e.role == "main"]
    assert main[0] == "2.prep.1"
    assert all(address_key("2") <= address_key(a) <= (*address_key("2.3"), 1 << 30) for a in main)
    assert main[-1].startswith("2.3.")
    cut = [n for n in tree.nodes.values() if n.cut]
    assert len(cut) == 1 and cut[0].address.startswith("2.4.")


def test_address_keys_follow_game_order():
    ordered = [
        "setup",
        "setup.2",
        "1",
        "1.prep.2",
        "1.bid.R",
        "1.bid.Y",
        "1.pick.3",
        "1.1.1",
        "1.2.1",
        "1.10.1",
        "2.prep.1",
        "10.1.1",
    ]
    keys = [address_key(a) for a in ordered]
    assert keys == sorted(keys)
    for bad in ("x", "3.foo", "3.5.2.1", "0.1.1", "setup.x", ""):
        with pytest.raises(ValueError):
            address_key(bad)


def test_alternatives_are_legal_unplayed_and_counted(annotated):
    _path, result, _ = annotated
    tree = build_tree(result, TreeOptions(collapse=0, alternatives=3, stop="2"))
    states = before_states(result)
    alternatives = [e for e in tree.edges if e.role == "alternative"]
    assert alternatives
    played: dict[str, set[str]] = {}
    for edge in tree.edges:
        if edge.role != "alternative":
            played.setdefault(edge.tail, set()).add(edge.move)
    per_node: dict[str, int] = {}
    for edge in alternatives:
        state = states[edge.address]
        assert state.judge(parse_action(edge.actor, edge.text)).accepted  # the engine's word
        assert edge.move not in played[edge.tail]
        per_node[edge.tail] = per_node.get(edge.tail, 0) + 1
        assert tree.nodes[edge.head].role == "alternative"
    assert max(per_node.values()) == 3
    for node_id, count in per_node.items():
        node = tree.nodes[node_id]
        assert node.legal is not None and node.legal >= count + 1
        if node.role == "decision":
            actor = next(e.actor for e in tree.edges if e.tail == node_id)
            assert node.legal == len(states[node.address].legal_actions(actor))


def test_chance_counts_match_the_engine_where_listing_is_cheap(annotated):
    _path, result, _ = annotated
    states = before_states(result)
    souls = states["setup.1"]
    assert chance_count(souls) == (len(souls.chance_outcomes()), True)
    market = states["1.prep.1"]
    assert chance_count(market) == (len(market.legal_actions()), True)
    rooms = states["1.prep.2"]
    assert chance_count(rooms)[0] == len(rooms.legal_actions())


# ---------------------------------------------------------------------------------- DOT / SVG


def test_dot_output_counts_match_the_record(annotated, tmp_path):
    path, result, _ = annotated
    out = tmp_path / "tree.dot"
    code, _ = run("tree", str(path), "-o", str(out), "--collapse", "0")
    assert code == 0
    source = out.read_text(encoding="utf-8")
    nodes, edges = dot_counts(source)
    assert len(nodes) == result.decisions + 1
    assert len(edges) == result.decisions
    assert sum(1 for *_ends, attrs in edges if "edge-main" in attrs) == len(result.main.steps)
    assert sum(1 for *_ends, attrs in edges if "edge-variation" in attrs) == sum(
        len(line.steps) for line in result.lines()[1:]
    )
    assert source.count("subgraph cluster_") == len(
        {a.split(".")[0] for a in before_states(result)}
    )


@needs_dot
def test_svg_output_counts_match_the_record(annotated, tmp_path):
    path, result, _ = annotated
    out = tmp_path / "tree.svg"
    code, _ = run("tree", str(path), "-o", str(out), "--collapse", "0", "--rankdir", "LR")
    assert code == 0
    assert len(svg_groups(out, "node")) == result.decisions + 1
    assert len(svg_groups(out, "edge")) == result.decisions
    assert len(svg_groups(out, "cluster")) >= 2


def test_cli_alternatives_are_greyed_dashed_and_legal(annotated, tmp_path):
    path, result, _ = annotated
    out = tmp_path / "alt.dot"
    code, _ = run("tree", str(path), "-o", str(out), "--alternatives", "3", "--to", "1.3")
    assert code == 0
    source = out.read_text(encoding="utf-8")
    states = before_states(result)
    alternatives = [attrs for *_ends, attrs in dot_counts(source)[1] if "edge-alternative" in attrs]
    assert alternatives
    for attrs in alternatives:
        assert "style=dashed" in attrs and "grey" in attrs
        tooltip = re.search(r'tooltip="([^"\\]*(?:\\.[^"\\]*)*)"', attrs)
        assert tooltip is not None
        address, move = tooltip.group(1).split("\\n")[0].split(" ", 1)
        actor, colon, text = move.partition(": ")
        if not colon:  # chance writes its outcome without an actor
            actor, text = CHANCE, move
        assert states[address].judge(parse_action(actor, text)).accepted


@needs_dot
def test_record_text_cannot_break_or_inject_into_dot_or_svg(tmp_path):
    nasty = 'He said "<b>hi</b>" {not a comment} back\\slash \\n\nsecond line: äöü € 🎲 & &amp;'
    name = 'Paula "<i>" {x} \\ Ünal'
    game = record(random_history(4))
    game = with_headers(game, Red=name, Event="Club <night> & {fun}")
    first_moves = [i for i, m in enumerate(game.moves()) if m.tokens[0] == "choose"]
    game = annotate(
        game, {first_moves[1]: {"after": (Comment(nasty),), "before": (Comment("<>"),)}}
    )
    path = save(game, tmp_path / "nasty.mcn")
    out = tmp_path / "nasty.svg"
    code, output = run("tree", str(path), "-o", str(out), "--collapse", "0")
    assert code == 0, output
    root = ET.parse(out).getroot()  # well-formed XML
    titles = [a.get(XLINK_TITLE) for a in root.iter(f"{SVG}a")]
    assert any(t is not None and nasty in t for t in titles)
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert f"Red: {name} · Blue: Blue player · Green: Green player · Yellow: Yellow player" in texts
    assert "Club <night> & {fun}" in texts
    # the DOT source itself parses back to the same graph with the dot binary
    dot_out = tmp_path / "nasty.dot"
    assert run("tree", str(path), "-o", str(dot_out), "--collapse", "0")[0] == 0
    assert dot_counts(dot_out.read_text(encoding="utf-8"))[1]


@needs_dot
def test_control_characters_render_as_visible_pictures():
    result = replay(annotate(record(random_history(4)), {5: {"after": comment("a\x01b\x1bc\x7f")}}))
    graph = to_graphviz(build_tree(result, TreeOptions(collapse=0)))
    svg = graph.pipe(format="svg")
    root = ET.fromstring(svg)
    titles = [a.get(XLINK_TITLE) or "" for a in root.iter(f"{SVG}a")]
    assert any("a\u2401b\u241bc\u2421" in t for t in titles)


def test_escaping_helpers():
    assert printable("a\r\nb\rc\x00") == "a\nb\nc\u2400"
    assert html_text('<"&>\n') == '&lt;&quot;&amp;&gt;<BR ALIGN="LEFT"/>'
    node = build_tree(replay(record(random_history(4))), TreeOptions(collapse=0)).nodes["n0"]
    attributes = node_attributes(node)
    assert attributes["label"].startswith("<") and attributes["label"].endswith(">")
    assert attributes["shape"] == "diamond"


# ---------------------------------------------------------------------------------- errors


def test_missing_dot_is_a_clean_usage_error(annotated, tmp_path, monkeypatch):
    path, _result, _ = annotated
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    code, output = run("tree", str(path), "-o", str(tmp_path / "x.svg"))
    assert code == 2
    assert "Graphviz 'dot'" in output and "Traceback" not in output
    code, _ = run("tree", str(path), "-o", str(tmp_path / "x.dot"))
    assert code == 0


def test_usage_errors_exit_2(annotated, tmp_path):
    path, _result, _ = annotated
    assert run("tree", str(path), "-o", str(tmp_path / "x.txt"))[0] == 2
    assert run("tree", str(path), "-o", str(tmp_path / "x.dot"), "--from", "3.foo")[0] == 2
    assert run("tree", str(path), "-o", str(tmp_path / "x.dot"), "--from", "4", "--to", "3")[0] == 2
    assert run("tree", str(path), "-o", str(tmp_path / "x.dot"), "--game", "2")[0] == 2
    assert run("tree", str(tmp_path / "missing.mcn"), "-o", str(tmp_path / "x.dot"))[0] == 2


def test_broken_records_exit_1_with_a_location(tmp_path):
    bad_syntax = tmp_path / "syntax.mcn"
    bad_syntax.write_text('[Event "x"]\nsetup\nsouls: R B (\n', encoding="utf-8")
    code, output = run("tree", str(bad_syntax), "-o", str(tmp_path / "x.dot"))
    assert code == 1 and re.search(r"syntax\.mcn:\d+:\d+: error", output)
    game = record(random_history(4))
    text = save(game, tmp_path / "ok.mcn").read_text(encoding="utf-8")
    illegal = tmp_path / "illegal.mcn"
    illegal.write_text(text.replace("round 1\n", "round 1\nR: buy jewel\n", 1), encoding="utf-8")
    code, output = run("tree", str(illegal), "-o", str(tmp_path / "x.dot"))
    assert code == 1 and re.search(r"illegal\.mcn:\d+:\d+: error", output)
    assert "Traceback" not in output
