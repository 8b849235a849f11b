"""A fixed amount of work: N seeded random 1v1 war games, for before/after
comparisons of two builds run in turn, and for a profile of where a random
game spends its time.

``playouts.py`` plays for a time budget and reports rates, which moves with
the machine's load; this plays the same games every run (the same seeds,
the same moves), so two builds can be compared run by run as whole
processes, and a profile of one run says where the time goes.

    python benchmarks/fixed_games.py [--games 100] [--edition en] [--extra FILE.rc]
    python benchmarks/fixed_games.py --games 20 --profile [--top 10]

``--extra`` plays the games on the edition with a card file on top: what a
ruleset with continuous effects costs (``--extra
cards/examples/auras_flagship.rc``: two auras every destroyer has, read at
every rule query).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

import redcode_rules as rc

TEAMS = [["submarine"], ["destroyer"]]


def play(games: int, rules: rc.Ruleset) -> int:
    """Play ``games`` random games from seeds drawn from seed 0; the moves played."""
    rnd = random.Random(0)
    moves = 0
    for _ in range(games):
        game = rc.new_game(rules, mode="war", teams=TEAMS,
                           seed=rnd.randrange(1 << 30), placement="fixed")
        while not game.is_over:
            game.play(rnd.choice(game.legal_moves()))
            moves += 1
    return moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--edition", default="en")
    ap.add_argument("--extra", action="append", default=[],
                    help="a card file on top of the edition (repeatable)")
    ap.add_argument("--profile", action="store_true",
                    help="profile the run and print the top functions by own time")
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args()
    rules = rc.load_ruleset(args.edition, extra=args.extra)
    play(1, rules)  # warm the caches a first game fills
    if args.profile:
        profiler = cProfile.Profile()
        moves = profiler.runcall(play, args.games, rules)
        print(f"{args.games} games, {moves} moves")
        stats = pstats.Stats(profiler)
        for key in ("tottime", "cumulative"):
            print(f"\ntop {args.top} by {key}:")
            stats.sort_stats(key).print_stats(args.top)
        return
    start = time.process_time()
    moves = play(args.games, rules)
    spent = time.process_time() - start
    print(f"{args.games} games, {moves} moves, {spent:.3f} s CPU, "
          f"{moves / spent:,.0f} moves/s")


if __name__ == "__main__":
    main()
