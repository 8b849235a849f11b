"""The engine's fast paths say what the slow ones say, at every step of
random games: the pending decision read from the decision's listing once it
is listed (``to_move``, ``decision``) and asked of the engine."""

from __future__ import annotations

import random

import pytest

import redcode_rules as rc

from conftest import EXAMPLES, TEAMS

HAND_AND_DECK = rc.load_ruleset("en", extra=[EXAMPLES / "hand_and_deck.rc"])


def engine_pending(game: rc.Game) -> tuple[str | None, str | None]:
    """(to_move, decision) as the engine works them out now."""
    if game.is_chance_node:
        return game.to_move, game.decision
    pending = game.engine.pending()
    if pending is None:
        return None, None
    return game.state.ships[pending[1]].id, pending[0]


@pytest.mark.parametrize("teams,chance,seed", [("1v1", "sampled", 1), ("3v3", "explicit", 2),
                                               ("2v2", "sampled", 3)])
def test_the_pending_decision_is_the_engines_before_and_after_listing(teams, chance, seed):
    game = rc.new_game(HAND_AND_DECK, teams=TEAMS[teams], seed=seed, chance=chance)
    rnd = random.Random(seed)
    while not game.is_over:
        expected = engine_pending(game)
        assert (game.to_move, game.decision) == expected, game.move_count
        moves = game.legal_moves()
        assert (game.to_move, game.decision) == expected, game.move_count
        if game.is_chance_node:
            outcomes, odds = zip(*game.chance_outcomes())
            game.play(rnd.choices(outcomes, odds)[0])
        else:
            game.play(rnd.choice(moves))
    assert (game.to_move, game.decision) == (None, None)
    game.legal_moves()
    assert (game.to_move, game.decision) == (None, None)
