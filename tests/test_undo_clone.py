"""clone() and undo(): python-chess style copy and pop, checked against to_json."""

import random

import pytest

import redcode_rules as rc
from conftest import fixed_game

CONFIGS = [
    ("en", "war", [["submarine"], ["destroyer"]]),
    ("es", "arena", [["submarine", "destroyer"], ["destroyer", "aircraft_carrier"]]),
    ("it", "war", [["submarine", "destroyer", "aircraft_carrier"]] * 2),
]


def random_game(seed: int, moves: int) -> tuple[rc.Game, random.Random]:
    """A 1v1 war game after ``moves`` random moves, and the RNG that chose them."""
    game = rc.new_game(rc.load_ruleset("en"), seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        game.play(rnd.choice(game.legal_moves()))
    return game, rnd


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


def test_legal_moves_are_computed_once_per_state():
    from redcode_rules.moves import MoveGen
    calls = []

    class Counting(MoveGen):  # a subclass: the compiled MoveGen is an extension type
        def legal(self):
            calls.append(1)
            return super().legal()

    game = fixed_game(rc.load_ruleset("en"), seed=2)
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
    """Each move appends the state before it to one list of strings, numbers,
    booleans and ships' status tuples (immutable, shared; stack items aside):
    no object is built per move for undo, and undo reads the state back from
    where it starts."""
    from redcode_rules.state import GameState
    game = fixed_game(rc.load_ruleset("en"), seed=3)
    before = game.to_json()
    game.play("end")
    assert game._history_at == [0]
    assert all(isinstance(v, (str, int, bool, type(None), tuple)) for v in game._history)
    assert tuple(game._history) == GameState.restore(game._history).snapshot()
    game.undo()
    assert game._history == [] and game.to_json() == before

def test_until_the_first_undo_only_every_16th_state_is_saved():
    """Playouts never undo: the state is saved before moves 0, 16, 32…, and
    the first undo replays from the last one saved; from then on every
    move's state is saved, so search's push/pop replays nothing."""
    from redcode_rules.game import CHECKPOINT_EVERY
    assert CHECKPOINT_EVERY == 16
    game = rc.new_game(rc.load_ruleset("en"), seed=4)
    rnd = random.Random(4)
    saves = [game.to_json()]
    for _ in range(20):
        game.play(rnd.choice(game.legal_moves()))
        saves.append(game.to_json())
    saved = [i for i, at in enumerate(game._history_at) if at >= 0]
    assert saved == [0, 16]
    game.undo()                                  # replays moves 16..18 from the save of 16
    assert game.to_json() == saves[19]
    assert [i for i, at in enumerate(game._history_at) if at >= 0] == [0, 16, 17, 18]
    game.play(rnd.choice(game.legal_moves()))
    assert game._history_at[-1] >= 0             # dense from now on
    for expected in reversed(saves[:20]):
        game.undo()
        assert game.to_json() == expected


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


def test_a_crash_between_saved_states_rewinds_by_replaying(monkeypatch):
    """A primitive that raises in some state (here: damage from turn 3 on)
    in a move whose state was not saved: the game goes back to the last
    saved state and replays the moves since (which did not raise), so it is
    exactly as before the move, log included, and plays on as if nothing
    had happened."""
    from redcode_rules import effects
    damage = effects.Damage.apply

    def broken(self, ops, item):
        if ops.state.turn_number >= 3:
            raise RuntimeError("broken primitive")
        return damage(self, ops, item)

    monkeypatch.setattr(effects.Damage, "apply", broken)
    rules = rc.load_ruleset("en")
    rnd = random.Random(12)
    for seed in range(20):
        game = rc.new_game(rules, seed=seed)
        while not game.is_over:
            move = rnd.choice(game.legal_moves())
            before, log, moves = game.to_json(), game.narration(), list(game.moves)
            try:
                game.play(move)
            except RuntimeError:
                break
        if len(game.moves) % 16:
            break
    assert len(game.moves) % 16 and not game._history_at[-1] >= 0
    assert game.to_json() == before and game.narration() == log and game.moves == moves
    monkeypatch.undo()
    reference = rc.new_game(rules, seed=seed)
    for played in game.moves:
        reference.play(played)
    for _ in range(30):
        game.play(move)
        reference.play(move)
        if game.is_over:
            break
        move = rnd.choice(game.legal_moves())
    assert game.to_json() == reference.to_json() and game.narration() == reference.narration()
