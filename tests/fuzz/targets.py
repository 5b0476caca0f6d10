"""Fuzz targets: run one input through every part of the toolchain and judge the outcome.

An input is bytes written to a file. Each target reads it the way a user would — the library
reader for ``parse``, the CLI in-process (click's ``CliRunner``) for ``fmt``, ``validate``,
``replay``, ``diff`` and ``tree`` — and the outcome is *clean* when the target either succeeds
or fails with a message and exit status 1 or 2. A traceback, any other exception, an exit
status outside 0–2 or a Python traceback in the output is a *crash*.

Two targets check more than the exit status (issue 11): ``fmt-i`` rewrites a copy of the input
in place — on success the file must be canonical (``fmt --check`` passes), on failure it must
be byte-for-byte the input; ``tree-long`` appends a 20,000-character comment full of Graphviz
escapes (``\\G \\E \\N \\H \\T \\L``), quotes, angle brackets and control characters, and
no line of the DOT written may be long enough for Graphviz to refuse it.

Tree output goes to a ``.dot`` file, which needs no Graphviz binary: the fuzzer exercises
mcn's own code, not ``dot`` (``bench/run.py`` times the SVG path).
"""

from __future__ import annotations

import functools
import hashlib
import os
import random
import resource
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

#: Every target, in the order they are run.
TARGETS = ("parse", "fmt", "validate", "replay", "diff", "tree", "fmt-i", "tree-long")
#: The targets that check files written (fewer examples in CI: each writes and rereads).
WRITING_TARGETS = ("fmt-i", "tree-long")
#: The other commands that read a record, run by the long fuzz run (``bench/fuzz.py
#: --targets all``): every command a record reaches, as a user would run it.
COMMAND_TARGETS = (
    "position",
    "position-as",
    "legal",
    "legal-try",
    "html",
    "html-as",
    "html-quiz",
    "redact",
    "redact-keep",
    "redact-commit",
    "verify",
    "export",
    "export-mcn",
    "import",
    "replay-as",
    "diff-as",
    "tree-as",
    "validate-json",
    "fmt-check",
    "filter",
    "filter-player",
    "standings",
    "standings-html",
    "standings-csv",
    "site",
    "record",
    "stats",
    "explore",
    "explore-after",
    "tree-merge",
    "search",
    "search-as",
)
#: The targets whose input is a JSON record: the mutated input's own seed, exported to JSON
#: and mutated with the same mutators (seeded by the input, so a rerun sees the same bytes).
JSON_TARGETS = ("import",)
ALL_TARGETS = TARGETS + COMMAND_TARGETS

#: What ``tree-long`` appends: a long comment of everything DOT and terminals must escape.
LONG_COMMENT = (
    "\n{" + ('see \\G \\E \\N \\H \\T \\L \\l \\\\ " <b> & ] \x1b[2J \r' * 400)[:20_000] + "}\n"
)
#: Graphviz refuses a string over 16 KB; a DOT line holds a label and two tooltips.
_DOT_LINE_LIMIT = 40_000


def _hang_guard(value: str) -> float | None:
    """The value of ``HANG_GUARD_S``: seconds, or None for ``off`` (also ``none``, ``0``)."""
    if value.strip().lower() in ("off", "none", "0"):
        return None
    try:
        seconds = float(value)
    except ValueError:
        raise ValueError(f"HANG_GUARD_S={value!r}: expected seconds (e.g. 5) or 'off'") from None
    if not seconds > 0:
        raise ValueError(f"HANG_GUARD_S={value!r}: expected a positive number of seconds")
    return seconds


#: What the tests call a hang: a target that computes this long on one input, in seconds of
#: CPU time (5 by default; the environment variable ``HANG_GUARD_S`` sets it,
#: ``HANG_GUARD_S=off`` turns the guard off, e.g. under a debugger, coverage or mutation
#: testing; docs/testing.md). The tests guard against hangs (work that grows without bound),
#: they do not measure speed; CPU time, not the wall clock, so that other processes on a
#: loaded machine (two cores shared by a dozen jobs stretch the wall clock sevenfold) cannot
#: make an input look hung. The issue's one-second budget per input is measured by
#: ``bench/fuzz.py``, which reruns a slow input to tell a hang from a stall of the machine.
HANG_GUARD_S: float | None = _hang_guard(os.environ.get("HANG_GUARD_S", "5"))


def within_hang_guard(cpu_seconds: float) -> bool:
    """Whether a run of ``cpu_seconds`` (:attr:`Outcome.cpu_seconds`) is no hang (always,
    with the guard off)."""
    return HANG_GUARD_S is None or cpu_seconds < HANG_GUARD_S


def cpu_time() -> float:
    """CPU seconds used so far by this process and the children it waited for (a target may
    run a subprocess): what a hang consumes, whatever else the machine runs."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one target did with one input."""

    target: str
    exit_code: int
    seconds: float  # wall clock (bench/fuzz.py's budget)
    crash: str | None = None  # the traceback (or the reason) when the outcome is not clean
    cpu_seconds: float = 0.0  # CPU time (the tests' hang guard, :func:`within_hang_guard`)

    @property
    def clean(self) -> bool:
        """Success, or a clean error with exit status 1 or 2."""
        return self.crash is None


def _parse(path: Path) -> int:
    """Read the file with the library reader: every game, lenient; only NotationError may
    come out of it, and it is a clean error."""
    from mcn.notation.errors import NotationError
    from mcn.notation.stream import iter_results

    errors = 0
    try:
        for result in iter_results(path):
            assert result.game is not None or result.errors, "a game without game or errors"
            for error in result.errors:
                assert isinstance(error, NotationError)
                error.format()
                errors += 1
    except NotationError as error:
        error.format()
        return 1
    return 1 if errors else 0


def _cli(arguments: list[str]) -> Callable[[Path, Path, Path], list[str]]:
    """A CLI target: ``arguments`` with ``{input}``, ``{original}`` and ``{out}`` filled in."""

    def build(path: Path, original: Path, scratch: Path) -> list[str]:
        fill = {"{input}": str(path), "{original}": str(original), "{out}": str(scratch)}
        return [
            str(scratch) + argument[5:]
            if argument.startswith("{out}.")
            else fill.get(argument, argument)
            for argument in arguments
        ]

    return build


_COMMANDS: dict[str, Callable[[Path, Path, Path], list[str]]] = {
    "fmt": _cli(["fmt", "{input}"]),
    "validate": _cli(["validate", "{input}"]),
    "replay": _cli(["replay", "{input}", "--to", "2", "--events"]),
    "diff": _cli(["diff", "{original}", "{input}"]),
    "tree": _cli(["tree", "{input}", "-o", "{out}"]),
    "fmt-i": _cli(["fmt", "-i", "{input}"]),
    "tree-long": _cli(["tree", "{input}", "-o", "{out}", "--collapse", "0"]),
    "position": _cli(["position", "{input}", "--at", "end"]),
    "legal": _cli(["legal", "{input}", "--at", "end", "--as", "R"]),
    "html": _cli(["html", "{input}", "-o", "{out}.html"]),
    "redact": _cli(["redact", "{input}", "--as", "B", "-o", "{out}.mcn"]),
    "export": _cli(["export", "{input}", "--as", "G", "-o", "{out}.json"]),
    "replay-as": _cli(["replay", "{input}", "--as", "Y", "--format", "json"]),
    "standings": _cli(["standings", "{input}", "--format", "md"]),
    "stats": _cli(["stats", "{input}", "--format", "html"]),
    "position-as": _cli(["position", "{input}", "--at", "3", "--as", "G", "--format", "json"]),
    "legal-try": _cli(["legal", "{input}", "--at", "2", "--as", "B", "--try", "B: pass"]),
    "html-as": _cli(["html", "{input}", "--as", "R", "-o", "{out}.as.html"]),
    "html-quiz": _cli(["html", "{input}", "--quiz", "--as", "B", "-o", "{out}.quiz.html"]),
    "redact-keep": _cli(["redact", "{input}", "--as", "red", "--keep-annotations"]),
    "redact-commit": _cli(
        ["redact", "{input}", "--as", "B", "--commit", "--salt-file", "{out}.salts"]
    ),
    "verify": _cli(["verify", "{input}", "{original}"]),
    "export-mcn": _cli(["export", "{input}", "--format", "mcn", "--as", "Y"]),
    "import": _cli(["import", "{input}", "-o", "{out}.imported.mcn"]),
    "diff-as": _cli(["diff", "{original}", "{input}", "--as", "B", "--format", "json"]),
    "tree-as": _cli(["tree", "{input}", "--as", "G", "--alternatives", "2", "-o", "{out}"]),
    "validate-json": _cli(["validate", "{input}", "--format", "json", "--strict"]),
    "fmt-check": _cli(["fmt", "--check", "{input}"]),
    "filter": _cli(["filter", "{input}", "--valid", "-o", "{out}.filtered.mcn"]),
    "filter-player": _cli(["filter", "{input}", "--invalid", "--player", "Anna", "--result", "R"]),
    "standings-html": _cli(["standings", "{input}", "--format", "html"]),
    "standings-csv": _cli(["standings", "{input}", "--format", "csv", "--by-event"]),
    "site": _cli(["site", "{input}", "-o", "{out}.site"]),
    "record": _cli(["record", "--script", "-o", "{input}"]),
    "explore": _cli(["explore", "{input}", "--at", "2.bid", "--as", "R"]),
    "explore-after": _cli(
        ["explore", "{input}", "{original}", "--after", "R: bid 3+5", "--format", "json"]
    ),
    "search": _cli(["search", "{input}", "--where", 'round == 2 and move ~ "visit"']),
    "search-as": _cli(["search", "{input}", "--where", "post(R) >= 1", "--addresses", "--as", "B"]),
    "tree-merge": _cli(["tree", "{input}", "{original}", "--merge", "-o", "{out}"]),
}


def _prepare(target: str, path: Path, original: Path, scratch: Path) -> Path:
    """The file the target works on: a copy of the input for the writing targets."""
    if target == "fmt-i":
        copy = scratch / "in-place.mcn"
        copy.write_bytes(path.read_bytes())
        return copy
    if target == "record":  # continues the record it is given: a copy, like fmt -i
        copy = scratch / "recorded.mcn"
        copy.write_bytes(path.read_bytes())
        return copy
    if target in JSON_TARGETS:
        copy = scratch / "record.json"
        copy.write_bytes(mutated_json(path.read_bytes(), original.read_bytes()))
        return copy
    if target == "tree-long":
        copy = scratch / "long-labels.mcn"
        copy.write_bytes(path.read_bytes() + LONG_COMMENT.encode("utf-8"))
        return copy
    return path


@functools.cache
def _json_form(record: bytes) -> bytes:
    """A record's lossless JSON form (what ``mcn export`` writes), as bytes."""
    import json

    from mcn.api import game_to_json, read_text

    try:
        games = read_text(record.decode("utf-8"), name="seed.mcn")
    except Exception:  # not a readable seed (a regression input): its bytes, mutated
        return record
    return json.dumps(game_to_json(games[0]), indent=1).encode("utf-8") if games else record


def mutated_json(data: bytes, record: bytes) -> bytes:
    """The JSON form of ``record`` broken by one to three mutators, seeded by ``data`` (the
    MCN input of this round), so the same input always gives the same JSON."""
    from tests.fuzz.mutators import mutate

    rng = random.Random(hashlib.sha256(data).digest())
    return mutate(_json_form(record), rng)[0]


def _written_wrong(target: str, exit_code: int, before: bytes, work: Path, out: Path) -> str | None:
    """What is wrong with the file a writing target left (None: nothing)."""
    from mcn.cli import cli

    if target == "fmt-i":
        after = work.read_bytes()
        if exit_code != 0:
            return None if after == before else "fmt -i failed and changed the file"
        check = CliRunner().invoke(cli, ["fmt", "--check", str(work)])
        return None if check.exit_code == 0 else "fmt -i succeeded but the file is not canonical"
    if target == "tree-long" and exit_code == 0:
        longest = max(
            (len(line) for line in out.read_text(encoding="utf-8").splitlines()), default=0
        )
        if longest > _DOT_LINE_LIMIT:
            return f"a DOT line of {longest:,} characters (Graphviz refuses strings over 16 KB)"
    return None


def run_target(target: str, path: Path, original: Path, scratch: Path) -> Outcome:
    """Run ``target`` on the file ``path`` (``original`` is the unmutated record, for diff)."""
    from mcn.cli import cli

    start, cpu_start = time.perf_counter(), cpu_time()
    if target == "parse":
        try:
            code = _parse(path)
        except Exception:
            crash = traceback.format_exc()
            return Outcome(target, -1, time.perf_counter() - start, crash, cpu_time() - cpu_start)
        return Outcome(target, code, time.perf_counter() - start, None, cpu_time() - cpu_start)
    work = _prepare(target, path, original, scratch)
    before = work.read_bytes() if target in WRITING_TARGETS else b""
    out = scratch / "tree.dot"
    arguments = _COMMANDS[target](work, original, out)
    result = CliRunner().invoke(cli, arguments, catch_exceptions=True)
    seconds, cpu_seconds = time.perf_counter() - start, cpu_time() - cpu_start
    crash = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        crash = "".join(traceback.format_exception(*result.exc_info))  # type: ignore[misc]
    elif result.exit_code not in (0, 1, 2):
        crash = f"exit status {result.exit_code}"
    elif "Traceback (most recent call last)" in result.output:
        crash = f"a traceback in the output:\n{result.output}"
    elif target in WRITING_TARGETS:
        crash = _written_wrong(target, result.exit_code, before, work, out)
    return Outcome(target, result.exit_code, seconds, crash, cpu_seconds)


def run_all(
    data: bytes, original: bytes, scratch: Path, targets: tuple[str, ...] = TARGETS
) -> list[Outcome]:
    """Write ``data`` (and the unmutated ``original``) into ``scratch`` and run every target."""
    path = scratch / "input.mcn"
    path.write_bytes(data)
    reference = scratch / "original.mcn"
    reference.write_bytes(original)
    return [run_target(target, path, reference, scratch) for target in targets]
