"""Generated pages: the card reference of every edition in every language.

Written into docs/ by ``python docs/write_generated.py``, kept in the
repository and checked current by tests/test_docs_generated.py. Each page is
``redcode_rules.render.reference.ships_page/orders_page/options_page`` of the
compiled ruleset, so the reference cannot disagree with the engine;
``redcode rules --edition ES --lang LANG --out DIR`` writes the same pages.
Written under ``reference/<edition>/<lang>/`` with an index page.
"""

from __future__ import annotations

import mkdocs_gen_files

from redcode_rules.i18n.catalog import catalog, languages
from redcode_rules.lang.loader import builtin_editions, load_ruleset
from redcode_rules.render.reference import options_page, orders_page, ships_page

PAGES = {"ships": ships_page, "orders": orders_page, "options": options_page}
# the CSS class of each page's tables (docs/css/reference.css); the ships page
# keeps its table of contents (one entry per ship), the others give its width
# to the card text
STYLE = {"ships": ("rc-cards", False), "orders": ("rc-cards", True),
         "options": ("rc-options", True)}


def site_page(page: str, markdown: str) -> str:
    """A reference page as the site shows it: the Markdown of
    ``redcode_rules.render.reference`` in a div that docs/css/reference.css styles."""
    css, hide_toc = STYLE[page]
    front = "---\nhide:\n  - toc\n---\n\n" if hide_toc else ""
    return f'{front}<div class="{css}" markdown>\n\n{markdown}\n</div>\n'


def edition_note(rules) -> str:
    parent = rules.lineage[-2] if len(rules.lineage) > 1 else "—"
    return f"`{rules.name}` (extends `{parent}`)"


def main() -> None:
    langs = languages()
    index = [
        "# Card reference",
        "",
        "Every maneuver, ship, order card and rule option of each edition, in each "
        "language. These pages are generated from the compiled rulesets "
        "(`redcode_rules.render.reference`, `python docs/write_generated.py`), so every number is "
        "the engine's and every "
        "card text is generated from the card's effects. The same pages, for any edition "
        "or variant file, come from the command line:",
        "",
        "```sh",
        "redcode rules --edition es --lang es --out reference/",
        "redcode rules --edition cards/examples/house_rules.rc --lang en --out house/",
        "```",
        "",
        "| edition | " + " | ".join(catalog(lang)["language"] for lang in langs) + " |",
        "| --- | " + " | ".join("---" for _ in langs) + " |",
    ]
    for edition in builtin_editions():
        rules = load_ruleset(edition)
        cells = []
        for lang in langs:
            words = catalog(lang)["reference"]
            links = []
            for page, make in PAGES.items():
                path = f"reference/{edition}/{lang}/{page}.md"
                with mkdocs_gen_files.open(path, "w") as f:
                    f.write(site_page(page, make(rules, lang)))
                links.append(f"[{words[page + '_title']}]({edition}/{lang}/{page}.md)")
            cells.append("<br>".join(links))
        index.append(f"| {edition_note(rules)} | " + " | ".join(cells) + " |")
    index += [
        "",
        "Each *rule options* page ends with the edition's differences from the base "
        "rules, computed by comparing the compiled rulesets. How the editions differ, "
        "and why, is told in [Rules](../rules.md), [Spanish edition](../editions/es.md) "
        "and [Italian edition](../editions/it.md).",
        "",
    ]
    with mkdocs_gen_files.open("reference/index.md", "w") as f:
        f.write("\n".join(index))


main()
