"""Random play to the end: invariants after every move (docs/rules.md R1.3, R2.3,
R2.4, R3.1, R1.4, R5), legal moves always accepted, unlisted moves always
refused without changing anything, saves lossless, games finite (D8.5) and
reproducible from the seed. Every game is played by the one harness,
tests/random_play.py, from fixed seeds.

Three sizes, so that a first ``python -m pytest`` stays quick:

- by default, ``RC_QUICK_GAMES`` games (default 6: each mode and team size
  once, each edition twice) and a few games of fixed seeds;
- ``python -m pytest -m mass``: ``RC_MASS_GAMES`` games (default 2000) and
  35 games drawn by Hypothesis (seeded: the same games every run) with every
  check; CI runs it as its own step on each build;
- ``python -m pytest -m slow``: 10,000 games.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import redcode_rules as rc
from conftest import EDITIONS, TEAMS, quick_and_mass, random_game
from random_play import FEW_REFUSED, play_checked, play_many

RULES = {e: rc.load_ruleset(e) for e in EDITIONS}
#: the many-games runs' checks: the invariants after every move; a few refusals
#: (the save compared once after them), the JSON round trip and a clone every 97 moves
MASS_CHECKS = dict(accept_all_every=None, accept_some_every=None, refusals_every=97,
                   refused=FEW_REFUSED, compare_each=False, save_every=97)


@pytest.mark.mass
@settings(max_examples=20, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])  # the same games, the same time, each run
@given(seed=st.integers(0, 2 ** 32 - 1), mode=st.sampled_from(["war", "arena"]),
       size=st.sampled_from(sorted(TEAMS)), edition=st.sampled_from(sorted(RULES)))
def test_random_game_keeps_invariants(seed, mode, size, edition):
    game = play_checked(RULES[edition], mode, TEAMS[size], seed)
    assert game.is_over


def assert_arena_outcome(game):
    """R8.1: the first side with no ship left loses; at the turn limit, the
    side with more ships afloat wins (D8.5)."""
    blue = [s for s in game.ships if game.ship(s).side == "blue" and not game.ship(s).sunk]
    red = [s for s in game.ships if game.ship(s).side == "red" and not game.ship(s).sunk]
    if game.turn_number <= game.rules.options.turn_limit:
        # R8.1: the first side with no ship left loses
        assert (not blue) != (not red)
        assert game.winner == ("blue" if blue else "red")
    else:
        assert game.winner == ("blue" if len(blue) > len(red) else
                               "red" if len(red) > len(blue) else "draw")


# 3v3 plays longest (about 3 s): -m mass, with the Hypothesis-drawn arena games above
@pytest.mark.parametrize("size", quick_and_mass(sorted(TEAMS), {"1v1", "2v2"}, ids=sorted(TEAMS)))
def test_an_arena_game_ends_by_elimination_or_limit(size):
    assert_arena_outcome(play_checked(RULES["en"], "arena", TEAMS[size], 3, invariants_every=3))


@pytest.mark.mass
@settings(max_examples=15, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), size=st.sampled_from(sorted(TEAMS)))
def test_random_arena_game_ends_by_elimination_or_limit(seed, size):
    assert_arena_outcome(play_checked(RULES["en"], "arena", TEAMS[size], seed,
                                      invariants_every=3))


FIXED = [(seed, mode, size) for seed in range(5) for mode in ("war", "arena")
         for size in ("1v1", "2v2", "3v3")]


def test_fixed_seeds_all_finish():
    results = []
    for seed, mode, size in FIXED:
        game = random_game(RULES["en"], seed, mode=mode, teams=TEAMS[size])
        assert game.turn_number <= RULES["en"].options.turn_limit + 1
        results.append(game.winner)
    assert len(results) == 30
    assert set(results) <= {"blue", "red", "draw"}


@pytest.mark.parametrize("mode,size", [("war", "1v1"), ("arena", "3v3"), ("arena", "2v2")])
def test_same_seed_same_game(mode, size):
    a, b = (random_game(RULES["en"], 8, mode=mode, teams=TEAMS[size]) for _ in range(2))
    assert a.moves == b.moves
    assert (a.winner, a.score, a.turn_number) == (b.winner, b.score, b.turn_number)
    assert a.to_json() == b.to_json()
    assert a.board.rows() == b.board.rows()
    c = rc.new_game(RULES["en"], mode=mode, teams=TEAMS[size], seed=9)
    first = rc.new_game(RULES["en"], mode=mode, teams=TEAMS[size], seed=8)
    # D2.7: the board and the deck are dealt from the seed
    assert (c.board.rows(), c.deck) != (first.board.rows(), first.deck)


def test_turn_limit_ends_the_game_d8_5(tmp_path):
    path = tmp_path / "short.rc"
    path.write_text("variant short extends en\nrules { turn_limit 10 }\n")
    rules = rc.load_ruleset(str(path))
    for seed in range(5):
        game = random_game(rules, seed, mode="war")
        assert game.turn_number <= 11
        if game.turn_number == 11:
            assert game.winner == ("blue" if game.score["blue"] > game.score["red"] else
                                   "red" if game.score["red"] > game.score["blue"] else "draw")


def test_a_game_finishes_under_random_play():
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, seed=1)
    rnd = random.Random(1)
    for _ in range(20000):
        if game.is_over:
            break
        game.play(rnd.choice(game.legal_moves()))
    assert game.is_over
    assert game.winner in ("blue", "red", "draw")


def test_random_games_keep_every_invariant():
    count = int(os.environ.get("RC_QUICK_GAMES", "6"))
    # seven plans on each time: the first six games are the six modes and team
    # sizes, on the three editions in turn; the 2,000 of -m mass play them all
    games, moves = play_many(count, seed=11, stride=7, **MASS_CHECKS)
    assert games == count and moves > games


@pytest.mark.mass
def test_thousands_of_random_games_keep_every_invariant():
    count = int(os.environ.get("RC_MASS_GAMES", "2000"))
    games, moves = play_many(count, seed=2026, **MASS_CHECKS)
    assert games == count and moves > games


@pytest.mark.slow
def test_ten_thousand_random_games():
    games, _ = play_many(10_000, seed=7, **MASS_CHECKS)
    assert games == 10_000
