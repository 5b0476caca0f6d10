"""The page's fixed parts — its style, its scripts, its template — and the hashes its
Content-Security-Policy allows them by.

The parts are package data beside this module (shipped in the wheel), read once per process.
The policy names the SHA-256 of the one script and the one style (``'sha256-…'``); those
depend only on the parts, so they are computed when the parts change and shipped beside them
in ``digests.json`` (:func:`main` writes it: ``python -c "from mcn.html.assets import main;
main()"``). A page then needs no hashing: ``hashlib`` (OpenSSL) and ``base64`` cost
milliseconds of ``mcn html``'s cold start (issue 34). The shipped hash is used only for the
very text it was computed from — its length and CRC-32 are stored with it and checked
(microseconds) — and any other text, say a part edited in a checkout without rewriting the
file, is hashed as before, so a page's policy always allows exactly its own script and style.
``tests/html/test_assets.py`` holds the shipped file current.
"""

from __future__ import annotations

import binascii
import json
from functools import cache
from pathlib import Path
from typing import Final

#: The page's parts, in the order the page holds them.
SCRIPTS: Final = ("util.js", "board.js", "panels.js", "knowledge.js", "quiz.js", "viewer.js")
STYLE: Final = "viewer.css"
TEMPLATE: Final = "page.html"
#: The shipped hashes: ``{"script": [length, crc32, source], "style": […]}``.
DIGESTS: Final = Path(__file__).with_name("digests.json")


@cache
def asset(name: str) -> str:
    """One part's text. Read beside this module, as :mod:`mcn.io.resources` finds the grammar:
    :mod:`importlib.resources` would import tempfile, shutil and its readers at every page."""
    return Path(__file__).with_name(name).read_text(encoding="utf-8")


@cache
def script() -> str:
    """The page's one script: every script part, in order."""
    return "\n".join(asset(name) for name in SCRIPTS)


def style() -> str:
    """The page's one style."""
    return asset(STYLE)


def template() -> str:
    """The page with ``{{markers}}`` where the parts and the data go."""
    return asset(TEMPLATE)


def digest(text: str) -> str:
    """The CSP source expression that allows exactly this inline ``text``, computed."""
    import base64
    import hashlib

    value = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(value).decode("ascii") + "'"


def _fingerprint(text: str) -> list[int]:
    """What the shipped hash is checked against: the length and the CRC-32 of the text."""
    return [len(text), binascii.crc32(text.encode("utf-8"))]


@cache
def _shipped() -> dict[str, list[object]]:
    try:
        found: dict[str, list[object]] = json.loads(DIGESTS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found


def source(kind: str, text: str) -> str:
    """The CSP source expression for ``text``, the page's ``kind`` (``script`` or ``style``):
    the shipped one when it was computed from this very text, else computed now."""
    shipped = _shipped().get(kind)
    if shipped is not None and shipped[:2] == _fingerprint(text) and isinstance(shipped[2], str):
        return shipped[2]
    return digest(text)


def policy() -> str:
    """The page's Content-Security-Policy: nothing but its own script and style and inline
    images (the board's SVG)."""
    return (
        f"default-src 'none'; script-src {source('script', script())}; "
        f"style-src {source('style', style())}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )


def computed() -> dict[str, list[object]]:
    """What ``digests.json`` holds for the parts as they are now."""
    return {
        kind: [*_fingerprint(text), digest(text)]
        for kind, text in (("script", script()), ("style", style()))
    }


def main() -> int:
    """Write ``digests.json`` for the parts as they are now (run after editing one)."""
    from mcn.io.safe_write import write_text_atomic

    write_text_atomic(DIGESTS, json.dumps(computed(), indent=1) + "\n")
    print(f"wrote {DIGESTS}")
    return 0
