"""Build hook: the optional compiled core.

The engine is pure Python and stays so. A wheel build (``pip install .``)
also compiles the modules that random playouts spend their time in — the
same ``.py`` files, unchanged, no ``.pyx``, with declarations in
``engine.pxd``, ``moves.pxd`` and ``board.pxd`` that make the engine, the
move generator and listings extension types and the path walker a C call —
with Cython, which makes playouts about 1.5
times as fast (docs/design.md, "Speed"). Everything else (effects, the DSL
compiler, docs, CLI) stays interpreted.

- Editable installs (``pip install -e .``) are never compiled: a compiled
  module would be built next to its source and would go on running after
  the source is edited.
- ``REDCODE_PURE_PYTHON=1`` skips compiling in any install.
- A compile that fails (no C compiler, no Cython) warns and installs the
  pure-Python package, which behaves identically (CI runs the test suite on
  both).

``redcode_rules.compiled_modules()`` tells which modules an installation runs
compiled.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# The hot path of a playout: listing moves, playing them, undo snapshots.
COMPILED = ["board", "moves", "engine", "state", "game", "rng"]

# Python semantics kept exactly: annotations are not type checks (a move may
# be any object and must raise IllegalMove, not TypeError), functions stay
# introspectable.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}


def skip_reason() -> str | None:
    if os.environ.get("REDCODE_PURE_PYTHON", "") not in ("", "0"):
        return "REDCODE_PURE_PYTHON is set"
    return None


class OptionalBuildExt(build_ext):
    """Compiles the core when it can; otherwise the package stays pure Python."""

    def run(self) -> None:
        reason = skip_reason()
        if reason is None and getattr(self, "editable_mode", False):
            reason = "an editable install runs its sources"
        if reason is None:
            try:
                from Cython.Build import cythonize
            except ImportError:
                reason = "Cython is not installed"
        if reason is not None:
            self.announce(f"redcode_rules: pure Python ({reason})", level=2)
            return
        # the .pxd files beside the modules declare extension types and
        # direct calls (see those files)
        self.extensions = cythonize(self.extensions, compiler_directives=DIRECTIVES,
                                    build_dir=os.path.join(self.build_temp, "cython"),
                                    include_path=["src"], quiet=True)
        try:
            super().run()
        except Exception as error:  # no compiler, a compiler error: fall back
            self.warn_pure(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            self.warn_pure(error)

    @staticmethod
    def warn_pure(error: Exception) -> None:
        print(f"warning: redcode_rules: compiling the core failed ({error}); "
              "installing it as pure Python", file=sys.stderr)


# no debug symbols: a sixth of the size, same speed
FLAGS = [] if sys.platform == "win32" else ["-g0"]

setup(
    ext_modules=[Extension(f"redcode_rules.{name}", [f"src/redcode_rules/{name}.py"],
                           extra_compile_args=FLAGS)
                 for name in COMPILED],
    cmdclass={"build_ext": OptionalBuildExt},
)
