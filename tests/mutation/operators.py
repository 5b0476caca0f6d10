"""The project's own mutation operator, added to cosmic-ray's core set by :mod:`tests.mutation.run`.

cosmic-ray's core operators replace operators, constants and comparisons; none of them deletes
a statement. Yet "a call whose result is not used was dropped" is the mutant a careful writer
most needs to kill: an ``os.fsync``, a re-check before a rename, an ``os.fchown`` — each is a
bare call statement, and a suite that never notices its absence cannot claim to test it.
:class:`RemoveCallStatement` replaces each such statement by ``pass`` (the issue that asked for
mutation testing found exactly these survivors by hand).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cosmic_ray.operators.operator import Example, Operator
from parso.python.tree import Keyword

#: The name of the provider (operators are named ``mcn/RemoveCallStatement``).
PROVIDER = "mcn"

Position = tuple[tuple[int, int], tuple[int, int]]


def _is_call_statement(node: Any) -> bool:
    """``f(x)`` or ``a.b(c)`` standing alone as a statement (its value discarded)."""
    if node.type != "atom_expr" or node.parent is None or node.parent.type != "simple_stmt":
        return False
    last = node.children[-1]
    return last.type == "trailer" and last.children[0].value == "("


class RemoveCallStatement(Operator):  # type: ignore[misc]
    """Drop a call statement: ``os.fsync(fd)`` becomes ``pass``."""

    def mutation_positions(self, node: Any) -> Iterator[Position]:
        if _is_call_statement(node):
            yield (node.start_pos, node.end_pos)

    def mutate(self, node: Any, index: int) -> Any:
        assert index == 0 and _is_call_statement(node)
        first = node.get_first_leaf()
        return Keyword("pass", node.start_pos, prefix=first.prefix)

    @classmethod
    def examples(cls) -> tuple[Example, ...]:
        return (
            Example("os.fsync(fd)\n", "pass\n"),
            Example("if x:\n    check(a, b)\n", "if x:\n    pass\n"),
        )


OPERATORS: dict[str, type[Operator]] = {"RemoveCallStatement": RemoveCallStatement}


class Provider:
    """cosmic-ray's operator-provider protocol: iterate names, look one up."""

    def __iter__(self) -> Iterator[str]:
        return iter(OPERATORS)

    def __getitem__(self, name: str) -> type[Operator]:
        return OPERATORS[name]


def install() -> None:
    """Register :class:`Provider` with cosmic-ray (in this process)."""
    import cosmic_ray.plugins

    cosmic_ray.plugins.OPERATOR_PROVIDERS.setdefault(PROVIDER, Provider())
