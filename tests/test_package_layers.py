"""The module layers hold: import-linter checks the contracts of pyproject.toml.

tools > the public Game > formats and renderers > the core > base, no import
cycle, the renderers and the tools independent of each other (docs/design.md,
"Module map"). A broken contract fails here with import-linter's report,
which names each import against it and the chain it belongs to.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def test_the_import_contracts_of_pyproject_are_kept():
    # in a process of its own: run in the test process, import-linter closes
    # the test run's captured output once absl's logging (which OpenSpiel's
    # algorithms import, tests/test_ai_openspiel.py) is loaded
    run = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import "
                          "lint_imports; sys.exit(lint_imports(config_filename=sys.argv[1], "
                          "no_cache=True, no_logo=True))", str(PYPROJECT)],
                         capture_output=True, text=True)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    assert "4 kept, 0 broken" in report
