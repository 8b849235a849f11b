"""The information state's public history, kept between calls: always the
same string as a game that never asked before, through undo and new moves."""

import random

import redcode_rules as rc


def test_information_state_kept_between_calls_equals_a_fresh_one():
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, seed=4, placement="fixed")
    rnd = random.Random(1)
    players = game.ships
    for step in range(240):
        if game.is_over:
            break
        if step % 7 == 6:  # back two moves, then on with other ones
            game.undo()
            game.undo()
        game.play(rnd.choice(game.legal_moves()))
        for player in players:
            kept = game.information_state(player)
            fresh = game.clone()  # a clone keeps nothing of the original's memo
            assert fresh._memo == {}
            assert kept == fresh.information_state(player)
    history = game.information_state(players[0]).split("\nhistory:\n", 1)[1]
    assert len(history.splitlines()) == len(game.log)
