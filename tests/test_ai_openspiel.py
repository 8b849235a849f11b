"""The OpenSpiel game ``python_redcode`` (redcode_rules.openspiel) passes
OpenSpiel's own random simulation test, and OpenSpiel's Python ISMCTSBot
plays whole games through it with a resampler built on ``Game.resample``.

Needs the ``ai`` extra; skipped without it. The quick run plays short games
(a turn limit of 12); the ``mass`` run plays whole ones.
"""

from __future__ import annotations

import pickle
import random
import signal
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install -e '.[ai]' (the ai extra)")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from conftest import EXAMPLES, ROOT, quick_and_mass, unseen_odds  # noqa: E402
from redcode_rules import openspiel as ros  # noqa: E402
from redcode_rules.game import Game  # noqa: E402

SHORT = 12  # turns of a quick run's game
EXAMPLE_FILE = str(EXAMPLES / "hand_and_deck.rc")


def load(**params):
    return pyspiel.load_game("python_redcode", params)


def play_randomly(state, rng: random.Random, words: int | None = None):
    """Random actions (chance by its probabilities) until the end or ``words`` actions."""
    done = 0
    while not state.is_terminal() and (words is None or done < words):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        done += 1
    return state


# ------------------------------------------------------------------ OpenSpiel's own tests
SIM_CASES = [(edition, teams) for teams in ("1v1", "2v2", "3v3") for edition in ("en", "es", "it")]


# the quick run: one pair (the other adapters' tests play every team size);
# -m mass: every pair
@pytest.mark.parametrize("edition, teams", quick_and_mass(
    SIM_CASES, {"es-2v2"}, ids=[f"{e}-{t}" for e, t in SIM_CASES]))
def test_random_sim_test_passes(edition, teams):
    game = load(edition=edition, teams=teams, turn_limit=SHORT)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_passes_with_an_example_card_file():
    game = load(cards=EXAMPLE_FILE, teams="2v2", turn_limit=SHORT)
    assert game.get_parameters()["cards"] == EXAMPLE_FILE
    assert "hand_and_deck" in str(game)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.mass
@pytest.mark.parametrize("edition", ["en", "es", "it"])
def test_random_sim_test_passes_on_whole_games(edition):
    game = load(edition=edition)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.mass
@pytest.mark.parametrize("edition,teams,mode", [("en", "2v2", "war"), ("it", "3v3", "war"),
                                                ("es", "3v3", "arena")])
def test_random_sim_test_passes_on_long_team_games(edition, teams, mode):
    """60 turns: the information-state strings, written for every player at
    every step, grow with the log, so a whole 3v3 game takes minutes."""
    game = load(edition=edition, teams=teams, mode=mode, turn_limit=60)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.mass
@pytest.mark.parametrize("teams", ["1v1", "3v3"])
def test_random_sim_test_passes_on_long_games_with_an_example_card_file(teams):
    game = load(cards=EXAMPLE_FILE, teams=teams, mode="arena", turn_limit=60)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_python_ismcts_bot_plays_whole_games_with_the_resampler():
    game = load(turn_limit=6, placement="fixed")
    random.seed(3)
    rs = np.random.RandomState(3)
    bots = []
    for _ in range(game.num_players()):
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0,
                               max_simulations=8, random_state=rs)
        bot.set_resampler(ros.resampler)
        bots.append(bot)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 5)
    assert len(returns) == 2 and sum(returns) == 0 and set(returns) <= {-1.0, 0.0, 1.0}


# ------------------------------------------------------------------ the game's description
def test_the_game_type_and_sizes():
    game = load(teams="3v3")
    kind = game.get_type()
    assert kind.short_name == "python_redcode"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (kind.min_num_players, kind.max_num_players) == (2, 6)
    assert game.num_players() == 6
    space = game.table.space
    assert game.num_distinct_actions() == space.size == game.max_chance_outcomes()
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.max_game_length() == ros.MAX_ACTIONS_PER_TURN * 201
    assert load(turn_limit=30).max_game_length() == ros.MAX_ACTIONS_PER_TURN * 31


def test_the_parameters_and_their_defaults():
    params = load().get_parameters()
    assert params == {"edition": "en", "mode": "war", "teams": "1v1", "placement": "choose",
                      "turn_limit": 0, "cards": ""}
    game = load(edition="it", mode="arena", teams="2v2", placement="fixed", turn_limit=9)
    assert game.table.start.rules.options.turn_limit == 9
    assert game.table.start.state.mode == "arena"
    assert game.table.start.ships == ["blue-submarine", "red-destroyer", "blue-destroyer",
                                      "red-aircraft_carrier"]


@pytest.mark.parametrize("params,field", [({"teams": "2v1"}, "teams"), ({"teams": "x"}, "teams"),
                                          ({"mode": "peace"}, "mode"),
                                          ({"placement": "near"}, "placement")])
def test_bad_parameters_are_refused_naming_the_parameter(params, field):
    with pytest.raises(Exception, match=field):
        load(**params)


# ------------------------------------------------------------------ states
def test_chance_outcomes_are_the_games_with_their_probabilities():
    game = load()
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    engine = state.position.game
    expected = sorted((game.table.space.id(o.split()[-1]), float(p))
                      for o, p in engine.chance_outcomes())
    assert state.chance_outcomes() == expected
    assert abs(sum(p for _, p in expected) - 1) < 1e-12
    first, _ = expected[0]
    outcome = state.action_to_string(pyspiel.PlayerId.CHANCE, first)
    assert outcome.startswith("deal ")
    state.apply_action(first)
    assert engine.moves == [outcome]


def test_chance_outcomes_asked_at_a_players_node_are_none_and_the_next_nodes_its_own():
    state = load(placement="fixed").new_initial_state()
    rng = random.Random(2)
    reached = 0
    while not state.is_terminal() and reached < 5:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        assert state.chance_outcomes() == []
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_chance_node():
            reached += 1
            engine = state.position.game.chance_outcomes()
            chance = pyspiel.PlayerId.CHANCE
            assert {state.action_to_string(chance, a): p for a, p in state.chance_outcomes()} \
                == {outcome: float(p) for outcome, p in engine}
            assert len(state.legal_actions()) == len(engine) > 0
            assert state.chance_outcomes() == state.chance_outcomes()  # kept, a copy each call
            assert state.chance_outcomes() is not state.chance_outcomes()
    assert reached == 5


def test_a_move_is_taken_word_by_word_by_the_same_player():
    state = load(placement="fixed").new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    engine = state.position.game
    space = state.position.table.space
    player = state.current_player()
    assert engine.ships[player] == engine.to_move
    move = next(m for m in engine.legal_moves() if len(m.split()) > 1)
    words = space.actions_of(engine, move)
    for i, action in enumerate(words[:-1]):
        state.apply_action(action)
        assert state.current_player() == player
        assert state.words_chosen() == " ".join(space.word(a) for a in words[:i + 1])
    state.apply_action(words[-1])
    assert engine.moves[-1] == move and state.words_chosen() == ""


def test_returns_are_team_returns_summing_to_zero():
    rng = random.Random(5)
    state = play_randomly(load(teams="2v2", turn_limit=SHORT).new_initial_state(), rng)
    engine = state.position.game
    returns = state.returns()
    assert sum(returns) == 0
    for seat, ship in enumerate(engine.ships):
        side = engine.ship(ship).side
        want = 0.0 if engine.winner == "draw" else 1.0 if side == engine.winner else -1.0
        assert returns[seat] == want


def test_clone_goes_through_game_clone_not_a_save(monkeypatch):
    state = play_randomly(load().new_initial_state(), random.Random(1), words=40)
    calls = []
    real_clone = Game.clone
    monkeypatch.setattr(Game, "clone", lambda self: calls.append(1) or real_clone(self))
    monkeypatch.setattr(Game, "to_json", lambda self: pytest.fail("clone saved the game"))
    twin = state.clone()
    # OpenSpiel first makes a new initial state (a clone of the setup's game
    # before the deal), then deep-copies the state's attributes: Game.clone
    assert calls == [1, 1]
    assert str(twin) == str(state) and twin.history() == state.history()
    assert twin.position.game is not state.position.game
    twin.apply_action(twin.legal_actions()[0])
    assert twin.history() != state.history()


def test_the_history_is_the_same_whichever_way_actions_are_applied():
    """Actions applied by ``apply_action``, ``apply_action_with_legality_check``
    and ``child``, mixed, with clones, pickles and saves on the way: every
    reading of the history is that of the same actions applied one way."""
    game = load(teams="2v2", turn_limit=SHORT)
    mixed, through_cpp = game.new_initial_state(), game.new_initial_state()
    rng = random.Random(11)
    while not mixed.is_terminal():
        if mixed.is_chance_node():
            actions, probs = zip(*mixed.chance_outcomes())
            action = rng.choices(actions, probs)[0]
        else:
            action = rng.choice(mixed.legal_actions())
        pyspiel.State.apply_action(through_cpp, action)
        way = rng.randrange(6)
        if way == 0:
            mixed.apply_action_with_legality_check(action)
        elif way == 1:
            mixed = mixed.child(action)
        else:
            mixed.apply_action(action)
        if rng.randrange(8) == 0:
            mixed = rng.choice([mixed.clone(), game.deserialize_state(mixed.serialize()),
                                pickle.loads(pickle.dumps(mixed))])
        if rng.randrange(4) == 0:
            for read in ("history", "history_str", "move_number", "is_initial_state",
                         "is_initial_non_chance_state"):
                assert getattr(mixed, read)() == getattr(through_cpp, read)(), read
            assert [(h.player, h.action) for h in mixed.full_history()] == \
                [(h.player, h.action) for h in through_cpp.full_history()]
    assert through_cpp.is_terminal() and len(mixed.history()) > 100
    assert mixed.history() == through_cpp.history() and str(mixed) == str(through_cpp)
    assert mixed.returns() == through_cpp.returns()


def test_serialize_mid_move_and_at_a_chance_node():
    game = load(teams="2v2")
    rng = random.Random(9)
    state = play_randomly(game.new_initial_state(), rng, words=3)  # dealing the map
    assert state.is_chance_node()
    back = game.deserialize_state(state.serialize())
    assert back.is_chance_node() and back.chance_outcomes() == state.chance_outcomes()
    while not (state.position.prefix and not state.is_chance_node()):
        play_randomly(state, rng, words=1)
    back = game.deserialize_state(state.serialize())
    assert back.position.prefix == state.position.prefix
    assert back.legal_actions() == state.legal_actions() and str(back) == str(state)


# ------------------------------------------------------------------ observations
def test_observation_and_information_state_strings_are_the_games():
    state = play_randomly(load(teams="2v2").new_initial_state(), random.Random(4), words=60)
    while state.position.prefix or state.is_chance_node():
        play_randomly(state, random.Random(1), words=1)
    engine = state.position.game
    for seat, ship in enumerate(engine.ships):
        assert state.observation_string(seat) == str(engine.observation(ship))
        assert state.information_state_string(seat) == engine.information_state(ship)


def test_the_words_chosen_are_seen_by_the_mover_only():
    state = load(placement="fixed").new_initial_state()
    rng = random.Random(6)
    while not state.position.prefix:
        play_randomly(state, rng, words=1)
    mover = state.current_player()
    other = 1 - mover
    words = state.words_chosen()
    assert state.information_state_string(mover).endswith("\nwords chosen: " + words)
    assert "words chosen" not in state.information_state_string(other)
    tensor = np.array(state.observation_tensor(mover))
    observer = state.get_game().make_py_observer()
    observer.set_from(state, mover)
    chosen = observer.dict["words_chosen"]
    assert list(np.flatnonzero(chosen)) == sorted(state.position.prefix)
    assert np.array_equal(tensor, observer.tensor)
    observer.set_from(state, other)
    assert not observer.dict["words_chosen"].any()


def test_tensors_have_the_layouts_sizes():
    game = load(teams="3v3")
    layout = game.table.layout
    size = sum(p.size for p in layout.pieces(False))
    assert game.observation_tensor_size() == size
    assert game.information_state_tensor_size() == sum(p.size for p in layout.pieces(True))
    state = play_randomly(game.new_initial_state(), random.Random(2), words=80)
    for seat in range(6):
        assert len(state.observation_tensor(seat)) == size


def test_the_resampler_keeps_what_the_player_knows():
    state = play_randomly(load(teams="2v2", placement="fixed").new_initial_state(),
                          random.Random(8), words=50)
    while state.is_chance_node():
        play_randomly(state, random.Random(1), words=1)
    player = state.current_player()
    game = state.get_game()
    random.seed(1)
    for _ in range(5):
        world = ros.resampler(state, player)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        assert world.history() == state.history()
        assert world.position.game is not state.position.game
        # a world pickles as itself, not as the moves that led to the real game
        assert game.deserialize_state(world.serialize()).position.game == world.position.game


def test_the_resampler_at_a_chance_node_inside_a_move_deals_a_world_of_its_own():
    """D7.11 at a chance node: the world asks for its own cards, pickles as
    itself and plays on as itself."""
    game = load(teams="2v2", placement="fixed", cards=EXAMPLE_FILE)
    rng = random.Random(5)
    state = play_randomly(game.new_initial_state(), rng, words=40)
    while not (state.is_chance_node() and state.position.game.log):
        play_randomly(state, rng, words=1)
    ids = game.table.space.id
    random.seed(2)
    apart = 0
    for player in range(game.num_players()):
        world = ros.resampler(state, player)
        engine = world.position.game
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.chance_outcomes() == sorted(
            (ids(outcome.split()[1]), float(p)) for outcome, p in unseen_odds(engine))
        back = game.deserialize_state(world.serialize())
        assert back.position.game == engine and back.chance_outcomes() == world.chance_outcomes()
        apart += world.chance_outcomes() != state.chance_outcomes()
        play_randomly(world, random.Random(player), words=60)
    assert apart


def test_resample_from_infostate_is_the_resampler_for_python_callers():
    """OpenSpiel's Python code asks the state itself; its Python ISMCTSBot
    searches without ``set_resampler``."""
    game = load(placement="fixed")
    state = play_randomly(game.new_initial_state(), random.Random(1), words=20)
    while state.is_chance_node():
        play_randomly(state, random.Random(1), words=1)
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.legal_actions() == state.legal_actions()
    assert world.position.game is not state.position.game
    rs = np.random.RandomState(4)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0,
                           max_simulations=4, random_state=rs)
    assert bot.step(state) in state.legal_actions()


CPP_ISMCTS = """
import random, pyspiel, redcode_rules.openspiel
game = pyspiel.load_game("python_redcode", {"turn_limit": 4, "placement": "fixed"})
state = game.new_initial_state()
rng = random.Random(1)
while state.is_chance_node():
    actions, probs = zip(*state.chance_outcomes())
    state.apply_action(rng.choices(actions, probs)[0])
bot = pyspiel.ISMCTSBot(0, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 4)
print("stepping", flush=True)
bot.step(state)
print("stepped", flush=True)
"""


def test_the_cpp_ismcts_bot_kills_the_interpreter_as_the_docs_say():
    """OpenSpiel's C++ ISMCTSBot resamples through the state's C++
    ResampleFromInfostate, which a Python game cannot provide: its step ends
    the process with a segmentation fault. The docs say so plainly (if
    OpenSpiel ever turns it into an exception, they must change)."""
    done = subprocess.run([sys.executable, "-c", CPP_ISMCTS], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout == "stepping\n" and done.returncode == -signal.SIGSEGV, done
    ai = (ROOT / "docs" / "ai.md").read_text(encoding="utf-8")
    assert "its\n`step` kills the Python interpreter with a segmentation fault" in ai
    assert "segmentation fault" in ros.__doc__


