"""One self-contained HTML page for one game of a record, as one viewer sees it.

Python computes everything (:mod:`mcn.html.frames`, :mod:`mcn.html.record`) and embeds it as
JSON; the page's script only draws. The page references nothing outside itself: the style,
the scripts and the data are inline, the board is drawn as inline SVG, and a
Content-Security-Policy of ``default-src 'none'`` (with hashes for the one style and the one
script) makes the browser refuse any request the page might still try, so it works from
``file://`` with no network at all.

Record text is untrusted. It reaches the page only inside the JSON data block, where every
``<``, ``>`` and ``&`` is written as a ``\\u`` escape (and ``ensure_ascii`` escapes U+2028 and
U+2029), so no text can close the block; the script puts it into the document with
``textContent`` only. The one text Python writes into markup, the title, is HTML-escaped.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcn import __version__
from mcn.engine.constants import COLOUR_NAMES
from mcn.engine.data import Board
from mcn.html import assets
from mcn.html.compact import vocabulary
from mcn.html.curve import analysis_curve
from mcn.html.frames import Frames, build_frames, player_names, round_marks, viewer_note
from mcn.html.record import move_list
from mcn.html.sharing import sharing
from mcn.notation.model import Game
from mcn.replay import GameReplay
from mcn.views.projection import EVERYTHING, Viewer, viewer_label
from mcn.views.redact import headers_seen

PAGE_FORMAT = "mcn-html/1"
_MARKER = re.compile(r"\{\{[a-z]+\}\}")


def script_json(data: Any) -> str:
    """``data`` as JSON that is safe inside an HTML ``<script>`` element: ASCII only (so
    U+2028/2029 are escaped too) and no ``<``, ``>`` or ``&`` (so no ``</script>``, ``<!--``
    or entity can end or bend the element), and every ``/`` written ``\\/`` (so the file
    names no URL even when a comment does)."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    # JSON's own escape for '/': a URL written in a comment is no "http://" in the file
    return text.replace("/", "\\/")


def html_escaped(text: str) -> str:
    """``text`` with ``&``, ``<``, ``>``, ``"`` and ``'`` written as character references,
    as :func:`html.escape` writes them (that module imports the table of every named entity,
    a millisecond of each page's start, for five replacements)."""
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


def _markup_text(text: str) -> str:
    """``text`` for the page's markup (the title): HTML-escaped, ASCII with character
    references (so no line separator or lone surrogate is written raw), no ``/``."""
    escaped = html_escaped(text).encode("ascii", "xmlcharrefreplace").decode("ascii")
    return escaped.replace("/", "&#47;")


def page_data(
    game: Game,
    replay: GameReplay,
    viewer: Viewer,
    *,
    keep_annotations: bool = False,
    quiz: bool = False,
) -> dict[str, Any]:
    """Everything the page shows, as one JSON-ready object (``replay`` must have kept its
    states). ``keep_annotations``: everyone's comments, glyphs and variations stay on a page
    for one viewer (:mod:`mcn.html.sharing`); ``quiz``: the page asks "what would you do?" at
    the viewer's decisions (:mod:`mcn.html.quiz`)."""
    main = replay.main
    # a [Position] holds every secret of its position: the viewer's is shown (the projection)
    headers = [(header.tag, header.value) for header in headers_seen(game, main, viewer)]
    names = player_names(headers)
    shared = sharing(game, viewer, keep_annotations)
    frames = build_frames(replay, shared)
    board = main.start.board if main is not None else None
    problems: list[str] = []
    if viewer == EVERYTHING:
        problems = [d.text() for d in replay.diagnostics if d.severity == "error"]
    elif any(d.severity == "error" for d in replay.diagnostics):
        problems = ["the record has errors; the page shows it up to the first one"]
    return {
        "format": PAGE_FORMAT,
        "generator": f"mcn {__version__}",
        "title": page_title(game),
        "headers": [list(pair) for pair in headers],
        "viewer": viewer_label(viewer),
        "note": viewer_note(viewer, names, shared),
        "players": [[colour, names.get(colour, "")] for colour in game.players],
        "vocab": vocabulary(board) if board is not None else None,
        "board": board_note(board) if board is not None else None,
        "frames": frames.frames,
        "lines": frames.lines,
        "record": move_list(game.body, main, frames, shared),
        "rounds": round_marks(replay, frames),
        "problems": problems,
        "quiz": _quiz(replay, frames, viewer) if quiz else None,
    }


def _quiz(replay: GameReplay, frames: Frames, viewer: Viewer) -> list[dict[str, Any]]:
    """The page's quiz (:mod:`mcn.html.quiz`), imported only for ``--quiz``: it lists legal
    actions (:mod:`mcn.views.legal`), which a plain page never needs."""
    from mcn.html.quiz import questions

    return questions(replay, frames, viewer)


def board_note(board: Board) -> str:
    """Which board the page was drawn with and whether it has provisional values (B-4), for
    the subtitle; a user's profile is named by its id only (a page holds no paths)."""
    where = "from --board" if board.source else "built-in"
    count = len(board.provisional)
    marks = f"{count} provisional value{'s' * (count != 1)}" if count else "no provisional values"
    return f"board {board.id} ({where}; {marks})"


def page_title(game: Game) -> str:
    """``Event — Red v Blue v …`` from the headers (plain text; escaped where it is used)."""
    event = (game.header("Event") or "").strip() or "Mea Culpa"
    names = []
    for colour in game.players:
        name = (game.header(COLOUR_NAMES[colour]) or "").strip()
        names.append(name or COLOUR_NAMES[colour])
    return f"{event} — {' v '.join(names)}" if names else event


def render_page(
    game: Game,
    replay: GameReplay,
    viewer: Viewer,
    *,
    keep_annotations: bool = False,
    quiz: bool = False,
) -> str:
    """The complete HTML page for ``game`` (replayed with ``keep_states=True``) as ``viewer``
    sees it (``quiz``: as a quiz). The same inputs always give the same bytes (no time
    stamps, no paths)."""
    data = page_data(game, replay, viewer, keep_annotations=keep_annotations, quiz=quiz)
    replacements = {
        "{{policy}}": assets.policy(),
        "{{generator}}": html_escaped(data["generator"]),
        "{{title}}": _markup_text(data["title"]),
        "{{style}}": assets.style(),
        "{{data}}": script_json(data),
        "{{script}}": assets.script(),
        "{{curve}}": analysis_curve(game, replay, sharing(game, viewer, keep_annotations)),
    }
    # one pass over the template: a value (record text in the data) is never searched again
    return _MARKER.sub(lambda match: replacements[match.group(0)], assets.template())
