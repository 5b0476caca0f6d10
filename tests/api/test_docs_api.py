"""Every recipe in docs/api.md runs, from the repository's root, as a reader would run it, and
prints exactly the output the guide shows after it ("It prints:")."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

import mcn

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
#: Each recipe: its title, its code and the output the guide says it prints.
RECIPES = re.findall(
    r"^### (.+?)\n.*?```python\n(.*?)```\n\nIt prints:\n\n```text\n(.*?)```",
    GUIDE,
    flags=re.M | re.S,
)


def test_the_guide_has_its_recipes_each_with_its_output() -> None:
    titles = [title for title, _, _ in RECIPES]
    assert len(titles) == 10, titles
    assert len(re.findall(r"^### ", GUIDE.split("## Reference")[0], flags=re.M)) == 10


@pytest.mark.parametrize(("title", "code", "expected"), RECIPES, ids=[t for t, _, _ in RECIPES])
def test_recipe_prints_what_the_guide_shows(
    title: str, code: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"docs/api.md: {title}", "exec"), {"__name__": "__recipe__"})
    assert expected.strip(), "the guide shows what the recipe prints"
    assert out.getvalue() == expected


def test_every_public_name_is_documented_and_importable() -> None:
    for name in mcn.__all__:
        assert getattr(mcn, name) is not None
        if name != "__version__":
            assert f"`{name}" in GUIDE or name in GUIDE, f"{name} is not in docs/api.md"


def test_help_lists_the_api_with_one_line_summaries() -> None:
    import pydoc

    text = pydoc.render_doc(mcn, renderer=pydoc.plaintext)
    for name in (
        "read_games",
        "replay_game",
        "state_before",
        "decisions",
        "legal_actions",
        "view_after",
    ):
        assert name in text
    for name in (
        "read_games",
        "state_before",
        "state_after",
        "decisions",
        "view_after",
        "write_record",
    ):
        doc = getattr(mcn, name).__doc__
        assert doc and doc.strip().splitlines()[0], name


def test_import_mcn_alone_loads_neither_lark_nor_the_engine() -> None:
    import subprocess
    import sys

    code = "import sys, mcn; print('lark' in sys.modules, 'mcn.engine' in sys.modules)"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.stdout.split() == ["False", "False"]


def test_consumer_script_runs() -> None:
    from tests.api.consumer import consumer

    lines = consumer.summary(str(ROOT / "examples" / "game-2p.mcn"))
    assert lines and "decisions" in lines[0]


def test_all_names_the_lazy_exports() -> None:
    assert sorted(mcn.__all__) == sorted(["__version__", *mcn._LAZY])


def test_positions_round_trip_through_the_api() -> None:
    game = next(mcn.read_games(ROOT / "examples" / "game-4p.mcn"))
    state = mcn.state_after(game, "3.2.1")
    text = mcn.position_text(state)
    back = mcn.state_from_text(text)
    assert mcn.position_text(back) == text
    assert back.to_json() == state.to_json()
