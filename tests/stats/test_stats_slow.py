"""``mcn stats`` in a browser and on a Dask cluster (slow: Chromium, worker processes).

The HTML page opens from ``file://`` in Chromium with no console error and no request but
its own, its charts drawn (an SVG per grouping, a bar and an interval per row), a hostile
player name shown as text; the Dask cluster gives the local output byte for byte.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from tests.html.browser import start_browser
from tests.stats.archives import write_random

pytestmark = pytest.mark.slow

HOSTILE = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">'


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    yield from start_browser()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("page")
    path = write_random(folder / "games.mcn", 4, 12, 800)
    text = path.read_text(encoding="utf-8").replace(
        "Random player green", HOSTILE.replace('"', '\\"')
    )
    path.write_text(text, encoding="utf-8")
    write_random(folder / "three.mcn", 3, 6, 900)
    return folder


def test_the_page_draws_its_charts_without_errors(
    driver: Any, archive: Path, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    page = tmp_path / "stats.html"
    result = CliRunner().invoke(
        cli,
        ["stats", str(archive), "--by", "seat,colour,player", "--format", "html", "-o", str(page)],
    )
    assert result.exit_code == 0, result.output
    driver.get_log("performance")
    driver.get(page.as_uri())
    assert driver.title == "Statistics"
    assert driver.execute_script("return window.pwned") is None
    assert driver.find_elements(By.CSS_SELECTOR, "img") == []
    assert HOSTILE in driver.execute_script("return document.body.textContent")
    charts = driver.find_elements(By.CSS_SELECTOR, "svg.chart")
    # per block (3 and 4 players): seat, colour, player, bids by round, endings
    assert len(charts) == 2 * 5
    seat_chart = charts[5]  # the 4-player block comes second
    assert "seat" in seat_chart.find_element(By.TAG_NAME, "title").get_attribute("textContent")
    bars = seat_chart.find_elements(By.TAG_NAME, "rect")
    assert len(bars) == 4 and all(float(b.get_attribute("width")) >= 0 for b in bars)
    assert seat_chart.size["width"] > 300 and seat_chart.size["height"] > 60
    requests = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requests.append(message["params"]["request"]["url"])
    assert requests and all(url in (page.as_uri(), "about:blank") for url in requests), requests
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == []


def test_the_cluster_gives_the_local_output(archive: Path) -> None:
    pytest.importorskip("distributed", reason="the mcn[dask] extra is not installed")
    args = ["stats", str(archive), "--format", "json"]
    local = CliRunner().invoke(cli, args)
    remote = CliRunner().invoke(cli, [*args, "--dask", "local:2"])
    assert remote.exit_code == local.exit_code == 0
    assert remote.stdout == local.stdout
    assert json.loads(local.stdout)["summary"]["counted"] == 18
