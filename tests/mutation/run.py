"""``make mutate``: mutation testing of the core modules with cosmic-ray (docs/testing.md).

    python -m tests.mutation.run                      # every target of tests/mutation/targets.py
    python -m tests.mutation.run safe_write writer    # some targets
    python -m tests.mutation.run --changed main       # the targets whose modules differ from main
    python -m tests.mutation.run --report             # only the report of the stored sessions
    python -m tests.mutation.run --stale --record     # targets changed since their recorded score

For each target the tracked tree is copied to ``build/mutate/<target>/tree`` (the checkout is
never mutated, so a run may be interrupted, and the developer may go on working meanwhile);
cosmic-ray enumerates the mutants of the target's modules into ``build/mutate/<target>.sqlite``
(its core operators plus :mod:`tests.mutation.operators`); each mutant is applied to the copy,
the target's test selection is run against it (``pytest -x``, in a subprocess), and the file is
restored. A stored session resumes where it stopped while the modules are unchanged (``--fresh``
starts again); when only the tests changed, its survivors run again; when the modules moved or
changed only in docstrings, comments or the sources of their imports (the same code, hence the
same mutants: :func:`code_digest`), its kills carry over and its survivors run again. The report
(``build/mutate/report.md``, also printed) gives, per target, the mutants, how many were killed,
and every survivor — each either listed as equivalent in ``tests/mutation/equivalent.toml`` with
the reason, or a gap for a test to close.
Exit status 1 when a target's score of non-equivalent mutants is below ``--minimum`` (90 %)
(``--no-fail``: 0 all the same). ``--record`` stores each complete run's figures, with a digest
of the modules' code, in ``tests/mutation/scores.json``; ``--stale`` selects the targets whose
modules no longer match that digest and runs them (with ``--budget-minutes``: the informative
run after a change to a core module; CI runs no mutation step, docs/testing.md "When").
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import shlex
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.mutation.targets import TARGETS, Target

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "build" / "mutate"
EQUIVALENT = Path(__file__).with_name("equivalent.toml")
SCORES = Path(__file__).with_name("scores.json")
#: Operators left out, with the reason (docs/testing.md, "Configuration").
EXCLUDED_OPERATORS = {
    # Exponentiation and shifts in place of + - * /: never plausible in this code, and every
    # one is killed by the first test that computes anything; they would triple the run time.
    "Pow": "a ** or a shift instead of arithmetic is never a plausible slip",
    "LShift": "as above",
    "RShift": "as above",
    "BitXor": "as above",
}
#: One pytest process per mutant, stopping at the first failure. xdist and hypothesis's pytest
#: plugin are not loaded: they cost a second of start-up per mutant on a loaded machine and
#: add nothing to one process running a selection (``@given`` tests run without the plugin).
PYTEST_OPTIONS = (
    "-x -q -p no:cacheprovider -p no:xdist -p no:xdist.looponfail -p no:hypothesispytest"
)
#: A mutant's tests may take this many times the unmutated run (and at least MIN_TIMEOUT s).
TIMEOUT_FACTOR = 4.0
MIN_TIMEOUT = 30.0


@dataclass
class Tally:
    """One target's outcome."""

    target: str
    modules: tuple[str, ...]
    tests: tuple[str, ...]
    mutants: int = 0
    killed: int = 0
    timeouts: int = 0
    excluded: int = 0
    pending: int = 0
    seconds: float = 0.0
    survivors: list[dict[str, str]] = field(default_factory=list)

    @property
    def equivalent(self) -> int:
        return sum(1 for s in self.survivors if s.get("reason"))

    @property
    def gaps(self) -> list[dict[str, str]]:
        return [s for s in self.survivors if not s.get("reason")]

    @property
    def score(self) -> float:
        """Killed (timeouts included) over the non-equivalent mutants that ran."""
        counted = self.killed + len(self.gaps)
        return 1.0 if counted == 0 else self.killed / counted


def _cosmic_ray_version() -> str:
    from importlib.metadata import version

    return version("cosmic-ray")


def _copy_tree(destination: Path) -> None:
    """The tracked (and untracked, not ignored) files of the checkout, without build/."""
    if destination.exists():
        subprocess.run(["rm", "-rf", str(destination)], check=True)
    destination.mkdir(parents=True)
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    listing = b"\0".join(f for f in files if f and (ROOT / f.decode()).is_file())
    pack = subprocess.Popen(
        ["tar", "--null", "-cf", "-", "-T", "-"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    unpack = subprocess.Popen(["tar", "-xf", "-"], cwd=destination, stdin=pack.stdout)
    assert pack.stdin is not None and pack.stdout is not None
    pack.stdout.close()
    pack.stdin.write(listing)
    pack.stdin.close()
    if pack.wait() or unpack.wait():
        raise SystemExit(f"mutate: could not copy the tree to {destination}")


def _test_command(target: Target) -> str:
    """The tests of one mutant, in two stages: the selection's first file alone (the target's
    exact answers, written to kill), then the rest if it passed. Most mutants die in the first
    stage, which spares them importing and collecting the others (a fifth of a mutant's cost
    on a loaded machine); a survivor pays one more start-up."""
    tests = [name for name in target.tests if (ROOT / name.split("::")[0]).exists()]
    pytest = [sys.executable, "-m", "pytest", *PYTEST_OPTIONS.split()]
    if len(tests) < 2:
        return " ".join(pytest + tests)
    stages = " && ".join(" ".join(pytest + part) for part in (tests[:1], tests[1:]))
    return shlex.join(["sh", "-c", stages])


def _digest(paths: Iterable[Path]) -> str:
    hasher = hashlib.sha256()
    for path in paths:
        hasher.update(path.read_bytes())
    return hasher.hexdigest()


def _mutants_digest(target: Target) -> str:
    """What the enumerated mutants depend on: the modules and the project's operators."""
    operators = Path(__file__).with_name("operators.py")
    return _digest([*(ROOT / m for m in target.modules), operators])


def _tests_digest(target: Target) -> str:
    """What the outcomes depend on besides the mutants: the selection and its test files."""
    tests: list[Path] = []
    for name in target.tests:
        path = ROOT / name.split("::")[0]
        if path.is_dir():
            tests.extend(sorted(path.rglob("*.py")))
        elif path.exists():
            tests.append(path)
    return _digest(tests) + hashlib.sha256(" ".join(target.tests).encode()).hexdigest()


def _equivalents() -> list[dict[str, str]]:
    with EQUIVALENT.open("rb") as handle:
        return list(tomllib.load(handle).get("equivalent", []))


def changed_lines(diff: str) -> tuple[str, str]:
    """The first removed and the first added line of a mutant's diff, stripped: its key."""
    removed = next(
        (
            line[1:].strip()
            for line in diff.splitlines()
            if line.startswith("-") and not line.startswith("---")
        ),
        "",
    )
    added = next(
        (
            line[1:].strip()
            for line in diff.splitlines()
            if line.startswith("+") and not line.startswith("+++")
        ),
        "",
    )
    return removed, added


def equivalence_reason(
    module: str, operator: str, diff: str, equivalents: Sequence[dict[str, str]]
) -> str:
    """The documented reason why this mutant is equivalent, or ``""``."""
    removed, added = changed_lines(diff)
    for entry in equivalents:
        if (
            entry["module"] == module
            and entry["operator"] == operator
            and entry["line"] == removed
            and entry["mutant"] == added
        ):
            return entry["reason"]
    return ""


def annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the type annotations of a module are: ``(line, column)`` start and end pairs.

    Every module of the package has ``from __future__ import annotations``: an annotation is a
    string nobody evaluates at run time (mypy checks it), so a mutant inside one (``str | None``
    made ``str & None``) is equivalent by construction and is not run at all.
    """
    spans = []
    for node in ast.walk(ast.parse(source)):
        found: list[ast.expr | None] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args
            every = [
                *arguments.posonlyargs,
                *arguments.args,
                *arguments.kwonlyargs,
                arguments.vararg,
                arguments.kwarg,
            ]
            found = [a.annotation for a in every if a is not None]
            found.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            found = [node.annotation]
        for annotation in found:
            if annotation is not None and annotation.end_lineno is not None:
                spans.append(
                    (
                        (annotation.lineno, annotation.col_offset),
                        (annotation.end_lineno, annotation.end_col_offset or 0),
                    )
                )
    return spans


def arithmetic_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the binary operations of a module are (``a + b``, ``x |= y``).

    cosmic-ray's binary-operator replacement also takes the bare ``*`` that makes the following
    parameters keyword-only for a multiplication and turns it into ``/`` (positional-only before
    it): not an operation at all, so such a mutant is not run.
    """
    return [
        ((node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset or 0))
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.BinOp | ast.AugAssign) and node.end_lineno is not None
    ]


def _in_annotation(
    start: tuple[int, int], end: tuple[int, int], spans: Sequence[tuple[tuple[int, int], ...]]
) -> bool:
    return any(first <= start and end <= last for first, last in spans)


def _init_session(target: Target, db_path: Path, tree: Path) -> None:
    from cosmic_ray.commands import init
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    os.chdir(tree)
    with use_db(str(db_path), WorkDB.Mode.create) as db:
        init([Path(m) for m in target.modules], db, {})
        sources = {m: Path(m).read_text(encoding="utf-8") for m in target.modules}
        spans = {m: annotation_spans(source) for m, source in sources.items()}
        arithmetic = {m: arithmetic_spans(source) for m, source in sources.items()}
        for item in list(db.pending_work_items):
            (mutation,) = item.mutations
            module = str(mutation.module_path)
            start, end = tuple(mutation.start_pos), tuple(mutation.end_pos)
            if (
                _in_annotation(start, end, spans[module])
                or excluded_operator(mutation.operator_name)
                or (
                    mutation.operator_name.startswith("core/ReplaceBinaryOperator")
                    and not _in_annotation(start, end, arithmetic[module])
                )
            ):
                db.set_result(
                    item.job_id,
                    WorkResult(worker_outcome=WorkerOutcome.SKIPPED, output=None, diff=None),
                )


def excluded_operator(name: str) -> bool:
    """Whether the operator ``name`` (``core/ReplaceBinaryOperator_Add_Pow``) is left out."""
    return any(part in EXCLUDED_OPERATORS for part in name.split("/")[-1].split("_")[1:])


class OutOfTime(Exception):
    """The time budget ran out before a target could start."""


def _baseline(target: Target, tree: Path, limit: float | None = None) -> float:
    start = time.perf_counter()
    try:
        done = subprocess.run(
            _test_command(target),
            shell=True,
            cwd=tree,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(tree)},
            timeout=limit,
        )
    except subprocess.TimeoutExpired:
        raise OutOfTime(f"{target.name}: the unmutated tests outlast the time budget") from None
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
        raise SystemExit(f"mutate: {target.name}: the tests fail without any mutant")
    return time.perf_counter() - start


def _prepare_tree(target: Target, tree: Path, deadline: float | None = None) -> float:
    """A fresh copy of the checkout; the unmutated selection's time there."""
    _copy_tree(tree)
    limit = None if deadline is None else max(1.0, deadline - time.monotonic())
    baseline = _baseline(target, tree, limit)
    for module in target.modules:  # cached bytecode of a mutated module is never used
        for cached in (tree / module).parent.glob(f"__pycache__/{Path(module).stem}.*.pyc"):
            cached.unlink()
    return baseline


def code_digest(source: str) -> str:
    """What a module's mutants and their verdicts depend on: its code, without docstrings
    (any statement that is a string alone) and comments, and with its imports reduced to the
    names they bind, in any order and from any module.

    cosmic-ray applies a mutant as the n-th place an operator applies in the module; no
    operator applies to a docstring, a comment or an import, so two modules with the same code
    digest have the same mutants, one for one: a module moved into a package (its docstring's
    references and its imports' sources rewritten) keeps them.
    """
    tree = ast.parse(source)
    names: list[str] = []
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        kept: list[ast.stmt] = []
        for statement in body:
            if isinstance(statement, ast.ImportFrom):  # the names, not where they come from
                names += [f"{alias.name} as {alias.asname}" for alias in statement.names]
            elif isinstance(statement, ast.Import):  # binds (a prefix of) the dotted path
                names += [f"import {alias.name} as {alias.asname}" for alias in statement.names]
            elif not (
                isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            ):
                kept.append(statement)
        setattr(node, "body", kept or [ast.Pass()])  # noqa: B010 (any node with a body)
    return hashlib.sha256((ast.dump(tree) + repr(sorted(names))).encode()).hexdigest()


def carried_verdicts(
    target: Target, db_path: Path, tree: Path
) -> dict[tuple[str, str, int], object] | None:
    """The verdicts of a stored session that still hold, by (module, operator, occurrence) of
    the target's current modules; None when they do not.

    They hold when every module of the target has the code (:func:`code_digest`) of one
    module of the session, read from the session's unmutated copy of the tree (a module moved,
    or its docstrings or the sources of its imports edited), and the project's operators are
    the same: then the mutants are the same, and a mutant the tests killed is killed. Survivors
    are not carried: they run again, against the current tests. Any change to the code of any
    module starts the session again."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    operators = Path(__file__).with_name("operators.py")
    old_operators = tree / operators.relative_to(ROOT)
    if not db_path.exists() or not old_operators.exists():
        return None
    if old_operators.read_bytes() != operators.read_bytes():
        return None
    verdicts: dict[tuple[str, str, int], object] = {}
    with use_db(str(db_path), WorkDB.Mode.open) as db:
        results = dict(db.results)
        paths = set()
        for item in db.work_items:
            (mutation,) = item.mutations
            paths.add(str(mutation.module_path))
            result = results.get(item.job_id)
            if (
                result is not None
                and result.worker_outcome == WorkerOutcome.NORMAL
                and result.test_outcome == TestOutcome.KILLED
            ):
                key = (str(mutation.module_path), mutation.operator_name, mutation.occurrence)
                verdicts[key] = result
    old_code = {
        code_digest((tree / path).read_text(encoding="utf-8")): path
        for path in paths
        if (tree / path).is_file()
    }
    moved = {}
    for module in target.modules:
        old = old_code.get(code_digest((ROOT / module).read_text(encoding="utf-8")))
        if old is None:
            return None
        moved[old] = module
    return {
        (moved[path], operator, occurrence): result
        for (path, operator, occurrence), result in verdicts.items()
        if path in moved
    }


def _apply_verdicts(db_path: Path, verdicts: dict[tuple[str, str, int], object]) -> int:
    """Store carried verdicts on the new session's pending mutants; how many."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkResult

    kept = 0
    with use_db(str(db_path), WorkDB.Mode.open) as db:
        for item in list(db.pending_work_items):
            (mutation,) = item.mutations
            key = (str(mutation.module_path), mutation.operator_name, mutation.occurrence)
            result = verdicts.get(key)
            if isinstance(result, WorkResult):
                db.set_result(item.job_id, result)
                kept += 1
    return kept


def _forget_survivors(db_path: Path) -> int:
    """Make the surviving mutants of a session pending again, but for those listed as
    equivalent (no test can kill them: running them again costs the whole selection each and
    changes nothing; an entry that goes stale makes its mutant a survivor to run); how many."""
    import sqlite3

    equivalents = _equivalents()
    with sqlite3.connect(db_path) as db:
        rows = db.execute(
            "SELECT r.job_id, s.module_path, s.operator_name, r.diff FROM work_results r "
            "JOIN mutation_specs s ON s.job_id = r.job_id WHERE lower(r.test_outcome) = 'survived'"
        ).fetchall()
        again = [
            (job,)
            for job, module, operator, diff in rows
            if not equivalence_reason(module, operator, diff or "", equivalents)
        ]
        db.executemany("DELETE FROM work_results WHERE job_id = ?", again)
        return len(again)


def run_target(target: Target, fresh: bool, deadline: float | None = None, jobs: int = 1) -> None:
    """Enumerate (or resume) and execute the mutants of one target; stop starting mutants at
    ``deadline`` (a ``time.monotonic()`` value; the rest stays pending, a later run resumes)."""
    from cosmic_ray.work_db import WorkDB, use_db

    from tests.mutation.operators import install

    install()
    folder = WORK / target.name
    tree, db_path, meta_path = folder / "tree", WORK / f"{target.name}.sqlite", folder / "meta.json"
    mutants, tests = _mutants_digest(target), _tests_digest(target)
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    if fresh or meta.get("mutants") != mutants or not db_path.exists() or not tree.exists():
        carried = None if fresh else carried_verdicts(target, db_path, tree)
        db_path.unlink(missing_ok=True)
        baseline = _prepare_tree(target, tree, deadline)
        _init_session(target, db_path, tree)
        seconds = 0.0
        if carried is not None:
            kept = _apply_verdicts(db_path, carried)
            seconds = meta.get("seconds", 0.0)
            print(
                f"mutate: {target.name}: the modules moved or changed only in docstrings, "
                f"comments or import sources: {kept} verdicts carried over, survivors run again"
            )
        meta = {"mutants": mutants, "tests": tests, "baseline": baseline, "seconds": seconds}
        meta_path.write_text(json.dumps(meta))
    elif meta.get("tests") != tests:
        # Only the tests changed: what was killed stays killed (a removed test needs --fresh);
        # the survivors run again against the new tests.
        meta.update(tests=tests, baseline=_prepare_tree(target, tree, deadline))
        again = _forget_survivors(db_path)
        print(f"mutate: {target.name}: the tests changed; {again} survivors run again")
        meta_path.write_text(json.dumps(meta))
    timeout = max(MIN_TIMEOUT, TIMEOUT_FACTOR * meta["baseline"])
    trees = [tree, *_worker_trees(folder, tree, jobs)]
    os.chdir(tree)
    os.environ["PYTHONPATH"] = str(tree)  # subprocesses of the tests import the mutated copy
    command = _test_command(target)
    with use_db(str(db_path), WorkDB.Mode.open) as db:
        pending = list(db.pending_work_items)
        total = db.num_work_items
        print(
            f"mutate: {target.name}: {len(pending)} of {total} mutants to run "
            f"(tests take {meta['baseline']:.1f} s unmutated; timeout {timeout:.0f} s; "
            f"{len(trees)} at a time)",
            flush=True,
        )
        start = time.perf_counter()
        results = _run_mutants(pending, trees, command, timeout, deadline, target.name)
        for done, (item, result) in enumerate(results, 1):
            db.set_result(item.job_id, result)
            if done % 25 == 0 or done == len(pending):
                elapsed = time.perf_counter() - start
                print(
                    f"mutate: {target.name}: {done}/{len(pending)} in {elapsed:.0f} s", flush=True
                )
                meta["seconds"] = meta.get("seconds", 0.0) + elapsed
                start = time.perf_counter()
                meta_path.write_text(json.dumps(meta))
        meta["seconds"] = meta.get("seconds", 0.0) + time.perf_counter() - start
        meta_path.write_text(json.dumps(meta))
    os.chdir(ROOT)


def _worker_trees(folder: Path, tree: Path, jobs: int) -> list[Path]:
    """Copies of the unmutated tree for the workers beyond the first (one mutant per tree)."""
    copies = []
    for number in range(1, jobs):
        copy = folder / f"tree-{number}"
        subprocess.run(["rm", "-rf", str(copy)], check=True)
        subprocess.run(["cp", "-a", str(tree), str(copy)], check=True)
        copies.append(copy)
    return copies


def _enter_tree(trees: Any) -> None:
    """A worker process's start: its own copy of the tree, for the mutants and the tests."""
    tree = trees.get()
    os.chdir(tree)
    os.environ["PYTHONPATH"] = str(tree)


def _mutate(mutations: Any, command: str, timeout: float) -> Any:
    from cosmic_ray.mutating import mutate_and_test

    return mutate_and_test(mutations, command, timeout)


def _run_mutants(
    pending: Sequence[Any],
    trees: Sequence[Path],
    command: str,
    timeout: float,
    deadline: float | None,
    name: str,
) -> Iterable[tuple[Any, Any]]:
    """Each pending mutant with its result, ``len(trees)`` at a time (one per tree: a mutant
    is applied to its tree's copy of the module while its tests run). No mutant starts after
    ``deadline``, and one cut short by it is not reported (it stays pending)."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    context = multiprocessing.get_context("fork")
    free = context.Queue()
    for tree in trees:
        free.put(str(tree))
    items = iter(pending)
    left = len(pending)
    running: dict[Future[Any], tuple[Any, float]] = {}
    with ProcessPoolExecutor(
        len(trees), mp_context=context, initializer=_enter_tree, initargs=(free,)
    ) as pool:

        def start() -> bool:
            nonlocal left
            item = next(items, None)
            if item is None:
                return False
            if deadline is not None and time.monotonic() > deadline:
                print(f"mutate: {name}: time budget spent, {left} mutants left pending", flush=True)
                return False
            allowed = timeout
            if deadline is not None:  # a budget also bounds the mutant that is running
                allowed = min(timeout, max(5.0, deadline - time.monotonic()))
            running[pool.submit(_mutate, item.mutations, command, allowed)] = (item, allowed)
            left -= 1
            return True

        starting = all(start() for _ in trees)
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                item, allowed = running.pop(future)
                result = future.result()
                if allowed < timeout and result.output == "timeout":
                    print(f"mutate: {name}: time budget spent during a mutant", flush=True)
                    starting = False  # not reported: cut short by the budget, not by a hang
                    continue
                yield item, result
                starting = starting and start()


def tally(target: Target) -> Tally | None:
    """The stored session's outcome (None when the target never ran)."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    db_path = WORK / f"{target.name}.sqlite"
    meta_path = WORK / target.name / "meta.json"
    if not db_path.exists():
        return None
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    out = Tally(target.name, target.modules, target.tests, seconds=meta.get("seconds", 0.0))
    equivalents = _equivalents()
    with use_db(str(db_path), WorkDB.Mode.open) as db:
        results = dict(db.results)
        for item in db.work_items:
            out.mutants += 1
            result = results.get(item.job_id)
            (mutation,) = item.mutations
            if result is None:
                out.pending += 1
            elif result.worker_outcome in (WorkerOutcome.SKIPPED, WorkerOutcome.NO_TEST):
                out.excluded += 1
            elif result.worker_outcome != WorkerOutcome.NORMAL:
                raise SystemExit(f"mutate: {target.name}: a worker failed:\n{result.output}")
            elif result.test_outcome == TestOutcome.SURVIVED:
                diff = result.diff or ""
                removed, added = changed_lines(diff)
                out.survivors.append(
                    {
                        "module": str(mutation.module_path),
                        "line": str(mutation.start_pos[0]),
                        "operator": mutation.operator_name,
                        "removed": removed,
                        "added": added,
                        "reason": equivalence_reason(
                            str(mutation.module_path), mutation.operator_name, diff, equivalents
                        ),
                    }
                )
            else:
                out.killed += 1
                out.timeouts += result.output == "timeout"
    return out


def report(tallies: Sequence[Tally]) -> str:
    lines = [
        f"cosmic-ray {_cosmic_ray_version()}, Python {sys.version.split()[0]}, commit {_commit()}",
        "",
        "| target | modules | mutants run | killed | equivalent | survived | score | run time |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for t in tallies:
        ran = t.mutants - t.excluded - t.pending
        lines.append(
            f"| {t.target} | {', '.join(t.modules)} | {ran}"
            f"{f' ({t.pending} pending)' if t.pending else ''} | {t.killed} | {t.equivalent} | "
            f"{len(t.gaps)} | {100 * t.score:.1f} % | {t.seconds / 60:.0f} min |"
        )
    for t in tallies:
        if not t.survivors:
            continue
        lines += ["", f"Survivors of {t.target}:", ""]
        for s in t.survivors:
            verdict = f"equivalent: {s['reason']}" if s["reason"] else "NOT KILLED"
            lines.append(
                f"- {s['module']}:{s['line']} {s['operator']}: `{s['removed']}` -> "
                f"`{s['added']}` — {verdict}"
            )
    return "\n".join(lines) + "\n"


def _commit() -> str:
    return subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()


def module_digest(target: Target, root: Path = ROOT) -> str:
    """What a recorded score is valid for: the code of the target's modules under ``root``
    (:func:`code_digest`: a module moved, or its docstrings edited, keeps its score)."""
    codes = [code_digest((root / m).read_text(encoding="utf-8")) for m in target.modules]
    return hashlib.sha256(" ".join(codes).encode()).hexdigest()[:16]


def session_digest(target: Target) -> str:
    """The code a target's stored session mutated: that of its unmutated copy of the tree
    (``build/mutate/<target>/tree``, where each mutant is undone after its tests), not of the
    checkout, which may have moved on while the mutants ran (a rebase, an edit): a score is
    recorded for the code it measured, and ``--stale`` marks it as soon as the checkout's code
    differs from it."""
    tree = WORK / target.name / "tree"
    if all((tree / m).is_file() for m in target.modules):
        return module_digest(target, tree)
    return module_digest(target)


def recorded_scores() -> dict[str, dict[str, object]]:
    return json.loads(SCORES.read_text(encoding="utf-8")) if SCORES.exists() else {}


def record(tallies: Sequence[Tally]) -> None:
    """Store runs in tests/mutation/scores.json (docs/testing.md quotes them). A run cut short
    by its time budget is stored with the mutants still ``pending``: its score is that of the
    mutants that ran, and ``--stale`` picks the target again until it is complete."""
    scores = recorded_scores()
    for t in tallies:
        if not t.mutants - t.excluded - t.pending:
            continue  # nothing ran
        measured = session_digest(TARGETS[t.target])
        if measured != module_digest(TARGETS[t.target]):
            print(
                f"mutate: {t.target}: the checkout's code changed while its mutants ran; "
                "the score is recorded for the code that was mutated, and is stale",
                file=sys.stderr,
            )
        scores[t.target] = {
            "modules": list(t.modules),
            "module_digest": measured,
            "mutants_run": t.mutants - t.excluded - t.pending,
            "pending": t.pending,
            "killed": t.killed,
            "timeouts": t.timeouts,
            "equivalent": t.equivalent,
            "survived": len(t.gaps),
            "score": round(100 * t.score, 1),
            "minutes": round(t.seconds / 60, 1),
            "tool": f"cosmic-ray {_cosmic_ray_version()}",
            "python": sys.version.split()[0],
            "date": time.strftime("%Y-%m-%d"),
        }
    SCORES.write_text(json.dumps(scores, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def stale_targets() -> list[str]:
    """The targets whose modules changed since their recorded score, or that have none or an
    incomplete one (mutants still pending)."""
    scores = recorded_scores()
    return [
        name
        for name, target in TARGETS.items()
        if scores.get(name, {}).get("module_digest") != module_digest(target)
        or scores.get(name, {}).get("pending", 0)
    ]


def changed_targets(base: str) -> list[str]:
    """The targets one of whose modules differs between ``base`` and the work tree."""
    changed = set(
        subprocess.run(
            ["git", "diff", "--name-only", base, "--"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
    )
    return [name for name, t in TARGETS.items() if changed & set(t.modules)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.mutation.run",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("targets", nargs="*", help=f"of: {', '.join(TARGETS)} (default: all)")
    parser.add_argument("--changed", metavar="REF", help="only targets whose modules changed")
    parser.add_argument("--fresh", action="store_true", help="start the sessions again")
    parser.add_argument("--report", action="store_true", help="only report stored sessions")
    parser.add_argument(
        "--stale",
        action="store_true",
        help="only targets whose modules changed since their recorded score",
    )
    parser.add_argument(
        "--record",
        action="store_true",
        help="store complete runs' scores in tests/mutation/scores.json",
    )
    parser.add_argument(
        "--budget-minutes",
        type=float,
        metavar="M",
        help="start no mutant after M minutes (the rest stays pending)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="run N mutants at a time, each in its own copy of the tree (default 1)",
    )
    parser.add_argument(
        "--no-fail",
        action="store_true",
        help="exit 0 whatever the scores (CI's informative step)",
    )
    parser.add_argument("--minimum", type=float, default=90.0, help="score required (%%)")
    options = parser.parse_args(argv)
    unknown = [name for name in options.targets if name not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s): {', '.join(unknown)}; known: {', '.join(TARGETS)}")
    names = options.targets or list(TARGETS)
    if options.changed:
        names = [n for n in names if n in changed_targets(options.changed)]
        if not names:
            print(f"mutate: no core module changed since {options.changed}")
            return 0
    if options.stale:
        names = [n for n in names if n in stale_targets()]
        if not names:
            print("mutate: every core module has its recorded mutation score")
            return 0
    WORK.mkdir(parents=True, exist_ok=True)
    if not options.report:
        deadline = None
        if options.budget_minutes is not None:
            deadline = time.monotonic() + 60 * options.budget_minutes
        for number, name in enumerate(names):
            if deadline is not None and time.monotonic() > deadline:
                print(f"mutate: time budget spent; not started: {', '.join(names[number:])}")
                break
            try:
                run_target(TARGETS[name], options.fresh, deadline, max(1, options.jobs))
            except OutOfTime as problem:
                print(f"mutate: {problem}; not run")
                os.chdir(ROOT)
    tallies = [t for t in (tally(TARGETS[n]) for n in names) if t is not None]
    text = report(tallies)
    (WORK / "report.md").write_text(text, encoding="utf-8")
    print(text)
    if options.record:
        record(tallies)
    low = [t.target for t in tallies if t.pending == 0 and 100 * t.score < options.minimum]
    if low and not options.no_fail:
        print(f"mutate: below {options.minimum:.0f} %: {', '.join(low)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
