"""Steps per second for learning agents, side by side in one process.

For each configuration (1v1 and 3v3 war, fixed placement, random legal
choices), every figure paired with the engine playing the same games:

- observation + tensor: µs per step of the mover's tensor, built from its
  ``Observation`` (``observe(game, player).tensor()``) and read straight
  from the game (``observation_tensor``), at every decision of random
  engine games (each asked once per position, as a step asks it);
- word by word: µs per move that taking a move word by word through
  ``ActionSpace`` (``legal_actions`` + ``step`` at each word) adds to the
  engine listing and playing it, and the Python calls per move it adds
  (counted by cProfile: the same on a busy machine as on an idle one);
- OpenSpiel ``python_redcode`` (chance explicit, no observation asked) and
  PettingZoo (``last()`` every step: the observation tensor and the mask):
  moves/s, and the ratio to the engine playing the same moves (each
  decision listed, then played: benchmarks/ai_adapters.py).

    python benchmarks/learning.py [--games 10] [--teams 1v1 3v3] [--repeat 3] [--cpu]

Each measure is the fastest of ``--repeat`` runs (a machine shared with
other work slows some); ``--cpu`` times this process's CPU rather than the
wall clock. Needs the ``ai`` extra.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from ai_adapters import (CLOCK, PLACEMENT, Tally, clock, engine_replays, openspiel_playouts,
                         pettingzoo_playouts, warm_up, word_actions, word_replays)
from redcode_rules.ai.setup import AiSetup
from redcode_rules.info.game_tensor import observation_tensor
from redcode_rules.info.observation import observe


def tensor_times(setup: AiSetup, seeds: list[int]) -> tuple[float, float, int]:
    """Seconds spent on the mover's tensor through its ``Observation`` and
    straight from the game, over the decisions of random games, and the
    number of decisions."""
    through = direct = 0.0
    steps = 0
    for seed in seeds:
        rnd = random.Random(seed)
        game = setup.new_game(chance="sampled", seed=seed)
        while not game.is_over:
            player = game.to_move
            start = clock()
            observe(game, player).tensor()
            middle = clock()
            observation_tensor(game, player)
            through += middle - start
            direct += clock() - middle
            steps += 1
            game.play(rnd.choice(game.legal_moves()))
    return through, direct, steps


def calls(run) -> int:
    """The Python calls ``run()`` makes (functions and built-ins called)."""
    profile = cProfile.Profile()
    profile.runcall(run)
    return pstats.Stats(profile).total_calls  # type: ignore[attr-defined]


def fastest(run, repeat: int) -> Tally:
    return min((run() for _ in range(repeat)), key=lambda t: t.seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per configuration")
    parser.add_argument("--teams", nargs="+", default=["1v1", "3v3"])
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each measure, the fastest kept (a loaded machine)")
    parser.add_argument("--cpu", action="store_true",
                        help="time this process's CPU, not the wall clock")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    for teams in args.teams:
        setup = AiSetup(teams=teams, placement=PLACEMENT)
        seeds = list(range(1, args.games + 1))
        warm_up(setup)
        print(f"en {teams} war, {args.games} random games, each measure the fastest of "
              f"{args.repeat}")
        runs = [tensor_times(setup, seeds) for _ in range(args.repeat)]
        through = min(r[0] for r in runs)
        direct = min(r[1] for r in runs)
        steps = runs[0][2]
        print(f"  observation + tensor      {through / steps * 1e6:7.1f} µs/step via Observation, "
              f"{direct / steps * 1e6:6.1f} µs/step from the game ({steps:,} steps)")
        for name, chance, run in [
                ("OpenSpiel python_redcode", "explicit", lambda s: openspiel_playouts(setup, s)),
                ("PettingZoo (last() every step)", "sampled",
                 lambda s: pettingzoo_playouts(setup, s, True))]:
            adapter, engine, words = Tally(), Tally(), Tally()
            for seed in seeds:  # each game through the adapter, then the engine: paired
                played = fastest(lambda: run([seed]), args.repeat)
                adapter.add(played)
                engine.add(fastest(lambda: engine_replays(setup, played.games, chance),
                                   args.repeat))
                if chance == "sampled":
                    words.add(fastest(lambda: word_replays(setup, played.games), args.repeat))
            print(adapter.line(name, engine))
            if words.moves:
                extra = (words.seconds - engine.seconds) / words.moves * 1e6
                print(f"  word by word              {extra:7.1f} µs/move on top of the engine's "
                      f"{engine.seconds / engine.moves * 1e6:.1f} µs/move (listed and played)")
                prepared = word_actions(setup, adapter.games)
                on_engine = calls(lambda: engine_replays(setup, adapter.games, chance))
                on_words = calls(lambda: word_replays(setup, adapter.games, prepared))
                print(f"  word by word              {(on_words - on_engine) / words.moves:7.1f} "
                      f"Python calls/move on top of the engine's "
                      f"{on_engine / words.moves:.1f} calls/move")


if __name__ == "__main__":
    main()
