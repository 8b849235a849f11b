"""Where a random game spends its time: a profile of random 1v1 war games.

Plays ``--games`` random games (printed cards, fixed placement, moves by
``legal_moves()`` and ``play``, as benchmarks/playouts.py does) under
cProfile timed by the process's CPU time, so that other processes on a
loaded machine do not inflate the functions they interrupt, and prints the
top functions by own time (``--sort tottime``) or cumulative time.

    python benchmarks/profile_playouts.py [--games 20] [--sort tottime|cumulative] [--top 25]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

import redcode_rules as rc


def run(rules, games: int, seed: int = 0) -> None:
    rnd = random.Random(seed)
    for _ in range(games):
        game = rc.new_game(rules, seed=rnd.randrange(1 << 30), placement="fixed")
        while not game.is_over:
            game.play(rnd.choice(game.legal_moves()))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--sort", default="tottime", choices=["tottime", "cumulative"])
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()
    rules = rc.load_ruleset("en")
    profile = cProfile.Profile(time.process_time)
    profile.enable()
    run(rules, args.games)
    profile.disable()
    pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
