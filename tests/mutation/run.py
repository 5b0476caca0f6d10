"""``make mutate``: mutation testing of the core modules with cosmic-ray (docs/testing.md).

    python -m tests.mutation.run                      # every target of tests/mutation/targets.py
    python -m tests.mutation.run safe_write writer    # some targets
    python -m tests.mutation.run --changed main       # the targets whose modules differ from main
    python -m tests.mutation.run --report             # only the report of the stored sessions
    python -m tests.mutation.run --stale --record     # targets changed since their recorded score

For each target the tracked tree is copied to ``build/mutate/<target>/tree`` (the checkout is
never mutated, so a run may be interrupted, and the developer may go on working meanwhile; a
module an interrupted mutant left changed in the copy is restored when the session resumes);
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
import hashlib
import json
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tests.mutation.mutants import (
    annotation_spans,
    arithmetic_spans,
    code_digest,
    equivalence_reason,
    excluded_operator,
    in_annotation,
    listed_equivalents,
)
from tests.mutation.scores import changed_targets, record, report, stale_targets, tally
from tests.mutation.targets import ROOT, TARGETS, WORK, Target

#: One pytest process per mutant, stopping at the first failure. xdist and hypothesis's pytest
#: plugin are not loaded: they cost a second of start-up per mutant on a loaded machine and
#: add nothing to one process running a selection (``@given`` tests run without the plugin).
PYTEST_OPTIONS = (
    "-x -q -p no:cacheprovider -p no:xdist -p no:xdist.looponfail -p no:hypothesispytest"
)
#: A mutant's tests may take this many times the unmutated run (and at least MIN_TIMEOUT s).
TIMEOUT_FACTOR = 4.0
MIN_TIMEOUT = 30.0


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
                in_annotation(start, end, spans[module])
                or excluded_operator(mutation.operator_name)
                or (
                    mutation.operator_name.startswith("core/ReplaceBinaryOperator")
                    and not in_annotation(start, end, arithmetic[module])
                )
            ):
                db.set_result(
                    item.job_id,
                    WorkResult(worker_outcome=WorkerOutcome.SKIPPED, output=None, diff=None),
                )


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

    equivalents = listed_equivalents()
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


def restore_modules(target: Target, tree: Path, root: Path = ROOT) -> list[str]:
    """Make the target's modules in a session's copy of the tree the checkout's again; the
    ones that differed.

    A run stopped while a mutant's tests ran (a signal, a kill, the machine going down) leaves
    that mutant applied to the copy: resumed as it was, every later mutant would be applied on
    top of it and the score would be wrong. A session is resumed only while the checkout's
    modules have the digest it was prepared from, so they are the unmutated originals, byte
    for byte. The interrupted mutant has no result and runs again."""
    restored = []
    for module in target.modules:
        original, copy = (root / module).read_bytes(), tree / module
        if not copy.is_file() or copy.read_bytes() != original:
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(original)
            for cached in copy.parent.glob(f"__pycache__/{copy.stem}.*.pyc"):
                cached.unlink()
            restored.append(module)
    return restored


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
    else:
        for module in restore_modules(target, tree):
            print(
                f"mutate: {target.name}: {module} was left mutated by an interrupted run; "
                "restored, and its mutant runs again"
            )
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
