"""docs/ai.md: its Python sessions print what the page shows, and its tables
(docs/ai-tables.md, generated) are the code's vocabulary and tensor layouts.

The sessions use OpenSpiel and PettingZoo: skipped without the ``ai`` extra.
"""

from __future__ import annotations

import doctest
import re

import pytest

from conftest import ROOT
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.ai.setup import AiSetup, TensorLayout

DOCS = ROOT / "docs"


def test_the_pages_python_session_prints_what_it_shows(monkeypatch):
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: the ai extra")
    pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: the ai extra")
    monkeypatch.chdir(ROOT)
    text = (DOCS / "ai.md").read_text("utf-8")
    blocks = re.findall(r"^```pycon\n(.*?)^```$", text, re.M | re.S)
    assert len(blocks) == 6
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "ai.md", "docs/ai.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_tables_give_every_word_its_id_and_every_slice_its_offset():
    page = (DOCS / "ai-tables.md").read_text("utf-8")
    game = AiSetup(teams="3v3").new_game()
    space = ActionSpace.for_game(game)
    for i, word, group in space.rows():
        assert f"| {i} | `{word}` | {group} |" in page
    layout = TensorLayout.for_game(game, space)
    at = 0
    for piece in layout.pieces(True):
        assert f"| `{piece.name}` |" in page
        at += piece.size
    assert f"| en | 3v3 | {space.size} | " in page
    assert f" | {at} |\n" in page
