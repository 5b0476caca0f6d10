"""The HTML of the results site's own pages (the game pages are ``mcn html``'s).

Every page is one self-contained document: the viewport tag, the stylesheet inline under a
Content-Security-Policy that allows only that stylesheet (no script, nothing fetched), the
event's name in the title, and the same navigation. Every text from a record is escaped here
(:func:`html.escape`); the callers make file names public (:mod:`mcn.site.build`).
"""

from __future__ import annotations

import base64
import hashlib
import html
from collections.abc import Iterable, Sequence
from functools import cache
from importlib import resources

from mcn import __version__

#: The site's pages, in navigation order: (file, label).
NAVIGATION = (
    ("index.html", "Overview"),
    ("standings.html", "Standings"),
    ("crosstable.html", "Crosstable"),
    ("games.html", "Games"),
    ("submissions.html", "Not counted"),
)


_NUMERIC = ' class="n"'


@cache
def style() -> str:
    return resources.files("mcn.site").joinpath("site.css").read_text(encoding="utf-8")


def _digest(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def e(text: object) -> str:
    """Text made safe for HTML content and attribute values."""
    return html.escape(str(text), quote=True)


def document(
    title: str, heading: str, subtitle: str, body: str, current: str, pages: Iterable[str]
) -> str:
    """A complete page of the site (``current``: its file name; ``pages``: the pages that exist)."""
    css = style()
    policy = f"default-src 'none'; style-src {_digest(css)}; base-uri 'none'; form-action 'none'"
    present = set(pages)
    links = []
    for name, label in NAVIGATION:
        if name in present:
            mark = ' aria-current="page"' if name == current else ""
            links.append(f'<a href="{name}"{mark}>{e(label)}</a>')
    nav = " ".join(links)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="mcn {e(__version__)}">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{e(title)}</title>\n<style>{css}</style>\n</head>\n<body>\n"
        f'<header class="top"><h1>{e(heading)}</h1><p>{e(subtitle)}</p>'
        f'<nav class="site" aria-label="Pages">{nav}</nav></header>\n'
        f"<main>\n{body}\n</main>\n</body>\n</html>\n"
    )


def table(
    headings: Sequence[tuple[str, bool]], rows: Iterable[Sequence[str]], css: str = ""
) -> str:
    """A table in a horizontally scrolling box; ``headings``: (text, numeric); cells are HTML."""
    head = "".join(
        f'<th{_NUMERIC if numeric else ""} scope="col">{e(h)}</th>' for h, numeric in headings
    )
    body = []
    for row in rows:
        cells = "".join(
            f'<td class="{"n" if numeric else "name"}">{cell}</td>'
            for cell, (_, numeric) in zip(row, headings, strict=True)
        )
        body.append(f"<tr>{cells}</tr>")
    klass = f' class="{css}"' if css else ""
    return (
        f'<div class="scroll"><table{klass}><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def bullet_list(items: Iterable[str]) -> str:
    """A list of HTML items (already escaped)."""
    return '<ul class="plain">' + "".join(f"<li>{item}</li>" for item in items) + "</ul>"
