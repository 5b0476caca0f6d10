"""A headless Chromium for the HTML viewer's browser tests, driven by Selenium.

Selenium talks to the system's ``/usr/bin/chromedriver`` through an explicit ``Service`` path,
so it never downloads a driver (no selenium-manager); Chromium and its driver come from
Debian's packages (``make setup`` installs them). When either is missing the browser tests are
skipped with one line that says why — never passed silently.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def _wait_seconds(value: str) -> float:
    """The value of ``MCN_BROWSER_WAIT_S``: how long a browser test waits for a page to get
    ready or redraw before it fails (a loaded machine may need more than the default)."""
    try:
        seconds = float(value)
    except ValueError:
        raise ValueError(f"MCN_BROWSER_WAIT_S={value!r}: expected seconds (e.g. 30)") from None
    if not seconds > 0:
        raise ValueError(f"MCN_BROWSER_WAIT_S={value!r}: expected a positive number of seconds")
    return seconds


#: Seconds a browser test waits for a condition (environment: ``MCN_BROWSER_WAIT_S``). A wait
#: ends as soon as its condition holds, so a generous bound costs a passing test nothing and
#: keeps a loaded machine (Chromium's processes get a share of two busy cores) from failing it;
#: no test waits for a condition that must *not* come.
BROWSER_WAIT_S = _wait_seconds(os.environ.get("MCN_BROWSER_WAIT_S", "30"))


def wait_until(driver: Any, condition: Callable[[Any], Any], poll: float = 0.02) -> Any:
    """Wait up to :data:`BROWSER_WAIT_S` for ``condition(driver)`` to be truthy; its value."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, BROWSER_WAIT_S, poll_frequency=poll).until(condition)


def missing() -> str | None:
    """Why no browser can run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    if not any(shutil.which(name) for name in CHROMIUM_NAMES):
        return "Chromium is not installed (make setup installs Debian's chromium)"
    if shutil.which("chromedriver") is None:
        return "chromedriver is not installed (make setup installs Debian's chromium-driver)"
    return None


def start_browser() -> Iterator[Any]:
    """Yield a headless Chrome WebDriver (skipping the test when none can run), quit after."""
    reason = missing()
    if reason is not None:
        pytest.skip(f"browser tests skipped: {reason}")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    binary = next(shutil.which(name) for name in CHROMIUM_NAMES if shutil.which(name))
    options.binary_location = str(binary)
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1500,1000",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = Service(executable_path=str(shutil.which("chromedriver")))
    # installed but not starting is a failure, not a reason to skip
    driver = webdriver.Chrome(service=service, options=options)
    try:
        yield driver
    finally:
        driver.quit()
