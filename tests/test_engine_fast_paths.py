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


# the hand limit of the rules (house_rules.rc lowers it to 4: more discards)
HAND_LIMITS = {"hand and deck": HAND_AND_DECK,
               "house rules": rc.load_ruleset("en", extra=[EXAMPLES / "hand_and_deck.rc",
                                                           EXAMPLES / "house_rules.rc"])}


def plain_hand_over_limit(game: rc.Game) -> int:
    """R7.2 as the rule reads: the first seat from the turn player on, in turn
    order, whose hand holds more cards than its player's limit; -1 for none."""
    st, ask = game.state, game.engine.queries
    n = len(st.ships)
    for k in range(n):
        seat = (st.turn + k) % n
        if len(st.hands[seat]) > ask.hand_limit(seat):
            return seat
    return -1


@pytest.mark.parametrize("rules", sorted(HAND_LIMITS))
@pytest.mark.parametrize("teams,chance,seed", [("1v1", "sampled", 4), ("3v3", "explicit", 5),
                                               ("2v2", "sampled", 6)])
def test_the_seat_over_its_hand_limit_is_the_plain_readings_at_every_step(rules, teams,
                                                                           chance, seed):
    """At every step of a random game, and of a copy of it in which a seat
    drawn at random, or two, hold more cards than the limit (random hands
    seldom do at a decision: the player discards at once)."""
    game = rc.new_game(HAND_LIMITS[rules], teams=TEAMS[teams], seed=seed, chance=chance)
    rnd = random.Random(seed)
    card = next(iter(game.rules.orders))
    while not game.is_over and game.move_count < 400:
        if not game.is_chance_node:
            assert game.engine.queries.hand_over_limit() == plain_hand_over_limit(game), \
                game.move_count
            over = game.clone()
            seats = range(len(over.state.ships))
            for seat in rnd.sample(seats, rnd.choice([1, 2])):
                hand = over.state.hands[seat]
                hand += [card] * (over.engine.queries.hand_limit(seat) + 1 - len(hand))
            expected = plain_hand_over_limit(over)
            assert expected >= 0
            assert over.engine.queries.hand_over_limit() == expected, game.move_count
            game.play(rnd.choice(game.legal_moves()))
        else:
            outcomes, odds = zip(*game.chance_outcomes())
            game.play(rnd.choices(outcomes, odds)[0])
