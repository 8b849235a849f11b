"""Games of the Gymnasium environment stepped by a few worker processes
(``WorkerVectorEnv``, ``vector_env``): the same observations, rewards and
infos as Gymnasium's ``SyncVectorEnv`` for the same seeds and actions, a
refused word that moves no game, and errors and dead workers raised in the
caller's process."""

from __future__ import annotations

import contextlib
import multiprocessing

import pytest

np = pytest.importorskip("numpy", reason="the ai extra is not installed")
gymnasium = pytest.importorskip("gymnasium")

from redcode_rules.ai.gym import RedCodeGymEnv, vector_env  # noqa: E402
from redcode_rules.ai.workers import WorkerVectorEnv  # noqa: E402
from redcode_rules.base.errors import IllegalAction, UnknownWord, WorkerStopped  # noqa: E402

QUICK = dict(placement="fixed", turn_limit=6, opponent=("random", "greedy"))


@contextlib.contextmanager
def twins(n: int, workers: int):
    """The same ``n`` games stepped by ``workers`` processes and in this
    process (``SyncVectorEnv``, the yardstick), both closed after."""
    batched = vector_env(n, workers=workers, **QUICK)
    alone = vector_env(n, asynchronous=False, **QUICK)
    try:
        yield batched, alone
    finally:
        batched.close()
        alone.close()


def random_words(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def same_infos(a: dict, b: dict) -> bool:
    """Two vector infos alike: the same keys, arrays equal element by element
    (the final observations, dicts of arrays, compared array by array)."""
    if a.keys() != b.keys():
        return False
    for key in a:
        x, y = a[key], b[key]
        if isinstance(x, dict):
            if not same_infos(x, y):
                return False
        elif key == "final_obs":
            for u, v in zip(x, y):
                if (u is None) != (v is None) or u is not None and not all(
                        np.array_equal(u[k], v[k]) for k in u):
                    return False
        elif not np.array_equal(x, y):
            return False
    return True


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_workers_give_what_one_process_gives_for_the_same_seeds_and_words(workers):
    """Five games over 1, 2 or 3 workers (shares of 5, 3+2, 2+2+1), 120
    steps of random legal words: every observation, mask, reward, end and
    info (the bot each game drew, the final observations) as
    ``SyncVectorEnv`` hands them out."""
    with twins(5, workers) as (batched, alone):
        assert batched.shares == {1: [(0, 5)], 2: [(0, 3), (3, 5)],
                                  3: [(0, 2), (2, 4), (4, 5)]}[workers]
        (obs, info), (twin, twin_info) = batched.reset(seed=7), alone.reset(seed=7)
        assert same_infos(info, twin_info)
        assert info["opponent"].tolist() == ["greedy", "random", "greedy", "random", "greedy"]
        rng, ended = np.random.default_rng(7), 0
        for _ in range(120):
            for key in obs:
                assert np.array_equal(obs[key], twin[key])
            words = random_words(rng, obs["action_mask"])
            obs, rewards, terminated, truncated, info = batched.step(words)
            twin, *rest, twin_info = alone.step(words)
            assert np.array_equal(rewards, rest[0]) and np.array_equal(terminated, rest[1])
            assert np.array_equal(truncated, rest[2]) and same_infos(info, twin_info)
            ended += int(terminated.sum())
        assert ended >= 5


def test_the_observation_handed_out_is_a_copy_unless_asked_otherwise():
    envs = vector_env(2, workers=2, **QUICK)
    try:
        obs, _ = envs.reset(seed=1)
        kept = obs["observation"].copy()
        obs["observation"][:] = -5  # the caller's own array
        again = envs._handed()
        assert np.array_equal(again["observation"], kept)
    finally:
        envs.close()


def test_a_word_one_game_refuses_raises_its_error_and_no_game_moves():
    """The third game's word is not legal: its own ``IllegalAction`` comes
    back, naming the environment, and every game is where it was (the next
    step gives what a vector that never saw the refused batch gives)."""
    with twins(4, 2) as (batched, alone):
        obs, _ = batched.reset(seed=3)
        alone.reset(seed=3)
        rng = np.random.default_rng(3)
        words = random_words(rng, obs["action_mask"])
        bad = words.copy()
        bad[2] = int(np.flatnonzero(obs["action_mask"][2] == 0)[0])
        with pytest.raises(IllegalAction) as refused:
            batched.step(bad)
        assert "(environment 2 of the vector; no game moved)" in refused.value.__notes__
        assert refused.value.legal_actions == np.flatnonzero(obs["action_mask"][2]).tolist()
        with pytest.raises(IllegalAction, match="action 10000 does not continue a legal move"):
            batched.step(np.array([words[0], words[1], words[2], 10_000]))
        with pytest.raises(UnknownWord):
            batched.step(np.array([0.5, 1.0, 2.0, 3.0]))
        with pytest.raises(ValueError, match=r"expected one per environment, shape \(4,\)"):
            batched.step(words[:3])
        after, rewards, *_ = batched.step(words)
        twin, twin_rewards, *_ = alone.step(words)
        assert np.array_equal(after["observation"], twin["observation"])
        assert np.array_equal(rewards, twin_rewards)


def test_a_step_before_the_first_reset_is_refused():
    envs = vector_env(2, workers=1, **QUICK)
    try:
        with pytest.raises(gymnasium.error.ResetNeeded, match="call reset before step"):
            envs.step(np.zeros(2, np.int64))
    finally:
        envs.close()


class Faulty(gymnasium.Env):
    """Counts its steps; the third raises ``error`` (on environment 2 only
    if ``only_last``)."""

    observation_space = gymnasium.spaces.Box(0, 10, (1,), np.float32)
    action_space = gymnasium.spaces.Discrete(2)
    error: Exception = RuntimeError("the third step of a faulty environment")

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.steps, self.seed = 0, seed
        return np.zeros(1, np.float32), {"seed": seed}

    def step(self, action):
        self.steps += 1
        if self.steps == 3 and (self.seed == 2 or not getattr(self, "only_last", False)):
            raise self.error
        return np.full(1, self.steps, np.float32), 1.0, False, False, {"steps": self.steps}


def _not_loaded():
    raise TypeError("this part cannot be read back")


class Unloadable:
    """A part that pickles, and whose pickle cannot be loaded (whatever
    pickles the error that holds it: a library such as Dask's tblib may
    change how errors pickle)."""

    def __reduce__(self):
        return _not_loaded, ()


def unloadable_error() -> Exception:
    error = RuntimeError("a fault")
    error.part = Unloadable()
    return error


class Locked(Exception):
    """An error that does not pickle at all (it holds a lock)."""

    def __init__(self):
        import threading
        super().__init__("an error holding a lock")
        self.lock = threading.Lock()


def faulty(error: Exception, only_last: bool = False):
    def make():
        env = Faulty()
        env.error, env.only_last = error, only_last
        return env
    return make


def test_an_error_in_a_worker_is_raised_here_naming_its_environment_then_a_reset_is_needed():
    envs = WorkerVectorEnv([faulty(Faulty.error, only_last=True)] * 3, workers=2)
    try:
        envs.reset(seed=0)
        for step in (1, 2):
            obs, rewards, *_ = envs.step(np.zeros(3, np.int64))
            assert obs.tolist() == [[step]] * 3 and rewards.tolist() == [1.0] * 3
        with pytest.raises(RuntimeError, match="the third step of a faulty environment") as e:
            envs.step(np.zeros(3, np.int64))
        assert e.value.__notes__[0] == ("(environment 2 of the vector, in worker process "
                                        "redcode-vector-2-2)")
        assert "the worker's traceback:" in e.value.__notes__[1]
        assert "in step" in e.value.__notes__[1]
        with pytest.raises(gymnasium.error.ResetNeeded, match="the games are out of step"):
            envs.step(np.zeros(3, np.int64))
        obs, info = envs.reset(seed=0)
        assert obs.tolist() == [[0]] * 3 and info["seed"].tolist() == [0, 1, 2]
        obs, _, _, _, info = envs.step(np.zeros(3, np.int64))
        assert obs.tolist() == [[1]] * 3 and info["steps"].tolist() == [1, 1, 1]
    finally:
        envs.close()


@pytest.mark.parametrize("error,says", [
    (unloadable_error(), "RuntimeError: a fault"),
    (Locked(), "Locked: an error holding a lock")])
def test_an_error_that_does_not_come_back_whole_leaves_the_workers_in_step(error, says):
    """An error that cannot be rebuilt from its pickle, or one that does not
    pickle, comes back as a ``RuntimeError`` that says what it was, with its
    notes, and every worker's answer is read: after a reset the next step
    is the step's own."""
    envs = WorkerVectorEnv([faulty(error, only_last=True)] * 3, workers=3)
    try:
        envs.reset(seed=0)
        envs.step(np.zeros(3, np.int64))
        envs.step(np.zeros(3, np.int64))
        with pytest.raises(RuntimeError, match=says) as e:
            envs.step(np.zeros(3, np.int64))
        assert e.value.__notes__[0].startswith("(environment 2 of the vector, in worker")
        envs.reset(seed=0)
        obs, rewards, _, _, info = envs.step(np.zeros(3, np.int64))
        assert obs.tolist() == [[1]] * 3 and info["steps"].tolist() == [1, 1, 1]
    finally:
        envs.close()


def test_an_environment_that_cannot_be_made_raises_from_the_vector_and_leaves_no_worker():
    def broken():
        raise OSError("the environment's data file is missing")

    made = []
    with pytest.raises(OSError, match="data file is missing") as e:
        made.append(WorkerVectorEnv([Faulty, Faulty, broken], workers=2))
    assert e.value.__notes__[0].startswith("(environment 2 of the vector, in worker process")
    assert made == [] and not [p for p in multiprocessing.active_children()
                               if p.name.startswith("redcode-vector")]


def test_a_dead_worker_and_an_interrupted_call_leave_the_vector_unusable_and_named():
    envs = WorkerVectorEnv([Faulty] * 3, workers=2)
    try:
        envs.reset(seed=0)
        envs._processes[1].kill()
        envs._processes[1].join()
        with pytest.raises(WorkerStopped, match=r"worker redcode-vector-2-2 stopped"):
            envs.step(np.zeros(3, np.int64))
        with pytest.raises(WorkerStopped, match=r"the vector cannot go on: close it"):
            envs.reset(seed=0)
    finally:
        envs.close()
    assert not any(p.is_alive() for p in envs._processes)
    with pytest.raises(gymnasium.error.ClosedEnvironmentError):
        envs.step(np.zeros(3, np.int64))
    for interruption in (KeyboardInterrupt, TimeoutError):  # a Ctrl-C, a time limit
        envs = WorkerVectorEnv([Faulty] * 2, workers=2)
        try:
            envs.reset(seed=0)
            pipe = envs._pipes[1]

            def interrupted():
                raise interruption
            pipe.recv_bytes = interrupted
            with pytest.raises(interruption):
                envs.step(np.zeros(2, np.int64))
            del pipe.recv_bytes
            with pytest.raises(WorkerStopped, match="a call was interrupted before every "):
                envs.step(np.zeros(2, np.int64))
            assert all(p.is_alive() for p in envs._processes)  # alive, out of step
        finally:
            envs.close()


def test_an_argument_that_does_not_pickle_is_refused_before_any_worker_is_asked():
    envs = WorkerVectorEnv([Faulty] * 2, workers=2)
    try:
        envs.reset(seed=0)
        with pytest.raises(Exception, match="pickle"):
            envs.set_attr("hook", lambda: 0)
        obs, *_ = envs.step(np.zeros(2, np.int64))
        assert obs.tolist() == [[1], [1]]
    finally:
        envs.close()


def test_a_worker_ignores_a_ctrl_c_which_is_the_callers_to_act_on():
    import os
    import signal

    envs = WorkerVectorEnv([Faulty] * 2, workers=2)
    try:
        envs.reset(seed=0)
        for process in envs._processes:
            os.kill(process.pid, signal.SIGINT)
        obs, *_ = envs.step(np.zeros(2, np.int64))
        assert obs.tolist() == [[1], [1]] and all(p.is_alive() for p in envs._processes)
    finally:
        envs.close()


class FaultyReset(Faulty):
    """Its reset with seed 0 raises."""

    def reset(self, *, seed=None, options=None):
        if seed == 0:
            raise ValueError("no game for seed 0")
        return super().reset(seed=seed, options=options)


def test_every_game_must_have_begun_and_a_failed_reset_must_be_made_good():
    envs = WorkerVectorEnv([FaultyReset] * 2, workers=2)
    try:
        envs.reset(seed=5, options={"reset_mask": np.array([True, False])})
        with pytest.raises(gymnasium.error.ResetNeeded, match="a game of the vector has not"):
            envs.step(np.zeros(2, np.int64))
        envs.reset(seed=5, options={"reset_mask": np.array([False, True])})
        obs, *_ = envs.step(np.zeros(2, np.int64))  # every game has begun
        assert obs.tolist() == [[1], [1]]
        with pytest.raises(ValueError, match="no game for seed 0"):
            envs.reset(seed=[0, 7])  # the second game was reset, the first was not
        with pytest.raises(gymnasium.error.ResetNeeded, match="an environment raised an "
                           "error in a reset, so the games are out of step"):
            envs.step(np.zeros(2, np.int64))
        envs.reset(seed=[3, 7])
        obs, *_ = envs.step(np.zeros(2, np.int64))
        assert obs.tolist() == [[1], [1]]
    finally:
        envs.close()


def test_numpy_bools_are_refused_as_one_process_refuses_them():
    with twins(2, 2) as (batched, alone):
        batched.reset(seed=1)
        alone.reset(seed=1)
        for envs in (batched, alone):
            with pytest.raises(UnknownWord, match="np.True_ is not an action id"):
                envs.step(np.array([True, True]))


class Advised(Faulty):
    """A mask that is advice: a masked action is taken, with a penalty."""

    observation_space = gymnasium.spaces.Dict({
        "observation": gymnasium.spaces.Box(0, 10, (1,), np.float32),
        "action_mask": gymnasium.spaces.Box(0, 1, (2,), np.int8)})

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        return self._observed(), {}

    def step(self, action):
        self.steps += 1
        return self._observed(), -1.0 if action == 1 else 1.0, False, False, {}

    def _observed(self):
        return {"observation": np.full(1, self.steps, np.float32),
                "action_mask": np.array([1, 0], np.int8)}


def test_a_mask_that_is_advice_and_a_numpy_integer_in_an_object_array_are_taken():
    envs = WorkerVectorEnv([Advised] * 2, workers=2)
    try:
        envs.reset(seed=0)
        obs, rewards, *_ = envs.step(np.array([0, 1]))
        assert rewards.tolist() == [1.0, -1.0] and obs["observation"].tolist() == [[1], [1]]
    finally:
        envs.close()
    envs = vector_env(2, workers=2, **QUICK)
    try:
        obs, _ = envs.reset(seed=5)
        words = random_words(np.random.default_rng(5), obs["action_mask"])
        given = np.array([np.int64(words[0]), int(words[1])], dtype=object)
        after, *_ = envs.step(given)
        assert after["observation"].shape == obs["observation"].shape
    finally:
        envs.close()


def test_call_get_attr_set_attr_render_and_seeds_reach_every_environment():
    envs = vector_env(3, workers=2, render_mode="ansi", **QUICK)
    try:
        obs, info = envs.reset(seed=4)
        assert envs.get_attr("opponent_name") == tuple(info["opponent"])
        masks = envs.call("action_masks")
        assert all(np.array_equal(m, o.astype(bool)) for m, o in zip(masks, obs["action_mask"]))
        boards = envs.render()
        assert len(boards) == 3 and all("to move" in b for b in boards)
        envs.set_attr("side", ["blue", "red", "blue"])
        assert envs.get_attr("side") == ("blue", "red", "blue")
        envs.set_attr("side", "blue")
        assert envs.get_attr("side") == ("blue",) * 3
        assert envs.np_random_seed == (4, 5, 6)
        with pytest.raises(ValueError, match=r"use the vector's own step, not call\('step'\)"):
            envs.call("step", 0)
        with pytest.raises(AttributeError):
            envs.get_attr("no_such_attribute")
        assert envs.get_attr("side") == ("blue",) * 3  # still in step after the error
    finally:
        envs.close()


def test_a_reset_mask_resets_only_the_games_it_marks():
    with twins(3, 2) as (batched, alone):
        batched.reset(seed=8)
        alone.reset(seed=8)
        rng = np.random.default_rng(8)
        obs, _ = batched.reset(seed=8)
        for _ in range(5):
            words = random_words(rng, obs["action_mask"])
            obs, *_ = batched.step(words)
            alone.step(words)
        mask = np.array([False, True, False])
        obs, info = batched.reset(seed=20, options={"reset_mask": mask})
        twin, twin_info = alone.reset(seed=20, options={"reset_mask": mask.copy()})
        assert np.array_equal(obs["observation"], twin["observation"])
        assert same_infos(info, twin_info) and info["_opponent"].tolist() == [False, True, False]
        with pytest.raises(ValueError, match="expected at least one environment to reset"):
            batched.reset(options={"reset_mask": np.zeros(3, np.bool_)})
        with pytest.raises(ValueError, match=r"expected a numpy array of 3 booleans"):
            batched.reset(options={"reset_mask": [True, False, True]})


class Steered(Faulty):
    """An action of several numbers, which the vector does not take."""

    action_space = gymnasium.spaces.Box(-1, 1, (2,), np.float32)


def test_the_vector_refuses_no_environments_no_workers_and_actions_not_one_integer():
    with pytest.raises(ValueError, match=r"one integer action from 0 \(Discrete\)"):
        WorkerVectorEnv([Steered], workers=1)

    class Shifted(Faulty):
        action_space = gymnasium.spaces.Discrete(3, start=1)
    with pytest.raises(ValueError, match=r"one integer action from 0 \(Discrete\)"):
        WorkerVectorEnv([Shifted], workers=1)
    with pytest.raises(ValueError, match="at least one environment"):
        WorkerVectorEnv([], workers=1)
    with pytest.raises(ValueError, match="workers: expected a whole number of at least 1, not 0"):
        WorkerVectorEnv([lambda: RedCodeGymEnv(**QUICK)], workers=0)
    with pytest.raises(ValueError, match="not 0"):
        vector_env(2, workers=0, **QUICK)
