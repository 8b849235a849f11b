"""Many games of the Gymnasium environment in a few worker processes.

Gymnasium's ``AsyncVectorEnv`` gives each environment a process of its own
and a round trip through a pipe per step. A step of Red Code (a word, and
the bot's moves after it) costs some 50 µs, and the round trip some 250 µs
on the development machine, so that vector ran slower than one environment
stepped in the caller's process, whatever the number of cores.
``WorkerVectorEnv`` gives each of ``workers`` processes a share of the
games, which it steps one after the other: one round trip per worker per
step of the whole vector, and each core busy with several games in between.

It is a Gymnasium ``VectorEnv`` with the same-step reset of
``SyncVectorEnv`` (the observation of a game that ended is in
``info["final_obs"]``, its info in ``info["final_info"]``): the same seeds
and actions give the same observations, rewards and infos as a
``SyncVectorEnv`` of the same environments, which the tests check.
Observations are written by the workers into shared memory; the
observation returned is a copy (``copy=True``, as Gymnasium's) or the
shared arrays themselves.

A batch of actions is checked against the masks of the observation handed
out last before any game moves: a word that is not legal in one game is
refused with that environment's own error (``IllegalAction``, or
``UnknownWord`` for what is no action id), and no game of the vector has
moved. An error inside a worker is raised again here, naming its
environment.
"""

from __future__ import annotations

import multiprocessing
from copy import deepcopy
from typing import Any, Callable, Sequence

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import (CloudpickleWrapper, batch_space, create_shared_memory,
                                    read_from_shared_memory)

from ..base.errors import WorkerStopped

__all__ = ["WorkerVectorEnv"]


class WorkerVectorEnv(gymnasium.vector.VectorEnv):
    """The environments ``env_fns`` make, stepped by ``workers`` processes
    (at most one per environment), each stepping its share of them
    (consecutive environments) in turn. An environment's action is one
    integer (a ``Discrete`` space); an observation with an ``action_mask``
    (a ``Dict`` space) has each batch of actions checked against it.

    ``context`` is a ``multiprocessing`` start method (``fork``, ``spawn``,
    ``forkserver``; the platform's default if None).
    """

    def __init__(self, env_fns: Sequence[Callable[[], gymnasium.Env]], workers: int,
                 context: str | None = None, copy: bool = True):
        if not env_fns:
            raise ValueError("env_fns: expected at least one environment")
        if not 1 <= workers:
            raise ValueError(f"workers: expected at least 1, not {workers!r}")
        probe = env_fns[0]()
        if not isinstance(probe.action_space, gymnasium.spaces.Discrete):
            raise ValueError(f"env_fns: expected environments of one integer action "
                             f"(Discrete), not {probe.action_space}")
        self.single_observation_space = probe.observation_space
        self.single_action_space = probe.action_space
        self.metadata = {**probe.metadata, "autoreset_mode": AutoresetMode.SAME_STEP}
        self.render_mode = probe.render_mode
        probe.close()
        self.num_envs = n = len(env_fns)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self.copy = copy
        ctx = multiprocessing.get_context(context)
        self._shared = create_shared_memory(self.single_observation_space, n, ctx)
        self._observations = read_from_shared_memory(self.single_observation_space,
                                                     self._shared, n)
        space = self.single_observation_space
        self._masks = self._observations["action_mask"] if isinstance(
            space, gymnasium.spaces.Dict) and "action_mask" in space.spaces else None
        self._size = int(self.single_action_space.n)
        #: each worker's first environment and one past its last
        self.shares = [(int(s[0]), int(s[-1]) + 1)
                       for s in np.array_split(np.arange(n), min(workers, n))]
        self._pipes, self._processes = [], []
        self.closed = False
        for first, end in self.shares:
            parent, child = ctx.Pipe()
            process = ctx.Process(
                target=_work, daemon=True, name=f"redcode-vector-{first}-{end - 1}",
                args=(first, [CloudpickleWrapper(fn) for fn in env_fns[first:end]], child,
                      parent, self._shared, self.single_observation_space, n))
            process.start()
            child.close()
            self._pipes.append(parent)
            self._processes.append(process)
        self._rewards = np.zeros(n, np.float64)
        self._terminations = np.zeros(n, np.bool_)
        self._truncations = np.zeros(n, np.bool_)
        self._reset_done = False  # step before the first reset is refused

    # ------------------------------------------------------------ Gymnasium's API
    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict | None = None):
        """New games in every environment: ``seed`` an int (environment ``i``
        seeded ``seed + i``, as ``SyncVectorEnv``), one per environment, or None."""
        n = self.num_envs
        seeds = [None] * n if seed is None else \
            [seed + i for i in range(n)] if isinstance(seed, int) else list(seed)
        if len(seeds) != n:
            raise ValueError(f"seed: expected {n} seeds, one per environment, not {len(seeds)}")
        infos: dict[str, Any] = {}
        answers = self._ask([("reset", (seeds[first:end], options)) for first, end in self.shares])
        for (first, _), share in zip(self.shares, answers):
            for i, info in enumerate(share, first):
                infos = self._add_info(infos, info, i)
        self._reset_done = True
        return self._handed(), infos

    def step(self, actions):
        """A word in every environment; a game that ends is reset in the same
        step (its last observation in ``info["final_obs"]``). A word a game
        refuses raises that game's error before any game moves."""
        if not self._reset_done:
            raise gymnasium.error.ResetNeeded("call reset before step: no game has begun")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions: expected one per environment, shape ({self.num_envs},), "
                             f"not {actions.shape}")
        refused = self._refused(actions)
        if refused is not None:
            self._raise_refusal(refused, actions[refused])
        words = actions.tolist()  # plain ints: the cheapest to send and to look up
        infos: dict[str, Any] = {}
        answers = self._ask([("step", words[first:end]) for first, end in self.shares])
        for (first, _), share in zip(self.shares, answers):
            for i, (reward, terminated, truncated, info, final) in enumerate(share, first):
                self._rewards[i], self._terminations[i], self._truncations[i] = \
                    reward, terminated, truncated
                if final is not None:
                    infos = self._add_info(infos, final, i)
                infos = self._add_info(infos, info, i)
        return (self._handed(), self._rewards.copy(), self._terminations.copy(),
                self._truncations.copy(), infos)

    def close_extras(self, **kwargs: Any) -> None:
        """Stops the workers (each closes its environments)."""
        for pipe in self._pipes:
            try:
                pipe.send(("close", None))
            except (BrokenPipeError, OSError):
                pass
        for process in self._processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
                process.join()
        for pipe in self._pipes:
            pipe.close()

    # ------------------------------------------------------------ inside
    def _handed(self) -> Any:
        return deepcopy(self._observations) if self.copy else self._observations

    def _ask(self, commands: list[tuple[str, Any] | None]) -> list[Any]:
        """Sends each worker its command (None: that worker is not asked),
        then reads each one's answer, in order; an error a worker met is
        raised here, once every worker asked has answered (so that none is
        left with an answer unread)."""
        sent = []
        for pipe, command in zip(self._pipes, commands):
            try:
                if command is not None:
                    pipe.send(command)
                sent.append(True)
            except OSError:  # its end closed: the worker is gone
                sent.append(False)
        answers, error = [], None
        for pipe, process, was_sent, command in zip(self._pipes, self._processes, sent,
                                                     commands):
            if command is None:
                answers.append(None)
                continue
            try:
                if not was_sent:
                    raise EOFError
                ok, answer = pipe.recv()
            except EOFError:
                process.join(timeout=1)
                ok, answer = False, WorkerStopped(
                    f"worker {process.name} stopped (exit code {process.exitcode}); "
                    "the vector cannot go on: close it")
            if not ok and error is None:
                error = answer
            answers.append(answer)
        if error is not None:
            raise error
        return answers

    def _refused(self, actions: np.ndarray) -> int | None:
        """The first environment whose action the masks handed out last
        refuse (or that is no action id), or None; without masks, None."""
        if self._masks is None:
            return None
        if actions.dtype.kind not in "iu":  # floats, text, objects: the first not an integer
            for i, action in enumerate(actions.tolist()):
                if not isinstance(action, int) or isinstance(action, bool):
                    return i
            actions = actions.astype(np.int64)
        outside = (actions < 0) | (actions >= self._size)
        if outside.any():
            return int(np.flatnonzero(outside)[0])
        illegal = self._masks[np.arange(self.num_envs), actions] == 0
        return int(np.flatnonzero(illegal)[0]) if illegal.any() else None

    def _raise_refusal(self, i: int, action: Any) -> None:
        """Has environment ``i``'s worker step it with the refused ``action``,
        which that environment refuses with its own error, changing nothing;
        raises it here."""
        try:
            self._ask([("refuse", (i - first, action)) if first <= i < end else None
                       for first, end in self.shares])
        except Exception as error:
            if not isinstance(error, WorkerStopped):
                error.add_note(f"(environment {i} of the vector; no game moved)")
            raise
        # the game took it: its mask and its game disagree
        raise RuntimeError(f"environment {i} took action {action!r}, which its mask refused")


def _work(first: int, env_fns: list[CloudpickleWrapper], pipe: Any, parent_pipe: Any,
          shared: Any, space: gymnasium.Space, n: int) -> None:
    """A worker's loop: its environments made, then each command of the
    parent answered with ``(True, answer)`` or ``(False, error)``."""
    parent_pipe.close()
    envs = [fn() for fn in env_fns]
    views = read_from_shared_memory(space, shared, n)  # the batch's arrays, made once
    while True:
        try:
            command, data = pipe.recv()
        except (EOFError, KeyboardInterrupt):
            break
        try:
            if command == "reset":
                seeds, options = data
                infos = []
                for k, (env, seed) in enumerate(zip(envs, seeds)):
                    observation, info = env.reset(seed=seed, options=options)
                    _write(views, first + k, observation)
                    infos.append(info)
                pipe.send((True, infos))
            elif command == "step":
                results = []
                for k, (env, action) in enumerate(zip(envs, data)):
                    observation, reward, terminated, truncated, info = env.step(action)
                    final = None
                    if terminated or truncated:  # Gymnasium's same-step reset
                        final = {"final_obs": observation, "final_info": info}
                        observation, info = env.reset()
                    _write(views, first + k, observation)
                    results.append((float(reward), bool(terminated), bool(truncated), info,
                                    final))
                pipe.send((True, results))
            elif command == "refuse":
                k, action = data
                envs[k].step(action)
                pipe.send((True, None))
            elif command == "close":
                break
            else:
                raise ValueError(f"unknown command {command!r}")
        except Exception as error:  # sent to the parent, raised there
            pipe.send((False, error))
    for env in envs:
        env.close()
    pipe.close()


def _write(views: Any, i: int, observation: Any) -> None:
    """Writes one environment's observation into row ``i`` of the batch's
    shared arrays (a dict or tuple of them for a composite space)."""
    if isinstance(views, dict):
        for key, view in views.items():
            _write(view, i, observation[key])
    elif isinstance(views, tuple):
        for view, part in zip(views, observation):
            _write(view, i, part)
    else:
        views[i] = observation
