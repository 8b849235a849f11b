"""``redcode balance --scheduler local``: the same games on a Dask
LocalCluster of 2 workers give the same figures as one process."""

from __future__ import annotations

import pytest

pytest.importorskip("dask.distributed", reason="Dask runs need the lab extra (dask[distributed])")

from redcode_rules.lab.balance import BalanceSetup, run_balance  # noqa: E402
from redcode_rules.bots.specs import parse_bot  # noqa: E402
from redcode_rules.lab.runner import Venue  # noqa: E402
from redcode_rules.lab.selfplay import RulesSource  # noqa: E402


def test_a_local_cluster_of_two_workers_gives_the_same_report():
    setup = BalanceSetup(RulesSource("en", (), "A"), parse_bot("random"), games=6, seed=4)
    here = run_balance(setup, Venue(jobs=1))
    seen = []
    dask = run_balance(setup, Venue(jobs=2, scheduler="local"),
                       progress=lambda done, total: seen.append((done, total)))
    assert dask == here
    assert seen[-1] == (6, 6)
