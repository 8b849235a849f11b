"""Listed moves per distinct resulting state, at every decision of random games.

A move is listed once per distinct result (docs/design.md, "Moves along a
path"): two listed moves that leave the same state would be one move twice.
At every decision of ``--games`` random 1v1 war games with the printed
cards (fixed placement), every listed move is played on a clone and the
resulting state is keyed by the state's flat save (``GameState.save_into``:
everything that changes during a game, its RNG included; the log and the
move list are not part of it). Prints the mean and the largest ratio of
listed moves to distinct states over all decisions, and the decision where
the largest was seen; then the same over the moves along a path only (a
move, ``movement``, ``immersion``, ``evasion``, written with its path),
which is what listing one move per outcome decides. A path move on the
stack keeps its path until it resolves, so two paths to one box differ
there: the ratio counts them as two states.

    python benchmarks/distinct_outcomes.py [--games 200] [--edition en]
"""

from __future__ import annotations

import argparse
import random
import time

import redcode_rules as rc


def state_key(game) -> tuple:
    """The resulting state, hashable: its flat save, lists made tuples."""
    return tuple(tuple(v) if isinstance(v, list) else v for v in game.state.save_into([]))


def ratios(rules, games: int, seed: int = 0):
    """Per decision: (listed moves, distinct states, decision kind, game, move
    number, listed moves with a path, distinct states they reach)."""
    rnd = random.Random(seed)
    for g in range(games):
        game = rc.new_game(rules, seed=rnd.randrange(1 << 30), placement="fixed")
        while not game.is_over:
            moves = game.legal_moves()
            if len(moves) > 1:
                keys = set()
                path_moves = 0
                path_keys = set()
                for move in moves:
                    other = game.clone()
                    other.play(move)
                    key = state_key(other)
                    keys.add(key)
                    if game.move_of(move).path:
                        path_moves += 1
                        path_keys.add(key)
                yield (len(moves), len(keys), game.decision, g, len(game.moves), path_moves,
                       len(path_keys))
            else:
                yield 1, 1, game.decision, g, len(game.moves), 0, 0
            game.play(rnd.choice(moves))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--edition", default="en")
    args = ap.parse_args()
    rules = rc.load_ruleset(args.edition)
    start = time.perf_counter()
    total = decisions = listed = 0.0
    worst = (0.0, None)
    path_total = path_decisions = 0.0
    path_worst = (0.0, None)
    for n, distinct, kind, g, at, paths, reached in ratios(rules, args.games):
        if paths > 1:
            path_total += paths / reached
            path_decisions += 1
            if paths / reached > path_worst[0]:
                path_worst = (paths / reached,
                              f"game {g}, move {at}: {paths} listed, {reached} states")
        ratio = n / distinct
        total += ratio
        decisions += 1
        listed += n
        if ratio > worst[0]:
            worst = (ratio, f"game {g}, move {at}, {kind}: {n} listed, {distinct} states")
    print(f"{args.games} games, {decisions:.0f} decisions, {listed / decisions:.1f} moves listed "
          f"per decision: listed moves per distinct state mean {total / decisions:.4f}, "
          f"max {worst[0]:.2f} ({worst[1]}); {time.perf_counter() - start:.0f} s")
    print(f"moves along a path, at the {path_decisions:.0f} decisions listing more than one: "
          f"mean {path_total / max(path_decisions, 1):.4f}, max {path_worst[0]:.2f} "
          f"({path_worst[1]})")


if __name__ == "__main__":
    main()
