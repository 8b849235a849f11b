"""Write the generated pages into docs/, where the repository keeps them.

    python docs/write_generated.py

The card reference (``gen_reference.py``), the DSL reference
(``gen_dsl_reference.py``) and the cookbook with its pictures
(``gen_cookbook.py``) are generated from the card data, the grammar and the
cookbook entries; the AI tables (``gen_ai_tables.py``) from the action
vocabulary and the tensor layouts. They are kept in the repository, so a reader of
docs/dsl.md on a code host reaches them as the site's reader does;
tests/test_docs_generated.py fails when a kept page differs from what its script
writes now (run this script after changing cards, texts or entries).
"""

from __future__ import annotations

import runpy
import sys
import types
from pathlib import Path

DOCS = Path(__file__).resolve().parent
#: the scripts, each writing pages through ``mkdocs_gen_files.open``
SCRIPTS = ("gen_reference.py", "gen_dsl_reference.py", "gen_cookbook.py", "gen_ai_tables.py")


def generate(out: Path) -> set[str]:
    """Run every script, its pages written under ``out``; the paths written."""
    written: set[str] = set()

    def open_page(path: str, mode: str = "r", **_: object):
        written.add(str(path))
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        return open(target, mode, encoding="utf-8", newline="\n")

    stand_in = types.ModuleType("mkdocs_gen_files")
    stand_in.open = open_page  # type: ignore[attr-defined]
    stand_in.set_edit_path = lambda *args, **kwargs: None  # type: ignore[attr-defined]
    saved = sys.modules.get("mkdocs_gen_files")
    sys.modules["mkdocs_gen_files"] = stand_in
    try:
        for script in SCRIPTS:
            runpy.run_path(str(DOCS / script))
    finally:
        if saved is None:
            del sys.modules["mkdocs_gen_files"]
        else:
            sys.modules["mkdocs_gen_files"] = saved
    return written


if __name__ == "__main__":
    pages = generate(DOCS)
    print(f"{len(pages)} generated files written into {DOCS}")
