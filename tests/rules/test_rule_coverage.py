"""Acceptance: every rule ID of the digest and of mcn's interpretations is cited by a test
that asserts.

A citation is a ``# R-…`` comment in a Python file under ``tests/``. It is a *checked* citation
when the comment lies inside a function (the innermost ``def`` around it) that asserts:

* a function asserts *directly* when its own body — not counting functions, lambdas or classes
  defined inside it — holds an ``assert`` statement or calls ``pytest.raises``, ``pytest.warns``
  or ``pytest.fail``;
* it asserts *by delegation* when its own body calls (``name(…)`` or ``….name(…)``) a function
  defined anywhere under ``tests/`` whose name belongs to a function that asserts, directly or by
  delegation (the closure; names are matched, not imports resolved, so a helper name shared by
  an asserting and a silent function counts as asserting).

Every ID must have at least one checked citation; a comment in a test function (``test_…``)
that does not assert is an error even where the ID is checked elsewhere; citations outside any
function (tables of cases, module comments) are allowed but check nothing. The digest must also
stay a verbatim copy of the shared one: its recorded SHA-256 on every checkout, and the shared
file itself where it lies next to the repository.
"""

from __future__ import annotations

import ast
import hashlib
import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIGEST = ROOT / "docs" / "rules" / "RULES.md"
DIGEST_SHA256 = ROOT / "docs" / "rules" / "RULES.md.sha256"
INTERPRETATIONS = ROOT / "docs" / "interpretations.md"
SHARED_DIGEST = ROOT.parent / "shared" / "rules" / "RULES.md"
ID = re.compile(r"\b(?:[RI]-[A-Z0-9]+-\d+|B-\d+)\b")


def documented_ids() -> set[str]:
    """Every rule, board and interpretation ID defined in the two documents."""
    ids: set[str] = set()
    for path in (DIGEST, INTERPRETATIONS):
        ids.update(ID.findall(path.read_text(encoding="utf-8")))
    return ids


Function = ast.FunctionDef | ast.AsyncFunctionDef
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_PYTEST_CHECKS = {"raises", "warns", "fail"}


@dataclass(frozen=True)
class Citation:
    """One rule ID in one comment: where, and the innermost function around it (if any)."""

    rule: str
    path: Path
    line: int
    function: Function | None


def _own_nodes(function: Function) -> Iterator[ast.AST]:
    """The nodes of ``function``'s own body, not those of functions or classes inside it."""
    pending: list[ast.AST] = [n for n in function.body if not isinstance(n, _NESTED)]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(c for c in ast.iter_child_nodes(node) if not isinstance(c, _NESTED))


def _asserts_directly(function: Function) -> bool:
    for node in _own_nodes(function):
        if isinstance(node, ast.Assert):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "pytest"
            and node.func.attr in _PYTEST_CHECKS
        ):
            return True
    return False


def _calls(function: Function) -> set[str]:
    names: set[str] = set()
    for node in _own_nodes(function):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                names.add(node.func.id)
            elif isinstance(node.func, ast.Attribute):
                names.add(node.func.attr)
    return names


@cache
def _modules() -> dict[Path, tuple[str, ast.Module]]:
    return {
        path: (source, ast.parse(source))
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for source in [path.read_text(encoding="utf-8")]
    }


def _functions(tree: ast.AST) -> list[Function]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


@cache
def asserting_names() -> frozenset[str]:
    """The names of the functions under tests/ that assert, directly or by delegation."""
    functions = [f for _, tree in _modules().values() for f in _functions(tree)]
    names = {f.name for f in functions if _asserts_directly(f)}
    calls = [(f.name, _calls(f)) for f in functions]
    grown = True
    while grown:
        grown = False
        for name, called in calls:
            if name not in names and called & names:
                names.add(name)
                grown = True
    return frozenset(names)


def asserts(function: Function) -> bool:
    """Whether ``function`` asserts, directly or by delegation (see the module docstring)."""
    return _asserts_directly(function) or bool(_calls(function) & asserting_names())


@cache
def citations() -> tuple[Citation, ...]:
    """Every rule ID named in a comment of a Python file under tests/."""
    found: list[Citation] = []
    for path, (source, tree) in _modules().items():
        functions = _functions(tree)
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type != tokenize.COMMENT:
                continue
            line = token.start[0]
            around = [f for f in functions if f.lineno <= line <= (f.end_lineno or f.lineno)]
            innermost = max(around, key=lambda f: f.lineno) if around else None
            found.extend(Citation(rule, path, line, innermost) for rule in ID.findall(token.string))
    return tuple(found)


def cited_ids() -> set[str]:
    """Every ID named in a comment of a Python file under tests/."""
    return {citation.rule for citation in citations()}


def checked_ids() -> set[str]:
    """Every ID with a checked citation: in a function that asserts."""
    return {c.rule for c in citations() if c.function is not None and asserts(c.function)}


def test_documents_define_rules() -> None:
    ids = documented_ids()
    assert {"R-DEN-4", "R-SUP-1", "I-SET-7", "B-5"} <= ids


def test_every_rule_id_is_cited_by_a_test() -> None:
    uncited = sorted(documented_ids() - cited_ids())
    assert not uncited, "rule IDs no test cites: " + ", ".join(uncited)


def test_every_rule_id_is_cited_in_a_test_that_asserts() -> None:
    unchecked = sorted(documented_ids() - checked_ids())
    assert not unchecked, "rule IDs cited only where nothing asserts: " + ", ".join(unchecked)


def test_no_test_that_cites_a_rule_is_without_an_assertion() -> None:
    silent = sorted(
        f"{c.path.relative_to(ROOT)}:{c.line} {c.rule} in {c.function.name}"
        for c in citations()
        if c.function is not None and c.function.name.startswith("test") and not asserts(c.function)
    )
    assert not silent, "tests citing a rule without asserting anything: " + "; ".join(silent)


def _parse(source: str) -> Function:
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.FunctionDef)
    return node


def test_what_counts_as_asserting() -> None:
    assert asserts(_parse("def test_a():\n    assert 1\n"))
    assert asserts(_parse("def test_b():\n    with pytest.raises(E):\n        f()\n"))
    # a helper of tests/ that asserts: ``run`` (tests/safety/helpers.py) forbids tracebacks
    assert asserts(_parse("def test_c():\n    run('fmt')\n"))
    assert not asserts(_parse("def test_d():\n    x = 1\n    print(x)\n"))
    # an assert in a function defined inside the test, never called, does not count
    assert not asserts(_parse("def test_e():\n    def inner():\n        assert 1\n"))


def test_tests_cite_only_documented_ids() -> None:
    unknown = sorted(cited_ids() - documented_ids())
    assert not unknown, "tests cite IDs the documents do not define: " + ", ".join(unknown)


def test_digest_is_a_verbatim_copy_of_the_shared_digest() -> None:
    # The copy is never edited in the repository: its SHA-256, recorded when it was synced
    # (docs/rules/RULES.md.sha256, `sha256sum -c` reads it too), holds on every checkout; where
    # the shared digest lies next to the repository, the copy equals it byte for byte.
    recorded, name = DIGEST_SHA256.read_text(encoding="ascii").split()
    assert name == DIGEST.name
    assert hashlib.sha256(DIGEST.read_bytes()).hexdigest() == recorded, (
        "docs/rules/RULES.md differs from the synced digest: sync it from the shared digest "
        "(and record its sha256sum in docs/rules/RULES.md.sha256), never edit it here"
    )
    if SHARED_DIGEST.exists():
        assert DIGEST.read_bytes() == SHARED_DIGEST.read_bytes()
