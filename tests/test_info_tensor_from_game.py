"""The observation tensor read straight from a game (``observation_tensor``)
holds the same numbers as the one written from its ``Observation``, at every
step of random games, for every player: the adapters' fast path and the
observation say the same."""

from __future__ import annotations

import random

import pytest

import redcode_rules as rc
from redcode_rules.base.errors import UnknownName
from redcode_rules.info.game_tensor import observation_tensor
from redcode_rules.info.observation import known_deck_top, observe

from conftest import EXAMPLES, TEAMS, play_random, quick_and_mass

EN = rc.load_ruleset("en")
HAND_AND_DECK = rc.load_ruleset("en", extra=[EXAMPLES / "hand_and_deck.rc"])


def assert_same_tensors(game: rc.Game, players=None) -> None:
    for player in players or game.ships:
        assert observation_tensor(game, player) == observe(game, player).tensor(), \
            f"{player} after {game.move_count} moves"


def play_checking(game: rc.Game, rnd: random.Random, moves: int) -> int:
    """Random moves (chance outcomes by their odds), the mover's tensors
    compared before each (the same player is often asked again after a
    move, as a learning program asks) and every player's now and then;
    returns the steps checked."""
    steps = 0
    while not game.is_over and steps < moves:
        assert_same_tensors(game, None if steps % 7 == 0 or game.is_chance_node
                            else [game.to_move])
        if game.is_chance_node:
            outcomes, odds = zip(*game.chance_outcomes())
            game.play(rnd.choices(outcomes, odds)[0])
        else:
            game.play(rnd.choice(game.legal_moves()))
        steps += 1
    assert_same_tensors(game)
    return steps


CASES = [(EN, "1v1", "sampled", 1), (HAND_AND_DECK, "2v2", "sampled", 2),
         (HAND_AND_DECK, "3v3", "explicit", 3), (EN, "2v2", "explicit", 4),
         (HAND_AND_DECK, "1v1", "sampled", 5), (HAND_AND_DECK, "2v2", "explicit", 6)]


@pytest.mark.parametrize("rules,teams,chance,seed", quick_and_mass(
    CASES, {0, 1, 2}, [f"{r.hash[:6]}-{t}-{c}-{s}" for r, t, c, s in CASES]))
def test_the_tensor_from_the_game_is_the_observations_at_every_step(rules, teams, chance, seed):
    game = rc.new_game(rules, teams=TEAMS[teams], seed=seed, chance=chance)
    assert play_checking(game, random.Random(seed), 400) > 100


def test_the_tensor_from_the_game_follows_undo_and_clone():
    """What the game keeps to save work (the board's planes, the deck's top
    read from the log, the last tensor) is never stale after an undo, when
    other moves are played in place of those undone, or in a clone."""
    rnd = random.Random(8)
    game = rc.new_game(HAND_AND_DECK, teams=TEAMS["2v2"], seed=8)
    while game.move_count < 300 and not game.is_over:
        assert_same_tensors(game)
        for _ in range(min(rnd.randrange(1, 8), game.move_count)):
            game.undo()
        play_random(game, rnd, rnd.randrange(2, 16))  # other moves, nothing asked
        assert_same_tensors(game)
        clone = game.clone()
        play_checking(clone, rnd, 3)
        play_random(game, rnd, 5)


def test_the_known_deck_top_is_forgotten_with_the_move_undone():
    """D7.9: a card put on top of the deck, then the move undone and others
    played until the log is as long again: the top the putter knew is gone."""
    rnd = random.Random(3)
    game = rc.new_game(HAND_AND_DECK, seed=3)  # a card put on the deck at move 255
    while not any(known_deck_top(game, p) for p in game.ships):
        game.play(rnd.choice(game.legal_moves()))
    assert_same_tensors(game)  # the deck's top read from the log, and kept
    logged = len(game.log)
    undone = game.moves[-1]
    game.undo()
    while len(game.legal_moves()) < 2:  # back to a decision that had another move
        undone = game.moves[-1]
        game.undo()
    game.play(rnd.choice([m for m in game.legal_moves() if m != undone]))
    while len(game.log) < logged and not game.is_over:
        game.play(rnd.choice(game.legal_moves()))
    assert not any(known_deck_top(game, p) for p in game.ships)
    assert_same_tensors(game)


def test_the_tensor_of_an_unknown_player_is_refused():
    game = rc.new_game(EN, seed=1)
    with pytest.raises(UnknownName):
        observation_tensor(game, "green-submarine")
