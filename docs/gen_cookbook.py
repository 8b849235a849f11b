"""A generated page: the cookbook of example cards (``python docs/write_generated.py``).

Every entry of cards/examples/cookbook.yaml (read and played by
docs/cookbook.py, the same code tests/test_cookbook.py checks it with)
becomes a section: the card file, the rule text of what it declares in each
language, the scenario and its moves, the board before and after them as SVG
pictures (``cookbook/<n>-before.svg``), the narration, and the values the
tests check. A new entry appears here without editing this script.
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import mkdocs_gen_files
import yaml

from redcode_rules.i18n.catalog import catalog, languages, status_name
from redcode_rules.render.reference import option_value
from redcode_rules.text.cards import ship_rule_text, token_text
from redcode_rules.text.exprs import printed_cost

cookbook = runpy.run_path(str(Path(__file__).with_name("cookbook.py")))
Category = cookbook["Category"]

PAGE = "cookbook.md"
PICTURES = "cookbook"
KIND_WORDS = {"maneuver": "maneuver", "order": "order card", "ship": "ship type",
              "status": "status", "token": "token", "rules": "rule options"}

INTRO = """\
Every card file in `cards/examples/` is shown here, played from a position
and checked: each entry is a card file, its rule text in every language, a
position and moves, the board before and after, and what the test suite
asserts afterwards, with exact values. The page is generated from
`cards/examples/cookbook.yaml`, the data `tests/test_cookbook.py` plays
(`python docs/write_generated.py` writes it again); how to add an example
is [at the end](#how-to-add-an-example).
"""

HOW_TO = """\
## How to add an example

1. Write the card file `cards/examples/NAME.rc` and check it:
   `redcode check cards/examples/NAME.rc` ([card language](dsl.md)).
2. Add an entry to `cards/examples/cookbook.yaml` (its top comment lists the
   fields; copying an entry is quickest): a `title`, the `file`, the
   `category` it shows (one of the sections below), one line of what it
   `shows`, a `scenario` in the [scenario format](scenarios.md) whose
   `extra:` loads the card file, the `moves` to play
   ([notation](notation.md)), and what to `expect` afterwards, as exact
   values: ship fields by id, hands, legal and absent moves, why a move is
   illegal, the kinds of the events logged, or any property of the game
   (`to_move`, `score`, `winner`, ...). Quickest: write `expect: {}`, run
   `python docs/cookbook.py suggest "TITLE"` and paste what it prints (who
   moves next, what changed, the events logged) once you have checked each
   value by hand, then add the legal or absent moves the card is about.
3. Run `python -m pytest tests/test_cookbook.py`: each move must be legal when
   it comes and each expectation must hold; a failure shows the expected
   values beside the game's. A card file without an entry fails the suite.

```yaml
  - title: Anchor
    file: anchor.rc
    category: statuses
    shows: a status forbids moving the ship
    scenario:
      extra: [cards/examples/anchor.rc]
      ships:
        blue-submarine: {at: c3}
        red-destroyer: {at: e3}
      hands: {blue-submarine: [anchor]}
      turn: blue-submarine
      phase: maneuvers
    moves: [order anchor red-destroyer]
    expect:
      ships:
        red-destroyer: {repairs: 2, statuses: [anchored]}
      log: [order, resolve, damage, status]
```
"""


def fence(text: str, lang: str = "text", title: str | None = None) -> list[str]:
    """A fenced code block, its fence longer than any run of backticks in ``text``."""
    ticks = "`" * max(3, max(map(len, re.findall("`+", text)), default=0) + 1)
    head = f'{ticks}{lang}' + (f' title="{title}"' if title else "")
    return [head, text.rstrip("\n"), ticks]


def as_yaml(data: dict) -> str:
    """Data as the cookbook file writes it: the innermost lists and mappings on one line."""
    return yaml.safe_dump(data, sort_keys=False, width=100, default_flow_style=None,
                          allow_unicode=True)


def narration(game, lang: str) -> str:
    """The moves told in ``lang``, a line each (the game's log began with them)."""
    return "\n".join(line.strip() for line in game.narration(lang))


def slug(number: int, title: str) -> str:
    """The file-name stem of an entry's pictures: its number and title."""
    words = "".join(c if c.isalnum() else "-" for c in title.lower()).split("-")
    return f"{number:02d}-" + "-".join(w for w in words if w)


def cell(text: str) -> str:
    """Text for a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def item_texts(rules, decl, lang: str) -> list[tuple[str, str]]:
    """(name, text) in ``lang`` for one declaration of a card file: a card's
    rule text, a ship type's tracks and maneuvers, a status's rule, each rule option."""
    words = catalog(lang)["reference"]
    if decl.kind == "rules":
        meanings = catalog(lang)["options"]
        return [(f"`{p.name}`", f"{option_value(getattr(rules.options, p.name), lang)}: "
                 f"{meanings.get(p.name, '')}") for p in decl.props]
    ident = decl.id
    name = rules.name_of(ident, lang)
    if decl.kind == "status" and ident in rules.statuses:
        name = status_name(ident, lang, words=rules.words)
        text = rules.status_text(ident, lang)
    elif decl.kind == "ship" and ident in rules.ships:
        ship = rules.ships[ident]
        text = (f"{words['repairs']} {ship.repairs} · {words['breakdowns']} {ship.breakdowns}"
                f" · {words['crew']} {ship.crew}: "
                + ", ".join(rules.name_of(m, lang) for m in ship.maneuvers))
        extra = ship_rule_text(ship, lang, rules.statuses, rules.words)
        text += f". {extra}" if extra else ""
    elif decl.kind == "maneuver" and ident in rules.maneuvers:
        text = f"{words['cost']} {printed_cost(rules.maneuvers[ident])}. {rules.text(ident, lang)}"
    elif decl.kind == "order" and ident in rules.orders:
        text = f"{words['copies']} {rules.orders[ident].copies}. {rules.text(ident, lang)}"
    elif decl.kind == "token" and ident in rules.tokens:
        token = rules.tokens[ident]
        text = f"{words['token_mark']} `{token.mark}`. " + token_text(token, lang, rules.statuses, rules.words)
    else:  # a kind of declaration this page does not describe yet: its name
        text = ""
    flavour = rules.flavour(ident, lang) if decl.kind != "rules" else None
    return [(name, text + (f" *{flavour}*" if flavour else ""))]


def rule_text_table(rules, decl) -> list[str]:
    """One declaration's text in every language, a table row per language."""
    what = "patched " if decl.action == "patch" else ""
    head = f"**`{decl.id}`** ({what}{KIND_WORDS.get(decl.kind, decl.kind)})" \
        if decl.kind != "rules" else "**Rule options**"
    lines = [head, "", "| | name | text |", "| --- | --- | --- |"]
    for lang in languages():
        for name, text in item_texts(rules, decl, lang):
            lines.append(f"| {lang} | {cell(name)} | {cell(text)} |")
    return lines + [""]


def entry_section(number: int, entry, shown: dict[str, str]) -> list[str]:
    """One entry: what it shows, its card file and texts, the play, before and after.
    ``shown``: card file → the heading id of the entry that showed it first (a
    file played by several entries is shown once, the others link to it)."""
    before, after = cookbook["play"](entry)
    rules = before.rules
    stem = slug(number, entry.title)
    for when, game in (("before", before), ("after", after)):
        with mkdocs_gen_files.open(f"{PICTURES}/{stem}-{when}.svg", "w") as f:
            f.write(game.svg() + "\n")
    card = f"cards/examples/{entry.file}"
    lines = [f"### {entry.title} {{#{stem}}}", "",
             f"*{entry.shows[:1].upper() + entry.shows[1:]}.*", ""]
    if entry.file in shown:
        lines += [f"The card file `{card}` and its rule text: "
                  f"[above](#{shown[entry.file]}).", ""]
    else:
        shown[entry.file] = stem
        lines += fence(entry.path.read_text("utf-8"), "text", card) + [""]
        lines += ["#### Rule text", ""]
        for decl in cookbook["declared"](entry):
            lines += rule_text_table(rules, decl)
    lines += ["#### Play", "", "The position:", ""]
    lines += fence(as_yaml(entry.scenario), "yaml") + [""]
    lines += ["The moves: " + ", ".join(f"`{m}`" for m in entry.moves) + ".", ""]
    lines += ["| before | after |", "| --- | --- |",
              f"| ![The board before the moves]({PICTURES}/{stem}-before.svg) | "
              f"![The board after the moves]({PICTURES}/{stem}-after.svg) |", ""]
    lines += ["What happens:", ""]
    lines += fence(narration(after, "en"), "text") + [""]
    for lang in [lang for lang in languages() if lang != "en"]:
        lines += [f'<details markdown><summary>{catalog(lang)["language"]}</summary>', ""]
        lines += fence(narration(after, lang), "text") + ["", "</details>", ""]
    lines += ["What `tests/test_cookbook.py` checks afterwards:", ""]
    lines += fence(as_yaml(entry.expect), "yaml") + [""]
    return lines


def page(entries) -> str:
    """The whole page: the entries by category, then how to add an example."""
    lines = ["# Cookbook", "", INTRO]
    number = 0
    shown: dict[str, str] = {}
    for category in Category:
        mine = [e for e in entries if e.category is category]
        if not mine:
            continue
        lines += [f"## {category.value.capitalize()}", ""]
        for entry in mine:
            number += 1
            lines += entry_section(number, entry, shown)
    return "\n".join(lines + [HOW_TO])


def main() -> None:
    text = page(cookbook["load_entries"]())
    with mkdocs_gen_files.open(PAGE, "w") as f:
        f.write(text)


main()
