"""The installation: a wheel compiles the core listed in pyproject.toml
(setup.py, Cython), an editable install runs the sources; both declare the
same classes."""

import redcode_rules as rc


def test_compiled_modules_names_the_extension_modules_of_the_installation():
    """setup.py compiles the core of wheels; editable installs run the sources.
    CI runs this suite on both, so the list is either empty or the core listed
    in pyproject.toml — the core, when CI sets REDCODE_EXPECT_COMPILED for
    the wheel."""
    import importlib.machinery
    import os
    import tomllib
    from pathlib import Path

    import redcode_rules as rc
    with open(Path(__file__).parent.parent / "pyproject.toml", "rb") as f:
        core = tomllib.load(f)["tool"]["redcode_rules"]["compiled"]
    assert core == ["board"]
    compiled = rc.compiled_modules()
    assert compiled == sorted(compiled)
    if os.environ.get("REDCODE_EXPECT_COMPILED"):
        assert compiled == core, "the wheel was built without its whole compiled core"
    else:
        assert compiled in ([], core)
    for name in compiled:
        module = __import__(f"redcode_rules.{name}", fromlist=["_"])
        assert isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader)
    # the DSL reference reads the effect classes' source: effects stays Python
    assert "effects" not in compiled


def test_compiled_declarations_match_the_python_classes():
    """The .pxd files declare, for the compiled core, functions and the
    attributes of the classes they turn into extension types: exactly their
    __slots__, and only methods that exist (a drift would break only the
    compiled build). Only the compiled modules have one."""
    import importlib
    import re
    import tomllib
    from pathlib import Path

    # the repository's: a wheel ships none
    pxds = sorted(Path(__file__).parent.parent.joinpath("src", "redcode_rules").glob("*.pxd"))
    with open(Path(__file__).parent.parent / "pyproject.toml", "rb") as f:
        core = tomllib.load(f)["tool"]["redcode_rules"]["compiled"]
    assert {p.stem for p in pxds} == set(core) == {"board"}
    for pxd in pxds:
        module = importlib.import_module(f"redcode_rules.{pxd.stem}")
        text = pxd.read_text()
        for function in re.findall(r"^cpdef (?:\w+ )?(\w+)\(", text, flags=re.M):
            assert callable(getattr(module, function)), f"{pxd.stem}.{function}"
        classes = re.split(r"^cdef class (\w+):", text, flags=re.M)[1:]
        for name, body in zip(classes[::2], classes[1::2]):
            cls = getattr(module, name)
            fields = {f.strip() for line in re.findall(r"cdef public \w+ (.+)", body)
                      for f in line.split(",")}
            slots = {s for c in cls.__mro__ for s in getattr(c, "__slots__", ())}
            assert fields == slots, name
            for method in re.findall(r"cpdef (?:\w+ )?(\w+)\(", body):
                assert callable(getattr(cls, method)), f"{name}.{method}"


def test_the_compiled_core_keeps_the_python_classes():
    """Compiled or not, the game's classes are the Python classes of the
    sources: attrs classes keep their slots and their pickling, and a game,
    its clone and its pickle play on alike."""
    import pickle
    import random

    import attrs

    from redcode_rules import board, state

    assert type(state.GameState) is type and attrs.has(state.GameState)
    assert type(board.Board) is type and attrs.has(board.Board)
    assert "__dict__" not in dir(state.GameState)
    game = rc.new_game(rc.load_ruleset("en"), seed=3, placement="fixed")
    rnd = random.Random(3)
    for _ in range(40):
        game.play(rnd.choice(game.legal_moves()))
    copy = pickle.loads(pickle.dumps(game))
    clone = game.clone()
    assert copy.legal_moves() == clone.legal_moves() == game.legal_moves()
    move = game.legal_moves()[0]
    for g in (game, copy, clone):
        g.play(move)
    assert copy.to_json() == clone.to_json() == game.to_json()
