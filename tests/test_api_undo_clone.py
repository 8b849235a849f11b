"""clone() and undo(): python-chess style copy and pop, checked against to_json.

The tests look only at what a user sees (the saved state, the log, the moves,
the legal moves), not at how undo keeps its past states, so the way of
keeping them can change without a test knowing it.
"""

import copy
import random

import pytest

import redcode_rules as rc
from conftest import fixed_game, play_random, quick_and_mass

CONFIGS = [
    ("en", "war", [["submarine"], ["destroyer"]]),
    ("es", "arena", [["submarine", "destroyer"], ["destroyer", "aircraft_carrier"]]),
    ("it", "war", [["submarine", "destroyer", "aircraft_carrier"]] * 2),
]


def random_game(seed: int, moves: int) -> tuple[rc.Game, random.Random]:
    """A 1v1 war game after ``moves`` random moves, and the RNG that chose them
    (to play on with)."""
    rnd = random.Random(seed)
    return play_random(rc.new_game(rc.load_ruleset("en"), seed=seed), rnd, moves), rnd


# up to 400 moves undone one by one: the quick run undoes one game, -m mass all three
@pytest.mark.parametrize("edition,mode,teams", quick_and_mass(CONFIGS, {0}))
def test_undo_restores_every_previous_state_exactly(edition, mode, teams):
    game = rc.new_game(rc.load_ruleset(edition), mode=mode, teams=teams, seed=21)
    rnd = random.Random(21)
    saves = [game.to_json()]
    while not game.is_over and len(saves) < 400:
        game.play(rnd.choice(game.legal_moves()))
        saves.append(game.to_json())
    played = list(game.moves)
    for expected in reversed(saves[:-1]):
        move = game.undo()
        assert move == played.pop()
        assert game.to_json() == expected
    assert game.moves == []
    with pytest.raises(IndexError):
        game.undo()


def test_undo_then_replay_gives_the_same_game_rng_included():
    """The RNG is part of the state: a reshuffle after undo gives the same deck."""
    game, rnd = random_game(5, 300)
    tail = game.moves[-50:]
    end = game.to_json()
    for _ in range(50):
        game.undo()
    for move in tail:
        game.play(move)
    assert game.to_json() == end


def test_clone_is_independent_of_the_original():
    game, rnd = random_game(9, 40)
    before = game.to_json()
    copy = game.clone()
    assert copy == game and copy.to_json() == before
    for _ in range(40):
        if copy.is_over:
            break
        copy.play(rnd.choice(copy.legal_moves()))
    assert game.to_json() == before            # the original did not move
    assert copy.to_json() != before
    game.play(game.legal_moves()[0])
    assert copy.moves[:40] == game.moves[:40]


def test_legal_moves_are_computed_once_per_state(monkeypatch):
    """legal_moves, is_legal and play share one listing of a state: listing
    is most of the cost of a move, so it is done once per state."""
    from redcode_rules.engine.moves import MoveGen
    if "engine.moves" in rc.compiled_modules():
        pytest.skip("a compiled MoveGen cannot be patched to count its listings")
    calls = []
    legal = MoveGen.legal

    def counting(self):
        calls.append(1)
        return legal(self)

    monkeypatch.setattr(MoveGen, "legal", counting)
    game = fixed_game(rc.load_ruleset("en"), seed=2)
    game.legal_moves(), game.legal_moves(), game.is_legal("end")
    assert len(calls) == 1
    game.play("end")
    game.legal_moves(), game.legal_moves()
    assert len(calls) == 2


@pytest.mark.parametrize("edition,mode,teams", CONFIGS)
def test_clone_and_undo_are_independent_of_the_game_at_every_position(edition, mode, teams):
    """At every position of a whole game (chains on the stack included): a
    clone is equal to the game and moving it leaves the game as it was; a
    move taken back by undo gives back the state, log and legal moves, and
    playing it again gives the same game as the clone that played it. (The
    state is compared with a deep copy, the log by its length and last event:
    a JSON save per position would make the test quadratic.)"""
    game = rc.new_game(rc.load_ruleset(edition), mode=mode, teams=teams, seed=8)
    rnd = random.Random(8)
    with_stack = 0
    while not game.is_over:
        state, events, last = copy.deepcopy(game.state), len(game.log), game.log[-1:]
        legal = game.legal_moves()
        other = game.clone()
        assert other == game
        move = rnd.choice(legal)
        other.play(move)
        assert game.state == state and len(game.log) == events   # the clone moved alone
        game.play(move)
        assert game.undo() == move
        assert game.state == state and (len(game.log), game.log[-1:]) == (events, last)
        assert game.legal_moves() == legal
        game.play(move)
        assert game == other and game.log[events:] == other.log[events:]
        with_stack += bool(game.stack)
    assert with_stack > 0


def test_undo_of_one_move_gives_back_the_state_log_and_legal_moves():
    """The state before a move comes back whole on undo (the state, the log,
    the moves and the legal moves), and the same move played again gives the
    same game."""
    game = fixed_game(rc.load_ruleset("en"), seed=3)
    before, log, legal = game.to_json(), game.log, game.legal_moves()
    game.play("end")
    after, log_after = game.to_json(), game.log
    assert game.undo() == "end"
    assert game.to_json() == before and game.log == log and game.moves == []
    assert game.legal_moves() == legal
    game.play("end")
    assert game.to_json() == after and game.log == log_after


def test_a_first_undo_after_any_number_of_moves_is_exact():
    """Undo is exact whatever the number of moves played before it (a game
    need not keep every past state until its first undo, and may replay
    moves from an earlier one): after 1 to 40 moves, undo gives the state
    and log before the last move; playing and undoing in turn, as a search
    does, and undoing all the way back stay exact."""
    rules = rc.load_ruleset("en")
    reference = rc.new_game(rules, seed=4)
    rnd = random.Random(4)
    saves, logs = [reference.to_json()], [reference.log]
    while len(reference.moves) < 40 and not reference.is_over:
        play_random(reference, rnd, 1)
        saves.append(reference.to_json())
        logs.append(reference.log)
    moves = list(reference.moves)
    assert len(moves) == 40
    for n in range(1, len(moves) + 1):
        game = rc.new_game(rules, seed=4)
        for move in moves[:n]:
            game.play(move)
        assert game.undo() == moves[n - 1]
        assert game.to_json() == saves[n - 1] and game.log == logs[n - 1], n
        for _ in range(2):                     # push and pop, as a search does
            game.play(moves[n - 1])
            assert game.to_json() == saves[n] and game.log == logs[n], n
            game.undo()
            assert game.to_json() == saves[n - 1] and game.log == logs[n - 1], n
    for expected, log in zip(reversed(saves[:-1]), reversed(logs[:-1])):
        reference.undo()
        assert reference.to_json() == expected and reference.log == log


def test_a_clone_undoes_its_own_moves_only():
    game, rnd = random_game(6, 21)
    copy = game.clone()
    start = copy.to_json()
    for _ in range(19):
        copy.play(rnd.choice(copy.legal_moves()))
    for _ in range(19):
        copy.undo()
    assert copy.to_json() == start and copy.moves == game.moves
    with pytest.raises(IndexError):
        copy.undo()


def test_a_crash_inside_a_move_leaves_the_game_as_before_it(monkeypatch):
    """A primitive that raises in some state (here: damage from turn 3 on)
    at whatever move of a game it happens (after an odd number of moves
    too, so a game that keeps only some past states must replay from an
    earlier one): the game is exactly as before the move, log included, and
    plays on as if nothing had happened."""
    from redcode_rules.rules import effects
    damage = effects.Damage.apply

    def broken(self, ops, item):
        if ops.state.turn_number >= 3:
            raise RuntimeError("broken primitive")
        return damage(self, ops, item)

    monkeypatch.setattr(effects.Damage, "apply", broken)
    rules = rc.load_ruleset("en")
    rnd = random.Random(12)
    crashed = []
    for seed in range(20):
        game = rc.new_game(rules, seed=seed)
        while not game.is_over:
            move = rnd.choice(game.legal_moves())
            before, log, moves = game.to_json(), game.narration(), list(game.moves)
            try:
                game.play(move)
            except RuntimeError:
                assert game.to_json() == before and game.narration() == log
                assert game.moves == moves
                crashed.append((seed, game, move))
                break
    at = {len(game.moves) for _, game, _ in crashed}
    assert len(at) >= 5 and any(n % 2 for n in at), sorted(at)
    monkeypatch.undo()
    for seed, game, move in crashed:
        reference = rc.new_game(rules, seed=seed)
        for played in game.moves:
            reference.play(played)
        for _ in range(30):
            game.play(move)
            reference.play(move)
            if game.is_over:
                break
            move = rnd.choice(game.legal_moves())
        assert game.to_json() == reference.to_json()
        assert game.narration() == reference.narration()


SINKING = """
edition: en
mode: war
seed: 1
board: |
  ........
  ........
  ........
  ........
  ........
  ........
start_cards: {blue: a1, red: g5}
ships:
  blue-submarine: {at: b2}
  red-destroyer: {at: c2, repairs: 1, breakdowns: 0}
turn: blue-submarine
phase: maneuvers
"""


def test_a_crash_after_a_sinking_pays_the_sinking_once(monkeypatch):
    """A primitive that raises after the effect sank a ship (here: as the
    sinking is settled) leaves nothing owed behind: the move played again
    gives the sinker its one card and its point (R8.3), not two cards."""
    from redcode_rules.engine.state_ops import StateOps
    settle = StateOps.settle
    raised = []

    def broken(self):
        if not raised:
            raised.append(True)
            raise RuntimeError("broken primitive")
        return settle(self)

    game = rc.Game.from_scenario(SINKING)
    game.play("torpedo red-destroyer")
    before = game.to_json()
    monkeypatch.setattr(StateOps, "settle", broken)
    with pytest.raises(RuntimeError):
        game.play("pass")
    assert game.to_json() == before
    game.play("pass")
    assert game.ship("red-destroyer").sunk
    assert game.score == {"blue": 1, "red": 0}
    assert game.hand("blue-submarine") == ["intercept"]


def test_the_history_keeps_one_record_per_move_played():
    """One ply per move, a plain tuple ``(move, saved, log_length, node)``:
    its text, where the state before it is saved (every 16th move until a
    first undo, then every move), the log's length then and no chance node
    (sampled chance). Plain, not named: the collector stops tracking it."""
    import gc
    import random

    from redcode_rules.engine.history import CHECKPOINT_EVERY
    game = rc.new_game(rc.load_ruleset("en"), seed=4, placement="fixed")
    rnd = random.Random(4)
    lengths = []
    for _ in range(40):
        lengths.append(len(game.log))
        game.play(rnd.choice(game.legal_moves()))
    plies = game._history.plies
    assert all(type(ply) is tuple and len(ply) == 4 for ply in plies)
    assert [move for move, _, _, _ in plies] == game.moves
    assert [length for _, _, length, _ in plies] == lengths
    assert [node for _, _, _, node in plies] == [None] * 40
    assert [i for i, (_, saved, _, _) in enumerate(plies) if saved >= 0] == \
        list(range(0, 40, CHECKPOINT_EVERY))
    gc.collect()
    assert not any(gc.is_tracked(ply) for ply in plies)
    game.undo()
    game.play(rnd.choice(game.legal_moves()))
    game.play(rnd.choice(game.legal_moves()))
    assert all(saved >= 0 for _, saved, _, _ in game._history.plies[-2:])
