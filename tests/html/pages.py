"""Records and pages shared by the HTML viewer's tests."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from mcn.html import render_page
from mcn.notation import parse
from mcn.notation.model import Game
from mcn.replay import GameReplay, replay_game
from mcn.views.projection import EVERYTHING

ROOT = Path(__file__).resolve().parents[2]
ANNOTATED = ROOT / "examples" / "annotated-4p.mcn"
_DATA = re.compile(r'<script type="application/json" id="mcn-data">(.*?)</script>', re.S)

#: Text that would be markup if a page let it through, with quotes and ampersands.
EVIL = (
    '<script>window.pwned=1</script></svg><img src=x onerror="window.pwned=2">\'&amp;&\u2028'
    " see https://example.org/x.js and http://example.org"
)


@cache
def annotated_text() -> str:
    return ANNOTATED.read_text(encoding="utf-8")


def game_of(text: str) -> Game:
    return parse(text).games[0]


def replayed(game: Game) -> GameReplay:
    return replay_game(game, keep_states=True)


def page_of(text: str, viewer: str | None = EVERYTHING) -> str:
    game = game_of(text)
    return render_page(game, replayed(game), viewer)


def data_of(page: str) -> dict[str, Any]:
    """The JSON embedded in ``page`` (exactly one data block)."""
    blocks = _DATA.findall(page)
    assert len(blocks) == 1
    data: dict[str, Any] = json.loads(blocks[0])
    return data


def evil_record() -> str:
    """The annotated example with hostile text in every field a record lets one write
    freely: header values (roster and unknown tags), game-level comments, before- and
    after-comments, comments inside variations."""
    text = annotated_text()
    evil = EVIL.replace("\\", "\\\\")
    header = evil.replace('"', '\\"')
    comment = evil.replace("}", "\\}")
    for tag in ("Event", "Site", "Date", "Red", "Blue", "Green", "Yellow", "Annotator"):
        text = re.sub(rf'\[{tag} "[^"]*"\]', f'[{tag} "{header}"]', text)
    text = text.replace('[Annotator "', f'[Evil_Tag "{header}"]\n[Annotator "')
    return re.sub(r"\{[^}]*\}", "{" + comment + "}", text)
