"""The HTML viewer's figures for ``bench/run.py``: page size, build time, first drawn position.

* **size** — bytes of ``mcn html examples/annotated-4p.mcn`` (a 4-player game with nested
  variations; target < 1 MB);
* **build** — CPU time of building that page in process (replay with states kept + frames +
  page), against python-chess drawing every position of a chess game of as many plies with
  ``chess.svg.board`` (the peer: a library that draws each position of a game as SVG);
* **first render** — in a headless Chromium (Selenium, the system chromedriver), the time from
  the start of navigation to the end of the first drawn position (``performance.now()`` the
  page records in ``document.body.dataset.ready``); median of several fresh loads; target < 1 s.
  Without Chromium the figure is ``None`` with the reason.
"""

from __future__ import annotations

import shutil
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import chess
import chess.svg

from mcn.html import render_page
from mcn.notation import parse
from mcn.replay import replay_game


def _build(text: str) -> tuple[str, int]:
    game = parse(text).games[0]
    replay = replay_game(game, keep_states=True)
    decisions = sum(len(line.steps) for line in replay.lines())
    return render_page(game, replay, "all"), decisions


def _chess_positions(plies: int) -> int:
    """Draw ``plies`` positions of a legal chess game (first legal move each time, restarting
    at the end of a game) as SVG; the number drawn."""
    board = chess.Board()
    drawn = 0
    while drawn < plies:
        chess.svg.board(board, size=400)
        drawn += 1
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            board = chess.Board()
        else:
            board.push(moves[drawn % len(moves)])
    return drawn


def _first_render(page: Path, runs: int) -> tuple[float | None, str | None]:
    """The median time to the first drawn position in headless Chromium, or the reason why
    it could not be measured."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not browser or not driver_path:
        return None, "Chromium or chromedriver not installed"
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError:
        return None, "selenium not installed"
    options = Options()
    options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    times = []
    try:
        for index in range(runs + 1):  # the first load warms the browser's caches: not counted
            driver.get("about:blank")
            driver.get(page.as_uri())
            ready = WebDriverWait(driver, 10, poll_frequency=0.01).until(
                lambda d: d.execute_script("return document.body.dataset.ready")
            )
            if index:
                times.append(float(ready) / 1000)
    finally:
        driver.quit()
    return statistics.median(times), None


def figures(
    root: Path,
    work: Path,
    runs: int,
    median_time: Callable[[Callable[[], Any], int], tuple[float, Any]],
) -> dict[str, Any]:
    """Every HTML figure, as a JSON-ready dict."""
    source = root / "examples" / "annotated-4p.mcn"
    text = source.read_text(encoding="utf-8")
    seconds, (page, decisions) = median_time(lambda: _build(text), runs)
    chess_seconds, drawn = median_time(lambda: _chess_positions(decisions), runs)
    path = work / "annotated-4p.html"
    path.write_text(page, encoding="utf-8")
    start = time.perf_counter()
    render, reason = _first_render(path, max(3, runs))
    return {
        "file": str(source.relative_to(root)),
        "decisions": decisions,
        "bytes": len(page.encode()),
        "build_s": round(seconds, 4),
        "build_decisions_per_s": round(decisions / seconds),
        "chess_svg_positions_per_s": round(drawn / chess_seconds),
        "build_ratio": round(chess_seconds / seconds, 3),
        "first_render_s": None if render is None else round(render, 4),
        "first_render_note": reason,
        "browser_seconds": round(time.perf_counter() - start, 1),
    }
