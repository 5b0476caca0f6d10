"""Say in one line, at the end of the run, when the browser tests could not run."""

from __future__ import annotations

from typing import Any

from tests.html.browser import missing


def pytest_terminal_summary(terminalreporter: Any) -> None:
    reason = missing()
    if reason is not None:
        terminalreporter.write_line(f"browser tests skipped: {reason}", yellow=True, bold=True)
