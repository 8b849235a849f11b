"""examples/train_policy.py, the policy-gradient example, in a tiny run: a
few short games train the policy (its weights move), against one bot or
several at once, in this process or by workers, and a curriculum goes on
with the same policy, the evaluation counts every game, the gradients by
hand are the objective's, a won game makes its words likelier, the
masked policy never picks an illegal word, and a bot of the library plays
the evaluation games in the agent's seat (``--baseline``). The full run and
the win rates it reaches are in docs/ai.md."""

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


def test_a_few_games_train_the_policy_a_second_bot_goes_on_and_the_evaluation_counts(example):
    policy, curve = example.train(0, 2, "random", seed=1, games=3, hidden=8, **SETUP)
    assert len(curve.rewards) >= 3 and set(curve.rewards) <= {-1.0, 0.0, 1.0}
    assert curve.minutes == sorted(curve.minutes) and set(curve.opponents) == {"random"}
    before = [p.copy() for p in policy.actor.params + policy.critic.params]
    first = len(curve.rewards)
    same, curve = example.train(0, 2, "greedy", seed=2, games=2, policy=policy, curve=curve,
                                **SETUP)
    assert same is policy and curve.opponents[first:] == ["greedy"] * (len(curve.rewards) - first)
    assert curve.minutes == sorted(curve.minutes)
    after = policy.actor.params + policy.critic.params
    assert all(np.abs(a - b).sum() > 0 for a, b in zip(after, before))  # every array moved
    result = example.evaluate(policy, "greedy", 2, seed=5, **SETUP)
    assert sum(result.values()) == pytest.approx(1.0)


def test_training_against_several_bots_records_each_games_bot_and_sums_them_apart(example):
    policy, curve = example.train(0, 2, ("random", "greedy"), seed=3, games=6, hidden=8,
                                  **SETUP)
    assert curve.opponents == ["greedy", "random", "random", "greedy", "random", "random"]
    _, curve = example.train(0, 2, "greedy", seed=4, games=2, policy=policy, curve=curve,
                             **SETUP)
    assert curve.stages == [0, 6] and curve.opponents[6:] == ["greedy", "greedy"]
    made = example.Curve(minutes=[0.1] * 5, rewards=[1.0, -1.0, 0.0, 1.0, 1.0],
                         opponents=["random", "greedy", "greedy", "random", "greedy"])
    assert made.summary(("random", "greedy")) == (
        "the last 100 against random won 100%, lost 0%; "
        "the last 100 against greedy won 33%, lost 33%")
    assert made.summary(("greedy",), "the first 100") == "the first 100 won 60%, lost 20%"
    assert made.win_rate(2, "greedy") == 0.5 and made.loss_rate(1, "greedy") == 0.0


def test_games_stepped_by_worker_processes_train_the_same_policy(example):
    """The vector's workers hand back what the caller's process would: the
    same games, the same updates, the same weights."""
    here, here_curve = example.train(0, 4, ("random", "greedy"), seed=5, games=5, hidden=8,
                                     **SETUP)
    there, there_curve = example.train(0, 4, ("random", "greedy"), seed=5, games=5, hidden=8,
                                       workers=2, **SETUP)
    assert (here_curve.rewards, here_curve.opponents) == \
        (there_curve.rewards, there_curve.opponents)
    assert all(np.array_equal(a, b) for a, b in zip(here.actor.params + here.critic.params,
                                                    there.actor.params + there.critic.params))


def test_backpropagation_gives_the_networks_gradient(example):
    rng = np.random.default_rng(3)
    net = example.Network(5, 4, 3, 0.001, rng, out_scale=1.0)
    x, weights = rng.normal(size=(6, 5)), rng.normal(size=(6, 3))

    def objective():
        return (net.forward(x)[0] * weights).sum()

    by_hand = net.gradients(x, net.forward(x)[1], weights)
    for param, grad in zip(net.params, by_hand):
        numeric = np.zeros_like(param)
        for i in np.ndindex(param.shape):
            keep = param[i]
            param[i] = keep + 1e-6
            up = objective()
            param[i] = keep - 1e-6
            numeric[i] = (up - objective()) / 2e-6
            param[i] = keep
        assert np.allclose(grad, numeric, atol=1e-6)


def test_the_ppo_gradient_is_the_clipped_objectives_and_vanishes_where_clipped(example):
    rng = np.random.default_rng(4)
    policy = example.Policy(3, 4, entropy=0.05)
    logits, masks = rng.normal(size=(4, 4)), np.array([[1, 1, 1, 1], [1, 0, 1, 1]] * 2)
    actions, advantage = np.array([0, 2, 3, 0]), np.array([1.5, -0.7, 2.0, -1.0])
    p = example.masked_softmax(logits, masks)
    # the first two within the clip range, the last two beyond it in their advantage's direction
    old = p[np.arange(4), actions] * np.array([1.1, 0.95, 0.5, 2.0])

    def objective(z):
        q = example.masked_softmax(z, masks)
        ratio = q[np.arange(4), actions] / old
        clipped = np.clip(ratio, 1 - policy.clip, 1 + policy.clip)
        logq = np.log(np.where(q > 0, q, 1.0))
        return (np.minimum(ratio * advantage, clipped * advantage).sum()
                - policy.entropy * (q * logq).sum())

    grad = policy.gradient(p, actions, old, advantage)
    numeric = np.zeros_like(logits)
    for i in np.ndindex(logits.shape):
        step = np.zeros_like(logits)
        step[i] = 1e-6
        numeric[i] = (objective(logits + step) - objective(logits - step)) / 2e-6
    assert np.allclose(grad, numeric, atol=1e-6)
    assert not grad[masks == 0].any()
    without_entropy = example.Policy(3, 4, entropy=0.0).gradient(p, actions, old, advantage)
    assert not without_entropy[2:].any() and np.abs(without_entropy[:2]).sum() > 0


def test_a_won_game_makes_its_words_likelier_and_a_lost_one_less(example):
    rng = np.random.default_rng(1)
    x = example.features(rng.random((6, 8)))
    masks = np.ones((6, 4), np.int8)
    actions = np.array([0, 1, 2, 0, 1, 2])
    for result, sign in ((1.0, 1), (-1.0, -1)):
        policy = example.Policy(8, 4, hidden=16, entropy=0.0)
        before = policy.probabilities(x, masks)[np.arange(6), actions]
        for _ in range(5):
            policy.learn(x, masks, actions, np.full(6, result))
        after = policy.probabilities(x, masks)[np.arange(6), actions]
        assert (np.sign(after - before) == sign).all()
        assert (np.sign(policy.value(x)) == sign).all()  # the value follows the result


def test_the_masked_policy_gives_illegal_words_no_chance(example):
    rng = np.random.default_rng(0)
    policy = example.Policy(5, 4, hidden=8)
    policy.actor.w2[:] = rng.normal(size=policy.actor.w2.shape) * 10
    masks = np.array([[0, 1, 0, 1], [1, 0, 0, 0]], np.int8)
    x = rng.normal(size=(2, 5))
    p = policy.probabilities(x, masks)
    assert np.allclose(p.sum(axis=1), 1) and not p[masks == 0].any()
    for _ in range(50):
        actions = policy.act(rng, x, masks)
        assert masks[np.arange(2), actions].all()


def test_a_bot_of_the_library_plays_the_evaluation_games_in_the_agents_seat(example):
    """``--baseline``: the yardstick of the policy's figures. The greedy bot in
    blue's seat, its moves taken word by word, beats the random bot in 5 of
    6 games of 30 turns and loses none; the random bot loses all 6 to greedy;
    and it is the same bot each time for the same seed."""
    setup = dict(teams="1v1", placement="fixed", turn_limit=30)
    assert example.evaluate_bot("greedy", "random", 6, 7, **setup) == {
        "won": 5 / 6, "drawn": 1 / 6, "lost": 0.0}
    assert example.evaluate_bot("random", "greedy", 6, 7, **setup) == {
        "won": 0.0, "drawn": 0.0, "lost": 1.0}
    assert example.evaluate_bot("greedy", "greedy", 6, 7, **setup) == \
        example.evaluate_bot("greedy", "greedy", 6, 7, **setup) == {
            "won": 0.0, "drawn": 5 / 6, "lost": 1 / 6}
