"""The random-game harness: seeded random play to the end with checks after
every move (``from random_play import play_checked``).

Every random run of the suite (tests/test_random_games.py: the quick run, the
``mass`` and ``slow`` runs, the Hypothesis-drawn games) plays its games here,
so a check added here holds in all of them. Games are drawn from fixed seeds
(Hypothesis derandomized, tests/conftest.py), so a run plays the same games,
in the same time, every time.

Per move: the invariants (``check_invariants``: the rules' own assertions
written here, and the library's ``invariants.violations``). Sampled, because
they cost more than a move: every listed move accepted and recorded as
written, unlisted moves refused leaving the save byte-identical, the JSON
round trip, and a clone independent of its game.
"""

from __future__ import annotations

import math
import random

import pytest

import redcode_rules as rc
from redcode_rules.testing.fuzz import configs
from redcode_rules.engine.invariants import violations

from conftest import EDITIONS, placing

# never legal in any position: unknown targets, boxes and words
NEVER_LEGAL = ["torpedo nowhere", "order mechanic a1", "order kamikaze nowhere", "respond",
               "respond torpedo", "recover", "recover nothing", "place z9", "discard nothing",
               "", "   ", "end end", "pass pass", "movement z9", "movement a1 a1 a1",
               "fire", "order", "order atomic_bomb h6", "torpedo blue-submarine extra"]
# legal in some positions only
SOMETIMES_LEGAL = ["end", "pass", "repair", "orders", "movement a1"]
#: the moves a position's refusals are tried with
REFUSED = tuple(NEVER_LEGAL + SOMETIMES_LEGAL)
#: a few of them, for runs of many games
FEW_REFUSED = ("torpedo nowhere", "order mechanic a1", "place z9", "respond", "recover nothing")


def check_invariants(game, cards_total: int | None = None):
    """The rules' invariants of any position (R1.3, R1.4, R2.3, R2.4, R3.1,
    R3.2, R3.4, R5, D5.4, R7.2), then the library's own list of them."""
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
    broken = violations(game, cards_total)
    assert not broken, (rules.name, game.state.mode, len(game.moves), broken)


def check_listed_moves_accepted(game, moves):
    """Each move is played (on a clone) and recorded as written."""
    for move in moves:
        other = game.clone()
        other.play(move)
        assert other.moves[-1] == move


def check_unlisted_moves_refused(game, rnd, candidates=REFUSED, *, before=None,
                                 compare_each=True):
    """The ``candidates`` not listed, and a listed move with a word too many,
    are refused; the save (``before``, when the caller has it) is left
    byte-identical, compared after each refusal or once after all of them."""
    before = before or game.to_json()
    legal = set(game.legal_moves())
    extra = [rnd.choice(sorted(legal)) + " zz9"] if legal else []
    for move in list(candidates) + extra:
        if " ".join(move.split()) in legal:
            continue
        with pytest.raises(rc.IllegalMove):
            game.play(move)
        if compare_each:
            assert game.to_json() == before
    assert game.to_json() == before


def check_clone_independent(game, rnd, before=None):
    """A move played on a clone leaves the game (its save ``before``) as it was."""
    before = before or game.to_json()
    copy = game.clone()
    copy.play(rnd.choice(game.legal_moves()))
    assert game.to_json() == before


def _due(every: int | None, n: int) -> bool:
    """A sampled check is due at move ``n`` (never when ``every`` is None)."""
    return every is not None and n % every == 0


def play_checked(rules, mode, teams, seed, *, rnd=None, invariants_every=1,
                 accept_all_every=61, accept_some_every=10, refusals_every=61,
                 refused=REFUSED, compare_each=True, save_every=151):
    """A new game of ``rules`` from ``seed``, played to the end with moves
    drawn from ``rnd`` (``random.Random(seed)`` when None) and checked every
    so many moves (None: never): the invariants, every listed move accepted,
    three of them accepted (when not all are), the ``refused`` moves refused
    (``check_unlisted_moves_refused``), the JSON round trip and a clone. The game is finite (D8.5). Returns it, over."""
    game = rc.new_game(rules, mode=mode, teams=teams, seed=seed)
    rnd = rnd or random.Random(seed)
    total = rules.options.deck_size
    limit = rules.options.turn_limit
    n = 0
    check_invariants(game, total)
    while not game.is_over:
        moves = game.legal_moves()
        if _due(accept_all_every, n):
            check_listed_moves_accepted(game, moves)
        elif _due(accept_some_every, n):
            check_listed_moves_accepted(game, rnd.sample(moves, min(3, len(moves))))
        refusals, save = _due(refusals_every, n), _due(save_every, n)
        if refusals or save:
            before = game.to_json()
            if save:
                assert rc.Game.from_json(before) == game
                check_clone_independent(game, rnd, before)
            if refusals:
                check_unlisted_moves_refused(game, rnd, refused, before=before,
                                             compare_each=compare_each)
        move = rnd.choice(moves)
        game.play(move)
        assert game.moves[-1] == move
        n += 1
        if _due(invariants_every, n):
            check_invariants(game, total)
        assert game.turn_number <= limit + 1
        assert n < 20 * limit * len(game.ships), "the game does not end"
    check_invariants(game, total)
    assert rc.Game.from_json(game.to_json()) == game
    return game


def play_many(count: int, seed: int, stride: int = 1, **checks) -> tuple[int, int]:
    """``count`` checked games, cycling through every edition, mode and team
    size (``fuzz.configs``), ``stride`` plans on each time, their seeds drawn
    from ``random.Random(seed)``; returns (games, moves played)."""
    rnd = random.Random(seed)
    rulesets = {e: rc.load_ruleset(e) for e in EDITIONS}
    plans = [(e, mode, teams) for e in EDITIONS for mode, teams in configs(rulesets[e])]
    assert math.gcd(stride, len(plans)) == 1, "a stride that skips some plans for ever"
    moves = 0
    for i in range(count):
        edition, mode, teams = plans[i * stride % len(plans)]
        game = play_checked(rulesets[edition], mode, teams, rnd.randrange(1 << 31), rnd=rnd,
                            **checks)
        moves += len(game.moves)
    return count, moves
