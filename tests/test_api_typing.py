"""The package's type hints as a user's typed code sees them: ``mypy --strict``
passes on examples/typed_game.py (CI runs it after the README's editable
install) and fails on the same script with a type error in it."""

from pathlib import Path

import pytest

from conftest import ROOT

api = pytest.importorskip("mypy.api")

EXAMPLE = ROOT / "examples" / "typed_game.py"


def mypy_strict(path: Path, monkeypatch) -> tuple[str, int]:
    monkeypatch.chdir(ROOT)  # the [tool.mypy] of pyproject.toml: the sources in src/
    out, err, status = api.run(["--strict", "--config-file",
                                str(ROOT / "pyproject.toml"), str(path)])
    return out + err, status


def test_the_typed_example_passes_mypy_strict(monkeypatch):
    out, status = mypy_strict(EXAMPLE, monkeypatch)
    assert status == 0, out
    assert out.strip() == "Success: no issues found in 1 source file"


def test_a_type_error_against_the_packages_hints_is_found(monkeypatch, tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text(EXAMPLE.read_text("utf-8").replace(
        "game: rc.Game = rc.new_game(", "game: rc.Ruleset = rc.new_game("), "utf-8")
    out, status = mypy_strict(wrong, monkeypatch)
    assert status == 1
    assert 'Incompatible types in assignment (expression has type "Game", variable has ' \
           'type "Ruleset")' in out
