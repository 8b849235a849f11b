"""examples/train_policy.py, the policy-gradient example, in a tiny run: a
few short games train the policy (its weights move), the evaluation counts
every game, and the masked policy never picks an illegal word. The full
run and the win rates it reaches are in docs/ai.md."""

from __future__ import annotations

import importlib.util
import sys

import pytest

np = pytest.importorskip("numpy", reason="the ai extra is not installed")
pytest.importorskip("gymnasium")

from conftest import ROOT  # noqa: E402

SETUP = dict(teams="1v1", placement="fixed", turn_limit=3)


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("train_policy",
                                                  ROOT / "examples" / "train_policy.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_policy"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    del sys.modules["train_policy"]


def test_a_few_games_train_the_policy_and_evaluate_it(example):
    policy, curve = example.train(0, 2, "random", seed=1, games=3, **SETUP)
    assert len(curve.rewards) >= 3 and set(curve.rewards) <= {-1.0, 0.0, 1.0}
    assert curve.minutes == sorted(curve.minutes)
    assert np.abs(policy.actor).sum() > 0  # the entropy bonus moves it even in draws
    result = example.evaluate(policy, "greedy", 2, seed=5, **SETUP)
    assert sum(result.values()) == pytest.approx(1.0)


def test_a_won_game_makes_its_words_likelier_and_a_lost_one_less(example):
    rng = np.random.default_rng(1)
    x = example.features(rng.random((6, 8)))
    masks = np.ones((6, 4), np.int8)
    actions = np.array([0, 1, 2, 0, 1, 2])
    for result, sign in ((1.0, 1), (-1.0, -1)):
        policy = example.Policy(9, 4, entropy=0.0)
        before = policy.probabilities(x, masks)[np.arange(6), actions]
        for _ in range(5):
            policy.learn(x, masks, actions, np.full(6, result))
        after = policy.probabilities(x, masks)[np.arange(6), actions]
        assert (np.sign(after - before) == sign).all()
        assert np.sign((x @ policy.critic).mean()) == sign  # the value follows the result


def test_the_masked_policy_gives_illegal_words_no_chance(example):
    rng = np.random.default_rng(0)
    policy = example.Policy(5, 4)
    policy.actor[:] = rng.normal(size=policy.actor.shape) * 10
    masks = np.array([[0, 1, 0, 1], [1, 0, 0, 0]], np.int8)
    x = rng.normal(size=(2, 5))
    p = policy.probabilities(x, masks)
    assert np.allclose(p.sum(axis=1), 1) and not p[masks == 0].any()
    for _ in range(50):
        actions = policy.act(rng, x, masks)
        assert masks[np.arange(2), actions].all()
