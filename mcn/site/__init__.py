"""``mcn site``: the day's results as a static site a club can upload or open from ``file://``.

:mod:`mcn.site.build` turns a judged folder (:mod:`mcn.archive.judgement`) and its standings
into pages (index, standings, crosstable, rounds, the submissions not counted, and every
counted game as its ``mcn html`` page); :mod:`mcn.site.pages` writes their HTML. Everything
shown comes from untrusted records and is escaped; file names are shown relative to the paths
given (never a path of the machine), reasons without control characters or tracebacks.
"""

from mcn.site.build import Site, build_site

__all__ = ["Site", "build_site"]
