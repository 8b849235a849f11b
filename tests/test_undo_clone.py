"""clone() and undo(): python-chess style copy and pop, checked against to_json."""

import random

import pytest

import redcode_rules as rc

CONFIGS = [
    ("en", "war", [["submarine"], ["destroyer"]]),
    ("es", "arena", [["submarine", "destroyer"], ["destroyer", "aircraft_carrier"]]),
    ("it", "war", [["submarine", "destroyer", "aircraft_carrier"]] * 2),
]


@pytest.mark.parametrize("edition,mode,teams", CONFIGS)
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
    game = rc.new_game(rc.load_ruleset("en"), seed=5)
    rnd = random.Random(5)
    for _ in range(300):
        game.play(rnd.choice(game.legal_moves()))
    tail = game.moves[-50:]
    end = game.to_json()
    for _ in range(50):
        game.undo()
    for move in tail:
        game.play(move)
    assert game.to_json() == end


def test_clone_is_independent_of_the_original():
    game = rc.new_game(rc.load_ruleset("en"), seed=9)
    rnd = random.Random(9)
    for _ in range(40):
        game.play(rnd.choice(game.legal_moves()))
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


def test_legal_moves_are_computed_once_per_state():
    from redcode_rules.moves import MoveGen
    calls = []

    class Counting(MoveGen):  # a subclass: the compiled MoveGen is an extension type
        def legal(self):
            calls.append(1)
            return super().legal()

    game = rc.new_game(rc.load_ruleset("en"), seed=2)
    game._movegen = Counting(game._engine(), game._moves_cache)
    game.legal_moves(), game.legal_moves(), game.is_legal("end")
    assert len(calls) == 1
    game.play("end")
    game.legal_moves(), game.legal_moves()
    assert len(calls) == 2


@pytest.mark.parametrize("edition,mode,teams", CONFIGS)
def test_snapshot_restores_an_equal_independent_state(edition, mode, teams):
    """Undo's snapshots: restore gives an equal state (stack items included,
    when a chain is waiting) that shares no list with the original."""
    from redcode_rules.state import GameState
    game = rc.new_game(rc.load_ruleset(edition), mode=mode, teams=teams, seed=8)
    rnd = random.Random(8)
    with_stack = 0
    while not game.is_over:
        state = game.state
        copy = GameState.restore(state.snapshot())
        assert copy == state
        assert all(a is not b for a, b in zip(copy.ships, state.ships))
        assert copy.hands[0] is not state.hands[0] and copy.deck is not state.deck
        assert all(a is not b for a, b in zip(copy.stack, state.stack))
        with_stack += bool(state.stack)
        game.play(rnd.choice(game.legal_moves()))
    assert with_stack > 0


def test_the_undo_history_is_one_flat_list_of_plain_values():
    """Each move appends the state before it to one list of strings, numbers
    and booleans (stack items aside): no object is built per move for undo,
    and undo reads the state back from where it starts."""
    from redcode_rules.state import GameState
    game = rc.new_game(rc.load_ruleset("en"), seed=3)
    before = game.to_json()
    game.play("end")
    assert game._history_at == [0]
    assert all(isinstance(v, (str, int, bool, type(None))) for v in game._history)
    assert tuple(game._history) == GameState.restore(game._history).snapshot()
    game.undo()
    assert game._history == [] and game.to_json() == before