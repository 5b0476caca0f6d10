"""The page's fixed parts and the hashes its Content-Security-Policy allows them by
(mcn/html/assets.py): the shipped hashes are current, used only for the text they were made
from, and a page imports no hashing to use them (issue 34: ``mcn html``'s cold start)."""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mcn.html import assets
from tests.html.pages import ANNOTATED

REGENERATE = 'python -c "from mcn.html.assets import main; main()"'


def _sha256_source(text: str) -> str:
    value = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{value}'"


def test_the_shipped_hashes_are_those_of_the_parts() -> None:
    shipped = json.loads(assets.DIGESTS.read_text(encoding="utf-8"))
    assert shipped == assets.computed(), f"a part changed: run {REGENERATE}"
    assert shipped["script"][2] == _sha256_source(assets.script())
    assert shipped["style"][2] == _sha256_source(assets.style())


def test_the_policy_allows_exactly_the_pages_script_and_style() -> None:
    policy = assets.policy()
    assert f"script-src {_sha256_source(assets.script())};" in policy
    assert f"style-src {_sha256_source(assets.style())};" in policy
    assert policy.startswith("default-src 'none';")


@pytest.mark.parametrize(
    "changed",
    [
        "x",  # another length
        "a",  # the same length as "x", another CRC
    ],
)
def test_a_text_other_than_the_shipped_ones_is_hashed_now(changed: str) -> None:
    for kind, text in (("script", assets.script()), ("style", assets.style())):
        edited = text[:-1] + changed
        if edited == text:
            continue
        assert assets.source(kind, edited) == _sha256_source(edited)
        assert assets.source(kind, text) == _sha256_source(text)


def test_without_the_shipped_file_every_hash_is_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assets, "DIGESTS", Path("/nonexistent/digests.json"))
    assets._shipped.cache_clear()
    try:
        assert assets.source("script", assets.script()) == _sha256_source(assets.script())
    finally:
        monkeypatch.undo()
        assets._shipped.cache_clear()


def test_writing_the_file_writes_what_is_shipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    written = tmp_path / "digests.json"
    monkeypatch.setattr(assets, "DIGESTS", written)
    assert assets.main() == 0
    assert json.loads(written.read_text(encoding="utf-8")) == assets.computed()


def test_a_page_imports_no_hashing(tmp_path: Path) -> None:
    """The page's policy comes from the shipped file and its markup is escaped by hand: making
    a page imports neither hashlib nor base64 nor the named entities of :mod:`html` (they may
    still come with the rest of a start: they are forgotten before the page is made)."""
    code = (
        "import sys\n"
        "from mcn.html import render_page\n"
        "from mcn.notation import parse\n"
        "from mcn.replay import replay_game\n"
        "from mcn.views.projection import EVERYTHING\n"
        "game = parse(open(sys.argv[1], encoding='utf-8').read()).games[0]\n"
        "replay = replay_game(game, keep_states=True)\n"
        "names = ('hashlib', 'base64', 'html', 'html.entities')\n"
        "for name in names: sys.modules.pop(name, None)  # whoever imported them before\n"
        "page = render_page(game, replay, EVERYTHING)\n"
        "print(sorted(n for n in names if n in sys.modules), 'sha256-' in page)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(ANNOTATED)], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[] True"
