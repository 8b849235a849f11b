"""Strength of the bots (a benchmark, not a test): seat-swapped 1v1 war games
with the printed en cards, win rates with 95% Wilson intervals.

    python benchmarks/strength.py greedy random --games 200
    python benchmarks/strength.py mcts:iterations=100 greedy --games 200 --jobs 2

Prints the first bot's score rate (a draw counts half), its interval, the
mean seconds per searched decision of each bot (decisions with one legal
move are not searched) and the games per second. The same runs through
``redcode tournament --bots A B --games N``; this script adds the timing.
"""

from __future__ import annotations

import argparse
import time

from redcode_rules.bots.specs import parse_bot
from redcode_rules.lab.runner import Where
from redcode_rules.lab.tournament import TournamentSetup, run_games, summarise


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    setup = TournamentSetup((parse_bot(args.a), parse_bot(args.b)), args.games, seed=args.seed)
    start = time.perf_counter()
    records = run_games(setup.specs(), Where(jobs=args.jobs))
    wall = time.perf_counter() - start
    result = summarise(setup, records)
    pair = result.pairs[0]
    print(f"{pair.a} vs {pair.b}: {pair.games} games, W-L-D {pair.wins}-{pair.losses}-"
          f"{pair.draws}, turn limit {pair.turn_limit}, mean turns {pair.mean_turns:.1f}")
    print(f"{pair.a} score rate {pair.rate.percent()} (95% Wilson)")
    for bot in result.bots:
        secs = bot.seconds_per_decision
        print(f"{bot.name}: {'-' if secs is None else f'{secs:.4f}'} s per searched decision")
    print(f"{args.games / wall:.2f} games/s on {args.jobs} process(es), {wall:.1f} s")


if __name__ == "__main__":
    main()
