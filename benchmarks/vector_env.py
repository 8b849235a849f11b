"""Steps per second of the Gymnasium environments (redcode_rules.ai.gym):
one environment in this process, then ``vector_env(n)`` with 1, 2 and 4
worker processes (AsyncVectorEnv, observations in shared memory), then the
largest number of environments stepped together in this process
(SyncVectorEnv).

The agent takes uniformly random legal words (from the batched masks) for
``--seconds`` of wall time per measure against the ``--opponent`` bot; a
step is one word of one environment, so a vector of ``n`` makes ``n`` steps
a call. Wall time, as a trainer waits for it: on a machine other work
loads, run it twice.

    python benchmarks/vector_env.py [--seconds 10] [--workers 1 2 4] [--teams 1v1]
                                    [--opponent random]
"""

from __future__ import annotations

import argparse
import time

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


def vectorised(kwargs: dict, workers: int, seconds: float,
               asynchronous: bool = True) -> tuple[int, int, float]:
    """Steps and games ended by ``workers`` environments in worker processes
    (or all in this process, not ``asynchronous``)."""
    envs = vector_env(workers, asynchronous, **kwargs)
    try:
        rng = np.random.default_rng(1)
        obs, _ = envs.reset(seed=1)
        steps = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            obs, _, terminated, _, _ = envs.step(random_words(rng, obs["action_mask"]))
            steps += workers
            games += int(terminated.sum())
        return steps, games, time.perf_counter() - start
    finally:
        envs.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall time per measure")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--teams", default="1v1")
    parser.add_argument("--opponent", default="random")
    args = parser.parse_args()
    kwargs = dict(teams=args.teams, placement="fixed", opponent=args.opponent)
    print(f"en {args.teams} war against {args.opponent}, random legal words, "
          f"{args.seconds:g} s each")
    runs = [("one environment, this process", lambda: single(kwargs, args.seconds))]
    runs += [(f"vector_env({n}): {n} worker{'s' if n > 1 else ''}",
              lambda n=n: vectorised(kwargs, n, args.seconds)) for n in args.workers]
    most = max(args.workers)
    runs.append((f"vector_env({most}, asynchronous=False)",
                 lambda: vectorised(kwargs, most, args.seconds, asynchronous=False)))
    for name, run in runs:
        steps, games, seconds = run()
        print(f"  {name:<34} {steps / seconds:8,.0f} steps/s  {games / seconds:6.1f} games/s  "
              f"({steps:,} steps, {games} games)")


if __name__ == "__main__":
    main()
