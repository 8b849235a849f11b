"""The core without Cython: its modules read their compiled types from the
``cython`` module, which is a build requirement only; without it they read
``cython_shim``, and the package imports and plays alike."""

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).parent.parent / "src" / "redcode_rules"

# a game played with ``cython`` made unimportable, as where it is not installed
GAME = """
import sys

class NoCython:
    def find_spec(self, name, path=None, target=None):
        if name == "cython" or name.startswith(("cython.", "Cython")):
            raise ModuleNotFoundError(f"No module named {name!r}")

if sys.argv[1] == "without":
    sys.meta_path.insert(0, NoCython())
    sys.modules.pop("cython", None)
import random
import redcode_rules as rc
from redcode_rules.rules import board
from redcode_rules.base import cython_shim

game = rc.new_game(rc.load_ruleset("en"), seed=5, placement="fixed")
rnd = random.Random(5)
for _ in range(120):
    game.play(rnd.choice(game.legal_moves()))
print(len(game.legal_moves()), game.to_json()[-60:], cython_shim.compiled, "cython" in sys.modules)
"""


def test_the_package_plays_without_cython_installed():
    """Cython absent: the shim stands in, and a game is the same as the one
    this process plays with it (the script's own lines, run here)."""
    without = subprocess.run([sys.executable, "-c", GAME, "without"], capture_output=True,
                             text=True, check=True).stdout
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(GAME.replace("sys.argv[1]", '"default"'), {"__name__": "game"})
    assert without.split()[-2:] == ["False", "False"]  # the shim read, no cython imported
    assert without.rsplit(" ", 2)[0] == printed.getvalue().rsplit(" ", 2)[0]


def test_the_shim_has_every_cython_name_the_core_reads():
    """Every ``cython.NAME`` a module of the package uses exists in the shim,
    so a name added to a compiled module without the shim fails here, not
    only where Cython is missing."""
    from redcode_rules.base import cython_shim

    used = {name for path in SOURCE.rglob("*.py") if path.name != "cython_shim.py"
            for name in re.findall(r"\bcython\.(\w+)", path.read_text())}
    assert used, "no module is typed for the compiler"
    assert sorted(name for name in used if not hasattr(cython_shim, name)) == []


def test_the_shim_changes_nothing():
    """Its decorators return what they decorate; nothing is compiled."""
    from redcode_rules.base import cython_shim as cython

    def f(x):
        return x + 1

    for decorate in (cython.ccall, cython.cfunc, cython.locals(x=cython.Py_ssize_t),
                     cython.returns(dict)):
        assert decorate(f) is f
    assert cython.compiled is False


def test_the_typed_functions_run_as_written_when_not_compiled():
    """The board's typed path walk is, uncompiled, the plain Python
    functions of its source: its decorators (Cython's or the shim's) add no
    call and no wrapper."""
    import types

    import redcode_rules as rc
    from redcode_rules.rules import board

    typed = ["_by_path", "_one_step", "_forced", "_table", "_walk", "_reachable"]
    if "rules.board" in rc.compiled_modules():
        assert all(callable(getattr(board, name)) for name in typed)
        return
    for name in typed:
        function = getattr(board, name)
        assert type(function) is types.FunctionType and not hasattr(function, "__wrapped__")
        assert function.__code__.co_filename == board.__file__
