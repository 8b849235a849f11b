"""Random playouts: games/s, moves/s and moves/game on one core.

Plays uniformly random complete games (``legal_moves()`` listed at every
decision, one picked with a seeded ``random.Random``) for a time budget per
configuration, then times ``clone()`` and the JSON round trip.

    python benchmarks/playouts.py [--seconds 10] [--edition en]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import redcode_rules as rc

CONFIGS = [
    ("1v1 war", "war", [["submarine"], ["destroyer"]]),
    ("2v2 arena", "arena", [["submarine", "destroyer"], ["destroyer", "aircraft_carrier"]]),
    ("3v3 war", "war", [["submarine", "destroyer", "aircraft_carrier"]] * 2),
]


def playouts(rules, mode, teams, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    rnd = random.Random(seed)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = rc.new_game(rules, mode=mode, teams=teams, seed=rnd.randrange(1 << 30))
        while not game.is_over:
            game.play(rnd.choice(game.legal_moves()))
            moves += 1
        games += 1
    return games, moves, time.perf_counter() - start


def per_call(fn, n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - start) / n * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--edition", default="en")
    args = ap.parse_args()
    rules = rc.load_ruleset(args.edition)
    print(f"edition {args.edition}, {args.seconds:g} s per configuration, one core")
    for name, mode, teams in CONFIGS:
        games, moves, elapsed = playouts(rules, mode, teams, args.seconds)
        print(f"{name:10} {games / elapsed:8.2f} games/s {moves / elapsed:10.0f} moves/s "
              f"{moves / max(games, 1):8.1f} moves/game")
    # a mid-game position for the per-call figures
    rnd = random.Random(1)
    game = rc.new_game(rules, seed=1)
    for _ in range(60):
        game.play(rnd.choice(game.legal_moves()))
    text = game.to_json()
    clone_us = statistics.median(per_call(game.clone, 2000) for _ in range(3))
    to_json_us = statistics.median(per_call(game.to_json, 200) for _ in range(3))
    from_json_us = statistics.median(per_call(lambda: rc.Game.from_json(text), 200)
                                     for _ in range(3))
    print(f"clone()     {clone_us:8.1f} µs")
    print(f"to_json()   {to_json_us:8.1f} µs")
    print(f"from_json() {from_json_us:8.1f} µs")


if __name__ == "__main__":
    main()
