"""The PettingZoo AEC environment (redcode_rules.pettingzoo) passes
PettingZoo's own API, seed and render tests.

Needs the ``ai`` extra; skipped without it.
"""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed: pip install -e '.[ai]' (the ai extra)")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from conftest import EXAMPLES  # noqa: E402
from redcode_rules.pettingzoo import RedCodeEnv, env, raw_env  # noqa: E402

SHORT = 12  # turns of a quick run's game

#: What api_test says of every environment with a Dict observation and of
#: agents not named player_N: advice, not failures.
ADVICE = ("Observation is not a NumPy array",
          "Observation space for each agent probably should be",
          "We recommend agents to be named in the format")

pytestmark = [pytest.mark.filterwarnings(f"ignore:{advice}") for advice in ADVICE]


@pytest.mark.parametrize("teams", ["1v1", "2v2", "3v3"])
def test_api_test_passes(teams):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(teams=teams, turn_limit=SHORT), num_cycles=200)
    said = {str(w.message) for w in caught}
    assert [s for s in said if not s.startswith(ADVICE)] == []


def test_api_test_passes_with_an_example_card_file():
    api_test(env(cards=[str(EXAMPLES / "hand_and_deck.rc")], turn_limit=SHORT), num_cycles=200)


@pytest.mark.parametrize("teams", ["1v1", "3v3"])
def test_seed_test_passes(teams):
    seed_test(lambda: env(teams=teams, turn_limit=SHORT), num_cycles=200)


def test_render_test_passes():
    render_test(lambda render_mode=None: env(turn_limit=SHORT, render_mode=render_mode))


@pytest.mark.mass
@pytest.mark.parametrize("edition", ["en", "es", "it"])
@pytest.mark.parametrize("teams", ["1v1", "2v2", "3v3"])
def test_api_and_seed_tests_pass_on_whole_games(edition, teams):
    api_test(env(edition=edition, teams=teams), num_cycles=100_000)
    seed_test(lambda: env(edition=edition, teams=teams), num_cycles=100_000)


# ------------------------------------------------------------------ the environment
def test_agents_are_the_seats_and_spaces_the_vocabulary():
    e = raw_env(teams="2v2")
    e.reset(seed=0)
    assert e.possible_agents == e.agents == e.game.ships
    assert e.agent_selection == e.game.to_move
    for agent in e.agents:
        act = e.action_space(agent)
        obs = e.observation_space(agent)
        assert isinstance(act, spaces.Discrete) and act.n == e.space.size
        assert isinstance(obs, spaces.Dict) and set(obs.spaces) == {"observation", "action_mask"}
        assert obs["action_mask"].shape == (e.space.size,)


def test_the_mask_is_the_legal_words_of_the_mover_only():
    e = raw_env(placement="fixed")
    e.reset(seed=3)
    mover = e.agent_selection
    other = next(a for a in e.agents if a != mover)
    mask = e.observe(mover)["action_mask"]
    assert list(np.flatnonzero(mask)) == e.space.legal_actions(e.game, ())
    assert not e.observe(other)["action_mask"].any()


def test_a_seed_deals_the_same_game_and_another_seed_another():
    def first_moves(seed, n=40):
        e = raw_env()
        e.reset(seed=seed)
        rng = np.random.default_rng(0)
        for _ in range(n):
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
        return e.game.moves, e.game.board_text()

    assert first_moves(7) == first_moves(7)
    assert first_moves(7)[1] != first_moves(8)[1]


def test_a_whole_game_ends_with_team_rewards_and_every_agent_done():
    e = env(teams="2v2", turn_limit=SHORT)
    e.reset(seed=11)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    game = e.unwrapped.game
    assert game.is_over and e.agents == []
    assert sum(totals.values()) == 0
    for agent, total in totals.items():
        side = game.ship(agent).side
        assert total == (0.0 if game.winner == "draw" else 1.0 if side == game.winner else -1.0)


def test_ansi_rendering_is_the_board_and_the_decision():
    e = raw_env(render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert text.startswith(e.game.board_text())
    assert f"{e.game.to_move} to move" in text


def test_an_illegal_word_is_refused_and_changes_nothing():
    from redcode_rules.ai.actions import IllegalAction

    e = raw_env()
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    moves = list(e.game.moves)
    with pytest.raises(IllegalAction):
        e.step(bad)
    assert e.game.moves == moves and e.prefix == ()


@pytest.mark.parametrize("action", [
    lambda legal: legal + 0.5, lambda legal: float(legal), lambda legal: np.float64(legal),
    lambda legal: "x", lambda legal: str(legal), lambda legal: "x" * 10_000],
    ids=["fraction", "float", "numpy float", "word", "number as text", "long word"])
def test_an_action_that_is_not_a_whole_number_is_refused_and_changes_nothing(action):
    """``step(8.5)`` must not play word 8, nor ``step("x")`` raise a bare
    ValueError: the library's own error, the game as it was."""
    from redcode_rules.base.errors import RedCodeError, UnknownWord

    e = raw_env()
    e.reset(seed=2)
    legal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
    moves = list(e.game.moves)
    with pytest.raises(UnknownWord, match="is not an action id of this space") as caught:
        e.step(action(legal))
    assert isinstance(caught.value, RedCodeError) and len(str(caught.value)) < 200
    assert e.game.moves == moves and e.prefix == ()
    e.step(np.int64(legal))  # a numpy integer, as Discrete.sample gives, is an action
    assert e.prefix == (legal,) or e.game.moves != moves


def test_a_bad_render_mode_or_parameter_is_refused():
    with pytest.raises(ValueError, match="render_mode"):
        RedCodeEnv(render_mode="rgb_array")
    with pytest.raises(ValueError, match="teams"):
        RedCodeEnv(teams="3v2")


def fresh_observation(e, agent):
    """``agent``'s observation written from nothing kept: the game's tensor,
    the words it has chosen, the legal words if it is to move."""
    out = np.zeros(e.observation_space(agent)["observation"].shape, np.float32)
    mover = agent == e.agent_selection and not e.game.is_over
    e.layout.write(out, e.game, agent, e.prefix if mover else (), False)
    mask = np.zeros(e.space.size, np.int8)
    if mover:
        mask[e.space.legal_actions(e.game, e.prefix)] = 1
    return out, mask


@pytest.mark.parametrize("teams", ["1v1", "3v3"])
def test_every_observation_is_the_one_written_afresh(teams):
    """The tensor kept between the steps of a move, with the words chosen
    written on a copy, and the mask of each set of legal words kept (from one
    game to the next): at every step and for every agent, the values of a fresh
    writing, and a change to one handed out changes nothing the environment
    keeps."""
    e = raw_env(teams=teams, placement="fixed", turn_limit=SHORT)
    for seed in (5, 6):  # the second game meets the masks the first kept
        e.reset(seed=seed)
        rnd = np.random.default_rng(seed)
        for step, agent in enumerate(e.agent_iter()):
            for who in e.agents:
                got = e.observe(who)
                want, mask = fresh_observation(e, who)
                assert np.array_equal(got["observation"], want), (seed, step, who)
                assert np.array_equal(got["action_mask"], mask), (seed, step, who)
                got["observation"][:] = 7  # the agent's own copy
                got["action_mask"][:] = 0
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            assert np.array_equal(obs["observation"], fresh_observation(e, agent)[0])
            e.step(int(rnd.choice(np.flatnonzero(obs["action_mask"]))))
        assert e.game.is_over or e.game.turn_number >= SHORT
