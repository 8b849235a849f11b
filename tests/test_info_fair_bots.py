"""Fair bots: a bot of ``redcode_rules.bots`` decides from its player's
observation and the legal moves only (docs/rules.md D7.7–D7.9), so games
that differ only in cards it has not seen get the same choice from it."""

from __future__ import annotations

import random

import pytest

import redcode_rules as rc
from redcode_rules.bots import BOTS, GreedyBot

from conftest import EXAMPLES, TEAMS

RULES = {"en": rc.load_ruleset("en"),
         "hand_and_deck": rc.load_ruleset("en", extra=[EXAMPLES / "hand_and_deck.rc"])}


def sample_positions(rules: rc.Ruleset, seed: int, size: str, every: int):
    """Every ``every``-th position of a random game."""
    game = rc.new_game(rules, seed=seed, teams=TEAMS[size])
    rnd = random.Random(seed)
    n = 0
    while not game.is_over:
        if n % every == 0:
            yield game
        game.play(rnd.choice(game.legal_moves()))
        n += 1


#: Budgets that keep a search bot quick here (its choice is as fair at any budget).
QUICK = {"mcts": {"iterations": 12}}


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("rules,size,seed", [("en", "1v1", 2), ("hand_and_deck", "2v2", 3)])
def test_a_bot_chooses_alike_whatever_the_cards_it_has_not_seen(name, rules, size, seed):
    differed = 0
    for game in sample_positions(RULES[rules], seed, size, every=37):
        player = game.to_move
        for i in range(3):
            other = game.resample(player, i)
            assert other.observation(player) == game.observation(player)
            differed += other.state.hands != game.state.hands or \
                other.state.deck != game.state.deck
            assert BOTS[name](seed, **QUICK.get(name, {})).choose(other) == \
                BOTS[name](seed, **QUICK.get(name, {})).choose(game)
    assert differed > 20  # hidden cards did change


def test_the_greedy_bot_reads_no_hand_nor_deck():
    """Its reasons of every legal move are those of a game whose hidden
    cards were redrawn (the hand and deck are read by no term)."""
    game = next(g for g in sample_positions(RULES["hand_and_deck"], 3, "2v2", every=41)
                if g.decision == "main" and len(g.legal_moves()) > 5)
    other = game.resample(game.to_move, 7)
    assert other.state.deck != game.state.deck
    bot = GreedyBot()
    for text in game.legal_moves():
        assert bot.reasons(other, other.move_of(text)) == bot.reasons(game, game.move_of(text))
