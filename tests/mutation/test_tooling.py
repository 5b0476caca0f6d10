"""The mutation-testing set-up itself (``make mutate``; docs/testing.md): the project's operator
mutates what it claims to, annotations and excluded operators are left out, every target names
modules and tests that exist, and every equivalent mutant still points at a real line."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

pytest.importorskip("cosmic_ray", reason="cosmic-ray is in the 'mutate' extra (make mutate)")

from cosmic_ray.mutating import mutate_code

from tests.mutation import mutants, run, scores
from tests.mutation.operators import RemoveCallStatement
from tests.mutation.targets import TARGETS

ROOT = Path(__file__).resolve().parents[2]


def test_remove_call_statement_drops_bare_calls_only() -> None:
    for example in RemoveCallStatement.examples():
        assert mutate_code(example.pre_mutation_code, RemoveCallStatement(), 0) == (
            example.post_mutation_code
        )
    source = "x = f(1)\nreturn_value = g()\nos.fsync(fd)\nprint\n"
    # only ``os.fsync(fd)`` stands alone: an assignment keeps its call, a bare name is no call
    assert (
        mutate_code(source, RemoveCallStatement(), 0)
        == "x = f(1)\nreturn_value = g()\npass\nprint\n"
    )
    assert mutate_code(source, RemoveCallStatement(), 1) is None


def test_annotations_are_found_and_left_out() -> None:
    source = "def f(a: int | None, *b: str) -> dict[str, int]:\n    c: list[int] = a | 1\n"
    spans = mutants.annotation_spans(source)
    assert mutants.in_annotation((1, 9), (1, 19), spans)  # ``int | None``
    assert mutants.in_annotation((1, 13), (1, 14), spans)  # its ``|``
    assert mutants.in_annotation((1, 33), (1, 47), spans)  # the return annotation
    assert mutants.in_annotation((2, 7), (2, 16), spans)  # ``list[int]``
    assert not mutants.in_annotation((2, 19), (2, 24), spans)  # ``a | 1`` is code


def test_excluded_operators() -> None:
    assert mutants.excluded_operator("core/ReplaceBinaryOperator_Add_Pow")
    assert mutants.excluded_operator("core/ReplaceBinaryOperator_LShift_Add")
    assert not mutants.excluded_operator("core/ReplaceBinaryOperator_Add_Sub")
    assert not mutants.excluded_operator("mcn/RemoveCallStatement")


def test_targets_name_existing_modules_and_tests() -> None:
    for target in TARGETS.values():
        for module in target.modules:
            assert (ROOT / module).is_file(), (target.name, module)
        for tests in target.tests:
            assert (ROOT / tests.split("::")[0]).exists(), (target.name, tests)


def test_every_target_has_a_recorded_score_for_its_modules() -> None:
    """scores.json (quoted by docs/testing.md) names each target's modules as targets.py does:
    a module moved is renamed in both; whether a score is stale is decided by the digest of
    the modules' code, never by their paths."""
    recorded = scores.recorded_scores()
    assert set(recorded) == set(TARGETS)
    for name, target in TARGETS.items():
        assert recorded[name]["modules"] == list(target.modules), name


def test_a_survivor_is_matched_to_its_equivalence_reason() -> None:
    diff = "--- a\n+++ b\n@@ -1 +1 @@\n-    x = 1 << 20\n+    x = 1 << 21\n"
    entries = [
        {
            "module": "m.py",
            "operator": "core/NumberReplacer",
            "line": "x = 1 << 20",
            "mutant": "x = 1 << 21",
            "reason": "a chunk size",
        }
    ]
    reason = mutants.equivalence_reason("m.py", "core/NumberReplacer", diff, entries)
    assert reason == "a chunk size"
    assert mutants.equivalence_reason("m.py", "core/AddNot", diff, entries) == ""


def test_every_equivalent_mutant_points_at_a_line_of_its_module() -> None:
    with mutants.EQUIVALENT.open("rb") as handle:
        entries = tomllib.load(handle).get("equivalent", [])
    for entry in entries:
        assert set(entry) == {"module", "operator", "line", "mutant", "reason"}, entry
        assert entry["reason"].strip(), entry
        lines = {line.strip() for line in (ROOT / entry["module"]).read_text().splitlines()}
        assert entry["line"] in lines, f"stale entry (the line changed): {entry}"


def test_the_score_counts_killed_over_the_non_equivalent() -> None:
    tally = scores.Tally("t", ("m.py",), (), mutants=12, killed=9, excluded=1)
    tally.survivors = [
        {"module": "m.py", "line": "1", "operator": "o", "removed": "", "added": "", "reason": ""},
        {"module": "m.py", "line": "2", "operator": "o", "removed": "", "added": "", "reason": "x"},
    ]
    assert tally.equivalent == 1
    assert tally.score == 9 / 10


def test_a_keyword_only_star_is_no_arithmetic() -> None:
    source = "def f(a, *, b=1):\n    return a * b\n"
    spans = mutants.arithmetic_spans(source)
    assert not mutants.in_annotation((1, 9), (1, 10), spans)  # the ``*`` of the parameters
    assert mutants.in_annotation((2, 13), (2, 14), spans)  # ``a * b``


def test_an_incomplete_recorded_run_stays_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    digests = {name: scores.module_digest(target) for name, target in TARGETS.items()}
    complete = {name: {"module_digest": digest, "pending": 0} for name, digest in digests.items()}
    monkeypatch.setattr(scores, "recorded_scores", lambda: complete)
    assert scores.stale_targets() == []
    partial = {**complete, "writer": {"module_digest": digests["writer"], "pending": 12}}
    monkeypatch.setattr(scores, "recorded_scores", lambda: partial)
    assert scores.stale_targets() == ["writer"]


def test_the_code_digest_ignores_docstrings_comments_and_import_sources() -> None:
    # a module moved into a package keeps its mutants: its code digest is unchanged
    before = (
        '"""Module (:mod:`mcn.views.projection`)."""\n'
        "from mcn.views.causes import with_cause\n"
        "from mcn.engine import secrets\n"
        "def f(x):\n"
        '    """Doc."""\n'
        "    return x + 1  # one more\n"
    )
    moved = (
        '"""Module (:mod:`mcn.views.projection`), moved."""\n'
        "from mcn.engine import secrets\n"
        "from mcn.views.causes import with_cause\n"
        "def f(x):\n"
        "    return x + 1\n"
    )
    assert mutants.code_digest(before) == mutants.code_digest(moved)
    for changed in (
        moved.replace("x + 1", "x - 1"),
        moved.replace("import with_cause", "import with_cause as cause"),
        moved.replace("import secrets", "import secrets, view"),
        moved + "y = 2\n",
    ):
        assert mutants.code_digest(changed) != mutants.code_digest(moved), changed
    assert mutants.code_digest("import a.b\n") != mutants.code_digest("import a.c\n")


def test_a_score_is_recorded_for_the_code_that_was_mutated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checkout may move on (a rebase) while a target's mutants run in its copy of the
    tree: the score belongs to the copy's code, and is stale for the checkout's."""
    target = TARGETS["legality"]
    tree = tmp_path / "legality" / "tree"
    for module in target.modules:
        copy = tree / module
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text((ROOT / module).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(scores, "WORK", tmp_path)
    monkeypatch.setattr(scores, "SCORES", tmp_path / "scores.json")
    tally = scores.Tally("legality", target.modules, target.tests, mutants=3, killed=3)
    scores.record([tally])
    assert scores.recorded_scores()["legality"]["module_digest"] == scores.module_digest(target)
    assert "legality" not in scores.stale_targets()
    # the copy's code differs from the checkout's: the score is recorded for the copy's code
    first = tree / target.modules[0]
    first.write_text(first.read_text(encoding="utf-8") + "\nCHANGED = 1\n", encoding="utf-8")
    scores.record([tally])
    recorded = scores.recorded_scores()["legality"]
    assert recorded["module_digest"] == scores.module_digest(target, tree)
    assert recorded["module_digest"] != scores.module_digest(target)
    assert (recorded["killed"], recorded["survived"], recorded["score"]) == (3, 0, 100.0)
    assert "legality" in scores.stale_targets()


def test_a_module_left_mutated_by_an_interrupted_run_is_restored_on_resuming(
    tmp_path: Path,
) -> None:
    """A run killed while a mutant's tests ran leaves the mutant in the session's copy of the
    tree; resuming restores the checkout's module (the session's original, byte for byte), so
    no later mutant is applied on top of it, and says which module it restored."""
    target = TARGETS["legality"]
    tree = tmp_path / "tree"
    for module in target.modules:
        copy = tree / module
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes((ROOT / module).read_bytes())
    assert run.restore_modules(target, tree) == []
    first = tree / target.modules[0]
    source = first.read_text(encoding="utf-8")
    mutated = source + "\nMUTANT = True\n"  # any change the mutant made
    assert mutated != source
    first.write_text(mutated, encoding="utf-8")
    cached = first.parent / "__pycache__" / f"{first.stem}.cpython-311.pyc"
    cached.parent.mkdir(exist_ok=True)
    cached.write_bytes(b"stale bytecode of the mutant")
    assert run.restore_modules(target, tree) == [target.modules[0]]
    assert first.read_bytes() == (ROOT / target.modules[0]).read_bytes()
    assert not cached.exists()
    assert run.restore_modules(target, tree) == []


def test_a_value_class_turning_its_generated_methods_back_on_is_equivalent() -> None:
    """``repr=False, eq=False`` on a class of mcn.base's value bases: a mutant turning ``repr``
    (or a frozen class's ``eq``) back on asks dataclass for the methods the base already
    gives, the same by test."""
    removed = "@dataclass(frozen=True, slots=True, repr=False, eq=False)"
    operator = "core/ReplaceFalseWithTrue"
    for added in (
        "@dataclass(frozen=True, slots=True, repr=True, eq=False)",
        "@dataclass(frozen=True, slots=True, repr=False, eq=True)",
    ):
        diff = f"--- a\n+++ b\n-{removed}\n+{added}\n"
        assert mutants.equivalence_reason("m.py", operator, diff, []) == mutants.GENERATED_METHODS
    other = "@dataclass(frozen=True, slots=False, repr=False, eq=False)"  # not this operator's
    diff = f"--- a\n+++ b\n-{removed}\n+{other}\n"
    assert mutants.equivalence_reason("m.py", "core/ReplaceTrueWithFalse", diff, []) == ""
    diff = "--- a\n+++ b\n-@dataclass(eq=False)\n+@dataclass(eq=True)\n"  # no value base
    assert mutants.equivalence_reason("m.py", operator, diff, []) == ""
    # not frozen: eq=True also drops __hash__ (a hashable Value would become unhashable)
    mutable = "@dataclass(slots=True, repr=False, eq=False)"
    diff = f"--- a\n+++ b\n-{mutable}\n+@dataclass(slots=True, repr=False, eq=True)\n"
    assert mutants.equivalence_reason("m.py", operator, diff, []) == ""
    diff = f"--- a\n+++ b\n-{mutable}\n+@dataclass(slots=True, repr=True, eq=False)\n"
    assert mutants.equivalence_reason("m.py", operator, diff, []) == mutants.GENERATED_METHODS


def test_every_class_that_turns_off_generated_methods_has_a_value_base() -> None:
    """The premise of the rule above, over the whole package: every class declared with
    ``repr=False, eq=False`` derives (directly or not) from one of the value bases."""
    import ast
    import importlib

    from mcn.base.plain import PlainFields, PlainValue
    from mcn.base.values import Fields, Value

    bases = (Value, Fields, PlainValue, PlainFields)
    assert {base.__name__ for base in bases} == mutants.VALUE_BASES
    checked = 0
    for path in sorted((ROOT / "mcn").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef) or not any(
                ast.unparse(d).startswith("dataclass(") and "repr=False, eq=False" in ast.unparse(d)
                for d in node.decorator_list
            ):
                continue
            found = getattr(importlib.import_module(module), node.name, None)
            assert isinstance(found, type) and issubclass(found, bases), (module, node.name)
            checked += 1
    assert checked >= 100
