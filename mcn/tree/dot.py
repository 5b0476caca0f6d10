"""Rendering a graph to bytes: DOT source as is, or any other format by running ``dot``.

Why a module of its own: this is the only place :mod:`mcn.tree` runs an external program, so
its failure modes (``dot`` missing, failing, closing the pipe early) are handled here alone.
"""

from __future__ import annotations

import shutil
import subprocess
from typing import Final

import graphviz

FORMATS: Final = ("dot", "gv", "svg", "png", "pdf")


class GraphvizError(Exception):
    """Graphviz ``dot`` failed; the message is its own (or why it could not run)."""


def render(graph: graphviz.Digraph, fmt: str) -> bytes:
    """The graph in ``fmt``: DOT source needs nothing; the others run Graphviz ``dot``.

    ``dot`` reads the whole source from a pipe and may stop reading early when it fails: the
    broken pipe is not the error, its message is. Raises ``graphviz.ExecutableNotFound`` when
    ``dot`` is missing and :class:`GraphvizError` (with what ``dot`` said) when it fails.
    """
    source: str = graph.source
    if fmt in ("dot", "gv"):
        return source.encode("utf-8")
    binary = shutil.which("dot")
    if binary is None:
        raise graphviz.ExecutableNotFound(["dot"])
    try:
        done = subprocess.run(
            [binary, f"-T{fmt}"], input=source.encode("utf-8"), capture_output=True, check=False
        )
    except OSError as error:
        raise GraphvizError(f"cannot run dot: {error.strerror or error}") from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        detail = "; ".join(line.strip() for line in said if line.strip())[:500]
        raise GraphvizError(detail or f"dot exited with status {done.returncode}")
    return done.stdout
