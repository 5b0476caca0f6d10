"""Which mutants count: those cosmic-ray enumerates but this project does not run (inside an
annotation, an excluded operator, a ``*`` that is no multiplication), the survivors listed as
equivalent with their reason (``tests/mutation/equivalent.toml``), and the code digest that
says when two modules have the same mutants (a moved module keeps its verdicts and score).
"""

from __future__ import annotations

import ast
import hashlib
import tomllib
from collections.abc import Sequence
from pathlib import Path

EQUIVALENT = Path(__file__).with_name("equivalent.toml")

#: Operators left out, with the reason (docs/testing.md, "Configuration").
EXCLUDED_OPERATORS = {
    # Exponentiation and shifts in place of + - * /: never plausible in this code, and every
    # one is killed by the first test that computes anything; they would triple the run time.
    "Pow": "a ** or a shift instead of arithmetic is never a plausible slip",
    "LShift": "as above",
    "RShift": "as above",
    "BitXor": "as above",
}


def listed_equivalents() -> list[dict[str, str]]:
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


#: The value bases of mcn.base whose methods stand for those ``dataclass`` would generate.
VALUE_BASES = frozenset({"Value", "Fields", "PlainValue", "PlainFields"})
#: Why a mutant that turns ``repr=False`` (or a frozen class's ``eq=False``) of such a class back
#: on is equivalent (:func:`generated_method_flag`).
GENERATED_METHODS = (
    "the class takes __repr__ and __eq__ (and __hash__) from one of mcn.base's value bases, "
    "which tests/base/test_values.py holds to exactly what dataclass generates: the generated "
    "method the mutant asks for does the same (every such decorator is on a class of those "
    "bases: tests/mutation/test_tooling.py)"
)


def generated_method_flag(removed: str, added: str) -> bool:
    """Whether a mutant only turns a ``dataclass`` decorator's ``repr=False`` on, or the
    ``eq=False`` of a frozen class (``@dataclass(frozen=True, slots=True, repr=False,
    eq=False)`` made ``eq=True``). Not the ``eq`` of a class that is not frozen: ``eq=True``
    there also sets ``__hash__`` to None, which makes a hashable :class:`Value` unhashable
    (a test must tell), and only the unhashable ``Fields`` classes stay the same: those are
    listed one by one in equivalent.toml."""
    if not removed.startswith("@dataclass(") or "repr=False, eq=False" not in removed:
        return False
    if added == removed.replace("repr=False", "repr=True", 1):
        return True
    return "frozen=True" in removed and added == removed.replace("eq=False", "eq=True", 1)


def equivalence_reason(
    module: str, operator: str, diff: str, equivalents: Sequence[dict[str, str]]
) -> str:
    """The documented reason why this mutant is equivalent, or ``""``."""
    removed, added = changed_lines(diff)
    if operator == "core/ReplaceFalseWithTrue" and generated_method_flag(removed, added):
        return GENERATED_METHODS
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


def in_annotation(
    start: tuple[int, int], end: tuple[int, int], spans: Sequence[tuple[tuple[int, int], ...]]
) -> bool:
    return any(first <= start and end <= last for first, last in spans)


def excluded_operator(name: str) -> bool:
    """Whether the operator ``name`` (``core/ReplaceBinaryOperator_Add_Pow``) is left out."""
    return any(part in EXCLUDED_OPERATORS for part in name.split("/")[-1].split("_")[1:])


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
