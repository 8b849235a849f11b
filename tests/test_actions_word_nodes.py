"""Word-by-word play through the kept word nodes (ai/actions.py): at every
step of random games, 1v1 to 3v3, chance sampled and explicit, with cards
that have modes and chosen amounts, the legal actions read through a prefix
(``legal_actions``/``step``) and through a node kept between the words
(``word_node``/``advance``, as the OpenSpiel adapter plays) are exactly the
next words of ``legal_moves()`` split into words, and both play the same
game."""

from __future__ import annotations

import random

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace

from conftest import EXAMPLES, ROOT, TEAMS, next_words, shared_rules

DATA = ROOT / "tests" / "data"
#: card files with chosen amounts, modes, a ``may`` (``choose yes``) and modes
#: chosen by another player (``choose NAME``)
CARDS = {"edition": (), "amounts": (str(DATA / "amounts.rc"),),
         "modes": (str(EXAMPLES / "choices_fireball.rc"),), "may": (str(DATA / "may.rc"),),
         "chosen modes": (str(DATA / "modes_chosen.rc"),)}


def play_both_ways(rules, size: str, chance: str, seed: int, rnd: random.Random,
                   moves: int = 120) -> rc.Game:
    """A random game played word by word twice, through prefixes and through
    kept nodes, each step's actions checked against ``legal_moves()``: the
    game (both ways played the same moves)."""
    by_prefix, by_node = (rc.new_game(rules, teams=TEAMS[size], seed=seed, placement="fixed",
                                      chance=chance) for _ in range(2))
    space = ActionSpace.for_game(by_prefix)
    for _ in range(moves):
        if by_prefix.is_over:
            break
        prefix: tuple[int, ...] | None = ()
        node = space.word_node(by_node)
        while prefix is not None:
            actions = space.legal_actions(by_prefix, prefix)
            assert actions == node.actions == next_words(space, by_prefix, prefix)
            action = rnd.choice(actions)
            prefix = space.step(by_prefix, prefix, action)
            node = space.advance(by_node, node, action)
            assert (node is None) == (prefix is None)
            assert prefix is None or node.prefix == prefix
    assert by_node.moves == by_prefix.moves and by_node.to_json() == by_prefix.to_json()
    return by_prefix


@pytest.mark.parametrize("cards", sorted(CARDS))
@pytest.mark.parametrize("chance", ["sampled", "explicit"])
@pytest.mark.parametrize("size", sorted(TEAMS))
def test_word_nodes_give_the_legal_moves_words(size, chance, cards):
    rules = shared_rules("en", *CARDS[cards])
    game = play_both_ways(rules, size, chance, 5, random.Random(size + chance + cards))
    assert len(game.moves) > 60


@pytest.mark.parametrize("cards", ["may", "chosen modes"])
def test_answers_are_taken_word_by_word(cards):
    rules = shared_rules("en", *CARDS[cards])
    answered = 0
    for seed in range(1, 7):
        game = play_both_ways(rules, "2v2", "sampled", seed, random.Random(seed))
        answered += sum(m.startswith("choose ") for m in game.moves)
    assert answered > 0


def test_a_decision_met_again_has_its_words_read_already():
    """Two games at a decision of a few legal moves, the same, share its word
    nodes (kept by the moves); a caller's list of legal actions is its own."""
    rules = shared_rules("en")
    first, second = (rc.new_game(rules, teams=TEAMS["1v1"], seed=3, placement="fixed")
                     for _ in range(2))
    while len(first.legal_moves()) > 32 or len(first.legal_moves()) < 2:
        move = first.legal_moves()[0]
        first.play(move)
        second.play(move)
    assert first.legal_moves() == second.legal_moves()
    assert first._listed_moves()[1] is not second._listed_moves()[1]
    space = ActionSpace.for_game(first)
    root = space.word_node(first)
    assert space.word_node(second) is root
    mine = space.legal_actions(second)
    mine.clear()
    assert space.legal_actions(first) == root.actions != []
