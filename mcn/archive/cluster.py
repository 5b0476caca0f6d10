"""Check games on a Dask cluster: ``--dask ADDRESS`` for archives that outgrow one machine.

The work is the same as with ``--jobs``: the reading process cuts each file into chunks at game
boundaries (:mod:`mcn.archive.batch`) and sends a few chunks per task; here the tasks go to the
workers of a ``distributed`` scheduler instead of local processes, through the executor that
``distributed.Client.get_executor()`` offers (the ``concurrent.futures`` interface the local
pool has too). Reports come back in input order, so the output is byte for byte the local one.

The workers need mcn installed (the same version): they import
:func:`mcn.archive.checking.check_chunks`.
``distributed`` is an optional extra (``pip install 'mcn[dask]'``); without it ``--dask`` is a
usage error saying so; a scheduler that does not answer within 10 s (``MCN_DASK_TIMEOUT``)
is a usage error too. ADDRESS is a scheduler address (``tcp://10.0.0.5:8786``) or
``local:N`` for a cluster of N worker processes on this machine (handy to try it out).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from mcn.base.plain import PlainValue

if TYPE_CHECKING:  # the process pool (concurrent.futures) is imported only for --jobs
    from concurrent.futures import Executor

__all__ = ["ClusterExecutor", "connect", "dask_option", "workers"]


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ClusterExecutor(PlainValue):
    """An executor on the cluster and how many tasks it runs at once (its worker threads)."""

    executor: Executor
    slots: int


def _local_workers(address: str) -> int | None:
    if not address.startswith("local"):
        return None
    _, _, count = address.partition(":")
    if not count:
        return 2
    if not count.isdigit() or not 1 <= int(count) <= 64:
        raise click.BadParameter(
            f"'{address}': write local:N with N from 1 to 64", param_hint="'--dask'"
        )
    return int(count)


@contextmanager
def connect(address: str) -> Iterator[ClusterExecutor]:
    """Connect to the scheduler at ``address`` (or start ``local:N``); closed on leaving."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise click.UsageError(
            "--dask needs the 'distributed' package: pip install 'mcn[dask]'"
        ) from None
    workers = _local_workers(address)
    cluster = None
    try:
        if workers is not None:
            cluster = LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            )
            client = Client(cluster)
        else:
            client = Client(address, timeout=os.environ.get("MCN_DASK_TIMEOUT", "10s"))
    except (OSError, TimeoutError, ValueError) as problem:
        if cluster is not None:
            cluster.close()
        raise click.BadParameter(
            f"cannot reach the Dask scheduler at '{address}': {problem}", param_hint="'--dask'"
        ) from None
    try:
        slots = max(1, sum(client.nthreads().values()))
        yield ClusterExecutor(client.get_executor(), slots)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def workers(
    address: str | None, jobs: int, files: list[str]
) -> Iterator[tuple[Executor | None, int]]:
    """What runs a command's tasks: a Dask cluster's executor and its size when ``--dask`` is
    given, else ``(None, jobs)`` for ``jobs`` local processes
    (:class:`mcn.archive.batch.Runner`)."""
    if address is None:
        yield None, jobs
        return
    if "-" in files:
        raise click.UsageError("standard input cannot be read with --dask")
    with connect(address) as cluster:
        yield cluster.executor, cluster.slots


def dask_option(function: click.decorators.FC) -> click.decorators.FC:
    """``--dask ADDRESS``: check the games on a Dask cluster (see the module docstring)."""
    return click.option(
        "--dask",
        "dask_address",
        metavar="ADDRESS",
        help="Check the games on the Dask cluster whose scheduler is at ADDRESS "
        "(tcp://HOST:8786), or on local:N worker processes; needs mcn[dask]. The report (or "
        "output) is the same as without it.",
    )(function)
