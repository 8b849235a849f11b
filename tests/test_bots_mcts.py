"""The information-set tree search bot: reproducible for an iteration
budget, no search without a choice, budgets by iterations or seconds, team
returns, and the command line's ``mcts`` bots. (That it decides alike
whatever the cards it has not seen: tests/test_info_fair_bots.py.)"""

from __future__ import annotations

import random

import pytest

import redcode_rules as rc
from redcode_rules.bots import ISMCTSBot
from redcode_rules.cli import main
from redcode_rules.bots.mcts import side_value

from conftest import scenario_game

RULES = rc.load_ruleset("en")


def position(seed: int, moves: int, teams=None) -> rc.Game:
    """A random game after ``moves`` moves, at a decision with a choice."""
    game = rc.new_game(RULES, seed=seed, **({"teams": teams} if teams else {}))
    rnd = random.Random(seed)
    for _ in range(moves):
        game.play(rnd.choice(game.legal_moves()))
    while len(game.legal_moves()) < 3:
        game.play(rnd.choice(game.legal_moves()))
    return game


def test_the_same_seed_and_iterations_give_the_same_search():
    game = position(4, 80)
    first, second = ISMCTSBot(7, iterations=40), ISMCTSBot(7, iterations=40)
    assert first.choose(game) == second.choose(game)
    assert first.last.moves == second.last.moves
    assert first.last.iterations == 40
    assert sum(v for _, v, _ in first.last.moves) == 40
    assert game.legal_moves() == position(4, 80).legal_moves()  # the game is untouched


def test_a_lone_legal_move_is_played_without_a_search():
    game = scenario_game("""
        edition: en
        ships:
          blue-submarine: {at: b2}
          red-destroyer: {at: g5}
        phase: recover
    """)
    while len(game.legal_moves()) != 1:
        game.play(game.legal_moves()[0])
    bot = ISMCTSBot(1, iterations=50)
    assert bot.choose(game) == game.legal_moves()[0]
    assert bot.last is None


def test_a_time_budget_stops_the_search():
    bot = ISMCTSBot(1, seconds=0.05)
    bot.choose(position(5, 60))
    assert bot.last.iterations >= 1
    assert bot.last.seconds < 1.0


@pytest.mark.parametrize("options,message", [
    ({"iterations": 0}, "iterations must be from 1 to 1,000,000"),
    ({"iterations": 10 ** 5000}, "iterations must be from 1 to 1,000,000, not <a number of"),
    ({"seconds": float("inf")}, "seconds must be more than 0 and at most 3600"),
    ({"exploration": float("nan")}, "exploration must be a finite number"),
    ({"seconds": 0}, "seconds must be more than 0"),
    ({"rollout": "smart"}, "rollout is one of random, greedy"),
])
def test_bad_budgets_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        ISMCTSBot(1, **options)


def test_greedy_playouts():
    bot = ISMCTSBot(2, iterations=6, rollout="greedy", depth=4)
    assert bot.choose(position(6, 70)) in position(6, 70).legal_moves()


def test_a_position_is_worth_to_one_side_what_it_costs_the_other():
    for seed in (1, 2):
        game = position(seed, 150, teams=[["submarine", "destroyer"], ["destroyer", "submarine"]])
        assert side_value(game, "blue") == pytest.approx(-side_value(game, "red"))
        assert -1 < side_value(game, "blue") < 1


def test_a_finished_game_is_worth_its_result():
    game = scenario_game("""
        edition: en
        mode: arena
        ships:
          blue-submarine: {at: c3, repairs: 2, breakdowns: 0}
          red-destroyer: {at: d4, repairs: 1, breakdowns: 0}
        hands: {blue-submarine: [atomic_bomb]}
        deck: [ambush, evasion]
        phase: maneuvers
    """)
    game.play("order atomic_bomb c3")
    assert game.is_over and game.winner == "draw"
    assert side_value(game, "blue") == side_value(game, "red") == 0.0


def test_demo_with_a_search_bot(capsys):
    assert main(["demo", "--bots", "mcts:iterations=3", "greedy", "--short", "--seed", "2"]) == 0
    assert "Winner" in capsys.readouterr().out


def test_play_names_search_bots(capsys):
    assert main(["play", "--bots", "mcts:budget=1"]) == 2
    assert "mcts takes no option 'budget=1'" in capsys.readouterr().err
