"""The golden texts: every text a player reads of the printed editions and
of the example card files, in every language, as a proofreader read it.

tests/data/golden/<edition>.<lang>.yaml holds, for each edition, every
maneuver and order card (R4.5, R7.4), status (R9), ship type's abilities,
rule option and difference from the base rules, said in one language;
tests/data/golden/examples.<lang>.yaml the same of each example card file
(on the English edition, a variant on its own). Each was generated from the
engine, then read line by line in its language and corrected in the
templates until it read like a printed card; a change to a text shows in
review as a change to these files. After an intended change, regenerate
them with ``python tests/test_text_golden.py`` and read the diff as a
proofreader would.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

import redcode_rules as rc
from redcode_rules.i18n.catalog import catalog
from redcode_rules.render.reference import differences, option_value
from redcode_rules.text.cards import breakdown_repairs, ship_rule_text, token_text

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "data" / "golden"
EXAMPLES = HERE.parent / "cards" / "examples"
LANGS = ("en", "es", "it")
EDITIONS = ("en", "es", "it")


def texts(rules: rc.Ruleset, lang: str, options: bool = True) -> dict:
    """Every text of a card set in ``lang``, by kind then id."""
    types = frozenset(rules.ships)
    repairs = breakdown_repairs(rules)
    out = {
        "cards": {c: rules.text(c, lang) for c in [*rules.maneuvers, *rules.orders]},
        "statuses": {s: rules.status_text(s, lang) for s in rules.statuses},
        "tokens": {t: token_text(k, lang, rules.statuses, rules.words, types, repairs)
                   for t, k in rules.tokens.items()},
        "ships": {s: text for s, k in rules.ships.items()
                  if (text := ship_rule_text(k, lang, rules.statuses, rules.words, types,
                                             repairs))},
        "differences": differences(rules, lang),
    }
    if options:
        out["options"] = dict(catalog(lang)["options"])
        out["catch-up"] = option_value(rules.options.catchup, lang).split(";<br>")
    return {kind: found for kind, found in out.items() if found}


def example_rules(path: Path) -> rc.Ruleset:
    """An example card file on the English edition (a variant: on its own)."""
    if path.read_text("utf-8").startswith("variant"):
        return rc.load_ruleset(str(path))
    return rc.load_ruleset("en", extra=[str(path)])


def current(name: str) -> dict:
    """What the engine writes now for a golden file (``<edition>.<lang>`` or
    ``examples.<lang>``)."""
    which, lang = name.split(".")
    if which == "examples":
        return {path.stem: texts(example_rules(path), lang, options=False)
                for path in sorted(EXAMPLES.glob("*.rc"))}
    return texts(rc.load_ruleset(which), lang)


NAMES = [f"{e}.{lang}" for e in EDITIONS for lang in LANGS] + \
    [f"examples.{lang}" for lang in LANGS]


def golden(name: str) -> dict:
    return yaml.safe_load((GOLDEN / f"{name}.yaml").read_text("utf-8"))


@pytest.mark.parametrize("name", NAMES)
def test_the_texts_are_the_golden_texts(name):
    """Every text of the edition (or of the example files) in the language is
    the one read and kept, word for word."""
    assert current(name) == golden(name)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_golden_texts_hold_every_printed_card_status_option(edition):
    """Nothing printed is missing from a golden file: each card, status and
    rule option of the edition has its text in every language."""
    rules = rc.load_ruleset(edition)
    for lang in LANGS:
        kept = golden(f"{edition}.{lang}")
        assert set(kept["cards"]) == {*rules.maneuvers, *rules.orders}
        assert set(kept["statuses"]) == set(rules.statuses)
        assert set(kept["options"]) == set(catalog("en")["options"])


def test_the_example_golden_texts_hold_every_example_file():
    for lang in LANGS:
        assert set(golden(f"examples.{lang}")) == {p.stem for p in EXAMPLES.glob("*.rc")}


HEADER = {
    "en": "# {what} in English: every text a player reads, as a proofreader read it\n",
    "es": "# {what} en español: cada texto que lee un jugador, tal como lo leyó un corrector\n",
    "it": "# {what} in italiano: ogni testo che legge un giocatore, come l'ha letto un correttore\n",
}


def write(name: str) -> Path:
    """Write one golden file from the engine (then read its diff)."""
    which, lang = name.split(".")
    what = "Example card files" if which == "examples" else f"Edition {which}"
    path = GOLDEN / f"{name}.yaml"
    path.write_text(HEADER[lang].format(what=what) + "# (tests/test_text_golden.py)\n"
                    + yaml.safe_dump(current(name), allow_unicode=True, sort_keys=False,
                                     width=100), "utf-8")
    return path


if __name__ == "__main__":  # regenerate (then read every changed line)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in sys.argv[1:] or NAMES:
        print(f"wrote {write(name)}")
