"""Build hook: the optional compiled core.

The engine is pure Python and stays so. A wheel build (``pip install .``)
also compiles, with Cython, the modules listed in pyproject.toml
(``[tool.redcode_rules] compiled``: ``board``, the path search and the
visual field; ``game_tensor`` and ``actions``, the observation tensor and
the moves as words that a learning program's steps read) — the same
``.py`` files, no ``.pyx``, no ``.pxd``. Their types are written in the
files in Cython's pure-Python mode (``@cython.ccall``, ``@cython.locals``:
the path walker and the reach search become C calls with typed box
indexes), which the interpreter ignores; without Cython the modules read
``cython_shim`` instead (docs/design.md, "Speed"). Everything else (the
game, the engine, the move generator, effects, the DSL compiler, docs,
CLI) stays interpreted: the pure-Python build is the reference, and no
class is shaped by what Cython needs.

- Editable installs (``pip install -e .``) are never compiled: a compiled
  module would be built next to its source and would go on running after
  the source is edited.
- ``REDCODE_PURE_PYTHON=1`` skips compiling in any install.
- A build first removes the extension modules an earlier build left in
  its build directory that it will not build now (all of them, for pure
  Python): a wheel packs that directory whole, and such a module would
  run instead of its source.
- Anything that fails — no Cython, Cython refusing or crashing on a
  module, no C compiler, a compiler error — warns and installs the whole
  package as pure Python, which behaves identically (CI runs the test
  suite on both).

``redcode_rules.compiled_modules()`` tells which modules an installation runs
compiled.
"""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Iterable
from importlib.machinery import EXTENSION_SUFFIXES

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# The modules compiled, listed in pyproject.toml (the tests read it too).
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pyproject.toml"), "rb") as f:
    COMPILED = tomllib.load(f)["tool"]["redcode_rules"]["compiled"]

# Python semantics kept exactly: annotations are not type checks (a move may
# be any object and must raise IllegalMove, not TypeError), functions stay
# introspectable.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}


class OptionalBuildExt(build_ext):
    """Compiles the core when it can; otherwise the package stays pure Python."""

    def finalize_options(self) -> None:
        # Cython's extensions must replace ours before setuptools finalizes
        # them (it marks each extension object it will build).
        self.pure_reason = self.why_pure()
        if self.pure_reason is None:
            from Cython.Build import cythonize
            try:
                # the modules' types are in their own files (pure-Python mode)
                compiled = cythonize(
                    self.distribution.ext_modules, compiler_directives=DIRECTIVES,
                    build_dir=os.path.join("build", "cython"), quiet=True)
            except Exception as error:  # Cython refused or crashed: pure Python
                self.pure_reason = f"Cython failed: {error}"
                print(f"warning: redcode_rules: {self.pure_reason}; installing it as pure "
                      "Python", file=sys.stderr)
            else:
                self.distribution.ext_modules[:] = compiled
        super().finalize_options()

    def why_pure(self) -> str | None:
        if os.environ.get("REDCODE_PURE_PYTHON", "") not in ("", "0"):
            return "REDCODE_PURE_PYTHON is set"
        if getattr(self, "editable_mode", False):
            return "an editable install runs its sources"
        try:
            import Cython.Build  # noqa: F401
        except ImportError:
            return "Cython is not installed"
        return None

    def run(self) -> None:
        # what an earlier build left and this one will not build goes first
        self.drop_modules(keep=() if self.pure_reason is not None else self.extensions)
        if self.pure_reason is not None:
            self.announce(f"redcode_rules: pure Python ({self.pure_reason})", level=2)
            return
        self.failures: list[str] = []
        try:
            super().run()
        except Exception as error:  # no compiler, say
            self.failures.append(str(error))
        if self.failures:
            self.drop_modules(keep=())  # all or nothing: a partial core is never shipped
            print(f"warning: redcode_rules: compiling the core failed "
                  f"({self.failures[0]}); installing it as pure Python", file=sys.stderr)

    def drop_modules(self, keep: Iterable[Extension]) -> None:
        """Removes the extension modules in the package's build directory but
        those of ``keep``: a wheel packs that directory whole, so a module an
        earlier build left there (no longer compiled, compiled from older
        sources, or any, for pure Python) would ship and run instead of its
        source."""
        kept = {os.path.abspath(self.get_ext_fullpath(ext.name)) for ext in keep}
        package = os.path.dirname(self.get_ext_fullpath("redcode_rules._"))
        suffixes = tuple(EXTENSION_SUFFIXES)
        for root, _, files in os.walk(package):
            for name in files:
                path = os.path.abspath(os.path.join(root, name))
                if name.endswith(suffixes) and path not in kept:
                    os.remove(path)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # a compiler error: the others may build, then go
            self.failures.append(f"{ext.name}: {error}")


# no debug symbols: a sixth of the size, same speed
FLAGS = [] if sys.platform == "win32" else ["-g0"]

setup(
    ext_modules=[Extension(f"redcode_rules.{name}", [f"src/redcode_rules/{name.replace('.', '/')}.py"],
                           extra_compile_args=FLAGS)
                 for name in COMPILED],
    cmdclass={"build_ext": OptionalBuildExt},
)
