"""The observation tensor kept between steps (``observation_tensor``: each
seat's tensor brought up to date, only the groups of slices whose inputs
changed written again) holds, at every step, the numbers of the tensor
written afresh from the board's blank (``tensor_written_afresh``), for
every seat, in every team size, with sampled and explicit chance and with
the card-language examples' cards; and a clone, a resampled game or an
undo never reads a slice kept from another position."""

from __future__ import annotations

import random

import pytest

import redcode_rules as rc
from redcode_rules.bots.mcts import play_chance
from redcode_rules.info.game_tensor import observation_tensor, tensor_written_afresh
from redcode_rules.info.resample import resample

from conftest import EXAMPLES, TEAMS, play_random, quick_and_mass, shared_rules

EXAMPLE_FILES = sorted(p.name for p in EXAMPLES.glob("*.rc"))
#: the quick run's examples: a hand and the deck, tokens on the board, a
#: visibility that hides ships, statuses, a stack of answers, a beacon's
#: score, a terrain token that changes the board of the moment (D2.14)
QUICK = {"hand_and_deck.rc", "sea_mine.rc", "sight_camouflage.rc", "modifiers_smoke_screen.rc",
         "answered_target_interpose.rc", "beacon_score.rc", "sea_dredge.rc"}


def assert_kept_is_afresh(game: rc.Game, players) -> None:
    for player in players:
        assert observation_tensor(game, player) == tensor_written_afresh(game, player), \
            f"{player} after {game.move_count} moves"


def play_comparing(game: rc.Game, rnd: random.Random, moves: int) -> int:
    """Random moves (chance outcomes by their odds), the kept tensors of
    every seat compared with those written afresh before each; returns the
    steps compared."""
    steps = 0
    while not game.is_over and steps < moves:
        assert_kept_is_afresh(game, game.ships)
        if game.is_chance_node:
            play_chance(game, rnd)
        else:
            game.play(rnd.choice(game.legal_moves()))
        steps += 1
    assert_kept_is_afresh(game, game.ships)
    return steps


CASES = [(teams, chance, seed) for seed, (teams, chance) in enumerate(
    [(t, c) for t in ("1v1", "2v2", "3v3") for c in ("sampled", "explicit")], start=1)]


@pytest.mark.parametrize("teams,chance,seed", CASES)
def test_the_kept_tensor_is_the_one_written_afresh_at_every_step(teams, chance, seed):
    rules = shared_rules("en", str(EXAMPLES / "hand_and_deck.rc"))
    game = rc.new_game(rules, teams=TEAMS[teams], seed=seed, chance=chance)
    assert play_comparing(game, random.Random(seed), 250) > 100


@pytest.mark.parametrize("name", quick_and_mass(EXAMPLE_FILES, QUICK, EXAMPLE_FILES))
def test_the_kept_tensor_is_the_one_written_afresh_with_the_examples_cards(name):
    rules = shared_rules("en", str(EXAMPLES / name))
    seed = sum(map(ord, name))
    game = rc.new_game(rules, teams=TEAMS["2v2"], seed=seed, chance="sampled")
    assert play_comparing(game, random.Random(seed), 200) > 50


def test_a_clone_a_resample_and_an_undo_never_read_a_stale_slice():
    """Each seat's tensor is kept at one step and asked again after the game
    went elsewhere: moves undone and others played in their place, and a
    clone and a resampled game played on (each keeps its own tensors)."""
    rnd = random.Random(8)
    rules = shared_rules("en", str(EXAMPLES / "hand_and_deck.rc"))
    game = rc.new_game(rules, teams=TEAMS["3v3"], seed=8)
    while game.move_count < 300 and not game.is_over:
        assert_kept_is_afresh(game, game.ships)
        for _ in range(min(rnd.randrange(1, 8), game.move_count)):
            game.undo()
        assert_kept_is_afresh(game, game.ships)
        play_random(game, rnd, rnd.randrange(2, 16))  # other moves, nothing asked
        assert_kept_is_afresh(game, game.ships)
        for other in (game.clone(), resample(game, game.ships[game.move_count % 6], rnd)):
            assert_kept_is_afresh(other, other.ships)
            play_comparing(other, rnd, 3)
        assert_kept_is_afresh(game, game.ships)
        play_random(game, rnd, 5)
