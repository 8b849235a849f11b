"""The single-agent Gymnasium environment (one side against a fixed bot, word
by word) and its vectorised form: Gymnasium's own checks, whole episodes
with their end reward, seeds that repeat an episode, refused words, and
batched observations and masks from worker processes."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the ai extra is not installed")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import (check_action_space, check_observation_space,  # noqa: E402
                                          check_reset_options, check_reset_return_type,
                                          check_reset_seed_determinism)

from redcode_rules.ai.gym import RedCodeGymEnv, vector_env  # noqa: E402
from redcode_rules.base.errors import IllegalAction  # noqa: E402

QUICK = dict(placement="fixed", turn_limit=6)


def masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def play_episode(env: RedCodeGymEnv, seed: int) -> tuple[list[np.ndarray], float, int]:
    """Random legal words to the end: the observations, the last reward, the steps."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    seen, steps = [obs["observation"]], 0
    while True:
        assert obs["action_mask"].any()
        assert env.observation_space.contains(obs)
        obs, reward, terminated, truncated, _ = env.step(masked_choice(rng, obs["action_mask"]))
        seen.append(obs["observation"])
        steps += 1
        if terminated:
            return seen, reward, steps
        assert reward == 0 and not truncated


def test_gymnasiums_checks_of_spaces_and_resets_pass():
    """Gymnasium's ``check_env`` steps with unmasked random actions, which a
    game refuses (most words are illegal at any step): its checks of the
    spaces and of ``reset`` are run, the steps are checked below."""
    env = RedCodeGymEnv(**QUICK)
    check_observation_space(env.observation_space)
    check_action_space(env.action_space)
    check_reset_return_type(env)
    check_reset_seed_determinism(env)
    check_reset_options(env)


@pytest.mark.parametrize("side,opponent", [("blue", "random"), ("red", "greedy")])
def test_an_episode_ends_with_the_result_for_the_agents_side(side, opponent):
    env = RedCodeGymEnv(side=side, opponent=opponent, **QUICK)
    for seed in range(3):
        _, reward, steps = play_episode(env, seed)
        winner = env.game.winner
        assert reward == (0.0 if winner == "draw" else 1.0 if winner == side else -1.0)
        assert steps > 5
        assert not env.observation_space["observation"].contains(np.ones(1, np.float32))


def test_a_seed_repeats_the_episode():
    first, _, _ = play_episode(RedCodeGymEnv(**QUICK), 4)
    again, _, _ = play_episode(RedCodeGymEnv(**QUICK), 4)
    assert len(first) == len(again)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))


def test_a_word_that_continues_no_legal_move_is_refused_and_changes_nothing():
    env = RedCodeGymEnv(**QUICK)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    moves = env.game.move_count
    with pytest.raises(IllegalAction):
        env.step(illegal)
    assert env.game.move_count == moves and env.prefix == ()
    assert np.array_equal(env._observation()["action_mask"], obs["action_mask"])


@pytest.mark.parametrize("asynchronous", [False, True])
def test_vectorised_environments_hand_back_batches_with_a_legal_word_each(asynchronous):
    envs = vector_env(2, asynchronous=asynchronous, opponent="random", **QUICK)
    try:
        obs, _ = envs.reset(seed=3)
        size = envs.single_observation_space["observation"].shape[0]
        words = envs.single_action_space.n
        rng = np.random.default_rng(3)
        ended = 0
        for _ in range(150):
            assert obs["observation"].shape == (2, size)
            assert obs["action_mask"].shape == (2, words)
            assert obs["action_mask"].any(axis=1).all()  # a new game at once where one ended
            actions = np.array([masked_choice(rng, m) for m in obs["action_mask"]])
            obs, rewards, terminated, truncated, info = envs.step(actions)
            ended += int(terminated.sum())
            assert set(rewards[terminated]) <= {-1.0, 0.0, 1.0}
            assert not rewards[~terminated].any()
        assert ended >= 1
    finally:
        envs.close()


def test_every_mask_is_the_legal_words_also_when_kept_and_changed_by_the_caller():
    """The masks are kept per word node (ai/masks.py), met again in the game
    and the next: at every step of two games on one environment the mask is
    1 exactly at ``legal_actions``, whatever the caller wrote into the last
    one it was handed."""
    env = RedCodeGymEnv(**QUICK)
    rng = np.random.default_rng(5)
    for seed in (5, 6):
        obs, _ = env.reset(seed=seed)
        while True:
            mask = obs["action_mask"]
            legal = np.zeros(env.space.size, np.int8)
            legal[env.space.legal_actions(env.game, env.prefix)] = 1
            assert np.array_equal(mask, legal)
            assert np.array_equal(env.action_masks(), legal.astype(bool))
            action = masked_choice(rng, mask)
            mask[:] = 1  # the caller's own array: the kept one stays as it was
            obs, _, terminated, _, _ = env.step(action)
            if terminated:
                assert not obs["action_mask"].any()
                break


def test_several_opponents_are_drawn_one_a_game_by_the_seed_and_named_in_the_info():
    """``opponent`` as a sequence: each game draws its bot with the
    environment's seeded generator, ``info["opponent"]`` names it at the reset
    and at the step that ends the game, and the bot then playing is that one
    (the greedy bot's moves are the ones a greedy bot chooses)."""
    from redcode_rules.bots.players import GreedyBot, RandomBot

    env = RedCodeGymEnv(opponent=("random", "greedy"), **QUICK)
    drawn = []
    for seed in range(8):
        _, info = env.reset(seed=seed)
        drawn.append(info["opponent"])
        assert type(env.opponent) is {"random": RandomBot, "greedy": GreedyBot}[info["opponent"]]
    assert drawn == ["greedy", "greedy", "random", "random", "greedy", "random", "greedy",
                     "greedy"]
    again = RedCodeGymEnv(opponent=("random", "greedy"), **QUICK)
    assert [again.reset(seed=seed)[1]["opponent"] for seed in range(8)] == drawn
    rng = np.random.default_rng(2)
    obs, info = env.reset(seed=2)
    while True:
        obs, _, terminated, _, end = env.step(masked_choice(rng, obs["action_mask"]))
        if terminated:
            break
        assert end == {}
    assert end == {"opponent": info["opponent"]} == {"opponent": "random"}


def test_one_opponent_deals_the_games_it_dealt_before_the_mix_and_none_is_refused():
    """A single bot draws nothing more: the same seed deals the same game as
    a list of that one bot. An empty list and an unknown bot are refused."""
    from redcode_rules.base.errors import UsageError

    one, listed = RedCodeGymEnv(opponent="greedy", **QUICK), \
        RedCodeGymEnv(opponent=["greedy"], **QUICK)
    for seed in (1, 9):
        a, info = one.reset(seed=seed)
        b, _ = listed.reset(seed=seed)
        assert np.array_equal(a["observation"], b["observation"])
        assert info == {"opponent": "greedy"}
        assert one.game.to_json() == listed.game.to_json()
    with pytest.raises(ValueError, match="opponent: expected a bot spec or several"):
        RedCodeGymEnv(opponent=(), **QUICK)
    with pytest.raises(UsageError, match="unknown bot 'gredy'"):
        RedCodeGymEnv(opponent=("random", "gredy"), **QUICK)


def test_a_vector_environment_names_each_finished_games_opponent():
    envs = vector_env(4, asynchronous=False, opponent=("random", "greedy"), **QUICK)
    obs, info = envs.reset(seed=7)
    assert set(info["opponent"]) == {"random", "greedy"}
    rng = np.random.default_rng(7)
    names, playing = [], list(info["opponent"])
    for _ in range(300):
        actions = np.array([masked_choice(rng, m) for m in obs["action_mask"]])
        obs, _, terminated, _, info = envs.step(actions)
        for i in np.flatnonzero(terminated):
            names.append(info["final_info"]["opponent"][i])
            assert names[-1] == playing[i]
        for i in np.flatnonzero(terminated):
            playing[i] = info["opponent"][i]
    envs.close()
    assert len(names) >= 4 and set(names) == {"random", "greedy"}


def test_a_deep_copy_plays_on_apart_and_shares_only_what_no_one_changes():
    """A vector's worker tries a refused word on a copy: the copy's game,
    opponent and generator are its own, the spaces and masks shared."""
    import copy

    env = RedCodeGymEnv(opponent="greedy", **QUICK)
    obs, _ = env.reset(seed=3)
    saved, state = env.game.to_json(), env.np_random.bit_generator.state
    twin = copy.deepcopy(env)
    assert twin.space is env.space and twin._masks is env._masks and twin.game is not env.game
    assert twin.opponent is not env.opponent and twin.game.to_json() == saved
    rng = np.random.default_rng(3)
    for _ in range(12):  # the copy plays on: moves, the opponent's moves, a reset
        obs, _, terminated, _, _ = twin.step(masked_choice(rng, obs["action_mask"]))
        if terminated:
            obs, _ = twin.reset()
    assert env.game.to_json() == saved and env.prefix == ()
    assert env.np_random.bit_generator.state == state
    with pytest.raises(IllegalAction):
        copy.deepcopy(env).step(int(np.flatnonzero(env.action_masks() == 0)[0]))
    assert env.game.to_json() == saved
