"""``mcn html --quiz``: "what would you do?" at a player's decisions (mcn/html/quiz.py).

The questions are checked against replay and the engine's legal actions; the page is played
through in a headless Chromium by keyboard and by touch (taps through the DevTools protocol).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.engine.constants import CHANCE
from mcn.html import render_page
from mcn.views.projection import EVERYTHING
from tests.html.browser import start_browser, wait_until
from tests.html.pages import ANNOTATED, annotated_text, data_of, evil_record, game_of, replayed


def _moves(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for line in data["record"]:
        for node in line:
            if node["t"] == "i":
                yield from node["m"]


def _notes(data: dict[str, Any]) -> list[tuple[int, str]]:
    """The main line's section markers and checkpoints, each with the frame of the first move
    after it (a quiz shows one once that move is shown: it tells what follows)."""
    out: list[tuple[int, str]] = []
    waiting: list[str] = []
    for node in data["record"][0]:
        if node["t"] in ("r", "k"):
            waiting.append(node["x"])
        elif node["t"] == "i":
            frames = [move["f"] for move in node["m"] if "f" in move]
            if frames:
                out.extend((frames[0], text) for text in waiting)
                waiting = []
    return out


def _quiz(viewer: str | None) -> dict[str, Any]:
    game = game_of(annotated_text())
    return data_of(render_page(game, replayed(game), viewer, quiz=True))


def test_questions_stand_before_each_of_the_players_decisions() -> None:
    replay = replayed(game_of(annotated_text()))
    assert replay.main is not None
    data = _quiz("G")
    frames, asked = data["frames"], data["quiz"]
    by_frame = {q["f"]: q for q in asked}
    before = replay.main.start
    for step in replay.main.steps:
        state, before = before, step.state
        assert state is not None
        if step.action.actor != "G" or step.move is None:
            continue
        legal = [a for a in state.legal_actions() if a.actor == "G"]
        frame = next(i for i, f in enumerate(frames) if f["a"] == step.address)
        if len(legal) < 2:  # forced: nothing to ask
            assert frame not in by_frame
            continue
        question = by_frame[frame]
        assert question["at"] == frames[frame]["p"] and question["who"] == "G"
        assert sorted(o[0] for o in question["o"]) == sorted(a.text for a in legal)
        assert question["o"][question["a"]][0] == step.action.text
    assert len(asked) > 20 and all(q["who"] == "G" for q in asked)
    assert data_of(render_page(game_of(annotated_text()), replay, "G"))["quiz"] is None


def test_a_full_quiz_asks_every_players_decisions() -> None:
    asked = _quiz(EVERYTHING)["quiz"]
    assert {q["who"] for q in asked} == {"R", "B", "G", "Y"}
    assert CHANCE not in {q["who"] for q in asked}
    assert len(asked) > len(_quiz("G")["quiz"]) * 3


def test_the_command_makes_a_quiz_and_refuses_a_spectators(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "quiz.html"
    made = runner.invoke(cli, ["html", str(ANNOTATED), "--quiz", "--as", "G", "-o", str(out)])
    assert made.exit_code == 0, made.output
    assert data_of(out.read_text(encoding="utf-8"))["quiz"]
    refused = runner.invoke(cli, ["html", str(ANNOTATED), "--quiz", "--as", "spectator"])
    assert refused.exit_code == 2 and "spectator makes none" in refused.output


# ---- in the browser -------------------------------------------------------------------------

STATE = """
const q = document.querySelector('#quiz');
const groups = [...document.querySelectorAll('#moves .mainline > .item > .move-group[data-f]')];
const seen = groups.filter((g) => g.querySelector(':scope > .move').getClientRects().length > 0);
return {
  address: document.body.dataset.address,
  frame: Number(document.body.dataset.frame),
  title: (q.querySelector('.quiz-title') || {}).textContent,
  options: [...q.querySelectorAll('.quiz-option')].filter((b) => !b.hidden)
    .map((b) => b.textContent),
  result: (q.querySelector('.quiz-result') || {dataset: {}}).dataset.right,
  text: q.textContent,
  furthest: Math.max(-1, ...seen.map((g) => Number(g.dataset.f))),
  unseen: groups.length - seen.length,
  alternatives: document.querySelectorAll('#alternatives button.alt').length,
  notes: [...document.querySelectorAll('#moves .mainline > :is(.checkpoint, .section)')]
    .filter((e) => e.getClientRects().length > 0).map((e) => e.textContent),
  final: (q.querySelector('.quiz-final') || {dataset: {}}).dataset,
};
"""


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    yield from start_browser()


@pytest.fixture(scope="module")
def quiz_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("quiz") / "green.html"
    game = game_of(annotated_text())
    path.write_text(render_page(game, replayed(game), "G", quiz=True), encoding="utf-8")
    return path.as_uri()


def _open(driver: Any, url: str, width: int = 1280) -> None:
    driver.set_window_size(width, 900)
    driver.get("about:blank")
    driver.get(url)
    wait_until(driver, lambda d: d.execute_script("return document.body.dataset.ready"))


def _keys(driver: Any, *keys: str) -> dict[str, Any]:
    from selenium.webdriver.common.action_chains import ActionChains

    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()
    state: dict[str, Any] = driver.execute_script(STATE)
    return state


def _tap(driver: Any, selector: str) -> dict[str, Any]:
    """A finger's tap on the element (touch events through the DevTools protocol)."""
    x, y = driver.execute_script(
        "const e = document.querySelector(arguments[0]); e.scrollIntoView({block: 'center'});"
        "const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];",
        selector,
    )
    point = [{"x": x, "y": y}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    state: dict[str, Any] = driver.execute_script(STATE)
    return state


def test_play_the_quiz_by_keyboard_and_touch(driver: Any, quiz_url: str) -> None:
    from selenium.webdriver.common.keys import Keys

    data = _quiz("G")
    asked = data["quiz"]
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    try:
        _open(driver, quiz_url, 390)
        notes = _notes(data)
        right = commented = 0
        for k, question in enumerate(asked):
            state = driver.execute_script(STATE)
            assert state["frame"] == question["at"] and f"Question {k + 1} of" in state["title"]
            # nothing after the position asked about is in the move list or reachable
            assert state["furthest"] < question["f"] and not state["alternatives"]
            # nor a section marker or checkpoint that tells what follows
            expected = [text for first, text in notes if first <= question["at"]]
            assert state["notes"] == expected, (k, state["notes"])
            assert _keys(driver, Keys.ARROW_RIGHT)["frame"] == question["at"]
            played = question["o"][question["a"]][0]
            if k % 3 == 0:  # by touch: a tap on the move played
                index = question["a"]
                state = _tap(driver, f'#quiz-options .quiz-option[data-index="{index}"]')
                right += 1
            elif k % 3 == 1:  # by keyboard: narrow to the move played, choose it, Enter
                state = _keys(driver, played)
                assert played in state["options"]
                moves = state["options"].index(played)
                state = _keys(driver, *([Keys.ARROW_DOWN] * moves), Keys.ENTER)
                right += 1
            else:  # a move other than the one played, by keyboard
                other = next(i for i in range(len(question["o"])) if i != question["a"])
                state = _keys(driver, *([Keys.ARROW_DOWN] * other), Keys.ENTER)
            assert state["result"] == ("1" if k % 3 != 2 else "0"), (k, state["text"][:200])
            assert state["frame"] == question["f"], "the board shows the move played"
            assert f"Score so far: {right} of {k + 1}" in state["text"]
            for move in _moves(data):
                if move.get("f") == question["f"]:
                    for comment in move.get("b", []) + move.get("c", []):
                        assert comment in state["text"], "the comment on the move played"
                        commented += 1
            state = _keys(driver, Keys.ENTER)
        assert commented, "Green's own comments are shown after his moves"
        final = state["final"]
        assert (int(final["right"]), int(final["total"])) == (right, len(asked))
        assert f"{right} of {len(asked)}" in state["text"]
        # once over, the whole game is open again
        assert _keys(driver, Keys.HOME)["frame"] == 0
        assert _keys(driver, Keys.END)["unseen"] == 0
    finally:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors


def test_a_quiz_of_a_hostile_record_runs_no_script(
    driver: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    # record text stays text in the quiz too: names in the question, comments in the answer
    game = game_of(evil_record())
    path = tmp_path_factory.mktemp("evil-quiz") / "evil.html"
    path.write_text(render_page(game, replayed(game), "B", quiz=True), encoding="utf-8")
    _open(driver, path.as_uri())
    from selenium.webdriver.common.keys import Keys

    for _ in range(3):
        state = _keys(driver, Keys.ENTER)
        assert "<script>window.pwned=1</script></svg><img src=x" in state["text"]
        state = _keys(driver, Keys.ENTER)
    assert driver.execute_script("return window.pwned") is None
    assert not driver.find_elements("css selector", "#quiz img, #quiz script")
