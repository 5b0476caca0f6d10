"""``mcn site``: the day's results as a static site — every page there, every link resolving,
no path of the machine and no control character in it, the crosstable agreeing with itself,
and (in Chromium) no console error and nothing cut off at 400 px."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from mcn.cli import cli
from tests.archive.test_folder import EARLY, NAMES, record
from tests.html.browser import start_browser

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("index.html", "standings.html", "crosstable.html", "games.html", "submissions.html")


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


class Links(HTMLParser):
    """The href of every link of a page, and its viewport tag."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.viewport = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "a" and values.get("href"):
            self.hrefs.append(str(values["href"]))
        if tag == "meta" and values.get("name") == "viewport":
            self.viewport = True


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("club")
    days = root / "submissions"
    (days / "late").mkdir(parents=True)
    rng = random.Random(7)
    texts = {f"g{n}.mcn": record(4, 2900 + n, n, rng.sample(NAMES[:5], 4)) for n in range(1, 6)}
    texts["late/copy.mcn"] = texts["g1.mcn"]
    broken = texts["g2.mcn"].replace('[Result "', '[Result "\x1b[31mX', 1)  # a control character
    texts["broken.mcn"] = broken
    start = texts["g3.mcn"].index('[Red "') + 6
    texts["other-names.mcn"] = texts["g3.mcn"][:start] + "Zoë " + texts["g3.mcn"][start:]
    for index, (name, text) in enumerate(texts.items()):
        path = days / name
        path.write_text(text, encoding="utf-8")
        os.utime(path, ns=(EARLY + index, EARLY + index))
    (days / "empty.mcn").write_bytes(b"")
    out = root / "site"
    result = run("site", str(days), "-o", str(out))
    assert result.exit_code == 1  # an invalid and a conflicting submission
    assert "wrote 9 pages" in result.stderr
    return days, out


def test_every_page_is_there_links_resolve_and_nothing_private_leaks(
    site: tuple[Path, Path],
) -> None:
    days, out = site
    files = sorted(p for p in out.rglob("*") if p.is_file())
    names = {p.relative_to(out).as_posix() for p in files}
    assert set(PAGES) <= names
    assert {n for n in names if n.startswith("games/")} == {
        f"games/game-{k:03}.html" for k in range(1, 5)
    }  # 5 games, one copy and one conflict pair: 4 counted
    private = {str(days), str(days.parent), os.getcwd(), str(Path.home()), "/tmp/"}
    for path in files:
        text = path.read_text(encoding="utf-8")
        for secret in private:
            assert secret not in text, (path, secret)
        assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", text), path
        links = Links()
        links.feed(text)
        assert links.viewport, path
        for href in links.hrefs:
            assert not re.match(r"[a-z]+:", href), (path, href)  # nothing leaves the site
            target = (path.parent / href.split("#")[0]).resolve()
            assert target.is_file(), (path, href)


def test_the_pages_say_what_was_decided(site: tuple[Path, Path]) -> None:
    _, out = site
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "<title>Overview — Club night</title>" in index
    assert "Scoring: pairwise" in index and "Ranks: points; then more wins" in index
    submissions = (out / "submissions.html").read_text(encoding="utf-8")
    assert "<strong>late/copy.mcn</strong> game 1" in submissions
    assert "a copy of game 1 of g1.mcn" in submissions
    assert "<strong>broken.mcn</strong> game 1" in submissions
    assert "<strong>other-names.mcn</strong>" in submissions and "Zoë" in submissions
    assert "counted for nobody" in submissions
    assert "<strong>empty.mcn</strong>" in submissions
    games = (out / "games.html").read_text(encoding="utf-8")
    assert games.count('href="games/game-') == 4 and "Round 1" in games
    page = (out / "games" / "game-001.html").read_text(encoding="utf-8")
    assert '<a href="../index.html">' in page and 'id="mcn-data"' in page


def test_the_crosstable_is_symmetric(site: tuple[Path, Path]) -> None:
    _, out = site
    text = (out / "crosstable.html").read_text(encoding="utf-8")
    body = text.split("<tbody>")[1].split("</tbody>")[0]
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in body.split("<tr>")[1:]]
    cells = [[re.sub(r"<[^>]+>", "", c) for c in row[2:]] for row in rows]
    assert len(cells) >= 4
    for i, row in enumerate(cells):
        for j, cell in enumerate(row):
            if i == j or cell == "·":
                continue
            higher, lower = cell.split(" ")[0].split("–")
            mirrored = cells[j][i].split(" ")[0].split("–")
            assert mirrored == [lower, higher], (i, j)


def test_bad_input_writes_nothing(site: tuple[Path, Path], tmp_path: Path) -> None:
    days, _ = site
    schedule = tmp_path / "bad.toml"
    schedule.write_text('[[table]]\nround = 1\ntable = 1\nplayers = ["a", "b"\n', encoding="utf-8")
    out = tmp_path / "site"
    result = run("site", str(days), "-o", str(out), "--schedule", str(schedule))
    assert result.exit_code == 2 and f"{schedule}:4: error: not valid TOML" in result.output
    missing = run("site", str(days), "-o", str(out), "--prefer", str(days / "gone.mcn"))
    assert missing.exit_code == 2 and "is not there" in missing.output
    assert not out.exists()


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    yield from start_browser()


def test_the_site_in_chromium_at_400_px(site: tuple[Path, Path], driver: Any) -> None:
    _, out = site
    driver.set_window_size(400, 900)
    width = driver.execute_script("return window.innerWidth")
    assert width <= 420
    driver.get_log("browser")  # forget what came before
    for name in (*PAGES, "games/game-001.html"):
        driver.get((out / name).as_uri())
        assert driver.title, name
        if not name.startswith("games/"):
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - window.innerWidth"
            )
            assert overflow <= 0, (name, overflow)
            sizes = driver.execute_script(
                "return [...document.querySelectorAll('main *')].filter((e) => e.childNodes"
                ".length && [...e.childNodes].some((n) => n.nodeType === 3 && n.data.trim()))"
                ".map((e) => parseFloat(getComputedStyle(e).fontSize))"
            )
            assert sizes and min(sizes) >= 11, name
        for href in driver.execute_script(
            "return [...document.querySelectorAll('a[href]')].map((a) => a.href)"
        ):
            assert href.startswith("file://") and Path(href[7:].split("#")[0]).is_file(), href
    # the standings' Points column is on screen at 400 px (the old page cut it off)
    driver.get((out / "standings.html").as_uri())
    right = driver.execute_script(
        "const th = [...document.querySelectorAll('th')].find((t) => t.textContent === 'Points');"
        "return th.getBoundingClientRect().right"
    )
    assert right <= width
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not severe, severe


def test_the_html_standings_are_publishable(site: tuple[Path, Path]) -> None:
    days, _ = site
    page = run("standings", "--format", "html", str(days)).stdout
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "<title>Standings — Club night</title>" in page
    assert "Scoring: pairwise" in page and "Ranks: points; then more wins" in page
    assert "<strong>late/copy.mcn</strong> game 1: duplicate: a copy of game 1 of g1.mcn" in page
    assert str(days) not in page and "/tmp/" not in page
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", page)


def test_the_site_is_the_same_with_jobs(site: tuple[Path, Path], tmp_path: Path) -> None:
    days, out = site
    again = tmp_path / "again"
    assert run("site", str(days), "-o", str(again), "--jobs", "2").exit_code == 1
    first = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first == second
