"""The rules in three languages: docs/rules.md and its Spanish and Italian
translations (docs/es/rules.md, docs/it/rules.md) state the same R, D and E
numbers, in the same order and the same numbered sections, none only in a
translation; their tables hold the same ids and figures; the site shows the
three under Rules."""

from __future__ import annotations

import re

import pytest
import yaml

from conftest import ROOT

PAGES = {"en": ROOT / "docs" / "rules.md", "es": ROOT / "docs" / "es" / "rules.md",
         "it": ROOT / "docs" / "it" / "rules.md"}
TRANSLATIONS = ("es", "it")
#: A rule number as a page states it (in bold), and as any text cites it.
STATED = re.compile(r"\*\*([RDE][0-9]+\.[0-9]+[a-z]?)\*\*")
CITED = re.compile(r"\b[RDE][0-9]+\.[0-9]+[a-z]?\b")


def page(lang: str) -> str:
    return PAGES[lang].read_text("utf-8")


def compare(english: str, translation: str) -> tuple[list[str], list[str]]:
    """The numbers the English page states that the translation does not, and
    those the translation states that the English page does not."""
    en, tr = STATED.findall(english), STATED.findall(translation)
    return [n for n in en if n not in tr], [n for n in tr if n not in en]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_rule_number_of_the_english_page_is_in_the_translation_and_none_only_there(lang):
    assert compare(page("en"), page(lang)) == ([], [])
    assert STATED.findall(page(lang)) == STATED.findall(page("en"))  # in order, each as often
    assert len(STATED.findall(page("en"))) > 80  # the scan finds them


def test_the_comparison_finds_a_number_left_out_and_one_only_in_a_translation():
    unknown = "E" + "9.9"  # written in two pieces: no page states it, and no file may cite it
    english = "- **R1.1** one\n- **D2.5a** two\n- **E5.1** three\n"
    translation = f"- **R1.1** uno\n- **E5.1** tres\n- **{unknown}** cuatro\n"
    assert compare(english, translation) == (["D2.5a"], [unknown])


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_cites_only_numbers_the_english_page_states(lang):
    assert set(CITED.findall(page(lang))) <= set(STATED.findall(page("en")))


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_has_the_english_pages_numbered_sections(lang):
    def sections(text: str) -> list[str]:
        return re.findall(r"^## ([0-9]+)\. ", text, re.M)
    assert sections(page(lang)) == sections(page("en")) == [str(n) for n in range(1, 11)]


def tables(text: str) -> list[list[list[str]]]:
    """Every table's body rows, split into cells."""
    found, rows = [], None
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if rows is None:
                rows = []
            elif not all(set(c) <= set("-: ") for c in cells):
                rows.append(cells)
        elif rows is not None:
            found.append(rows)
            rows = None
    return found


def figures(cells: list[str]) -> list[str]:
    """The cells a translation keeps as they are: ids, numbers, "—"."""
    return [c for c in cells if re.fullmatch(r"`[a-z_]+`|[0-9]+|—", c)]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translations_tables_hold_the_english_pages_ids_and_figures(lang):
    english, translated = tables(page("en")), tables(page(lang))
    assert len(translated) == len(english) == 4
    for en, tr in zip(english, translated):
        assert [figures(row) for row in tr] == [figures(row) for row in en]
    assert translated[-1] == english[-1]  # the names in each language, as the English page has them


def test_the_site_shows_the_rules_in_each_language():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text("utf-8"))
    [rules] = [entry["Rules"] for entry in config["nav"] if "Rules" in entry]
    shown = {title: path for item in rules for title, path in item.items()}
    assert shown["English"] == "rules.md"
    assert shown["Español"] == "es/rules.md"
    assert shown["Italiano"] == "it/rules.md"
