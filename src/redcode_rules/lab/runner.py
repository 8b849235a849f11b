"""Running many games: in this process, on local processes, or on Dask.

Games go out in batches (a few games per task, so the cost of sending a
task stays a small share of the work) and come back in any order; the
records are put back in the order of their specs, so what a caller computes
from them does not depend on how many workers played them. Dask is only
imported when asked for (the optional ``lab`` extra).
"""

from __future__ import annotations

import math
import os
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Callable, Sequence

import attrs

from ..base.errors import UsageError
from .selfplay import GameRecord, GameSpec, play_batch

Progress = Callable[[int, int], None]

#: Batches per worker: enough that a slow batch at the end does not keep
#: the other workers idle for long.
BATCHES_PER_WORKER = 4
#: At most this many games in a batch.
MAX_BATCH = 16


@attrs.frozen
class Venue:
    """Where the games run: ``jobs`` local processes (1: this process), or
    the Dask scheduler at ``scheduler`` ("local": a new LocalCluster of
    ``jobs`` workers)."""

    jobs: int = 0  # 0: one per core
    scheduler: str | None = None

    @property
    def workers(self) -> int:
        return self.jobs or os.cpu_count() or 1

    def describe(self) -> str:
        if self.scheduler == "local":
            return f"Dask LocalCluster of {self.workers} workers"
        if self.scheduler:
            return f"Dask scheduler {self.scheduler}"
        return "this process" if self.workers == 1 else f"{self.workers} local processes"


def batches(specs: Sequence[GameSpec], workers: int) -> list[list[GameSpec]]:
    """The specs cut into batches of equal size, in order."""
    if not specs:
        return []
    size = max(1, min(MAX_BATCH, math.ceil(len(specs) / (workers * BATCHES_PER_WORKER))))
    return [list(specs[i:i + size]) for i in range(0, len(specs), size)]


def run_games(specs: Sequence[GameSpec], where: Venue = Venue(),
              progress: Progress | None = None) -> list[GameRecord]:
    """Play every spec; the records in the order of ``specs``."""
    total = len(specs)
    parts = batches(specs, where.workers)
    if where.scheduler:
        done = _on_dask(parts, where, progress, total)
    elif where.workers == 1:
        done = []
        for part in parts:
            done.extend(play_batch(part))
            if progress:
                progress(len(done), total)
    else:
        done = _on_processes(parts, where.workers, progress, total)
    return sorted(done, key=lambda r: r.index)


def _on_processes(parts: list[list[GameSpec]], workers: int, progress: Progress | None,
                  total: int) -> list[GameRecord]:
    done: list[GameRecord] = []
    with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        pending: set[Future] = {pool.submit(play_batch, part) for part in parts}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                done.extend(future.result())
            if progress:
                progress(len(done), total)
    return done


def _on_dask(parts: list[list[GameSpec]], where: Venue, progress: Progress | None,
             total: int) -> list[GameRecord]:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise UsageError("--scheduler needs Dask: pip install 'redcode_rules[lab]'") from None
    cluster = None
    if where.scheduler == "local":
        cluster = LocalCluster(n_workers=where.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    else:
        try:
            client = Client(where.scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as err:
            raise UsageError(f"--scheduler: cannot reach {where.scheduler}: {err}") from None
    done: list[GameRecord] = []
    try:
        futures = client.map(play_batch, parts, pure=False)
        for future in as_completed(futures):
            done.extend(future.result())
            if progress:
                progress(len(done), total)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return done

