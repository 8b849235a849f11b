"""Many games of the Gymnasium environment in a few worker processes.

Gymnasium's ``AsyncVectorEnv`` gives each environment a process of its own
and a round trip through a pipe per step. A step of Red Code (a word, and
the bot's moves after it) costs some 40 µs, and the round trip some 100 µs
on the development machine, so that vector of 1, 2 or 4 games ran slower
than one environment stepped in the caller's process.
``WorkerVectorEnv`` gives each of ``workers`` processes a share of the
games, which it steps one after the other: one round trip per worker per
step of the whole vector, and each core busy with several games in between.

It is a Gymnasium ``VectorEnv`` with the same-step reset of
``SyncVectorEnv`` (the observation of a game that ended is in
``info["final_obs"]``, its info in ``info["final_info"]``): the same seeds
and actions give the same observations, rewards and infos as a
``SyncVectorEnv`` of the same environments, which the tests check, and it
has its ``reset_mask``, ``render``, ``call``, ``get_attr`` and ``set_attr``.
Observations are written by the workers into shared memory; the
observation returned is a copy (``copy=True``, as Gymnasium's) or the
shared arrays themselves.

A batch of actions is checked against the masks of the observation handed
out last before any game moves: a word that is not legal in one game is
refused with that environment's own error (``IllegalAction``; the worker
tries it on a copy of the environment), and no game of the vector has
moved. An error an environment raises in a worker is raised again here
with a note naming the environment and the worker's traceback; the games
are then out of step (some moved, some not) until the next ``reset``. A
worker that stops answering, or a call interrupted before every worker
answered (a Ctrl-C), leaves the vector unusable: every later call says
so, and ``close`` stops what is left.
"""

from __future__ import annotations

import multiprocessing
import numbers
import os
import signal
import traceback
from copy import deepcopy
from multiprocessing.reduction import ForkingPickler
from typing import Any, Callable, Sequence

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import (CloudpickleWrapper, batch_space, create_shared_memory,
                                    read_from_shared_memory)

from ..base.errors import WorkerStopped

__all__ = ["WorkerVectorEnv", "default_workers"]

#: Methods a ``call`` may not reach (the vector's own steps do them).
NOT_CALLED = ("reset", "step", "close")
#: Why a step is refused before every game has been reset once.
NOT_BEGUN = "call reset before step: a game of the vector has not begun"


def default_workers(n: int) -> int:
    """One worker per core this process may run on, at most ``n``."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(n, cores or 1))


class WorkerVectorEnv(gymnasium.vector.VectorEnv):
    """The environments ``env_fns`` make, stepped by ``workers`` processes
    (at most one per environment), each stepping its share of them
    (consecutive environments) in turn. An environment's action is one
    integer from 0 (a ``Discrete`` space), which its ``step`` receives as a
    Python ``int`` (``SyncVectorEnv`` hands numpy's); an observation with
    an ``action_mask`` (a ``Dict`` space) has each batch of actions checked
    against it.

    ``context`` is a ``multiprocessing`` start method (``fork``, ``spawn``,
    ``forkserver``; the platform's default if None). An environment that
    cannot be made raises its error here, from the worker that made it.
    """

    def __init__(self, env_fns: Sequence[Callable[[], gymnasium.Env]], workers: int,
                 context: str | None = None, copy: bool = True):
        if not env_fns:
            raise ValueError("env_fns: expected at least one environment")
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers: expected a whole number of at least 1, not {workers!r}")
        probe = env_fns[0]()
        try:
            if not isinstance(probe.action_space, gymnasium.spaces.Discrete) or \
                    probe.action_space.start != 0:
                raise ValueError(f"env_fns: expected environments of one integer action "
                                 f"from 0 (Discrete), not {probe.action_space}")
            self.single_observation_space = probe.observation_space
            self.single_action_space = probe.action_space
            self.metadata = {**probe.metadata, "autoreset_mode": AutoresetMode.SAME_STEP}
            self.render_mode = probe.render_mode
        finally:
            probe.close()
        self.num_envs = n = len(env_fns)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self.copy = copy
        self._size = int(self.single_action_space.n)
        ctx = multiprocessing.get_context(context)
        self._shared = create_shared_memory(self.single_observation_space, n, ctx)
        self._observations = read_from_shared_memory(self.single_observation_space,
                                                     self._shared, n)
        space = self.single_observation_space
        self._has_masks = isinstance(space, gymnasium.spaces.Dict) and \
            "action_mask" in space.spaces
        self._legal: np.ndarray | None = None  # the masks handed out last (``_handed``)
        self._rows = np.arange(n)
        #: each worker's first environment and one past its last
        self.shares = [(int(s[0]), int(s[-1]) + 1)
                       for s in np.array_split(np.arange(n), min(workers, n))]
        self._pipes: list[Any] = []
        self._processes: list[Any] = []
        self._unusable: str | None = None  # why no call can go on (pipes out of step)
        self._out_of_step: str | None = NOT_BEGUN
        self._begun = np.zeros(n, np.bool_)  # which games a reset has begun
        self._rewards = np.zeros(n, np.float64)
        self._terminations = np.zeros(n, np.bool_)
        self._truncations = np.zeros(n, np.bool_)
        self.closed = False
        try:
            for first, end in self.shares:
                parent, child = ctx.Pipe()
                process = ctx.Process(
                    target=_work, daemon=True, name=f"redcode-vector-{first}-{end - 1}",
                    args=(first, [CloudpickleWrapper(fn) for fn in env_fns[first:end]],
                          child, parent, self._shared, space, self.single_action_space, n))
                self._pipes.append(parent)
                self._processes.append(process)
                process.start()
                child.close()
            self._ask([("ready", None)] * len(self.shares))  # each made its environments
        except BaseException:
            self.close()
            raise

    # ------------------------------------------------------------ Gymnasium's API
    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict | None = None):
        """New games in every environment (``options["reset_mask"]``: in those
        it marks): ``seed`` an int (environment ``i`` seeded ``seed + i``, as
        ``SyncVectorEnv``), one per environment, or None."""
        self._check_open()
        n = self.num_envs
        seeds = [None] * n if seed is None else \
            [seed + i for i in range(n)] if isinstance(seed, int) else list(seed)
        if len(seeds) != n:
            raise ValueError(f"seed: expected {n} seeds, one per environment, not {len(seeds)}")
        mask = np.ones(n, np.bool_)
        if options is not None and "reset_mask" in options:
            options = dict(options)
            mask = _reset_mask(options.pop("reset_mask"), n)
        answers = self._ask([("reset", (seeds[first:end], mask[first:end].tolist(), options))
                             for first, end in self.shares], games_move="a reset")
        infos: dict[str, Any] = {}
        for (first, _), share in zip(self.shares, answers):
            for i, info in enumerate(share, first):
                if info is not None:
                    infos = self._add_info(infos, info, i)
        self._terminations[mask] = False
        self._truncations[mask] = False
        self._begun |= mask
        if mask.all() or self._out_of_step == NOT_BEGUN and self._begun.all():
            self._out_of_step = None
        return self._handed(), infos

    def step(self, actions):
        """A word in every environment; a game that ends is reset in the same
        step (its last observation in ``info["final_obs"]``). A word a game
        refuses raises that game's error before any game moves."""
        self._check_open()
        if self._out_of_step is not None:
            raise gymnasium.error.ResetNeeded(self._out_of_step)
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions: expected one per environment, shape ({self.num_envs},), "
                             f"not {actions.shape}")
        words = self._words(actions)
        answers = self._ask([("step", words[first:end]) for first, end in self.shares],
                            games_move="the last step")
        infos: dict[str, Any] = {}
        for (first, end), (rewards, ends, cuts, extras) in zip(self.shares, answers):
            self._rewards[first:end] = rewards
            self._terminations[first:end] = ends
            self._truncations[first:end] = cuts
            for k, info, final in extras:  # in order: the infos as SyncVectorEnv adds them
                if final is not None:
                    infos = self._add_info(infos, final, first + k)
                infos = self._add_info(infos, info, first + k)
        return (self._handed(), self._rewards.copy(), self._terminations.copy(),
                self._truncations.copy(), infos)

    def render(self) -> tuple[Any, ...]:
        """Each environment's rendering (``render_mode``)."""
        return self.call("render")

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Each environment's ``name``: called with the arguments if it is a
        method, else its value (as ``SyncVectorEnv.call``)."""
        if name in NOT_CALLED:
            raise ValueError(f"call: use the vector's own {name}, not call({name!r})")
        self._check_open()
        answers = self._ask([("call", (name, args, kwargs))] * len(self.shares))
        return tuple(value for share in answers for value in share)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """Each environment's attribute ``name``."""
        return self.call(name)

    def set_attr(self, name: str, values: Any) -> None:
        """Sets attribute ``name`` of each environment: ``values`` one per
        environment (a list or tuple), or one value for all."""
        if not isinstance(values, (list, tuple)):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ValueError(f"values: expected {self.num_envs}, one per environment, "
                             f"not {len(values)}")
        self._check_open()
        self._ask([("set", (name, list(values[first:end]))) for first, end in self.shares])

    @property
    def np_random_seed(self) -> tuple[int, ...]:
        """Each environment's seed."""
        return self.get_attr("np_random_seed")

    @property
    def np_random(self) -> tuple[np.random.Generator, ...]:
        """Each environment's generator (copies: set one with ``set_attr``)."""
        return self.get_attr("np_random")

    def close_extras(self, **kwargs: Any) -> None:
        """Stops the workers (each closes its environments); one that does
        not stop is ended."""
        for pipe in self._pipes:
            try:
                pipe.send(("close", None))
            except OSError:
                pass
        for process in self._processes:
            if process.pid is None:
                continue  # never started
            process.join(timeout=1 if self._unusable else 5)
            if process.is_alive():
                process.terminate()
                process.join()
        for pipe in self._pipes:
            pipe.close()

    def __del__(self) -> None:
        if not getattr(self, "closed", True) and hasattr(self, "_processes"):
            try:
                self.close()
            except Exception:  # at the interpreter's exit, the pipes may be gone
                pass

    # ------------------------------------------------------------ inside
    def _check_open(self) -> None:
        if self.closed:
            raise gymnasium.error.ClosedEnvironmentError(
                "this vector of environments is closed")
        if self._unusable is not None:
            raise WorkerStopped(self._unusable)

    def _handed(self) -> Any:
        """The observation to hand out, and the masks the next batch is
        checked against (the shared ones, which only the next step writes,
        unless the caller is handed those very arrays and may change them)."""
        observations = self._observations
        if self._has_masks:
            masks = observations["action_mask"]
            self._legal = masks if self.copy else masks.copy()
        if not self.copy:
            return observations
        if type(observations) is dict and all(type(array) is np.ndarray
                                              for array in observations.values()):
            return {key: array.copy() for key, array in observations.items()}  # a flat Dict
        return deepcopy(observations)

    def _ask(self, commands: list[tuple[str, Any] | None],
             games_move: str | None = None) -> list[Any]:
        """Sends each worker its command (None: that worker is not asked),
        then reads each one's answer, in order; an error a worker met is
        raised here, once every worker asked has answered, so that no answer
        is left unread for the next call. ``games_move`` (what the call is:
        ``the last step``): an error leaves the games out of step, until a
        reset of every game."""
        # pickled before anything is sent: an argument that does not pickle
        # raises here, with no worker asked and the vector as it was
        payloads = [None if command is None else bytes(ForkingPickler.dumps(command))
                    for command in commands]
        asked = [payload is not None for payload in payloads]
        try:
            for k, payload in enumerate(payloads):
                if payload is not None:
                    try:
                        self._pipes[k].send_bytes(payload)
                    except ConnectionError:  # its end closed: the worker is gone
                        asked[k] = False
                        self._unusable = self._stopped(k)
            answers, error = [], None
            for k, command in enumerate(commands):
                answer = None
                if command is not None:
                    ok, answer = self._answer(k) if asked[k] else \
                        (False, WorkerStopped(self._stopped(k)))
                    if not ok and error is None:
                        error = answer
                answers.append(answer)
        except BaseException:  # interrupted (a Ctrl-C, a time limit) with answers unread
            self._unusable = ("a call was interrupted before every worker answered; "
                              "the workers are out of step: close the vector")
            raise
        if error is not None:
            if games_move is not None and not isinstance(error, WorkerStopped):
                self._out_of_step = f"an environment raised an error in {games_move}, so the " \
                    "games are out of step: reset every game of the vector"
            raise error
        return answers

    def _answer(self, k: int) -> tuple[bool, Any]:
        """Worker ``k``'s answer: ``(True, answer)`` or ``(False, error)``."""
        try:
            data = self._pipes[k].recv_bytes()
        except (EOFError, ConnectionError):  # not another OSError: a caller's TimeoutError
            self._unusable = self._stopped(k)
            return False, WorkerStopped(self._unusable)
        try:
            return ForkingPickler.loads(data)
        except Exception as error:  # an error the worker pickled that cannot be rebuilt
            return False, RuntimeError(f"worker {self._processes[k].name} answered with what "
                                       f"could not be read back: {error!r}")

    def _stopped(self, k: int) -> str:
        process = self._processes[k]
        process.join(timeout=1)
        return (f"worker {process.name} stopped (exit code {process.exitcode}); "
                "the vector cannot go on: close it")

    def _words(self, actions: np.ndarray) -> list[int]:
        """The batch as plain ints (the cheapest to send and to look up), once
        every one is a word its game may take now by the masks handed out
        last: the first that is not raises its game's error (``_refusal``),
        unless its game takes it."""
        words = actions.tolist()
        legal = self._legal
        if legal is None:
            return words
        if actions.dtype.kind in "iu" and ((actions >= 0) & (actions < self._size)).all() \
                and legal[self._rows, actions].all():
            return words  # every one legal: the common case, checked at once
        for i, word in enumerate(words):
            if isinstance(word, numbers.Integral) and not isinstance(word, (bool, np.bool_)):
                word = words[i] = int(word)
                if 0 <= word < self._size and legal[i, word]:
                    continue
            self._refusal(i, actions[i])  # the batch's own element, as SyncVectorEnv hands it
        return words

    def _refusal(self, i: int, action: Any) -> None:
        """Has environment ``i``'s worker try ``action`` on a copy of it: the
        error it raises is raised here (no game moved); if the copy takes
        it (a mask that is advice, not a rule), nothing is raised."""
        try:
            self._ask([("try", (i - first, action)) if first <= i < end else None
                       for first, end in self.shares])
        except Exception as error:
            if not isinstance(error, WorkerStopped):
                error.add_note(f"(environment {i} of the vector; no game moved)")
            raise


def _reset_mask(mask: Any, n: int) -> np.ndarray:
    """``options["reset_mask"]`` checked as ``SyncVectorEnv`` checks it."""
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ or mask.shape != (n,):
        raise ValueError(f"options['reset_mask']: expected a numpy array of {n} booleans, "
                         f"not {mask!r}")
    if not mask.any():
        raise ValueError("options['reset_mask']: expected at least one environment to reset")
    return mask


def _work(first: int, env_fns: list[CloudpickleWrapper], pipe: Any, parent_pipe: Any,
          shared: Any, space: gymnasium.Space, action_space: gymnasium.Space, n: int) -> None:
    """A worker's loop: its environments made, then each command of the
    parent answered with ``(True, answer)`` or ``(False, error)``. A
    Ctrl-C at the terminal is the parent's to act on (it reaches the whole
    process group): a worker ignores it, and ``close`` ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent_pipe.close()
    envs: list[gymnasium.Env] = []
    views = read_from_shared_memory(space, shared, n)  # the batch's arrays, made once
    at = first  # the environment being stepped, for an error's note
    while True:
        try:
            command, data = pipe.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            break
        try:
            if command == "ready":
                for k, fn in enumerate(env_fns):
                    at = first + k
                    env = fn()
                    envs.append(env)
                    if env.observation_space != space or env.action_space != action_space:
                        raise ValueError(f"environment {at} has other spaces than the first "
                                         f"({env.observation_space}, {env.action_space})")
                answer: Any = None
            elif command == "reset":
                seeds, mask, options = data
                answer = []
                for k, (env, seed, resets) in enumerate(zip(envs, seeds, mask)):
                    at = first + k
                    info = None
                    if resets:
                        observation, info = env.reset(seed=seed, options=options)
                        _write(views, at, observation)
                    answer.append(info)
            elif command == "step":
                # each game's reward, end and cut, and the infos that say
                # something (an empty one adds nothing to the vector's)
                rewards, ends, cuts, extras = [], [], [], []
                for k, (env, action) in enumerate(zip(envs, data)):
                    at = first + k
                    observation, reward, terminated, truncated, info = env.step(action)
                    final = None
                    if terminated or truncated:  # Gymnasium's same-step reset
                        final = {"final_obs": observation, "final_info": info}
                        observation, info = env.reset()
                    _write(views, at, observation)
                    rewards.append(float(reward))
                    ends.append(bool(terminated))
                    cuts.append(bool(truncated))
                    if info or final is not None:
                        extras.append((k, info, final))
                answer = (rewards, ends, cuts, extras)
            elif command == "try":  # on a copy: the error it raises, no game moved
                k, action = data
                deepcopy(envs[k]).step(action)
                answer = None
            elif command == "call":
                name, args, kwargs = data
                answer = []
                for k, env in enumerate(envs):
                    at = first + k
                    value = env.get_wrapper_attr(name)
                    answer.append(value(*args, **kwargs) if callable(value) else value)
            elif command == "set":
                name, values = data
                for k, (env, value) in enumerate(zip(envs, values)):
                    at = first + k
                    env.set_wrapper_attr(name, value)
                answer = None
            elif command == "close":
                break
            else:
                raise ValueError(f"unknown command {command!r}")
            pipe.send((True, answer))
        except Exception as error:  # sent to the parent, raised there
            if command != "try":
                error.add_note(f"(environment {at} of the vector, in worker process "
                               f"{multiprocessing.current_process().name})")
                error.add_note("the worker's traceback:\n" + traceback.format_exc())
            pipe.send_bytes(_pickled_error(error))
            if command == "ready":
                break
    for env in envs:
        env.close()
    pipe.close()


def _pickled_error(error: Exception) -> bytes:
    """``(False, error)`` pickled, or, for an error that does not pickle (an
    attribute of a lock) or cannot be rebuilt from its pickle (a constructor
    of two arguments), a ``RuntimeError`` that says what it was, with its notes."""
    try:
        payload = bytes(ForkingPickler.dumps((False, error)))
        ForkingPickler.loads(payload)  # rebuilt here, as the parent will
        return payload
    except Exception:
        stand_in = RuntimeError(f"{type(error).__name__}: {error}")
        for note in getattr(error, "__notes__", ()):
            stand_in.add_note(note)
        return bytes(ForkingPickler.dumps((False, stand_in)))


def _write(views: Any, i: int, observation: Any) -> None:
    """Writes one environment's observation into row ``i`` of the batch's
    shared arrays (a dict or tuple of them for a composite space), refusing
    one of another shape or of a kind the array cannot hold."""
    if isinstance(views, dict):
        for key, view in views.items():
            _write(view, i, observation[key])
    elif isinstance(views, tuple):
        for view, part in zip(views, observation):
            _write(view, i, part)
    else:
        row = views[i]
        if np.shape(observation) != row.shape:
            raise ValueError(f"an observation of shape {np.shape(observation)} for a space of "
                             f"shape {row.shape}")
        np.copyto(row, observation, casting="same_kind")
