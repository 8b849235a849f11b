"""Games per second of the balance lab on 1 and 2 workers, locally and on a
Dask LocalCluster (a benchmark, not a test).

    python benchmarks/lab_scaling.py --bot greedy --games 60
    python benchmarks/lab_scaling.py --bot random --games 200 --no-dask

Scaling efficiency is T(1) / (2 · T(2)): 100% when two workers play the
games in half the time. Wall-clock figures: on a machine shared with other
work they say as much about the other work as about the lab.
"""

from __future__ import annotations

import argparse
import time

from redcode_rules.bots.specs import parse_bot
from redcode_rules.lab.runner import Where, run_games
from redcode_rules.lab.tournament import TournamentSetup


def timed(specs, where: Where) -> float:
    start = time.perf_counter()
    run_games(specs, where)
    return time.perf_counter() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bot", default="greedy")
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-dask", action="store_true")
    args = p.parse_args()
    bot = parse_bot(args.bot)
    specs = TournamentSetup((bot, bot), args.games, seed=args.seed).specs()
    rows = [("local", Where(jobs=1), Where(jobs=2))]
    if not args.no_dask:
        rows.append(("dask LocalCluster", Where(jobs=1, scheduler="local"),
                     Where(jobs=2, scheduler="local")))
    for name, one, two in rows:
        t1, t2 = timed(specs, one), timed(specs, two)
        print(f"{name}: {args.games} {bot.text} games: 1 worker {t1:.1f} s "
              f"({args.games / t1:.2f} games/s), 2 workers {t2:.1f} s "
              f"({args.games / t2:.2f} games/s), efficiency {100 * t1 / (2 * t2):.0f}%")


if __name__ == "__main__":
    main()
