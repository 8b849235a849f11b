"""The module layers hold: import-linter checks the contracts of pyproject.toml.

tools > the public Game > formats and renderers > the core > base, no import
cycle, the renderers and the tools independent of each other (docs/design.md,
"Module map"). A broken contract fails here with import-linter's report,
which names each import against it and the chain it belongs to.
"""

from __future__ import annotations

from pathlib import Path

from importlinter.cli import lint_imports

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def test_the_import_contracts_of_pyproject_are_kept(capsys):
    status = lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert status == 0, report
    assert "4 kept, 0 broken" in report
