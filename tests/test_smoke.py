import redcode_rules as rc


def test_a_game_finishes_under_random_play():
    import random
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, seed=1)
    rnd = random.Random(1)
    for _ in range(20000):
        if game.is_over:
            break
        game.play(rnd.choice(game.legal_moves()))
    assert game.is_over
    assert game.winner in ("blue", "red", "draw")
