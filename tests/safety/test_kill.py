"""SIGKILL ``mcn fmt -i`` at random moments: the record is always the whole old or the whole
new text (issue 11; the long run of 200+ kills is ``bench/kill.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.safety.killing import kill_loop


def test_fmt_in_place_survives_sigkill(tmp_path: Path) -> None:
    report = kill_loop(kills=20, games=100, seed=11, folder=tmp_path)
    assert report.kills == 20
    assert report.broken == 0
    assert report.old + report.new == 20
