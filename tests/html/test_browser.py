"""The HTML viewer in a real (headless) Chromium: what the page shows is what replay computes.

Expected values come from the library in this process (``replay_game`` → ``state.to_json()``,
which is the ``state`` of ``mcn replay --to ADDRESS --format json``; a few addresses are
checked against the command itself). The DOM is read in bulk, one script call for a whole walk.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.commands.replay import find
from mcn.html import render_page
from mcn.views.projection import EVERYTHING
from tests.html.browser import start_browser, wait_until
from tests.html.pages import (
    ANNOTATED,
    ROOT,
    annotated_text,
    data_of,
    evil_record,
    game_of,
    replayed,
)

BUILD = ROOT / "build"

#: Reads what the page shows: souls on the track, posts and money in the players' panels,
#: market counts. ``read()`` is the function; ``WALK`` steps with a key before each reading.
READ = """
const read = () => {
  const panels = [...document.querySelectorAll('#players .player')];
  const by = (nodes, key, value) =>
    Object.fromEntries(nodes.map((e) => [e.dataset[key], value(e)]));
  return {
    a: document.body.dataset.address,
    f: Number(document.body.dataset.frame),
    current: (document.querySelector('#moves .move.current') || {dataset: {}}).dataset.frame,
    souls: by([...document.querySelectorAll('#board .soul')], 'colour',
      (e) => Number(e.dataset.space)),
    posts: by(panels, 'colour', (e) => Number(e.dataset.post)),
    money: by(panels, 'colour', (e) => e.dataset.money),
    moneyText: by(panels, 'colour', (e) => e.querySelectorAll('dd')[3].textContent),
    chestText: by(panels, 'colour',
      (e) => [...e.querySelectorAll('dd')].map((d) => d.textContent).join('|')),
    market: by([...document.querySelectorAll('#board .market-stone')], 'stone',
      (e) => Number(e.dataset.count)),
  };
};
"""
WALK = (
    READ
    + """
const out = [read()];
for (let k = 0; k < arguments[0]; k++) {
  document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[1], bubbles: true}));
  out.push(read());
}
return out;
"""
)
CLICK_ALL = (
    READ
    + """
const out = [];
for (const node of document.querySelectorAll('#moves .variation .move[data-frame]')) {
  node.click();
  out.push(read());
}
return out;
"""
)


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    yield from start_browser()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """``file://`` URLs of the pages under test."""
    folder = tmp_path_factory.mktemp("html")
    game = game_of(annotated_text())
    replay = replayed(game)
    urls = {}
    for name, viewer in (("full", EVERYTHING), ("green", "G")):
        path = folder / f"{name}.html"
        page = render_page(game, replay, viewer)
        path.write_text(page, encoding="utf-8")
        urls[name] = path.as_uri()
        urls[f"{name}_html"] = page
    # a variation that breaks off at an illegal move, and a main line that does too
    broken_text = (
        annotated_text()
        .replace("3. R: buy wine; sell wine)", "3. R: buy wine; sell jewel)")
        .replace("4. Y: sell bread; donate 1>I", "4. Y: sell bread; donate 99>I")
    )
    broken = game_of(broken_text)
    path = folder / "broken.html"
    path.write_text(render_page(broken, replayed(broken), EVERYTHING), encoding="utf-8")
    urls["broken"] = path.as_uri()
    evil = game_of(evil_record())
    path = folder / "evil.html"
    path.write_text(render_page(evil, replayed(evil), EVERYTHING), encoding="utf-8")
    urls["evil"] = path.as_uri()
    return urls


@pytest.fixture(scope="module")
def expected() -> dict[str, dict[str, Any]]:
    """Address → the souls, posts, money and market replay computes there (all lines)."""
    replay = replayed(game_of(annotated_text()))
    assert replay.main is not None
    out = {"start": _facts(replay.main.start.to_json())}
    for line in replay.lines():
        for step in line.steps:
            assert step.state is not None
            out[step.address] = _facts(step.state.to_json())
    return out


def _facts(state: dict[str, Any]) -> dict[str, Any]:
    seats = state["seats"]
    return {
        "souls": {c: seat["space"] for c, seat in seats.items()},
        "posts": {c: seat["post"] for c, seat in seats.items()},
        "money": {c: str(seat["money"]["value"]) for c, seat in seats.items()},
        "market": dict(state["market"]),
    }


def _open(driver: Any, url: str) -> None:
    driver.get("about:blank")
    driver.get(url)
    _wait(driver, lambda d: d.execute_script("return document.body.dataset.ready"))


def _wait(driver: Any, condition: Any) -> None:
    wait_until(driver, condition)


def _check(seen: dict[str, Any], expected: dict[str, dict[str, Any]]) -> None:
    facts = expected[seen["a"]]
    for key in ("souls", "posts", "money", "market"):
        assert seen[key] == facts[key], (seen["a"], key)
    for colour, money in facts["money"].items():
        assert seen["moneyText"][colour].strip() == f"{money} taler", seen["a"]
    if seen["a"] != "start":
        assert seen["current"] == str(seen["f"]), f"{seen['a']}: its move is highlighted"


def _no_console_errors(driver: Any) -> None:
    severe = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not severe, severe


def test_every_decision_shows_what_replay_computes(
    driver: Any, pages: dict[str, str], expected: dict[str, dict[str, Any]]
) -> None:
    _open(driver, pages["full"])
    main = [a for a in expected if "/" not in a]
    walk = driver.execute_script(WALK, len(main) - 1, "ArrowRight")
    assert [seen["a"] for seen in walk] == main, "→ steps through every main-line decision"
    for seen in walk:
        _check(seen, expected)
    # every decision of the variations, by clicking its move in the list
    clicked = driver.execute_script(CLICK_ALL)
    assert {seen["a"] for seen in clicked} == {a for a in expected if "/" in a}
    for seen in clicked:
        _check(seen, expected)
    _no_console_errors(driver)


def test_the_expected_values_are_those_of_mcn_replay(expected: dict[str, Any]) -> None:
    for address in ("setup.3", "2.2.1/1:2.2.2/1:2.2.2", "6.pick.10"):
        result = CliRunner().invoke(
            cli, ["replay", str(ANNOTATED), "--to", address, "--format", "json"]
        )
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["address"] == address
        assert _facts(data["state"]) == expected[address]


def _keys(driver: Any, key: str, shift: bool = False) -> str:
    """Press ``key`` (with Shift) as a user would; the address shown then."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    chain = ActionChains(driver)
    if shift:
        chain.key_down(Keys.SHIFT).send_keys(key).key_up(Keys.SHIFT)
    else:
        chain.send_keys(key)
    chain.perform()
    address: str = driver.execute_script("return document.body.dataset.address")
    return address


def test_follow_a_variation_and_come_back(
    driver: Any, pages: dict[str, str], expected: dict[str, dict[str, Any]]
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    _open(driver, pages["full"])
    driver.find_element(By.CSS_SELECTOR, "#moves .variation .move[data-frame]").click()
    assert driver.execute_script("return document.body.dataset.address") == "1.1.2/1:1.1.2"
    _wait(
        driver,
        lambda d: d.execute_script("return decodeURIComponent(location.hash)") == "#1.1.2/1:1.1.2",
    )
    _check(driver.execute_script(READ + "return read();"), expected)
    assert _keys(driver, Keys.ARROW_RIGHT) == "1.1.2/1:1.1.3"
    assert _keys(driver, Keys.ESCAPE) == "1.1.1", "Esc leaves for the branch point"
    assert _keys(driver, Keys.ARROW_RIGHT) == "1.1.2", "→ then follows the main line"
    assert _keys(driver, Keys.ARROW_LEFT) == "1.1.1"
    assert _keys(driver, Keys.ARROW_RIGHT, shift=True) == "1.1.2/1:1.1.2"
    assert _keys(driver, Keys.ARROW_RIGHT, shift=True) == "1.1.2/2:1.1.2", "next alternative"
    assert _keys(driver, Keys.ARROW_LEFT, shift=True) == "1.1.1"
    # the alternatives are offered as buttons at the branch point
    buttons = driver.find_elements(By.CSS_SELECTOR, "#alternatives button.alt")
    assert [b.text for b in buttons] == ["1: B: visit 1", "2: B: visit 3"]
    buttons[1].click()
    assert driver.execute_script("return document.body.dataset.address") == "1.1.2/2:1.1.2"
    assert _keys(driver, Keys.END) == "1.1.2/2:1.3.2", "End: the end of this variation"
    assert _keys(driver, Keys.HOME) == "start"
    last = [a for a in expected if "/" not in a][-1]
    assert _keys(driver, Keys.ARROW_DOWN) == last
    assert _keys(driver, Keys.ARROW_UP) == "start"
    # the round strip marks where variations branch off the main line; a tick opens one
    ticks = driver.find_elements(By.CSS_SELECTOR, "#strip .tick")
    assert [t.get_attribute("title") for t in ticks] == [
        "2 variations at 1.1.2",
        "1 variation at 2.2.1",
    ]
    driver.execute_script("arguments[0].click()", ticks[1])
    assert driver.execute_script("return document.body.dataset.address") == "2.2.1/1:2.2.1"
    _no_console_errors(driver)


def test_address_links_open_that_position(
    driver: Any, pages: dict[str, str], expected: dict[str, dict[str, Any]]
) -> None:
    replay = replayed(game_of(annotated_text()))
    # a full address, a nested variation's, a prefix (as `mcn replay --to` reads them)
    for fragment in ("4.4.3", "2.2.1/1:2.2.2/1:2.2.2", "3", "2.2.1/1:", "1.1.2/2:"):
        found = find(replay, fragment)
        assert found is not None
        _open(driver, f"{pages['full']}#{fragment}")
        seen = driver.execute_script(READ + "return read();")
        assert seen["a"] == found[0].steps[found[1]].address, fragment
        _check(seen, expected)
    _open(driver, f"{pages['full']}#no-such-address")
    assert driver.execute_script("return document.body.dataset.address") == "start"
    assert "No decision at" in driver.find_element("id", "viewer-note").text
    # changing the fragment of an open page moves too
    driver.execute_script("location.hash = '5.3.1'")
    _wait(driver, lambda d: d.execute_script("return document.body.dataset.address") == "5.3.1")
    _no_console_errors(driver)


def test_no_network_request_and_no_console_error(driver: Any, pages: dict[str, str]) -> None:
    driver.get_log("performance")  # forget what earlier tests did
    _open(driver, pages["full"])
    driver.execute_script(WALK, 40, "ArrowRight")
    requests = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requests.append(message["params"]["request"]["url"])
    page = pages["full"]
    assert requests and all(url in (page, "about:blank") for url in requests), requests
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    _no_console_errors(driver)


def test_hostile_text_is_shown_as_text(driver: Any, pages: dict[str, str]) -> None:
    from selenium.webdriver.common.by import By

    _open(driver, pages["evil"])
    assert driver.execute_script("return window.pwned") is None
    assert driver.find_elements(By.CSS_SELECTOR, "img") == []
    text = driver.execute_script("return document.body.textContent")
    assert "<script>window.pwned=1</script></svg><img src=x" in text
    assert driver.execute_script("return document.title").startswith("<script>")
    _no_console_errors(driver)


def test_a_players_page_shows_his_secrets_only(driver: Any, pages: dict[str, str]) -> None:
    _open(driver, f"{pages['green']}#3.3.2")
    seen = driver.execute_script(READ + "return read();")
    # I-HID-5: money behind every screen is public; Red's chest is not
    assert all(seen["money"][c] != "?" for c in "RGBY")
    assert "taler" in seen["moneyText"]["R"]
    assert "hidden" in seen["chestText"]["R"]
    assert "As Green" in driver.find_element("id", "viewer-note").text
    _no_console_errors(driver)


def test_screenshots(driver: Any, pages: dict[str, str], expected: dict[str, Any]) -> None:
    """The first, a middle and the last position, saved for people to look at."""
    BUILD.mkdir(exist_ok=True)
    driver.set_window_size(1500, 1400)  # tall enough for the players' panels
    main = [a for a in expected if "/" not in a]
    for name, address in (("first", "start"), ("middle", "4.4.3"), ("last", main[-1])):
        _open(driver, f"{pages['full']}#{address}")
        path = BUILD / f"html-{name}.png"
        assert driver.save_screenshot(str(path)), path
        assert Path(path).stat().st_size > 10_000
    driver.set_window_size(1500, 1000)
    _no_console_errors(driver)


def test_a_bid_reads_hidden_in_the_list_until_revealed(driver: Any, pages: dict[str, str]) -> None:
    listed = """return [...document.querySelectorAll('#moves .move')].map((e) =>
      e.dataset.frame + ' ' + e.querySelector('.move-text').textContent)"""
    frames = {f["a"]: str(i) for i, f in enumerate(data_of(pages["green_html"])["frames"])}
    blue, yellow = frames["1.bid.B"], frames["1.bid.Y"]
    _open(driver, f"{pages['green']}#1.bid.G")
    before = driver.execute_script(listed)
    assert f"{blue} bid ?" in before and f"{yellow} bid ?" in before
    assert f"{frames['1.bid.G']} bid 5+0" in before, "his own bid"
    _open(driver, f"{pages['green']}#1.pick.1")
    after = driver.execute_script(listed)
    assert f"{blue} bid 3+0" in after and f"{yellow} bid 1+2" in after
    _no_console_errors(driver)


def test_a_record_with_errors_shows_where_it_breaks_off(driver: Any, pages: dict[str, str]) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    _open(driver, pages["broken"])
    errors = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#moves .error")]
    assert len(errors) == 2 and all(e.startswith("⚠") for e in errors), errors
    assert "⚠" in driver.find_element(By.ID, "viewer-note").text
    assert driver.find_elements(By.CSS_SELECTOR, "#moves .move.unplayed")
    assert _keys(driver, Keys.END) == "2.4.1", "End: the last decision before the error"
    _no_console_errors(driver)


def test_a_players_page_has_a_knowledge_panel_per_opponent(
    driver: Any, pages: dict[str, str]
) -> None:
    # I-HID-2, I-HID-5: Green's page shows what Green can infer about each other chest (the
    # same KNOWLEDGE as replay --as G); the full page has no such panel
    _open(driver, f"{pages['green']}#3.3.2")
    panels = driver.execute_script(
        "return [...document.querySelectorAll('#knowledge .knowledge-panel[data-colour]')]"
        ".map((e) => [e.dataset.colour, e.textContent]);"
    )
    assert [c for c, _ in panels] == ["R", "B", "Y"]
    assert all("assignments to the compartments fit what was seen" in t for _, t in panels)
    assert "What Green can infer" in driver.find_element("id", "knowledge").text
    _no_console_errors(driver)
    _open(driver, f"{pages['full']}#3.3.2")
    assert driver.execute_script("return document.getElementById('knowledge').hidden")
    _no_console_errors(driver)


def test_a_letter_passed_hand_to_hand_is_counted_with_its_colour_unknown(
    driver: Any, tmp_path: Path
) -> None:
    # I-HID-5, I-HID-4: after Green gives Red a letter (5.1.5), Blue's page lists Red's letters
    # by the colours Blue knows plus "1 letter, colour unknown" — never a bare "hidden" — and
    # Blue's own letters and Green's (the giver's) view of Red's letters by colour alone
    game = game_of(annotated_text())
    replay = replayed(game)
    urls = {}
    for viewer in ("B", "G"):
        path = tmp_path / f"{viewer}.html"
        path.write_text(render_page(game, replay, viewer), encoding="utf-8")
        urls[viewer] = path.as_uri()
    letters = (
        "return Object.fromEntries([...document.querySelectorAll('#players .player')].map((p) => {"
        " const dts = [...p.querySelectorAll('dt')];"
        " const at = dts.findIndex((d) => d.textContent === 'Letters');"
        " return [p.dataset.colour, p.querySelectorAll('dd')[at].textContent]; }));"
    )
    _open(driver, f"{urls['B']}#5.1.6")
    seen = driver.execute_script(letters)
    assert "1 letter, colour unknown" in seen["R"], seen
    assert "3 letters, colour unknown" in seen["G"], seen
    assert "unknown" not in seen["B"] and "hidden" not in seen["R"], seen
    _no_console_errors(driver)
    _open(driver, f"{urls['G']}#5.1.6")
    seen = driver.execute_script(letters)
    assert "unknown" not in seen["R"] and "hidden" not in seen["R"], seen
    _no_console_errors(driver)
