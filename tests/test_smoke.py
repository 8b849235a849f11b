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


def test_compiled_modules_names_the_extension_modules_of_the_installation():
    """setup.py compiles the core of wheels; editable installs run the sources.
    CI runs this suite on both, so the list is either empty or the core."""
    import importlib.machinery

    import redcode_rules as rc
    compiled = rc.compiled_modules()
    assert compiled == sorted(compiled)
    assert set(compiled) <= {"board", "engine", "game", "moves", "rng", "state"}
    for name in compiled:
        module = __import__(f"redcode_rules.{name}", fromlist=["_"])
        assert isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader)
    # the DSL reference reads the effect classes' source: effects stays Python
    assert "effects" not in compiled
