"""The import graph of the package, imports made only for type hints
included, has no circle: a lower module that needs a higher type names it by
a small Protocol of its own, named as a view of it (effects.StackItem,
text.cards.RulesetView, text.narrate.EventView).

import-linter checks the same through pyproject.toml's contracts
(tests/test_package_layers.py); this test reads the graph itself, so a
contract loosened by mistake (type-hint imports excluded again, an import
ignored) does not hide a circle.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def importlinter() -> dict:
    return tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]


def circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph.find_modules_directly_imported_by(module)):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_type_hint_imports_are_checked_by_the_contracts():
    assert importlinter()["exclude_type_checking_imports"] is False


def test_the_contracts_ignore_no_import():
    for contract in importlinter()["contracts"]:
        assert contract.get("ignore_imports", []) == [], contract["id"]


def test_the_import_graph_with_type_hint_imports_has_no_circle():
    graph = grimp.build_graph("redcode_rules", exclude_type_checking_imports=False)
    assert circles(graph) == []


def test_the_circle_finder_finds_a_circle():
    graph = grimp.build_graph("redcode_rules", exclude_type_checking_imports=False)
    graph.add_import(importer="redcode_rules.rules.board", imported="redcode_rules.model.ruleset")
    assert any({"redcode_rules.rules.board", "redcode_rules.model.ruleset"} <= set(c)
               for c in circles(graph))


def test_a_class_name_of_the_package_means_one_class():
    """A name of the package means one class, found in one place: a Protocol
    standing for a class above it says it is a view of it
    (``text.cards.RulesetView`` of ``model.Ruleset``), and two enums of
    different meanings do not share a name (``Bearer``, whose number a
    parameter is, beside ``card_classes.Whose``, whose cards a class counts)."""
    import collections
    import inspect

    from conftest import package_modules

    where = collections.defaultdict(list)
    for module in package_modules():
        for cls in vars(module).values():
            if inspect.isclass(cls) and cls.__module__ == module.__name__:
                where[cls.__name__].append(module.__name__)
    twins = {name: sorted(found) for name, found in where.items() if len(found) > 1}
    assert twins == {}


def test_a_module_over_600_lines_says_why_at_its_top():
    """A module is kept under 600 lines; a longer one says at its top why its
    length is its job's ("Its length is …"), so a reader knows it was not an
    accident and what would be split next."""
    import ast

    from conftest import ROOT

    package = ROOT / "src" / "redcode_rules"
    unexplained = []
    for path in sorted(package.rglob("*.py")):
        text = path.read_text()
        doc = ast.get_docstring(ast.parse(text)) or ""
        if len(text.splitlines()) > 600 and "Its length is" not in doc:
            unexplained.append(str(path.relative_to(package)))
    assert unexplained == []
