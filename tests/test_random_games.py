"""Random play to the end: invariants after every move (docs/rules.md R1.3, R2.3,
R2.4, R3.1, R1.4, R5), legal moves always accepted, unlisted moves always
refused without changing anything, saves lossless, games finite (D8.5) and
reproducible from the seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import redcode_rules as rc
from conftest import EDITIONS, TEAMS, placing, random_game

RULES = {e: rc.load_ruleset(e) for e in EDITIONS}

# never legal in any position: unknown targets, boxes and words
NEVER_LEGAL = ["torpedo nowhere", "order mechanic a1", "order kamikaze nowhere", "respond",
               "respond torpedo", "recover", "recover nothing", "place z9", "discard nothing",
               "", "   ", "end end", "pass pass", "movement z9", "movement a1 a1 a1",
               "fire", "order", "order atomic_bomb h6", "torpedo blue-submarine extra"]
# legal in some positions only
SOMETIMES_LEGAL = ["end", "pass", "repair", "orders", "movement a1"]


def check_invariants(game):
    rules = game.rules
    boxes = {}
    for ship_id in game.ships:
        ship = game.ship(ship_id)
        spec = rules.ships[ship.type]
        # R1.3: crew are always reserve + crew on maneuvers + withdrawn
        assert ship.reserve + sum(ship.crew.values()) + ship.withdrawn == spec.crew == 6
        assert ship.reserve >= 0 and ship.withdrawn >= 0
        assert all(0 <= n <= rules.maneuvers[m].cost for m, n in ship.crew.items())
        # R3.1, R3.4: tracks stay within 0..3
        assert 0 <= ship.repairs <= 3 and 0 <= ship.breakdowns <= 3
        if ship.position is None:
            assert ship.sunk or placing(game)  # or not yet placed (R2.8)
        else:
            assert not ship.sunk
            # R3.2: a ship on the board is afloat
            assert ship.repairs + ship.breakdowns > 0
            index = game.board.index(ship.position)
            assert not game.board.is_island(index)          # R2.3
            assert ship.position not in boxes               # R2.4
            boxes[ship.position] = ship_id
    # R1.4: 30 order cards, always somewhere
    cards = len(game.deck) + len(game.discards) + sum(len(game.hand(s)) for s in game.ships)
    assert cards == 30
    for ship_id in game.ships:
        if game.decision != "discard":
            assert len(game.hand(ship_id)) <= rules.options.hand_limit    # R7.2
    # no item waits on the stack when no response window is open
    if game.decision in ("main", "recover", "place"):
        assert game.stack == []
    if game.decision == "respond":
        assert game.stack
        # D5.4: a player is never asked about their own item
        assert game.stack[-1]["player"] != game.to_move
    if game.is_over:
        assert game.winner in ("blue", "red", "draw")
        assert game.legal_moves() == [] and game.to_move is None
    else:
        moves = game.legal_moves()
        assert moves and moves == sorted(set(moves))
        assert all(m == " ".join(m.split()) for m in moves)
        if game.decision == "main":
            assert game.to_move == game.turn
            assert "end" in moves
        if game.decision == "respond":
            assert "pass" in moves
    if game.state.mode == "war":
        assert all(0 <= p < rules.options.victory_points for p in game.score.values()) \
            or game.is_over


def check_listed_moves_accepted(game, moves):
    for move in moves:
        other = game.clone()
        other.play(move)
        assert other.moves[-1] == move


def check_unlisted_moves_refused(game, rnd):
    before = game.to_json()
    legal = set(game.legal_moves())
    candidates = NEVER_LEGAL + SOMETIMES_LEGAL + [rnd.choice(sorted(legal)) + " zz9"] \
        if legal else NEVER_LEGAL + SOMETIMES_LEGAL
    for move in candidates:
        if " ".join(move.split()) in legal:
            continue
        with pytest.raises(rc.IllegalMove):
            game.play(move)
        assert game.to_json() == before


def play_random_game(rules, mode, teams, seed, *, check_every=1, full_check_every=61,
                     save_every=151):
    game = rc.new_game(rules, mode=mode, teams=teams, seed=seed)
    rnd = random.Random(seed)
    limit = rules.options.turn_limit
    n = 0
    check_invariants(game)
    while not game.is_over:
        moves = game.legal_moves()
        if n % full_check_every == 0:
            check_listed_moves_accepted(game, moves)
            check_unlisted_moves_refused(game, rnd)
        elif n % 10 == 0:
            check_listed_moves_accepted(game, rnd.sample(moves, min(3, len(moves))))
        if n % save_every == 0:
            assert rc.Game.from_json(game.to_json()) == game
        move = rnd.choice(moves)
        game.play(move)
        assert game.moves[-1] == move
        n += 1
        if n % check_every == 0:
            check_invariants(game)
        assert game.turn_number <= limit + 1
        assert n < 20 * limit * len(game.ships), "the game does not end"
    check_invariants(game)
    assert rc.Game.from_json(game.to_json()) == game
    return game


@settings(max_examples=20, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])  # the same games, the same time, each run
@given(seed=st.integers(0, 2 ** 32 - 1), mode=st.sampled_from(["war", "arena"]),
       size=st.sampled_from(sorted(TEAMS)), edition=st.sampled_from(sorted(RULES)))
def test_random_game_keeps_invariants(seed, mode, size, edition):
    game = play_random_game(RULES[edition], mode, TEAMS[size], seed)
    assert game.is_over


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), size=st.sampled_from(sorted(TEAMS)))
def test_random_arena_game_ends_by_elimination_or_limit(seed, size):
    game = play_random_game(RULES["en"], "arena", TEAMS[size], seed, check_every=3)
    blue = [s for s in game.ships if game.ship(s).side == "blue" and not game.ship(s).sunk]
    red = [s for s in game.ships if game.ship(s).side == "red" and not game.ship(s).sunk]
    if game.turn_number <= game.rules.options.turn_limit:
        # R8.1: the first side with no ship left loses
        assert (not blue) != (not red)
        assert game.winner == ("blue" if blue else "red")
    else:
        assert game.winner == ("blue" if len(blue) > len(red) else
                               "red" if len(red) > len(blue) else "draw")


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
