"""The generated documentation: the card reference, the DSL reference, the site's nav.

The "Card reference" pages come from ``redcode_rules.render.reference`` and the "DSL
reference" page from ``redcode_rules.render.dsl_reference.dsl_reference()``, written into
docs/ by ``python docs/write_generated.py`` (tests/test_docs_in_repository.py
checks the kept files are current). These tests read that Markdown back and
compare it with the compiled rulesets, the grammar and the registries, so the
reference cannot drift from the engine. The scripts are run with a stand-in
for ``mkdocs_gen_files``, as write_generated.py runs them.
"""

import difflib
import io
import re
import runpy
import shlex
import sys
from pathlib import Path

import attrs
import pytest
import yaml

import redcode_rules as rc
from redcode_rules.render import dsl_reference as dslref
from redcode_rules.rules import effects
from redcode_rules.cli import main
from redcode_rules.lang.compiler import grammar_text, parse_source
from redcode_rules.rules.effects import Selector

from conftest import EDITIONS, ROOT
from redcode_rules.i18n.catalog import catalog, display_name, languages
from redcode_rules.lang.loader import builtin_editions
from redcode_rules.model.ruleset import (PLACEMENTS, SINKER_DRAWS_FOR, SUNK_MID_CHAIN, RuleOptions,
                                  TargetKind)
from redcode_rules.render.reference import differences, options_page, orders_page, ships_page

LANGS = ("en", "es", "it")
PAGES = ("ships", "orders", "options")


# ------------------------------------------------------------------ Markdown tables


def tables(markdown: str) -> list[tuple[str, list[list[str]]]]:
    """Every table of a page as (the heading above it, body rows split on '|')."""
    found, heading, rows, in_table = [], "", [], False
    for line in markdown.splitlines() + [""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not in_table:
                in_table, rows = True, []
                header = cells
                continue
            if all(set(c) <= set("-: ") for c in cells):
                continue
            assert len(cells) == len(header), f"row has {len(cells)} cells: {line}"
            rows.append(cells)
            continue
        if in_table:
            found.append((heading, rows))
            in_table = False
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
    return found


def ident(cell: str) -> str:
    assert cell.startswith("`") and cell.endswith("`"), cell
    return cell[1:-1]


def name_cell(cell: str, lang: str) -> str:
    """The id of a `Name<br>`id`` cell, checking the printed name above it."""
    name, _, code = cell.partition("<br>")
    cid = ident(code)
    assert name == display_name(cid, lang)
    return cid


# ------------------------------------------------------------------ (a) card reference


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_ships_page_has_every_ship_and_maneuver_with_the_rulesets_numbers(edition, lang):
    """R4.5, D4.5: cost, range and text of every maneuver of every ship, as the
    ruleset has them, in every language; the text says the response flags."""
    rules = rc.load_ruleset(edition)
    card_words = catalog(lang)["card"]
    page = ships_page(rules, lang)
    found = tables(page)
    assert len(found) == len(rules.ships)
    for (heading, rows), ship in zip(found, rules.ships.values()):
        assert heading == display_name(ship.id, lang)
        section = page.split(f"## {heading}\n", 1)[1].split("|", 1)[0]
        assert [int(n) for n in re.findall(r"\d+", section)] == \
            [ship.repairs, ship.breakdowns, ship.crew]
        assert [name_cell(r[0], lang) for r in rows] == list(ship.maneuvers)
        for name, cost, rng, text in rows:
            card = rules.maneuvers[name_cell(name, lang)]
            assert int(cost) == card.cost
            assert (None if rng == "—" else int(rng)) == card.range
            assert text == rules.text(card.id, lang)
            flag = card_words["respondable" if card.respondable else "not_respondable"]
            assert flag in text
            assert (card_words["response"] in text) is card.response


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_orders_page_has_every_order_card_with_its_copies(edition, lang):
    """R7.4, D7.4: every order card of the edition and its copies; the deck total."""
    rules = rc.load_ruleset(edition)
    page = orders_page(rules, lang)
    [(_, rows)] = tables(page)
    assert [name_cell(r[0], lang) for r in rows] == list(rules.orders)
    for cell, copies, text in rows:
        cid = name_cell(cell, lang)
        assert int(copies) == rules.orders[cid].copies
        assert text == rules.text(cid, lang)
    total = catalog(lang)["reference"]["deck_total"]
    assert f"{total}: {len(rules.deck)}" in page
    assert len(rules.deck) == rules.options.deck_size == 30


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_options_page_has_every_rule_option_with_its_value(edition, lang):
    rules = rc.load_ruleset(edition)
    [(_, rows)] = tables(options_page(rules, lang))
    assert [ident(r[0]) for r in rows] == [f.name for f in attrs.fields(RuleOptions)]
    for name, value, _ in rows:
        expected = getattr(rules.options, ident(name))
        if isinstance(expected, tuple):   # catch-up rules: one entry each
            assert len(value.split(";")) == len(expected)
        else:
            assert value == str(expected)


def test_reference_shows_the_edition_differences():
    """§10 as the reference states it: the per-edition numbers differ where the rules do."""
    en, es, it = (rc.load_ruleset(e) for e in EDITIONS)
    assert "`mechanic`" in orders_page(en) and "`mechanic`" not in orders_page(es)
    copies = {name_cell(r[0], "it"): int(r[1]) for r in tables(orders_page(it, "it"))[0][1]}
    assert copies["ambush"] == 5 and copies["evasion"] == 5
    countermeasure = {e: [r for _, rows in tables(ships_page(r)) for r in rows
                          if r[0].endswith("`countermeasure`")][0]
                      for e, r in zip(EDITIONS, (en, es, it))}
    assert "Can be responded to." in countermeasure["en"][3]
    assert "Can be responded to." in countermeasure["es"][3]
    assert "Cannot be responded to." in countermeasure["it"][3]
    assert "`sunk_mid_chain` | source" in options_page(it)


@pytest.mark.parametrize("lang", LANGS)
def test_the_italian_differences_are_said_in_words(lang):
    """§10 on the options page: sentences from lang/*.yaml, no flags, arrows or card language."""
    said = {
        "en": ["Countermeasure can no longer be responded to.",
               "New effect of Countermeasure: 1 repair damage to the target (instead of: "
               "1 repair damage to the target; your ship regains 1 repair).",
               "Mechanic: no such card in the deck.", "Ambush: 5 copies instead of 4.",
               "A ship sunk mid-chain: its own later items are wasted (instead of: "
               "the later items targeting it are wasted).",
               "New arena catch-up 3v3: the first side reduced to 2 ships draws 2 order cards.",
               "Sinkings that give the sinker order cards: enemy ships only (instead of: "
               "any ship, own side's included)."],
        "es": ["Contramedida ya no admite respuesta.", "Emboscada: 5 copias en lugar de 4.",
               "Hundimientos que dan cartas a quien hunde: solo barcos enemigos (antes: "
               "cualquier barco, también del propio bando)."],
        "it": ["Contromisura non ammette più risposta.", "Imboscata: 5 copie invece di 4.",
               "Affondamenti che danno carte a chi affonda: solo navi nemiche (prima: "
               "qualsiasi nave, anche della propria squadra).",
               "Nuova compensazione in arena 3 contro 3: la prima squadra ridotta a 2 navi "
               "pesca 2 carte degli ordini."],
    }[lang]
    diffs = differences(rc.load_ruleset("it"), lang)
    assert len(diffs) == 11
    for sentence in said:
        assert sentence in diffs
    page = options_page(rc.load_ruleset("it"), lang)
    tail = page.split(f"## {catalog(lang)['reference']['differences_title']}", 1)[1]
    assert tail.strip().splitlines() == [f"- {d}" for d in diffs]
    for raw in ("→", "True", "False", "`", "«", "catchup", "respondable"):
        assert raw not in tail, raw


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_option_has_a_name_in_words(lang):
    """A new rule option must get its words, or the difference pages fall back to its id."""
    said = catalog(lang)["differences"]
    names = {f.name for f in attrs.fields(RuleOptions)} - {"catchup"}
    assert names - set(said["option_names"]) == set()
    for option, values in (("sunk_mid_chain", SUNK_MID_CHAIN),
                           ("sinker_draws_for", SINKER_DRAWS_FOR), ("placement", PLACEMENTS)):
        assert set(said[option]) == set(values), option


def test_the_differences_of_an_edited_card_and_options_are_said_in_words():
    rules = rc.load_source("patch maneuver torpedo { cost 1 range 3 not response }\n"
                           "patch maneuver repair { range 2 }\n"
                           "patch ship destroyer { crew 5 }\n"
                           "rules { hand_limit 4 catchup 2v2 reduced to 1 gives 3 "
                           "catchup 3v3 reduced to 1 gives 0 }")
    assert differences(rules) == [
        "Repair: range 2 instead of own ship only.",
        "Torpedo: costs 1 crew instead of 2.",
        "Torpedo: range 3 instead of 2.",
        "Torpedo can no longer be used as a response.",
        "Destroyer: crew 5 instead of 6.",
        "Hand limit: 4 instead of 3.",
        "Arena catch-up 2v2: the first side reduced to 1 ship draws 3 order cards "
        "instead of 2 order cards.",
        "No arena catch-up 3v3: the first side reduced to 1 ship draws 2 order cards.",
    ]


def test_every_language_words_every_difference():
    keys = catalog("en")["differences"]
    for lang in LANGS:
        words = catalog(lang)["differences"]
        assert set(words) == set(keys)
        for key in ("added", "removed", "option_names", "sunk_mid_chain"):
            assert set(words[key]) == set(keys[key]), (lang, key)


# ------------------------------------------------------------------ (b) DSL reference


def grammar_keywords_from_text() -> set[str]:
    """Every quoted word of the grammar file, comments left out (independent of dslref)."""
    text = "\n".join(line for line in grammar_text().splitlines()
                     if not line.strip().startswith("//"))
    return set(re.findall(r'"([a-z]+)"', text))


def test_dsl_reference_mentions_every_primitive_selector_option_and_keyword():
    page = dslref.dsl_reference()
    for name, prim in effects.PRIMITIVES.items():
        assert f"### `{name}`" in page
        assert prim.example in page
    for sel in Selector:
        assert f"`{sel.value}`" in page
    for kind in TargetKind:
        assert f"`target {kind.value}" in page
    for field in attrs.fields(RuleOptions):
        assert f"| `{field.name}` |" in page
    keywords = grammar_keywords_from_text()
    assert {"variant", "extends", "patch", "remove", "cost", "respondable", "catchup"} <= keywords
    for word in keywords:
        assert f"`{word}`" in page, word
    assert set(dslref.grammar_keywords()) == keywords


def test_dsl_reference_describes_every_declaration_and_property_of_the_grammar():
    """A new declaration or property in the grammar needs its line in dslref."""
    page = dslref.dsl_reference()
    assert dslref.NO_DESCRIPTION not in page
    rules = dslref.grammar_rules()
    decls = [n for n in rules["_decl"]]
    assert set(decls) == set(dslref.DECLARATIONS)
    props = [n for g in dslref.GROUPS for n in rules[g]]
    assert set(props) == set(dslref.PROPERTIES)
    for name in decls + props:
        assert rules[name][0] in page   # the grammar's own syntax is quoted


WRAP = {"_card_prop": "maneuver x {{ {} }}", "_ship_prop": "ship x {{ {} }}",
        "_map_prop": "map x {{ {} }}", "_rule_item": "rules {{ {} }}",
        "_status_prop": "status x {{ {} }}", "_token_prop": "token x {{ {} }}"}


def test_dsl_reference_examples_parse():
    for name, (_, example) in dslref.DECLARATIONS.items():
        assert parse_source(example, f"<{name}>")
    rules = dslref.grammar_rules()
    for group, template in WRAP.items():
        for name in rules[group]:
            assert parse_source(template.format(dslref.PROPERTIES[name][1]), f"<{name}>")
    for prim in effects.PRIMITIVES.values():
        assert parse_source(f"order x {{ effect {prim.example} }}", f"<{prim.name}>")


def test_dsl_reference_option_defaults_are_the_models():
    page = dslref.dsl_reference()
    for field in attrs.fields(RuleOptions):
        if field.name != "catchup":
            assert f"| `{field.name}` | number | `{field.default}` |" in page or \
                f"| `{field.name}` | word | `{field.default}` |" in page


# ------------------------------------------------------------------ (c) a new primitive


@attrs.frozen
class DepthScan(effects.Effect):
    """A test-only primitive: does nothing."""

    amount: int = 1

    def apply(self, ops, item):
        return True


def test_a_primitive_registered_at_run_time_appears_in_the_dsl_reference(monkeypatch):
    extra = effects.Primitive(
        "depth_scan", DepthScan, (effects.Param("amount", int, minimum=1),),
        (Selector.TARGET, Selector.AREA), None, "reveal the target's position (test only)",
        "depth_scan 2 to target", 0.0)
    before = dslref.dsl_reference()
    assert "depth_scan" not in before
    monkeypatch.setattr(effects, "PRIMITIVES", {**effects.PRIMITIVES, "depth_scan": extra})
    page = dslref.dsl_reference()
    assert "### `depth_scan`" in page
    assert "Reveal the target's position (test only)." in page
    assert "`depth_scan AMOUNT [to|on|of] SELECTOR`" in page
    assert "`effect depth_scan 2 to target`" in page
    assert "`amount`: a number, at least 1" in page
    assert "- **Acts on:** `target`, `each ship in area`" in page
    assert "- **Used by:** no built-in card" in page
    # the selectors table lists it among the primitives that accept `target`
    row = next(line for line in page.splitlines() if line.startswith("| `target` |"))
    assert "`depth_scan`" in row


# ------------------------------------------------------------------ (d) the command line


def test_cli_rules_writes_the_three_italian_pages(tmp_path, capsys):
    out = tmp_path / "ref"
    assert main(["rules", "--lang", "it", "--edition", "it", "--out", str(out)]) == 0
    files = {p.name: p.read_text("utf-8") for p in out.iterdir()}
    assert set(files) == {"ships.md", "orders.md", "options.md"}
    rules = rc.load_ruleset("it")
    assert files["ships.md"] == ships_page(rules, "it")
    assert files["orders.md"] == orders_page(rules, "it")
    assert files["options.md"] == options_page(rules, "it")
    assert files["ships.md"].startswith("# Navi e manovre (it)")
    assert "`mechanic`" not in files["orders.md"]
    printed = capsys.readouterr().out.split()
    assert sorted(Path(p).name for p in printed) == ["options.md", "orders.md", "ships.md"]


# ------------------------------------------------------------------ the site


class _Loader(yaml.SafeLoader):
    """mkdocs.yml with its `!relative` tags read as plain values."""


_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)


def nav_pages() -> list[str]:
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=_Loader)
    pages = []

    def walk(entry):
        if isinstance(entry, str):
            pages.append(entry)
        elif isinstance(entry, list):
            for e in entry:
                walk(e)
        elif isinstance(entry, dict):
            for v in entry.values():
                walk(v)
    walk(config["nav"])
    return pages


@pytest.fixture(scope="module")
def generated_docs(tmp_path_factory) -> tuple[Path, frozenset[str]]:
    """``docs/write_generated.py`` run once for the tests below, into a folder
    of its own: (the folder, the paths written)."""
    out = tmp_path_factory.mktemp("generated-docs")
    written = runpy.run_path(str(ROOT / "docs" / "write_generated.py"))["generate"](out)
    return out, frozenset(written)


def test_the_generated_pages_kept_in_the_repository_are_current(generated_docs):
    """`python docs/write_generated.py` writes each kept page and picture as it is."""
    out, written = generated_docs
    assert {"dsl-reference.md", "cookbook.md", "reference/index.md"} <= written
    stale = [path for path in sorted(written)
             if not (ROOT / "docs" / path).is_file()
             or (ROOT / "docs" / path).read_text("utf-8") != (out / path).read_text("utf-8")]
    assert stale == [], "run python docs/write_generated.py"
    kept = {str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs" / "reference").rglob("*.md")}
    kept |= {str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs" / "cookbook").glob("*.svg")}
    assert kept <= written  # nothing left over from an entry or a page since removed


def test_gen_scripts_write_every_page_the_nav_lists(generated_docs):
    """The nav names the generated pages explicitly: every built-in edition in
    every language, the DSL reference, the cookbook and the AI tables. Every
    other nav page is a file in docs/."""
    tmp_path, written = generated_docs
    # the cookbook: one page and its pictures (cookbook/*.svg, not pages)
    generated = {p for p in written if p.endswith(".md")}
    expected = {f"reference/{e}/{lang}/{p}.md" for e in builtin_editions()
                for lang in languages() for p in PAGES}
    assert expected | {"reference/index.md", "dsl-reference.md", "cookbook.md",
                       "ai-tables.md"} == generated
    nav = nav_pages()
    assert len(nav) == len(set(nav))
    assert generated <= set(nav)
    for page in set(nav) - generated:
        assert (ROOT / "docs" / page).is_file(), page
    assert (tmp_path / "dsl-reference.md").read_text("utf-8") == dslref.dsl_reference()
    index = (tmp_path / "reference" / "index.md").read_text("utf-8")
    for page in expected:
        assert f"({page.removeprefix('reference/')})" in index
    site = (tmp_path / "reference/es/it/orders.md").read_text("utf-8")
    assert site.startswith("---\nhide:\n  - toc\n---\n\n<div class=\"rc-cards\" markdown>\n\n")
    assert orders_page(rc.load_ruleset("es"), "it") in site


def test_every_docs_page_is_in_the_nav():
    nav = set(nav_pages())
    for path in (ROOT / "docs").rglob("*.md"):
        assert str(path.relative_to(ROOT / "docs")) in nav, path


def test_every_rule_option_has_a_meaning_in_code_and_in_every_language():
    """The options page reads OPTION_DOCS and the `options` texts of lang/*.yaml."""
    import attrs

    from redcode_rules.i18n.catalog import catalog
    from redcode_rules.model.ruleset import OPTION_DOCS, RuleOptions

    fields = {f.name for f in attrs.fields(RuleOptions)}
    assert set(OPTION_DOCS) == fields
    for lang in ("en", "es", "it"):
        assert set(catalog(lang)["options"]) == fields


# ------------------------------------------------------------------ docs/rules.md

RULE_NUMBER = re.compile(r"\b[RDE][0-9]+\.[0-9]+[a-z]?\b")
CITING = ("src", "tests", "cards")


def cited_files():
    """Every text file of src/, tests/, cards/ and docs/, and the README: the
    places that cite rules."""
    yield ROOT / "README.md"
    for folder in CITING + ("docs",):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in (".py", ".pxd", ".rc", ".yaml", ".lark", ".md"):
                yield path


def test_every_rule_number_cited_in_the_code_is_in_docs_rules_md():
    """docs/rules.md is the rules reference: a number the code, the tests, the
    card files or the other pages cite (R4.1, D2.5a, E5.1) is stated there, in bold."""
    stated = set(re.findall(r"\*\*([RDE][0-9]+\.[0-9]+[a-z]?)\*\*",
                            (ROOT / "docs" / "rules.md").read_text("utf-8")))
    cited = {}
    for path in cited_files():
        for number in RULE_NUMBER.findall(path.read_text("utf-8")):
            cited.setdefault(number, str(path.relative_to(ROOT)))
    assert {"R4.1", "D5.4"} <= set(cited)   # the scan finds the citations
    missing = {n: f for n, f in cited.items() if n not in stated}
    assert missing == {}


def test_every_section_cited_in_the_code_is_a_section_of_docs_rules_md():
    """`docs/rules.md §10`, `§6–§8`: the rules page has those numbered sections."""
    headings = set(re.findall(r"^## ([0-9]+)\. ", (ROOT / "docs" / "rules.md").read_text("utf-8"),
                              re.M))
    cited = set()
    for path in cited_files():
        cited |= set(re.findall(r"§\s?([0-9]+)", path.read_text("utf-8")))
    assert cited and cited <= headings


def test_the_rules_page_tables_are_the_english_editions_cards():
    """R4.5, R7.4 as docs/rules.md tells them: the same numbers as the compiled cards."""
    rules = rc.load_ruleset("en")
    page = (ROOT / "docs" / "rules.md").read_text("utf-8")
    found = dict(tables(page))
    maneuvers = found["4. Maneuvers"]
    assert [ident(r[1]) for r in maneuvers] == list(rules.maneuvers)
    for ship, name, _, rng, respondable, cost, response in maneuvers:
        card = rules.maneuvers[ident(name)]
        assert ship == "all" or ident(name) in rules.ships[ship.replace(" ", "_")].maneuvers
        assert (None if rng == "—" else int(rng)) == card.range
        assert (respondable, response) == (flag_word(card.respondable), flag_word(card.response))
        assert int(cost) == card.cost
    orders = found["7. Order cards"]
    assert {ident(r[0]): int(r[1]) for r in orders} == \
        {cid: c.copies for cid, c in rules.orders.items()}
    names = found["Names in each language"]
    for row in names:
        for lang, name in zip(LANGS, row[1:]):
            assert name in ("—", display_name(ident(row[0]), lang).lower()), row


def flag_word(value: bool) -> str:
    return "yes" if value else "no"


OUTSIDE = ("RULES" + ".md", "INTERFACE" + ".md", "../" + "shared")


def test_nothing_in_the_repository_refers_to_files_outside_it():
    """The repository stands on its own: the rules are docs/rules.md, the API is
    docs/api/ and the docstrings, not specification files kept elsewhere."""
    paths = [ROOT / "README.md", ROOT / "mkdocs.yml", ROOT / "pyproject.toml"]
    for folder in ("src", "docs", "tests", "cards", "grammar"):
        paths += [p for p in (ROOT / folder).rglob("*") if p.is_file()
                  and p.suffix not in (".svg", ".png", ".so", ".c", ".pyc")]
    found = []
    for path in paths:
        text = path.read_text("utf-8", errors="ignore")
        found += [(str(path.relative_to(ROOT)), name) for name in OUTSIDE if name in text]
    assert found == []


# ------------------------------------------------------------------ the pages' examples


def code_blocks(page: str, lang: str) -> list[str]:
    """The fenced code blocks of one language (```pycon, ```console) of a docs page."""
    text = (ROOT / "docs" / page).read_text("utf-8")
    return re.findall(rf"^```{lang}\n(.*?)^```$", text, re.M | re.S)


def test_the_variants_guide_examples_print_what_the_page_shows(monkeypatch):
    """docs/variants.md: its Python sessions run as doctests, one session for the
    page, from the top of the repository (the paths it loads are relative)."""
    import doctest

    monkeypatch.chdir(ROOT)
    blocks = code_blocks("variants.md", "pycon")
    assert len(blocks) == 3
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "variants.md",
                                               "docs/variants.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def dsl_guide_card_file() -> str:
    """my_cards.rc as docs/dsl.md writes it: the new card, then the patch that
    keeps the deck at 30 cards."""
    text = (ROOT / "docs" / "dsl.md").read_text("utf-8")
    [card] = re.findall(r'^```text title="my_cards.rc"\n(.*?)^```$', text, re.M | re.S)
    [patch] = [b for b in code_blocks("dsl.md", "text") if b.startswith("# Two fewer")]
    return card + patch


#: Pages whose Python sessions are run, with how many sessions each shows.
SESSIONS = {"dsl.md": 5, "scenarios.md": 4, "getting-started.md": 3, "api/game.md": 3, "api/errors.md": 2,
            "api/rules.md": 1, "api/index.md": 1, "api/replays.md": 2}


@pytest.mark.parametrize("page", sorted(SESSIONS))
def test_the_pages_python_sessions_print_what_they_show(page, monkeypatch, tmp_path):
    """Each page's ```pycon blocks run as one doctest session, in a scratch
    folder with the repository's cards/ beside it (for the relative paths)."""
    import doctest

    (tmp_path / "cards").symlink_to(ROOT / "cards")
    monkeypatch.chdir(tmp_path)
    if page == "dsl.md":  # the card file the guide writes, then patches
        (tmp_path / "my_cards.rc").write_text(dsl_guide_card_file(), "utf-8")
    blocks = code_blocks(page, "pycon")
    assert len(blocks) == SESSIONS[page]
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, page, f"docs/{page}", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_variants_guide_commands_print_what_the_page_shows(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    [block] = code_blocks("variants.md", "console")
    command, *expected = block.splitlines()
    assert command.startswith("$ redcode ")
    assert main(command.split()[2:]) == 0
    assert capsys.readouterr().out.splitlines() == expected


def test_the_readmes_example_runs_as_its_comments_say(capsys):
    """README.md's Python example: every move is legal, and the values its comments
    show are those of the game before the first move."""
    import ast

    text = (ROOT / "README.md").read_text("utf-8")
    [block] = re.findall(r"^```python\n(.*?)^```$", text, re.M | re.S)
    scope: dict = {}
    exec(block, scope)
    assert capsys.readouterr().out == str(scope["game"]) + "\n"
    fresh = rc.new_game(scope["rules"], mode="war", teams=[["submarine"], ["destroyer"]],
                        seed=7)
    shown = {expr.strip(): ast.literal_eval(comment.split(":")[0].strip())
             for expr, comment in re.findall(r"^(game\.[^#\n]*?)\s+# ([\[(].*)$", block, re.M)}
    assert set(shown) == {"game.to_move, game.decision", "game.legal_moves()"}
    for expr, value in shown.items():
        assert eval(expr, {"game": fresh}) == value, expr


def test_the_pictures_in_docs_img_are_what_gen_pictures_draws():
    """docs/pictures.md shows docs/img/: the script still runs on the current
    engine and draws the same bytes."""
    pictures = runpy.run_path(str(ROOT / "docs" / "gen_pictures.py"))["pictures"]()
    assert sorted(pictures) == sorted(p.name for p in (ROOT / "docs" / "img").glob("*.svg"))
    for name, text in pictures.items():
        assert (ROOT / "docs" / "img" / name).read_text("utf-8") == text + "\n", name


def test_the_play_page_names_every_bot_the_command_takes():
    from redcode_rules.bots import BOTS

    [row] = [line for line in (ROOT / "docs" / "play.md").read_text("utf-8").splitlines()
             if line.startswith("| `--bots` |")]
    assert [name for name in BOTS if f"`{name}" not in row] == []


#: The exit code of each command docs/play.md shows (0 when not listed).
PLAY_PAGE_EXIT_CODES = {"redcode replay missing.json --json": 2, "redcode play --lang fr": 2}


def console_session(block: str) -> tuple[str, str, str]:
    """A ```console block as (command, its standard input, expected output);
    ``printf '...' | redcode ...`` pipes the printf text in."""
    command, _, expected = block.partition("\n")
    command = command.removeprefix("$ ")
    stdin = ""
    if command.startswith("printf "):
        printed, _, command = command.partition(" | ")
        stdin = shlex.split(printed)[1].encode().decode("unicode_escape")
    return command, stdin, expected


def test_the_play_page_shows_what_the_commands_print(monkeypatch, capsys, tmp_path):
    """docs/play.md: the piped session, the --json documents and the errors are
    real; the blocks run in order in one folder (the replay the session saves is
    the one the next block reads), with cards/ beside it."""
    import doctest

    (tmp_path / "cards").symlink_to(ROOT / "cards")
    monkeypatch.chdir(tmp_path)
    blocks = code_blocks("play.md", "console")
    assert len(blocks) == 5
    checker = doctest.OutputChecker()
    for block in blocks:
        command, stdin, expected = console_session(block)
        assert command.startswith("redcode "), command
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(shlex.split(command)[1:])
        out = capsys.readouterr()
        assert code == PLAY_PAGE_EXIT_CODES.get(command, 0), command
        got = out.out + out.err
        assert checker.check_output(expected, got, doctest.ELLIPSIS), \
            (command, "".join(difflib.unified_diff(expected.splitlines(True),
                                                   got.splitlines(True))))
    assert "\x1b" not in got


# ------------------------------------------------------------------ the API pages

INTERNAL_NOTES = ("INTERFACE", "RULES", ".pxd", "compiled core", "__slots__")


def api_objects():
    """(dotted name, object) of everything the API pages show and __init__ exports:
    the objects of the `::: name` lines, the public methods and properties of
    those classes, and the public functions of those modules."""
    import importlib
    import inspect

    names = set()
    for page in (ROOT / "docs" / "api").glob("*.md"):
        names |= set(re.findall(r"^::: (\S+)", page.read_text("utf-8"), re.M))
    names |= {f"redcode_rules.{n}" for n in rc.__all__}
    for name in sorted(names):
        module_name, _, attr = name.rpartition(".")
        obj = getattr(importlib.import_module(module_name), attr)
        if inspect.ismodule(obj):
            for key, value in vars(obj).items():
                if not key.startswith("_") and inspect.isfunction(value) \
                        and value.__module__ == obj.__name__:
                    yield f"{name}.{key}", value
            continue
        yield name, obj
        if inspect.isclass(obj):  # with what it inherits from the package (Game's core)
            members = {}
            for cls in reversed(obj.__mro__):
                if cls.__module__.startswith("redcode_rules"):
                    members.update(vars(cls))
            for key, value in members.items():
                if key.startswith("_"):
                    continue
                if isinstance(value, (staticmethod, classmethod)):
                    value = value.__func__
                if callable(value) or isinstance(value, property):
                    yield f"{name}.{key}", value


def test_every_public_object_of_the_api_pages_has_a_docstring():
    objects = dict(api_objects())
    assert {"redcode_rules.Game.play", "redcode_rules.Ruleset.text",
            "redcode_rules.render.svg.board", "redcode_rules.CardDef.mover"} <= set(objects)
    missing = {n for n, obj in objects.items() if not (obj.__doc__ or "").strip()}
    assert sorted(missing) == []


def test_the_api_pages_show_no_notes_for_the_developers():
    """Docstrings on the API pages speak to users: no specification files, no
    notes on the compiled core (those are comments)."""
    noted = {n for n, obj in api_objects()
             if any(word in (obj.__doc__ or "") for word in INTERNAL_NOTES)}
    assert sorted(noted) == []
    config = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader=_Loader)
    options = next(p for p in config["plugins"] if isinstance(p, dict) and "mkdocstrings" in p)[
        "mkdocstrings"]["handlers"]["python"]["options"]
    assert options["show_source"] is False
    assert "!^_" in options["filters"]
