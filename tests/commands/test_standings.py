"""``mcn standings``: every format escaping untrusted names, events, expected player counts and
points schemes (the JSON against its schema)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from tests.commands.helpers import archive_records, run, standings_json


@pytest.fixture(scope="module")
def records() -> list[str]:
    return archive_records()


def test_standings_formats_events_and_player_counts(records: list[str], tmp_path: Path) -> None:
    evil = "<script>alert(1)</script> | *x* =1+1"
    texts = [r.replace("Random player red", evil.replace('"', "")) for r in records]
    texts = [
        re.sub(r'\[Event "[^"]*"\]', '[Event "Cup"]' if i < 4 else '[Event "League"]', t)
        for i, t in enumerate(texts)
    ]
    path = tmp_path / "all.mcn"
    path.write_text("\n".join(texts))
    page = run("standings", "--format", "html", str(path)).stdout
    assert "<script>" not in page and "&lt;script&gt;" in page
    md = run("standings", "--format", "md", str(path)).stdout
    assert r"\<script\>" in md and r"\| \*x\*" in md
    # a name holding terminal controls: the Markdown file shows them, never holds them raw
    path.write_text(
        "\n".join(t.replace("Random player blue", "Eve\x1b]0;pwned\x07") for t in texts)
    )
    md = run("standings", "--format", "md", str(path)).stdout
    assert "\x1b" not in md and "\x07" not in md and "| Eve␛\\]0;pwned␇ |" in md
    path.write_text("\n".join(texts))
    table = list(csv.reader(io.StringIO(run("standings", "--format", "csv", str(path)).stdout)))
    assert any(row[1].startswith("<script>") for row in table)
    expect = run("standings", "--format", "json", "--expect-players", "4", str(path))
    data = standings_json(expect)
    assert expect.exit_code == 1
    assert sum(x["kind"] == "invalid" and "expects 4" in x["reason"] for x in data["excluded"]) == 2
    grouped = standings_json(run("standings", "--format", "json", "--by-event", str(path)))
    assert [(t["event"], t["games"]) for t in grouped["tables"]] == [("Cup", 4), ("League", 4)]
    cup = standings_json(run("standings", "--format", "json", "--event", " CUP", str(path)))
    assert cup["summary"] == {"games": 4, "counted": 4, "excluded": 0}
    points = standings_json(run("standings", "--format", "json", "--points", "3,1,0,0", str(path)))
    assert points["scoring"] == {"scheme": "places", "points": [3, 1, 0, 0]}
    assert run("standings", "--points", "x", str(path)).exit_code == 2
