"""Moves by id for programs (``legal_move_ids``/``play_id``) and playouts
from clones: the same games as the notation, and the original untouched."""

import random

import pytest

import redcode_rules as rc


@pytest.fixture(scope="module")
def rules():
    return rc.load_ruleset("en")


def test_play_id_plays_the_listed_move_of_that_index(rules):
    """A whole random game played by ids and the same game played by text
    end equal: same moves recorded, same log, same state at every step."""
    by_id = rc.new_game(rules, seed=11, placement="fixed")
    by_text = by_id.clone()
    rnd = random.Random(5)
    while not by_id.is_over:
        ids = by_id.legal_move_ids()
        legal = by_id.legal_moves()
        assert ids == list(range(len(legal)))
        i = rnd.choice(ids)
        by_id.play_id(i)
        by_text.play(legal[i])
        assert by_id == by_text
    assert by_id.moves == by_text.moves and len(by_id.moves) == 858
    assert by_id.log == by_text.log
    assert by_id.winner == by_text.winner == "red"
    assert by_id.legal_move_ids() == []


@pytest.mark.parametrize("bad", [-1, 46, True, "0", 1.0, None])
def test_an_id_out_of_the_list_is_refused_and_changes_nothing(rules, bad):
    game = rc.new_game(rules, seed=7, placement="fixed")
    before = game.to_json()
    assert len(game.legal_move_ids()) == 46
    with pytest.raises(rc.IllegalMove, match=r"no legal move has the id .*: the ids are 0 to 45"):
        game.play_id(bad)
    assert game.to_json() == before


def test_no_id_is_legal_once_the_game_is_over(rules):
    game = rc.new_game(rules, seed=11, placement="fixed")
    rnd = random.Random(5)
    while not game.is_over:
        game.play_id(rnd.choice(game.legal_move_ids()))
    with pytest.raises(rc.IllegalMove, match="nothing is legal now"):
        game.play_id(0)


def test_a_playout_from_a_clone_never_touches_the_original(rules):
    """Search plays games out from clones: the original keeps its state,
    moves, log, listing and undo history, whatever the clones do (played
    to the end by ids and by text, undone)."""
    game = rc.new_game(rules, seed=3, placement="fixed")
    rnd = random.Random(2)
    for _ in range(40):
        game.play(rnd.choice(game.legal_moves()))
    saved, moves, log = game.to_json(), game.moves, game.log
    legal = game.legal_moves()
    for playout in range(3):
        other = game.clone()
        while not other.is_over:
            if playout:
                other.play_id(rnd.choice(other.legal_move_ids()))
            else:
                other.play(rnd.choice(other.legal_moves()))
        other.undo()
        other.undo()
        assert game.to_json() == saved
        assert game.moves == moves and game.log == log
        assert game.legal_moves() == legal
    assert game.undo() == moves[-1]
    assert game.moves == moves[:-1]


def test_ids_at_chance_nodes_are_the_outcomes(rules):
    """With explicit chance, an id at a chance node plays that outcome: the
    same game as the outcomes played by text, from the map deal on."""
    by_id = rc.new_game(rules, seed=3, placement="fixed", chance="explicit")
    by_text = by_id.clone()
    rnd = random.Random(2)
    nodes = 0
    for _ in range(300):
        if by_id.is_over:
            break
        legal = by_id.legal_moves()
        nodes += by_id.is_chance_node
        assert by_id.legal_move_ids() == list(range(len(legal)))
        i = rnd.randrange(len(legal))
        by_id.play_id(i)
        by_text.play(legal[i])
        assert by_id.moves == by_text.moves
    assert by_id == by_text
    assert nodes >= 10  # the map deal at least
    with pytest.raises(rc.IllegalMove):
        by_id.play_id(len(by_id.legal_moves()))
