"""``mcn explore`` and ``mcn tree --merge``: counts checked against the games one by one.

The archive of these tests is small enough to check by hand: five random games (2 and 3
players), one of them cut off (valid, unfinished), a copy of the first in a second file (a
duplicate: counted once), and a broken game (an illegal move: not counted). Every count the
explorer prints is compared with a direct loop over the games through the library.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.commands.random_games import random_records
from mcn.engine import COLOURS, play_random_game
from mcn.engine.actions import Bid
from mcn.engine.ranking import placings
from mcn.io.resources import load_schema
from mcn.notation.parser import parse
from mcn.notation.writer import write
from mcn.records.transcript import transcript
from mcn.replay import replay_game
from mcn.views.projection import Projection


@cache
def _games() -> list[str]:
    texts = []
    for players, seed in ((3, 1), (3, 2), (2, 3), (3, 4)):
        with_text = next(iter(random_records(players, seed=seed, count=1)))
        texts.append(write(with_text))
    _, history = play_random_game(COLOURS[:3], 9)
    texts.append(write(transcript(history[:40], players=COLOURS[:3])))  # stops in round 1
    return texts


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("archive")
    texts = _games()
    (folder / "a.mcn").write_text("\n".join(texts), encoding="utf-8")
    broken = texts[1].replace("choose ", "choose nobody ", 1)
    assert broken != texts[1]
    (folder / "b.mcn").write_text(texts[0] + "\n" + broken, encoding="utf-8")
    return folder


def _run(*args: str, code: int = 1) -> CliRunner:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == code, result.output
    return result


def _json(*args: str) -> dict[str, object]:
    data = json.loads(_run("explore", *args, "--format", "json").stdout)
    assert isinstance(data, dict)
    jsonschema.validate(data, load_schema("explore"))  # every JSON output of these tests
    return data


@cache
def _kept_replays() -> list[object]:
    """The games that stand, replayed directly (the copy and the broken game left out)."""
    out = []
    for text in _games():
        out.append(replay_game(parse(text).games[0]))
    return out


def _places(replay: object) -> dict[str, int] | None:
    final = replay.final  # type: ignore[attr-defined]
    if not final.is_terminal():
        return None
    return {p.colour: p.place for p in placings(final)}


def test_the_judgement_decides_which_games_count(archive: Path) -> None:
    # 5 games stand (4 finished, 1 unfinished); the copy and the broken game are left out,
    # said on standard error with the broken game's address
    result = _run("explore", str(archive), "--format", "json")
    data = json.loads(result.stdout)
    assert data["games"] == 5 and data["finished"] == 4
    assert data["reached"] == 5 and data["reached_finished"] == 4
    assert data["judgement"]["duplicate"] == 1 and data["judgement"]["invalid"] == 1
    assert "note: not counted: 1 duplicate: another copy counts" in result.stderr
    invalid = [line for line in result.stderr.splitlines() if "not counted: invalid" in line]
    assert len(invalid) == 1 and "b.mcn:" in invalid[0] and "(game 2)" in invalid[0]
    assert ": error: 1.pick." in invalid[0]  # file:line:col: error: ADDRESS: reason


def test_the_first_decision_groups_the_chance_outcomes(archive: Path) -> None:
    data = _json(str(archive))
    (row,) = data["moves"]  # type: ignore[misc]
    assert row["move"] == "souls: (chance)" and row["chance"] and row["games"] == 5
    assert sum(o["games"] for o in row["outcomes"]) == 5
    assert "win_rate" not in row  # chance has no mover
    split = _json(str(archive), "--split-chance")
    assert sorted(r["games"] for r in split["moves"]) == sorted(  # type: ignore[union-attr]
        o["games"] for o in row["outcomes"]
    )


def test_bids_at_an_address_are_counted_game_by_game(archive: Path) -> None:
    data = _json(str(archive), "--at", "1.bid")
    expected: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for replay in _kept_replays():
        places = _places(replay)
        for step in replay.main.steps:  # type: ignore[attr-defined]
            if isinstance(step.action, Bid) and step.address.startswith("1.bid."):
                move = f"{step.action.actor}: {step.action.text}"
                expected[move] += 1
                wins[move] += bool(places and places[step.action.actor] == 1)
    rows = {r["move"]: r for r in data["moves"]}  # type: ignore[union-attr]
    assert {m: r["games"] for m, r in rows.items()} == dict(expected)
    assert {m: r["wins"] for m, r in rows.items()} == dict(wins)
    assert data["reached"] == 5  # the cut game reaches its bids (40 decisions in)
    for row in rows.values():
        low, high = row["win_interval"] or (0, 1)
        assert low <= (row["win_rate"] or 0) <= high


def test_after_moves_follows_the_games_that_made_them(archive: Path) -> None:
    replays = _kept_replays()
    first = replays[0].main.steps  # type: ignore[attr-defined]
    bonus = first[1]  # the first bonus, after the (grouped) soul order
    move = f"{bonus.action.actor}: {bonus.action.text}"
    data = _json(str(archive), "--after", move)
    games = sum(
        1
        for r in replays
        if f"{r.main.steps[1].action.actor}: {r.main.steps[1].action.text}" == move  # type: ignore[attr-defined]
    )
    assert data["reached"] == games >= 1
    assert data["after"] == [move]
    for row in data["moves"]:  # type: ignore[union-attr]
        assert row["after"].startswith(move + "; ")


def test_as_a_player_his_own_secrets_show_and_the_others_merge(archive: Path) -> None:
    # R-HID-1: a donation's compartments are the donor's secret
    mine = _json(str(archive), "--at", "1.1.1", "--as", "R")
    public = _json(str(archive), "--at", "1.1.1")
    texts = [r["move"] for r in public["moves"]]  # type: ignore[union-attr]
    assert not any(">I" in t for t in texts if not t.startswith("R:") and "donate" in t)
    for row in mine["moves"]:  # type: ignore[union-attr]
        if row["move"].startswith(("B:", "G:")) and "donate" in row["move"]:
            assert ">?" in row["move"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--at", "3.x"), "is not the address of a decision"),
        (("--at", "3"), "is not the address of a decision"),
        (("--after", "R bid 3+5"), "--after:1: expected a move with its player"),
        (("--after", "R: bid 3+5; fly"), "--after:13:"),
        (("--after", "R: fly away"), "--after:4:"),
        (("--at", "1.bid", "--after", "R: bid 3+5"), "not both"),
        (("--as", "Paula"), "name a colour"),
    ],
)
def test_bad_queries_are_usage_errors_with_the_place(
    archive: Path, args: tuple[str, ...], message: str
) -> None:
    result = _run("explore", str(archive), *args, code=2)
    assert message in result.output
    assert "Traceback" not in result.output


def test_after_reads_records_written_moves() -> None:
    from mcn.explore.moves import parse_moves

    # section markers and turn numbers are checks, a head carries to the moves after ';',
    # bids of one block come in colour order, '?' stands for a secret
    assert parse_moves("setup souls: y g b r  Y: bonus jewel>ii") == (
        "souls: Y G B R",
        "Y: bonus jewel>II",
    )
    assert parse_moves("round 1 G: bid 1+0 R: bid 6+4 B: bid ?") == (
        "R: bid 6+4",
        "B: bid ?",
        "G: bid 1+0",
    )
    assert parse_moves("1. G: greedy bread; donate 2>I 2. R: pass") == (
        "G: greedy bread",
        "G: donate 2>I",
        "R: pass",
    )


def test_no_game_reaches_an_address(archive: Path) -> None:
    result = _run("explore", str(archive), "--at", "30.1.1")
    assert "No counted game reaches this decision." in result.stdout


def test_workers_give_the_same_output(archive: Path) -> None:
    for args in ((), ("--at", "1.bid", "--as", "G"), ("--after", "souls: R G B")):
        one = _run("explore", str(archive), *args, "--format", "json").stdout
        two = _run("explore", str(archive), *args, "--format", "json", "--jobs", "2").stdout
        assert one == two


# ---- the merged tree ------------------------------------------------------------------------


def _dot(archive: Path, tmp_path: Path, *args: str) -> str:
    out = tmp_path / "merged.dot"
    result = _run("tree", str(archive), "--merge", "-o", str(out), *args)
    assert "wrote" in result.stderr and "5 games" in result.stderr
    return out.read_text(encoding="utf-8")


def _bids_in_colour_order(labels: list[str]) -> list[str]:
    """The documented order of a round's simultaneous bids: R B G Y."""
    out = list(labels)
    start = 0
    while start < len(out):
        end = start
        while end < len(out) and out[end][1:].startswith(": bid "):
            end += 1
        if end > start:
            out[start:end] = sorted(out[start:end], key=lambda text: "RBGY".index(text[0]))
        start = end + 1
    return out


def test_every_node_counts_the_games_through_it(archive: Path, tmp_path: Path) -> None:
    from mcn.explore.draw import to_tree
    from mcn.explore.merge import MergedTree
    from mcn.explore.query import Opening

    depth = 12
    paths = []
    merged = MergedTree(depth)
    for replay in _kept_replays():
        moves, ends = Opening(None, depth)(None, replay)  # type: ignore[arg-type]
        merged.add(moves, ends, _places(replay))
        seen = Projection(replay.main.steps, None).moves()  # type: ignore[attr-defined]
        labels = [
            (f"{m.tokens[0]}: (chance)" if m.actor == "*" else f"{m.actor}: {m.text}") for m in seen
        ]
        paths.append(_bids_in_colour_order(labels))
    tree = to_tree(merged)
    by_id = {edge.head: edge for edge in tree.edges}

    def path_to(node: str) -> list[str]:
        out = []
        while node in by_id:
            edge = by_id[node]
            out.append(edge.move)
            node = edge.tail
        return out[::-1]

    for node_id, node in tree.nodes.items():
        path = path_to(node_id)
        through = sum(1 for p in paths if p[: len(path)] == path)
        games = int(node.note.split()[0])
        assert games == through, (path, node.note)
    dot = _dot(archive, tmp_path, "--depth", str(depth))
    assert dot.count(" -> ") == len(tree.edges)


def test_the_drawing_has_counts_and_win_rates(archive: Path, tmp_path: Path) -> None:
    dot = _dot(archive, tmp_path, "--depth", "6")
    assert "5 games" in dot and "souls: (chance)" in dot
    assert "wins " in dot and "place " in dot
    fewer = _dot(archive, tmp_path, "--depth", "6", "--min-count", "2")
    assert fewer.count(" -> ") < dot.count(" -> ")


def test_record_text_is_escaped_in_the_drawing(archive: Path, tmp_path: Path) -> None:
    from mcn.explore.draw import to_tree
    from mcn.explore.merge import MergedTree
    from mcn.explore.moves import Seen
    from mcn.tree import render, to_graphviz

    merged = MergedTree(3)
    evil = Seen("setup.2", "R", 'R: bonus <b>"x"\\G{y}&', None)
    merged.add((evil,), False, {"R": 1, "B": 2})
    graph = to_graphviz(to_tree(merged, title=('<i>"t"</i>',)))
    source = graph.source
    assert "&lt;b&gt;&quot;x&quot;\\\\G{y}&amp;" in source  # in the HTML-like label
    assert "&lt;i&gt;&quot;t&quot;&lt;/i&gt;" in source
    svg = render(graph, "svg").decode("utf-8")
    assert "<b>" not in svg and "<i>" not in svg and "&lt;b&gt;" in svg
    assert "G{y}" in svg  # the backslash sequence drawn as text, never expanded


def test_merge_options_are_checked(archive: Path, tmp_path: Path) -> None:
    out = str(tmp_path / "t.dot")
    assert (
        "goes with --merge"
        in _run("tree", str(archive / "a.mcn"), "-o", out, "--depth", "3", code=2).output
    )
    assert (
        "does not go with --merge"
        in _run("tree", str(archive), "--merge", "-o", out, "--collapse", "2", code=2).output
    )
    assert "several games with --merge" in _run("tree", str(archive), "-o", out, code=2).output


def test_a_game_taken_back_leaves_no_trace() -> None:
    # the judgement sets a counted copy aside: the counts are as if it was never read
    from mcn.explore.merge import Explorer, MergedTree
    from mcn.explore.query import AtDecision, Opening

    replays = _kept_replays()[:3]
    answers = [(Opening(None, 10)(None, r), _places(r)) for r in replays]  # type: ignore[arg-type]
    alone, both = MergedTree(10), MergedTree(10)
    for (moves, ends), places in answers[:2]:
        alone.add(moves, ends, places)
        both.add(moves, ends, places)
    (moves, ends), places = answers[2]
    both.remove(both.add(moves, ends, places), ends, places)
    from mcn.explore.draw import to_tree

    assert to_tree(both) == to_tree(alone)
    at = AtDecision("R", "1.bid")
    one, two = Explorer(), Explorer()
    for replay in replays[:2]:
        reached = at(None, replay)  # type: ignore[arg-type]
        assert reached is not None
        one.add(reached.moves, _places(replay))
        two.add(reached.moves, _places(replay))
    extra = at(None, replays[2])  # type: ignore[arg-type]
    assert extra is not None
    two.add(extra.moves, _places(replays[2]))
    two.remove(extra.moves, _places(replays[2]))
    assert two.rows == one.rows and two.reached == one.reached and two.ended == one.ended


def test_dask_gives_the_local_output(archive: Path, tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="the mcn[dask] extra is not installed")
    args = ["explore", str(archive), "--at", "1.bid", "--as", "B", "--format", "json"]
    local = _run(*args).stdout
    assert _run(*args, "--dask", "local:1").stdout == local
    out = tmp_path / "d.dot"
    _run("tree", str(archive), "--merge", "-o", str(out), "--dask", "local:1")
    assert out.read_text(encoding="utf-8") == _dot(archive, tmp_path)
