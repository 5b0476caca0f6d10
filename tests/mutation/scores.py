"""The outcome of mutation sessions: each target's tally, the report, the recorded scores
(``tests/mutation/scores.json``, with the digest of the code they measured) and which targets
are stale (their code changed since their score)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tests.mutation.mutants import (
    changed_lines,
    code_digest,
    equivalence_reason,
    listed_equivalents,
)
from tests.mutation.targets import ROOT, TARGETS, WORK, Target

SCORES = Path(__file__).with_name("scores.json")


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


def cosmic_ray_version() -> str:
    from importlib.metadata import version

    return version("cosmic-ray")


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
    equivalents = listed_equivalents()
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
        f"cosmic-ray {cosmic_ray_version()}, Python {sys.version.split()[0]}, commit {_commit()}",
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
            "tool": f"cosmic-ray {cosmic_ray_version()}",
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
