"""Steps per second of the Gymnasium environments (redcode_rules.ai.gym):
one environment in this process; ``--envs`` environments stepped together
in this process (SyncVectorEnv); the same number by ``vector_env`` with 1,
2 and 4 worker processes, each stepping its share (WorkerVectorEnv,
observations in shared memory); and one game per worker process, as
Gymnasium's AsyncVectorEnv steps them (``--one-each`` adds AsyncVectorEnv
itself).

The agent takes uniformly random legal words (from the batched masks) for
``--seconds`` of wall time per measure against the ``--opponent`` bot; a
step is one word of one environment, so a vector of ``n`` makes ``n`` steps
a call. Wall time, as a trainer waits for it: on a machine other work
loads, run it twice.

    python benchmarks/vector_env.py [--seconds 10] [--envs 8] [--workers 1 2 4]
                                    [--teams 1v1] [--opponent random] [--one-each]
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np

from redcode_rules.ai.gym import RedCodeGymEnv, vector_env


def random_words(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """A uniformly random legal word per row of ``masks``."""
    noise = rng.random(masks.shape) * masks  # 0 where illegal, so argmax is a legal word
    return noise.argmax(axis=1)


def single(kwargs: dict, seconds: float) -> tuple[int, int, float]:
    """Steps and games ended by one environment stepped in this process."""
    env = RedCodeGymEnv(**kwargs)
    rng = np.random.default_rng(1)
    obs, _ = env.reset(seed=1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _, terminated, _, _ = env.step(int(random_words(rng, obs["action_mask"][None])[0]))
        steps += 1
        if terminated:
            games += 1
            obs, _ = env.reset()
    return steps, games, time.perf_counter() - start


def vectorised(kwargs: dict, envs: int, seconds: float, workers: int | None = None,
               asynchronous: bool = True, gymnasiums: bool = False) -> tuple[int, int, float]:
    """Steps and games ended by ``envs`` environments: by ``workers``
    processes (``vector_env``), in this process (not ``asynchronous``), or
    one a process by Gymnasium's ``AsyncVectorEnv`` (``gymnasiums``)."""
    if gymnasiums:
        same_step = gymnasium.vector.AutoresetMode.SAME_STEP
        vector = gymnasium.vector.AsyncVectorEnv(
            [lambda: RedCodeGymEnv(**kwargs)] * envs, autoreset_mode=same_step)
    else:
        vector = vector_env(envs, asynchronous, workers, **kwargs)
    try:
        rng = np.random.default_rng(1)
        obs, _ = vector.reset(seed=1)
        steps = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            obs, _, terminated, _, _ = vector.step(random_words(rng, obs["action_mask"]))
            steps += envs
            games += int(terminated.sum())
        return steps, games, time.perf_counter() - start
    finally:
        vector.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall time per measure")
    parser.add_argument("--envs", type=int, default=8, help="games of a vector")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--teams", default="1v1")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--one-each", action="store_true",
                        help="also Gymnasium's AsyncVectorEnv, a process per game")
    args = parser.parse_args()
    kwargs = dict(teams=args.teams, placement="fixed", opponent=args.opponent)
    print(f"en {args.teams} war against {args.opponent}, random legal words, "
          f"{args.seconds:g} s each")
    n, seconds = args.envs, args.seconds
    runs = [("one environment, this process", lambda: single(kwargs, seconds)),
            (f"vector_env({n}, asynchronous=False)",
             lambda: vectorised(kwargs, n, seconds, asynchronous=False))]
    runs += [(f"vector_env({n}, workers={w})", lambda w=w: vectorised(kwargs, n, seconds, w))
             for w in args.workers]
    runs += [(f"vector_env({w}, workers={w})", lambda w=w: vectorised(kwargs, w, seconds, w))
             for w in args.workers]
    if args.one_each:
        runs += [(f"AsyncVectorEnv, {w} games", lambda w=w: vectorised(kwargs, w, seconds,
                                                                       gymnasiums=True))
                 for w in args.workers]
    for name, run in runs:
        steps, games, seconds = run()
        print(f"  {name:<36} {steps / seconds:8,.0f} steps/s  {games / seconds:6.1f} games/s  "
              f"({steps:,} steps, {games} games)")


if __name__ == "__main__":
    main()
