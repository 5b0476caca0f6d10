"""The HTML viewer: one self-contained page per game of a record (``mcn html``).

:mod:`mcn.html.frames` computes what a viewer sees at every decision, :mod:`mcn.html.record`
the move list, :mod:`mcn.html.compact` the compact state encoding, and :mod:`mcn.html.page`
puts them with the style and scripts (package data beside these modules) into one page.
"""

from mcn.html.page import PAGE_FORMAT, page_data, render_page, script_json

__all__ = ["PAGE_FORMAT", "page_data", "render_page", "script_json"]
