"""The cost of ``game.resample(player, rng)`` at a decision and at a chance
node inside a move (explicit chance), where the move waiting for its
outcome is followed card by card and run again from its redealt start.

Random 2v2 games of explicit chance with the hand-and-deck example cards
are played; every ``--every``-th position of each kind is resampled for
each player, each resample timed ``--repeat`` times and the fastest kept
(as ``timeit`` does: on a shared machine the slower runs measure the
others). It prints the median and the slowest per kind.

    python benchmarks/resample.py [--games 4] [--every 7] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import redcode_rules as rc

EXAMPLES = Path(__file__).resolve().parents[1] / "cards" / "examples"
TEAMS = [["submarine", "destroyer"], ["destroyer", "aircraft_carrier"]]


def fastest(game: rc.Game, player: str, seed: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        game.resample(player, seed)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rules = rc.load_ruleset("en", [str(EXAMPLES / "hand_and_deck.rc")])
    times: dict[str, list[float]] = {"decision": [], "chance node inside a move": []}
    for seed in range(args.games):
        game = rc.new_game(rules, seed=seed, teams=TEAMS, placement="fixed", chance="explicit")
        rnd = random.Random(seed)
        seen = {kind: 0 for kind in times}
        while not game.is_over:
            kind = "chance node inside a move" if game.is_chance_node else "decision"
            if game.log:  # the setup's chance nodes apart
                seen[kind] += 1
                if seen[kind] % args.every == 0:
                    for i, player in enumerate(game.ships):
                        times[kind].append(fastest(game, player, i, args.repeat))
            game.play(rnd.choice(game.legal_moves()))
    for kind, spent in times.items():
        print(f"{kind}: {len(spent)} resamples, median {statistics.median(spent) * 1e3:.2f} ms,"
              f" slowest {max(spent) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
