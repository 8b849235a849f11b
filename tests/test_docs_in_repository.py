"""The documentation reads in the repository as it does on the site: the
card files a page quotes are quoted whole (no include that only a build
resolves), every link to a page reaches a file, and the site builds printing
only its own messages (the generated pages kept current:
tests/test_docs_generated.py)."""

import re
import subprocess
import sys

import pytest

from conftest import ROOT

DOCS = ROOT / "docs"


def test_the_cookbook_opens_with_examples():
    page = (DOCS / "cookbook.md").read_text("utf-8")
    assert page.index("\n### ") < page.index("## How to add an example")
    assert page.index("\n## ") < page.index("## How to add an example")


def test_a_quoted_card_file_is_the_file_itself():
    """A block titled with a card file's path holds that file, so the page reads
    without a build (no ``--8<--`` include)."""
    quoted = 0
    for page in DOCS.rglob("*.md"):
        text = page.read_text("utf-8")
        assert "--8<--" not in text, page
        for path, body in re.findall(r'^```\w* title="(cards/[^"]+)"\n(.*?)^```$', text,
                                     re.M | re.S):
            assert body == (ROOT / path).read_text("utf-8").rstrip("\n") + "\n", (page, path)
            quoted += 1
    assert quoted >= 5


def test_every_link_between_pages_reaches_a_file():
    """A relative link of a page (``dsl-reference.md#…``) names a file of the
    repository, so a reader on a code host reaches it."""
    for page in [*DOCS.rglob("*.md"), ROOT / "README.md"]:
        text = page.read_text("utf-8")
        for target in re.findall(r"\]\(([^)#\s]+\.(?:md|svg))(?:#[^)]*)?\)", text):
            if "://" in target:
                continue
            assert (page.parent / target).resolve().is_file(), (page, target)


def test_the_site_builds_printing_only_its_own_messages(tmp_path):
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    run = subprocess.run([sys.executable, str(DOCS / "site.py"), "build", "--strict",
                          "--site-dir", str(tmp_path / "site")],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    lines = [line for line in (run.stdout + run.stderr).splitlines() if line.strip()]
    assert lines and all(line.startswith("INFO    -  ") for line in lines), lines


def test_every_notebook_display_hook_is_on_its_class_page():
    """Jupyter shows a game and a ruleset through their ``_repr_*_`` hooks;
    the API page of each public class that has one says what it shows (the
    generated reference leaves private names out)."""
    import redcode_rules as rc

    pages = {p: p.read_text("utf-8") for p in (DOCS / "api").glob("*.md")}
    hooks = {}
    for name in rc.__all__:
        cls = getattr(rc, name)
        if isinstance(cls, type):
            hooks[name] = [h for h in vars(cls) if re.fullmatch(r"_repr_[a-z]+_", h)]
    assert hooks["Game"] and hooks["Ruleset"]
    for name, names in hooks.items():
        if names:
            [page] = [t for t in pages.values() if f"::: redcode_rules.{name}\n" in t]
            assert [h for h in names if f"`{h}`" not in page] == [], name
