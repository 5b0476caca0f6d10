"""``mcn export --as VIEWER`` is ``mcn redact --as VIEWER`` then ``mcn export``, exactly.

The twin-record proof (:mod:`tests.secrets.test_twins`) shows that the redacted record keeps
every secret and that ``export --as`` prints that very record; here the equality is checked on
the bundled records, in both output forms and with annotations kept, and the refusals.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _invoke(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("record", "viewer", "extra"),
    [
        ("game-4p.mcn", "B", ()),
        ("game-3p.mcn", "spectator", ("--format", "mcn")),
        ("annotated-4p.mcn", "R", ("--keep-annotations",)),
        ("redacted-4p.mcn", "G", ()),  # a record redacted for G, redacted again for G
    ],
)
def test_export_as_is_redact_then_export(record: str, viewer: str, extra: tuple[str, ...]) -> None:
    # R-HID-1: export --as goes through the one projection, by way of redaction
    path = str(EXAMPLES / record)
    keep = [a for a in extra if a == "--keep-annotations"]
    form = [a for a in extra if a != "--keep-annotations"]
    code, redacted, _ = _invoke("redact", path, "--as", viewer, *keep)
    assert code == 0
    code, piped, _ = _invoke("export", "-", *form, input=redacted)
    assert code == 0
    code, direct, _ = _invoke("export", path, "--as", viewer, *extra)
    assert code == 0
    assert direct == piped
    assert "Redacted" in direct and ">?" in direct


def test_a_view_the_record_lacks_is_refused_and_nothing_written(tmp_path: Path) -> None:
    # R-HID-1: a record redacted for G lacks R's secrets; mcn never makes a value up
    out = tmp_path / "out.json"
    code, _, err = _invoke("export", str(EXAMPLES / "redacted-4p.mcn"), "--as", "R", "-o", str(out))
    assert code == 1
    assert "redacted-4p.mcn:28:4: error: 1.2.1:" in err and "hides what Red saw" in err
    assert "not exported" in err and not out.exists()


def test_usage_errors() -> None:
    path = str(EXAMPLES / "game-2p.mcn")
    code, _, err = _invoke("export", path, "--as", "Nobody")
    assert code == 2 and "no player 'Nobody'; choose R (Lena Hofer)" in err
    code, _, err = _invoke("export", path, "--keep-annotations")
    assert code == 2 and "--keep-annotations needs --as" in err
