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
    assert core == ["rules.board", "info.game_tensor", "ai.actions"]
    compiled = rc.compiled_modules()
    assert compiled == sorted(compiled)
    if os.environ.get("REDCODE_EXPECT_COMPILED"):
        assert compiled == sorted(core), "the wheel was built without its whole compiled core"
    else:
        assert compiled in ([], sorted(core))
    for name in compiled:
        module = __import__(f"redcode_rules.{name}", fromlist=["_"])
        assert isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader)
    # the DSL reference reads the effect classes' source: effects stays Python
    assert "rules.effects" not in compiled


def test_the_compiled_core_is_typed_in_its_python_files():
    """Cython's pure-Python mode: the compiled modules carry their types as
    decorators in the .py files (board.py's path walk), never in a .pxd
    beside them that would pin their signatures in a second file."""
    from pathlib import Path

    source = Path(__file__).parent.parent.joinpath("src", "redcode_rules")
    assert sorted(source.rglob("*.pxd")) == []
    assert "@cython.ccall" in source.joinpath("rules", "board.py").read_text()
    assert "@cython.locals" in source.joinpath("ai", "actions.py").read_text()


def test_the_compiled_core_keeps_the_python_classes():
    """Compiled or not, the game's classes are the Python classes of the
    sources: attrs classes keep their slots and their pickling, and a game,
    its clone and its pickle play on alike."""
    import pickle
    import random

    import attrs

    from redcode_rules.rules import board

    from redcode_rules.model import state

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


def test_a_build_drops_the_extension_modules_an_earlier_build_left(tmp_path):
    """A wheel packs the build directory whole, so an extension module an
    earlier build left there (one no longer compiled, or any, for a pure
    build) would ship and run instead of its source: a pure build
    (``REDCODE_PURE_PYTHON=1``) into a directory holding two leaves none of
    them, and keeps its Python files."""
    import importlib.machinery
    import os
    import subprocess
    import sys
    from pathlib import Path

    import pytest

    pytest.importorskip("setuptools")
    package = tmp_path / "redcode_rules"
    (package / "rules").mkdir(parents=True)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for stale in (package / "rules" / f"board{suffix}", package / f"game{suffix}"):
        stale.write_bytes(b"")
    (package / "rules" / "board.py").write_text("")
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path)],
                   cwd=Path(__file__).parent.parent, capture_output=True, check=True,
                   env={**os.environ, "REDCODE_PURE_PYTHON": "1"})
    left = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert left == ["redcode_rules/rules/board.py"]
