"""What each kind of command imports when it starts (issue 34, item 2: cold start <= 0.15 s).

Import time is most of a short command's run, so the cuts made for it are held here, as facts
about ``sys.modules`` after a fresh process ran the command (never as timings, which belong to
bench/cold_start.py): a position given as text is read without Lark and without the record
side; a replay of everything needs no viewer's memory and no diff; a plain HTML page neither
the quiz nor the analysis, nor tempfile and :mod:`html` (the page's own escaping and
temporary file); and only ``--version`` looks up which build runs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = str(ROOT / "examples" / "game-4p.mcn")

_RUN = """
import json, sys
from mcn.cli import cli
try:
    cli.main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def imported_by(*arguments: str, tmp_path: Path | None = None) -> set[str]:
    """The modules a fresh process has imported once it ran ``mcn ARGUMENTS``."""
    done = subprocess.run(
        [sys.executable, "-c", _RUN, *arguments],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path or ROOT,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def position_text() -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mcn", "position", GAME, "--at", "3.2.1"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def under(modules: set[str], *packages: str) -> set[str]:
    """The modules of ``modules`` that are, or are inside, one of ``packages``."""
    return {m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)}


@pytest.mark.parametrize("command", ["position", "legal"])
def test_a_position_given_as_text_is_read_without_lark_or_the_record_side(command: str) -> None:
    modules = imported_by(command, position_text())
    assert "mcn.position.reader" in modules
    assert not under(modules, "lark", "mcn.notation", "mcn.knowledge", "mcn.replay", "jsonschema")


def test_a_replay_for_everyone_imports_no_viewer_memory_and_no_diff() -> None:
    modules = imported_by("replay", GAME, "--to", "2")
    assert "mcn.replay" in modules
    assert not under(modules, "lark", "mcn.diff", "mcn.knowledge", "jsonschema")
    assert "mcn.views.seen_errors" not in modules  # a clean record has nothing to tell


def test_a_plain_page_imports_neither_the_quiz_nor_the_analysis(tmp_path: Path) -> None:
    modules = imported_by("html", GAME, "-o", str(tmp_path / "page.html"), tmp_path=tmp_path)
    assert "mcn.html.page" in modules
    assert not under(
        modules,
        "lark",
        "mcn.html.quiz",
        "mcn.views.legal",
        "mcn.knowledge",
        "mcn.openspiel.analysis",
        "mcn.openspiel.annotate",
        "importlib.resources",
        "tempfile",  # the safe writer makes its temporary file itself: no shutil, bz2, lzma
        "shutil",
        "html",  # the page escapes its markup by hand: not the table of named entities
        "mcn.io.output",  # its spool is for standard output only
    )
    quiz = imported_by("html", GAME, "--quiz", "-o", str(tmp_path / "quiz.html"))
    assert {"mcn.html.quiz", "mcn.views.legal"} <= quiz  # imported when asked for


def test_the_page_knows_the_analysis_header_without_importing_the_analysis() -> None:
    from mcn.html.curve import ANALYSIS_HEADER
    from mcn.openspiel.annotate import HEADER

    assert ANALYSIS_HEADER == HEADER  # the header mcn analyse writes is the one the page reads


def test_validate_reads_a_plain_record_without_lark() -> None:
    modules = imported_by("validate", GAME)
    assert "mcn.archive.batch" in modules
    assert not under(modules, "lark", "jsonschema")


#: What only explains an error or serves a rarer option: the hints of a slip (with the move
#: vocabulary and difflib), the slips' own readers, the schedule's reader (--schedule) and the
#: secure source of salts (a salt is made by `mcn seal`, never by a check).
_NOT_FOR_A_CLEAN_RECORD = (
    "mcn.notation.hints",
    "mcn.notation.slips",
    "mcn.notation.vocabulary",
    "difflib",
    "mcn.archive.schedule",
    "csv",
    "secrets",
)


@pytest.mark.parametrize("command", [("validate", GAME), ("replay", GAME, "--to", "2")])
def test_a_clean_record_loads_nothing_that_explains_errors(command: tuple[str, ...]) -> None:
    modules = imported_by(*command)
    assert "mcn.replay" in modules
    assert not under(modules, *_NOT_FOR_A_CLEAN_RECORD)


def test_errors_still_get_their_hints(tmp_path: Path) -> None:
    # the lazily imported explanations are there when a record has an error
    broken = tmp_path / "slip.mcn"
    broken.write_text(
        Path(GAME).read_text(encoding="utf-8").replace("R: bid", "R: bdi", 1), encoding="utf-8"
    )
    modules = imported_by("validate", str(broken), tmp_path=tmp_path)
    assert "mcn.notation.hints" in modules


def test_only_version_looks_up_the_build() -> None:
    assert "mcn.io.compiled" not in imported_by("replay", GAME, "--to", "2")
    assert "mcn.io.compiled" in imported_by("--version")
