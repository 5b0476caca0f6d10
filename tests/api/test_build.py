"""The build under test is the one CI means to test: pure in the editable run, compiled in the
run of .ci/compiled (which sets MCN_EXPECT_COMPILED=1); `mcn --version` says which."""

import os
from importlib.machinery import EXTENSION_SUFFIXES

from click.testing import CliRunner

import mcn.engine.state
from mcn.cli import cli
from mcn.io.compiled import build_kind, compiled_modules

EXPECT_COMPILED = os.environ.get("MCN_EXPECT_COMPILED") == "1"


def test_the_engine_is_compiled_exactly_when_expected() -> None:
    path = mcn.engine.state.__file__
    assert path is not None
    assert path.endswith(tuple(EXTENSION_SUFFIXES)) == EXPECT_COMPILED, path
    assert ("mcn.engine.state" in compiled_modules()) == EXPECT_COMPILED


def test_the_plain_reading_is_compiled_exactly_when_expected() -> None:
    """docs/performance-history.md, "Reading, compiled": the record model is native there, and the
    fast path builds it with the native constructors instead of drafts."""
    from mcn.notation import fastpath

    reading = {"mcn.notation.model", "mcn.notation.fastpath", "mcn.notation.stream"}
    assert reading & set(compiled_modules()) == (reading if EXPECT_COMPILED else set())
    assert fastpath.NATIVE_MODEL == EXPECT_COMPILED


def test_version_names_the_build() -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith("mcn, version ")
    assert build_kind() in result.output
    assert ("compiled with mypyc" in result.output) == EXPECT_COMPILED
    assert ("pure Python" in result.output) == (not EXPECT_COMPILED)
