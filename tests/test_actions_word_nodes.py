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

CARDS = {"edition": (), "amounts": (str(ROOT / "tests" / "data" / "amounts.rc"),),
         "modes": (str(EXAMPLES / "choices_fireball.rc"),)}


@pytest.mark.parametrize("cards", sorted(CARDS))
@pytest.mark.parametrize("chance", ["sampled", "explicit"])
@pytest.mark.parametrize("size", sorted(TEAMS))
def test_word_nodes_give_the_legal_moves_words(size, chance, cards):
    rules = shared_rules("en", *CARDS[cards])
    games = [rc.new_game(rules, teams=TEAMS[size], seed=5, placement="fixed", chance=chance)
             for _ in range(2)]
    by_prefix, by_node = games
    space = ActionSpace.for_game(by_prefix)
    rnd = random.Random(size + chance + cards)
    for _ in range(120):
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
    assert len(by_prefix.moves) > 60
