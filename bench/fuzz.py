"""The long fuzz run: the mutators of ``tests/fuzz`` in a plain seeded random loop.

    python bench/fuzz.py --minutes 30              # as many inputs as fit, on every core
    python bench/fuzz.py --inputs 2000 --workers 1 # a fixed number of inputs
    python bench/fuzz.py --replay FILE             # run one saved input through every target

Each worker process draws a seed record and one to three mutations from its own
``random.Random(f"{seed}/{worker}")`` and runs the input through every target (parse, fmt,
validate, replay, diff, tree). Reported: inputs tried per second, *crashes* (an outcome that is
not a clean result or a clean error — see ``tests/fuzz/targets.py``) and *hangs* (an input on
which one target — one command, as a user would run it — took more than the budget, 1 s, and
again on each of ``--reruns`` reruns at once; slow only once is counted apart as a stall of
the machine). A target still running after ``--kill-after`` seconds is interrupted and
counted as a hang. ``--targets all --per-input 1`` sends each input through one of every
command's targets in turn (the long run over every command).
Every crash and hang is saved with its traceback under ``bench/results/fuzz/``; fixed crashes
become regression files in ``tests/fuzz/regressions/``. The figures go to
``bench/results/fuzz.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from tests.fuzz.mutators import mutate  # noqa: E402
from tests.fuzz.seeds import seeds  # noqa: E402
from tests.fuzz.targets import ALL_TARGETS, TARGETS, Outcome, run_target  # noqa: E402

RESULTS = HERE / "results"
#: The targets of this run (``--targets``): set in :func:`main` before the workers fork.
SELECTED: tuple[str, ...] = TARGETS
#: How many of them each input goes through (``--per-input``; 0: all of them).
PER_INPUT = 0
#: How many times a slow target is rerun at once before it counts as a hang (``--reruns``).
RERUNS = 1


def targets_for(number: int) -> tuple[str, ...]:
    """The targets input ``number`` of a worker goes through: all of them, or ``PER_INPUT``
    of them in turn, so that over a run every target gets the same share of the inputs."""
    if not PER_INPUT or len(SELECTED) <= PER_INPUT:
        return SELECTED
    first = number * PER_INPUT
    return tuple(SELECTED[(first + k) % len(SELECTED)] for k in range(PER_INPUT))


class Interrupted(BaseException):
    """Raised by the alarm in a target that runs too long (BaseException: no ``except
    Exception`` in the code under test, nor click's runner, swallows it)."""


@dataclass(slots=True)
class Finding:
    """A crash or a hang: where the input was saved and what happened."""

    kind: str
    target: str
    signature: str
    path: str
    seconds: float
    mutations: list[str]


@dataclass(slots=True)
class WorkerReport:
    """What one worker did."""

    inputs: int = 0
    seconds: float = 0.0
    findings: list[Finding] = field(default_factory=list)
    input_seconds: list[float] = field(default_factory=list)
    slowest_target: tuple[float, str] = (0.0, "")
    exit_codes: dict[str, dict[str, int]] = field(default_factory=dict)


def _signature(crash: str) -> str:
    """A short identity for a crash: the exception line and the innermost mcn frame."""
    lines = [line.strip() for line in crash.strip().splitlines() if line.strip()]
    last = lines[-1] if lines else crash
    frames = [line for line in lines if line.startswith("File ") and "/mcn/" in line]
    where = frames[-1].split("/mcn/", 1)[1] if frames else ""
    return f"{last[:160]} @ {where}"


#: Whether the alarm went off during the target running now. Python ignores (and prints) an
#: exception raised in a finaliser such as ``SpooledTemporaryFile.__del__``, so the alarm may be
#: swallowed and the target run on to a normal end: the flag still says it was interrupted.
FIRED = False


def _alarm(signum: int, frame: FrameType | None) -> None:
    global FIRED
    FIRED = True
    raise Interrupted


def _save(kind: str, target: str, data: bytes, detail: str, out: Path) -> str:
    digest = hashlib.sha1(data).hexdigest()[:12]
    path = out / f"{kind}-{target}-{digest}.mcn"
    path.write_bytes(data)
    path.with_suffix(".txt").write_text(detail, encoding="utf-8")
    return str(path)


def run_input(
    data: bytes,
    original: bytes,
    scratch: Path,
    kill_after: float,
    targets: tuple[str, ...] | None = None,
) -> tuple[list[Outcome], bool]:
    """Every target (or ``targets``) on ``data``; the outcomes and whether one had to be
    interrupted."""
    path = scratch / "input.mcn"
    path.write_bytes(data)
    reference = scratch / "original.mcn"
    reference.write_bytes(original)
    global FIRED
    outcomes = []
    for target in SELECTED if targets is None else targets:
        FIRED = False
        signal.setitimer(signal.ITIMER_REAL, kill_after)
        start = time.perf_counter()
        try:
            outcome = run_target(target, path, reference, scratch)
        except Interrupted:
            outcome = Outcome(target, -1, time.perf_counter() - start, None)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if FIRED:  # interrupted, even if a finaliser swallowed the alarm ("Exception ignored")
            outcomes.append(Outcome(target, -1, time.perf_counter() - start, None))
            return outcomes, True
        outcomes.append(outcome)
    return outcomes, False


def worker(arguments: tuple[int, int, float, int | None, float, float, str]) -> WorkerReport:
    """One fuzzing process: inputs until the time or the count is used up."""
    number, seed, stop_at, count, budget, kill_after, out = arguments
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(f"{seed}/{number}")
    records = seeds()
    report = WorkerReport(exit_codes={target: {} for target in SELECTED})
    start = time.perf_counter()
    saved: set[str] = set()
    with tempfile.TemporaryDirectory(prefix=f"mcn-fuzz-{number}-") as scratch:
        while time.time() < stop_at and (count is None or report.inputs < count):
            _, original = rng.choice(records)
            data, mutations = mutate(original, rng)
            chosen = targets_for(report.inputs)
            outcomes, interrupted = run_input(data, original, Path(scratch), kill_after, chosen)
            report.inputs += 1
            total = sum(outcome.seconds for outcome in outcomes)
            report.input_seconds.append(total)
            for outcome in outcomes:
                codes = report.exit_codes[outcome.target]
                codes[str(outcome.exit_code)] = codes.get(str(outcome.exit_code), 0) + 1
                if outcome.crash is not None:
                    signature = f"{outcome.target}: {_signature(outcome.crash)}"
                    if signature not in saved:
                        saved.add(signature)
                        path = _save("crash", outcome.target, data, outcome.crash, Path(out))
                    else:
                        path = ""
                    report.findings.append(
                        Finding("crash", outcome.target, signature, path, total, mutations)
                    )
            slowest = max(outcomes, key=lambda outcome: outcome.seconds)
            report.slowest_target = max(report.slowest_target, (slowest.seconds, slowest.target))
            if interrupted or slowest.seconds > budget:
                detail = "\n".join(f"{o.target}: {o.seconds:.3f} s" for o in outcomes)
                kind = "hang"
                if _rerun(slowest.target, Path(scratch), kill_after, budget):
                    kind = "transient"  # fast on a rerun: the machine, not the input
                signature = f"{slowest.target}: " + ("interrupted" if interrupted else "slow")
                path = _save(kind, slowest.target, data, detail, Path(out))
                report.findings.append(
                    Finding(kind, slowest.target, signature, path, total, mutations)
                )
            if report.inputs % 1000 == 0:
                report.seconds = time.perf_counter() - start
                _checkpoint(report, Path(out) / f"worker-{number}.json")
    report.seconds = time.perf_counter() - start
    _checkpoint(report, Path(out) / f"worker-{number}.json")
    return report


def _rerun(target: str, scratch: Path, kill_after: float, budget: float) -> bool:
    """Whether ``target`` runs within ``budget`` on one of up to ``RERUNS`` reruns at once of
    the input just tried (still in ``scratch``).

    A slow outcome counts as a hang only if it is slow again on every rerun, like
    hypothesis's deadline: on a shared machine a process can stall for a second whatever its
    input, and a long run under ``nice`` on a loaded machine stalls for several in a row; a
    hang (work that grows with the input) is slow every time.
    """
    for _ in range(RERUNS):
        signal.setitimer(signal.ITIMER_REAL, kill_after)
        try:
            outcome = run_target(target, scratch / "input.mcn", scratch / "original.mcn", scratch)
        except Interrupted:
            return False
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if outcome.seconds <= budget:
            return True
    return False


def _checkpoint(report: WorkerReport, path: Path) -> None:
    """Keep a worker's figures so far on disk: a run cut short still tells what it found."""
    figures = asdict(report)
    figures.pop("input_seconds")
    path.write_text(json.dumps(figures) + "\n", encoding="utf-8")


def summarise(
    reports: list[WorkerReport], wall: float, options: argparse.Namespace
) -> dict[str, Any]:
    """The figures of a run, as a JSON-ready dict."""
    inputs = sum(report.inputs for report in reports)
    times = [t for report in reports for t in report.input_seconds]
    findings = [finding for report in reports for finding in report.findings]
    crashes = [finding for finding in findings if finding.kind == "crash"]
    hangs = [finding for finding in findings if finding.kind == "hang"]
    transient = [finding for finding in findings if finding.kind == "transient"]
    exit_codes: dict[str, dict[str, int]] = {target: {} for target in SELECTED}
    for report in reports:
        for target, codes in report.exit_codes.items():
            for code, number in codes.items():
                exit_codes[target][code] = exit_codes[target].get(code, 0) + number
    signatures: dict[str, int] = {}
    for finding in findings:
        key = f"{finding.kind} in {finding.signature}"
        signatures[key] = signatures.get(key, 0) + 1
    return {
        "targets": list(SELECTED),
        "per_input": PER_INPUT or len(SELECTED),
        "target_runs": sum(sum(codes.values()) for codes in exit_codes.values()),
        "reruns": RERUNS,
        "workers": options.workers,
        "seed": options.seed,
        "budget_s": options.budget,
        "wall_s": round(wall, 1),
        "inputs": inputs,
        "inputs_per_s": round(inputs / wall, 1) if wall else None,
        "crashes": len(crashes),
        "hangs": len(hangs),
        "transient_slow": len(transient),
        "signatures": signatures,
        "findings": [asdict(finding) for finding in findings[:200]],
        "input_seconds": {
            "median": round(statistics.median(times), 4) if times else None,
            "p99": round(sorted(times)[int(len(times) * 0.99)], 4) if times else None,
            "max": round(max(times), 4) if times else None,
        },
        "slowest_target": max((report.slowest_target for report in reports), default=None),
        "exit_codes": exit_codes,
    }


def replay(path: Path, kill_after: float) -> int:
    """Run one saved input through every target and print what each did."""
    signal.signal(signal.SIGALRM, _alarm)
    original = seeds()[0][1]
    with tempfile.TemporaryDirectory(prefix="mcn-fuzz-replay-") as scratch:
        outcomes, _ = run_input(path.read_bytes(), original, Path(scratch), kill_after)
    bad = 0
    for outcome in outcomes:
        state = "clean" if outcome.clean else "CRASH"
        print(f"{outcome.target:9} exit {outcome.exit_code:>2}  {outcome.seconds:7.3f} s  {state}")
        if outcome.crash:
            print(outcome.crash)
            bad += 1
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    """Parse the options, fuzz, print and save the summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to run")
    parser.add_argument("--inputs", type=int, help="stop each worker after this many inputs")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per target (a hang)")
    parser.add_argument("--kill-after", type=float, default=20.0, help="interrupt a target")
    parser.add_argument("--out", type=Path, default=RESULTS / "fuzz.json")
    parser.add_argument("--replay", type=Path, help="run one saved input and exit")
    parser.add_argument(
        "--targets",
        choices=("core", "all"),
        default="core",
        help="core: the eight targets the CI fuzz tests run; all: every command a record "
        "reaches (also position, legal, html, redact, export, import, filter, standings, site, "
        "record, and their --as, --try, --quiz and JSON forms)",
    )
    parser.add_argument(
        "--per-input",
        type=int,
        default=0,
        help="run each input through this many of the targets, in turn (default: all); "
        "every target still gets an equal share of the inputs",
    )
    parser.add_argument(
        "--reruns",
        type=int,
        default=1,
        help="rerun a slow target up to this many times at once; a hang is slow on all of them",
    )
    options = parser.parse_args(argv)
    global SELECTED, PER_INPUT, RERUNS
    RERUNS = max(1, options.reruns)
    SELECTED = ALL_TARGETS if options.targets == "all" else TARGETS
    PER_INPUT = max(0, options.per_input)
    if options.replay:
        return replay(options.replay, options.kill_after)
    findings_dir = RESULTS / "fuzz"
    findings_dir.mkdir(parents=True, exist_ok=True)
    seeds()  # generate the seed records once, before forking
    stop_at = time.time() + options.minutes * 60
    jobs = [
        (n, options.seed, stop_at, options.inputs, options.budget, options.kill_after,
         str(findings_dir))
        for n in range(options.workers)
    ]  # fmt: skip
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(options.workers) as pool:
        reports = pool.map(worker, jobs)
    summary = summarise(reports, time.perf_counter() - start, options)
    options.out.parent.mkdir(parents=True, exist_ok=True)
    options.out.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(
        f"{summary['inputs']:,} inputs ({summary['target_runs']:,} target runs, "
        f"{summary['per_input']} of {len(SELECTED)} targets each) "
        f"in {summary['wall_s']} s on {options.workers} workers: "
        f"{summary['inputs_per_s']} inputs/s; {summary['crashes']} crashes, "
        f"{summary['hangs']} hangs (> {options.budget} s on {RERUNS + 1} runs in a row), "
        f"{summary['transient_slow']} slow once but not on a rerun; input time median "
        f"{summary['input_seconds']['median']} s, max {summary['input_seconds']['max']} s "
        f"(its targets); slowest single target {summary['slowest_target']}"
    )
    for signature, number in sorted(summary["signatures"].items(), key=lambda kv: -kv[1]):
        print(f"  {number:6} × {signature}")
    print(f"wrote {options.out}")
    return 1 if summary["crashes"] or summary["hangs"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
