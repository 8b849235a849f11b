"""Mass random testing: random games with invariants after every move.

Three sizes, so that a first ``python -m pytest`` stays quick:

- by default, ``RC_QUICK_GAMES`` games (default 60, a few seconds);
- ``python -m pytest -m mass``: ``RC_MASS_GAMES`` games (default 2000, a few
  minutes), which CI runs as its own step on each build;
- ``python -m pytest -m slow``: 10,000 games.

Per move: ``invariants.violations`` (crew totals, tracks, one ship per box,
no ship on an island, 30 order cards, empty stack outside windows, a legal
move exists...). Sampled, because they cost more than a move: the JSON round
trip, clone independence, and sampled illegal moves leaving the save
byte-identical.
"""

import os
import random

import pytest

import redcode_rules as rc
from redcode_rules.fuzz import configs
from redcode_rules.invariants import violations

from conftest import EDITIONS

ILLEGAL = ["torpedo nowhere", "order mechanic a1", "place z9", "respond", "recover nothing"]


def play_checked(rules, mode, teams, seed, rnd):
    game = rc.new_game(rules, mode=mode, teams=teams, seed=seed)
    total = rules.options.deck_size
    n = 0
    while not game.is_over:
        moves = game.legal_moves()
        if n % 97 == 0:
            before = game.to_json()
            assert rc.Game.from_json(before) == game
            copy = game.clone()
            copy.play(rnd.choice(moves))
            assert game.to_json() == before            # the clone is independent
            for bad in ILLEGAL + [rnd.choice(moves) + " x9"]:
                if bad not in moves:
                    with pytest.raises(rc.IllegalMove):
                        game.play(bad)
            assert game.to_json() == before            # byte-identical after refusals
        game.play(rnd.choice(moves))
        n += 1
        broken = violations(game, total)
        assert not broken, (rules.name, mode, teams, seed, n, broken)
    return n


def run_games(count: int, seed: int) -> tuple[int, int]:
    rnd = random.Random(seed)
    plans = [(e, mode, teams) for e in EDITIONS for mode, teams in
             configs(rc.load_ruleset(e))]
    moves = 0
    for i in range(count):
        edition, mode, teams = plans[i % len(plans)]
        moves += play_checked(rc.load_ruleset(edition), mode, teams, rnd.randrange(1 << 31), rnd)
    return count, moves


def test_random_games_keep_every_invariant():
    count = int(os.environ.get("RC_QUICK_GAMES", "60"))
    games, moves = run_games(count, seed=11)
    assert games == count and moves > games


@pytest.mark.mass
def test_thousands_of_random_games_keep_every_invariant():
    count = int(os.environ.get("RC_MASS_GAMES", "2000"))
    games, moves = run_games(count, seed=2026)
    assert games == count and moves > games


@pytest.mark.slow
def test_ten_thousand_random_games():
    games, _ = run_games(10_000, seed=7)
    assert games == 10_000
