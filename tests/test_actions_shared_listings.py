"""Word-by-word play where a game hands out the same listing again (its
small choices: recovery, a discard): the word nodes kept with the listing
answer exactly as a fresh reading of the legal moves would, and a prefix
that is already a whole move is refused every time, not only the first."""

from __future__ import annotations

import random

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.base.errors import IllegalAction

from conftest import EXAMPLES, TEAMS, next_words

EXAMPLE_RULES = rc.load_ruleset("en", extra=[EXAMPLES / "hand_and_deck.rc"])


@pytest.mark.parametrize("size", ["1v1", "2v2"])
def test_kept_word_nodes_answer_as_the_legal_moves_do(size):
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, teams=TEAMS[size], seed=11, placement="fixed")
    space = ActionSpace.for_game(game)
    rnd = random.Random(3)
    seen: dict[int, int] = {}  # listing handed out again: how often
    for _ in range(400):
        if game.is_over:
            break
        _, listed, _, _ = game._listed_moves()
        seen[id(listed)] = seen.get(id(listed), 0) + 1
        prefix: tuple[int, ...] | None = ()
        while prefix is not None:
            actions = space.legal_actions(game, prefix)
            assert actions == next_words(space, game, prefix)
            prefix = space.step(game, prefix, rnd.choice(actions))
    assert max(seen.values()) > 1  # some listing was handed out again


def test_a_whole_move_prefix_is_refused_at_a_listing_seen_again():
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, teams=TEAMS["1v1"], seed=11, placement="fixed")
    space = ActionSpace.for_game(game)
    rnd = random.Random(3)
    refused = 0
    for _ in range(300):
        if game.is_over:
            break
        moves = game.legal_moves()
        single = [m for m in moves if len(m.split()) == 2
                  and sum(o.startswith(m) for o in moves) == 1]
        if single:
            whole = space.encode(single[0])
            for _ in range(2):
                with pytest.raises(IllegalAction):
                    space.legal_actions(game, whole)
            refused += 1
        prefix: tuple[int, ...] | None = ()
        for action in space.actions_of(game, rnd.choice(moves)):  # its nodes kept
            prefix = space.step(game, prefix, action)
        assert prefix is None
    assert refused > 20


@pytest.mark.parametrize("size,chance", [("1v1", "sampled"), ("3v3", "explicit")])
def test_the_first_words_come_from_the_listings_entries(size, chance):
    """The texts a listing holds (its moves without paths, the heads of its
    groups of paths) begin with exactly the first words of its legal moves,
    which the action space reads from them rather than from every move."""
    game = rc.new_game(EXAMPLE_RULES, teams=TEAMS[size], seed=5, chance=chance)
    space = ActionSpace.for_game(game)
    rnd = random.Random(5)
    while not game.is_over and game.move_count < 400:
        _, moves, _, heads = game._listed_moves()
        heads = heads()
        assert {h.split()[0] for h in heads} == {m.split()[0] for m in game.legal_moves()}
        assert len(heads) <= len(moves)
        if game.is_chance_node:
            game.play(rnd.choice(game.legal_moves()))
        else:
            assert space.legal_actions(game) == next_words(space, game, ())
            prefix: tuple[int, ...] | None = ()
            while prefix is not None:
                prefix = space.step(game, prefix, rnd.choice(space.legal_actions(game, prefix)))
