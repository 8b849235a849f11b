"""Where a random game spends its time: a profile of random 1v1 war games.

Plays ``--games`` random games (printed cards, fixed placement, moves by
``legal_moves()`` and ``play``, as benchmarks/playouts.py does) under
cProfile timed by the process's CPU time, so that other processes on a
loaded machine do not inflate the functions they interrupt, and prints the
top functions by own time (``--sort tottime``) or cumulative time.

``--per-move`` prints the same run per move instead: each top function's
calls and own µs per move played (profiled time, so inflated by cProfile's
own cost per call, but comparable between two trees), the calls per move of
the whole run, and, from a second run without the profiler, the garbage
collector's collections per 1,000 moves by generation and the memory blocks
a move leaves allocated (``sys.getallocatedblocks``): what a change to the
hot path should lower.

    python benchmarks/profile_playouts.py [--games 20] [--sort tottime|cumulative] [--top 25]
    python benchmarks/profile_playouts.py --per-move [--games 20] [--top 25]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import sys
import time

import redcode_rules as rc


def run(rules, games: int, seed: int = 0) -> int:
    """Play the games; the moves played."""
    rnd = random.Random(seed)
    moves = 0
    for _ in range(games):
        game = rc.new_game(rules, seed=rnd.randrange(1 << 30), placement="fixed")
        while not game.is_over:
            game.play(rnd.choice(game.legal_moves()))
            moves += 1
    return moves


def per_move(stats: pstats.Stats, moves: int, top: int) -> None:
    """Each top function's calls and own µs per move, by own time."""
    rows = stats.stats  # type: ignore[attr-defined]
    calls = sum(row[1] for row in rows.values())
    print(f"{moves} moves, {calls / moves:.1f} calls per move (profiled)")
    print(f"{'calls/move':>10} {'own µs/move':>11}  function")
    for (path, line, name), row in sorted(rows.items(), key=lambda item: -item[1][2])[:top]:
        where = path.split("redcode_rules/")[-1] if "redcode_rules/" in path else path
        print(f"{row[1] / moves:10.2f} {row[2] / moves * 1e6:11.2f}  {where}:{line}({name})")


def unprofiled_counts(rules, games: int) -> None:
    """Collections per 1,000 moves by generation, blocks left per move."""
    gc.collect()
    before = [s["collections"] for s in gc.get_stats()]
    blocks = sys.getallocatedblocks()
    start = time.process_time()
    moves = run(rules, games)
    elapsed = time.process_time() - start
    left = sys.getallocatedblocks() - blocks
    after = [s["collections"] for s in gc.get_stats()]
    rates = ", ".join(f"gen{g} {(b - a) * 1000 / moves:.2f}"
                      for g, (a, b) in enumerate(zip(before, after)))
    print(f"unprofiled: {moves / elapsed:,.0f} moves/s; collections per 1,000 moves: {rates}; "
          f"{left / moves:.2f} blocks left allocated per move (the games' logs and caches "
          f"are dropped with them)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--sort", default="tottime", choices=["tottime", "cumulative"])
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--per-move", action="store_true",
                    help="calls and own µs per move, gc collections and blocks per move")
    args = ap.parse_args()
    rules = rc.load_ruleset("en")
    run(rules, 1)  # imports and first-use caches out of the figures
    profile = cProfile.Profile(time.process_time)
    profile.enable()
    moves = run(rules, args.games)
    profile.disable()
    stats = pstats.Stats(profile)
    if args.per_move:
        per_move(stats, moves, args.top)
        unprofiled_counts(rules, args.games)
    else:
        stats.sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
