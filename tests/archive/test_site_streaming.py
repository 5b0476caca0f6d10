"""``mcn site`` writes each counted game's page as soon as it is made: what it holds at once
does not grow with the number of games (issue 34: under 150 MB on a 100 MB archive), and a page
that cannot be written is reported as before.

The site of N games and of 4N games are built in this process under :mod:`tracemalloc`, whose
peak counts Python's own allocations only (no other process, no allocator slack, no clock):
a site that held its pages until the end (as it did, about 200 KB per game page) grows by at
least the text of the pages added; one that writes them as they come grows only by the
judgement's compact entry per game (a few hundred bytes) and what the summary pages say of it.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.commands.random_games import random_records
from mcn.notation import write

SMALL = 3
LARGE = 4 * SMALL


def _folders(root: Path) -> tuple[Path, Path]:
    """Folders of SMALL and of LARGE different finished 4-player games (seeded), one file
    each; the small one holds the longest games of the large one, so the game whose page
    costs most to make is in both, and only the number of games differs."""
    texts = sorted((write(g) for g in random_records(4, 3400, LARGE)), key=len, reverse=True)
    folders = []
    for count in (SMALL, LARGE):
        folder = root / f"day-{count}"
        folder.mkdir()
        for number, text in enumerate(texts[:count], 1):
            (folder / f"g{number:02}.mcn").write_text(text, encoding="utf-8")
        folders.append(folder)
    return folders[0], folders[1]


def _site_peak(folder: Path, out: Path) -> int:
    """The peak of Python's allocations while ``mcn site`` writes ``folder``'s site."""
    tracemalloc.start()
    try:
        result = CliRunner().invoke(cli, ["site", str(folder), "-o", str(out)])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.exit_code == 0, result.output
    return peak


def _game_pages(out: Path) -> list[int]:
    return [page.stat().st_size for page in sorted((out / "games").glob("game-*.html"))]


@pytest.mark.slow  # memory measured, 27 game pages made (about 10 s)
def test_the_sites_memory_does_not_grow_with_its_games(tmp_path: Path) -> None:
    small, large = _folders(tmp_path)
    # first the imports, and the readers' memo tables filled with every move of these games
    # (shared by every command of the process, they are not the site's to hold)
    CliRunner().invoke(cli, ["site", str(large), "-o", str(tmp_path / "warm")])
    small_peak = _site_peak(small, tmp_path / "small")
    large_peak = _site_peak(large, tmp_path / "large")
    pages = _game_pages(tmp_path / "large")
    assert len(pages) == LARGE and len(_game_pages(tmp_path / "small")) == SMALL
    added = sum(pages) - sum(_game_pages(tmp_path / "small"))
    # holding the pages would add at least their text (one byte a character, at the least)
    assert large_peak - small_peak < added / 4, (small_peak, large_peak, added)
    assert large_peak < 1.5 * small_peak, (small_peak, large_peak)


def test_a_page_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    """The pages are written as they are made: a page that cannot be written stops the site
    with the writer's message and exit status 1, no traceback, no claim of pages written."""
    folder = tmp_path / "day"
    folder.mkdir()
    (game,) = random_records(4, 3400, 1)
    (folder / "g.mcn").write_text(write(game), encoding="utf-8")
    out = tmp_path / "site"
    out.mkdir()
    (out / "games").write_text("a file where the game pages' folder goes", encoding="utf-8")
    result = CliRunner().invoke(cli, ["site", str(folder), "-o", str(out)])
    assert result.exit_code == 1
    assert "game-001.html" in result.output and "Traceback" not in result.output
    assert "wrote" not in result.output
    assert not (out / "index.html").exists()  # the pages linking to the games come after them
    again = CliRunner().invoke(cli, ["site", str(folder), "-o", str(tmp_path / "fresh")])
    assert again.exit_code == 0 and "wrote 6 pages" in again.output
