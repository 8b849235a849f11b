"""The package layers hold: import-linter checks the contracts of pyproject.toml.

Entry points > tools > bots > the public Game > formats, pictures, information
> engine, card language > model > text > rules > words > base, each package's
modules in layers of their own, no import cycle, the renderers and the tools
independent of each other (docs/design.md, "Module map"). A broken contract
fails here with import-linter's report, which names each import against it
and the chain it belongs to.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
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
    contracts = tomllib.loads(PYPROJECT.read_text("utf-8"))["tool"]["importlinter"]["contracts"]
    assert f"{len(contracts)} kept, 0 broken" in report


def test_the_package_tree_shows_the_layers():
    """Only the public entry points stand at the top of the package; every other
    module lives in the sub-package of its layer, and each sub-package is a layer
    of the contracts."""
    root = PYPROJECT.parent / "src" / "redcode_rules"
    top = sorted(p.stem for p in root.glob("*.py"))
    assert top == ["__init__", "__main__", "game", "openspiel", "pettingzoo"]  # and cli/
    packages = sorted(p.name for p in root.iterdir() if (p / "__init__.py").exists())
    layers = tomllib.loads(PYPROJECT.read_text("utf-8"))["tool"]["importlinter"]["contracts"][0]["layers"]
    named = {name.strip() for line in layers for name in line.replace(":", "|").split("|")}
    assert set(packages) <= named, set(packages) - named


def test_the_design_notes_module_map_names_every_module_as_it_is():
    """docs/design.md's module map lists each module of the package at its path,
    and no module that is not there: a moved or new module shows in review."""
    import re

    root = PYPROJECT.parent / "src" / "redcode_rules"
    design = (PYPROJECT.parent / "docs" / "design.md").read_text("utf-8")
    section = design[design.index("## Module map"):design.index("## The decision machine")]
    named = {path for row in re.findall(r"^\| (`[^|]+`) \|", section, re.M)
             for path in re.findall(r"`([\w/]+\.py)`", row)}
    modules = {str(p.relative_to(root)) for p in root.rglob("*.py") if p.name != "__init__.py"}
    modules -= {"openspiel.py", "pettingzoo.py"}  # the documented paths of ai/openspiel.py, ai/pettingzoo.py
    assert named == modules, (sorted(modules - named), sorted(named - modules))


def test_every_file_the_sources_and_the_design_notes_name_is_there():
    """A path a docstring, comment or the design notes give (``engine/queries.py``,
    ``tests/test_format_round_trips.py``) names a file of the repository: a
    module moved or a test renamed shows here, not to a reader who looks. A
    file the design plans is written with ``(new)`` after it."""
    import re

    root = PYPROJECT.parent
    package = root / "src" / "redcode_rules"
    packages = "|".join(p.name for p in package.iterdir() if (p / "__init__.py").exists())
    named = re.compile(r"(?<![\w/.-])((?:tests|docs|benchmarks|examples|cards|grammar)/[\w./-]+"
                       rf"\.(?:py|md|rc|yaml|lark)|(?:{packages})/[\w/]+\.py)")
    texts = [*package.rglob("*.py"), root / "docs" / "design.md", root / "docs" / "notation.md"]
    missing = sorted({(str(path.relative_to(root)), found.group(1)) for path in texts
                      for found in named.finditer(path.read_text("utf-8"))
                      if not found.string[found.end():].lstrip("`").startswith(" (new)")
                      and not (root / found.group(1)).exists()
                      and not (package / found.group(1)).exists()})
    assert missing == []


def test_the_wheel_ships_every_sub_package():
    """pyproject.toml names the packages a wheel ships one by one (cards/ and
    grammar/ are mapped into the package from the top of the repository), so
    a new sub-package must be named there, or an installed wheel lacks it
    while an editable install, which reads the source tree, does not notice.
    The folders of data inside them (card files, glossaries, the web table's
    templates) are named too, or setuptools warns at every build that it
    ships an importable folder it was not told of."""
    setuptools = tomllib.loads(PYPROJECT.read_text())["tool"]["setuptools"]
    code, data = set(), set()
    for name, root in setuptools["package-dir"].items():  # cards/ is not under src/
        root = PYPROJECT.parent / root
        for folder in [root, *(p for p in root.rglob("*") if p.is_dir())]:
            if folder.name != "__pycache__":
                dotted = ".".join((name, *folder.relative_to(root).parts))
                if (folder / "__init__.py").exists():
                    code.add(dotted)
                else:  # data only: a module there would not be a package's
                    assert not list(folder.glob("*.py")), folder
                    data.add(dotted)
    assert sorted(setuptools["packages"]) == sorted(code | data)


def test_every_relative_import_names_a_module_of_the_package():
    """An import made inside a function (an optional extra's module, loaded
    only when its command runs) is found only when it runs: a module moved
    into a sub-package must have its dots counted again (``from ..printing``
    from ``cli/``), or the command fails while every test that does not run
    it passes."""
    import ast

    source = PYPROJECT.parent / "src"
    unknown = []
    for path in sorted((source / "redcode_rules").rglob("*.py")):
        package = path.parent.relative_to(source).parts
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom) or not node.level:
                continue
            base = package[:len(package) - node.level + 1]
            parts = [*base, *(node.module.split(".") if node.module else [])]
            target = source.joinpath(*parts)
            names = [target / alias.name for alias in node.names] if not node.module else []
            found = target.with_suffix(".py").exists() or (target / "__init__.py").exists() \
                or any(n.with_suffix(".py").exists() or (n / "__init__.py").exists()
                       for n in names)
            if not found:
                unknown.append(f"{path.relative_to(source)}:{node.lineno} {'.' * node.level}"
                               f"{node.module or ''}")
    assert unknown == []
