"""The text catalogs lang/en.yaml, es.yaml, it.yaml (i18n/catalog.py, text/narrate.py).

Every language has every key of every other (reported with its path), the
same placeholders per key, a name for every card and ship type of every
edition (§10 names), and narrates whole games without errors.

A template may be a string or a plural mapping ``{one: ..., other: ...}``
(i18n.pick); whether a language needs plural forms for a key is its own
business, so a plural mapping counts as one template (a leaf), and its
placeholders are those of all its forms together.
"""

import functools
import string
from importlib import resources

import pytest
import yaml

import redcode_rules as rc
from redcode_rules.i18n.catalog import catalog, languages
from redcode_rules.text.narrate import narrate

from conftest import EDITIONS, random_game

LANGS = ("en", "es", "it")
PLURAL_FORMS = {"one", "other"}


def raw_catalog(lang: str) -> dict:
    """The catalog as PyYAML's own (pure-Python) safe loader reads it: a
    second a catalog, so read by the one test that compares it; the others
    read ``catalog``, which that test shows is the same data."""
    path = resources.files("redcode_rules.i18n").joinpath(f"{lang}.yaml")
    return yaml.safe_load(path.read_text("utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalog_is_what_the_pure_python_safe_loader_reads(lang):
    """The catalogs are read with libyaml's loader where it is installed: the
    same data as PyYAML's own safe loader gives."""
    assert catalog(lang) == raw_catalog(lang)


def is_plural(value) -> bool:
    return isinstance(value, dict) and bool(value) and set(value) <= PLURAL_FORMS


# Catalog entries that are data for the text code, not templates.
DATA_KEYS = {"grammar"}


def templates(data: dict, path: tuple = ()) -> dict[str, object]:
    """Dotted key path → template (string or plural mapping), recursively."""
    out = {}
    for key, value in data.items():
        here = path + (str(key),)
        if key in DATA_KEYS and not path:
            continue
        if isinstance(value, dict) and not is_plural(value):
            out.update(templates(value, here))
        else:
            out[".".join(here)] = value
    return out


def placeholders(template) -> set[str]:
    forms = template.values() if isinstance(template, dict) else [template]
    return {field for form in forms
            for _, field, _, _ in string.Formatter().parse(str(form)) if field is not None}


@functools.cache
def all_templates(lang: str) -> dict[str, object]:
    """``templates`` of a language's catalog, read when a test asks (not while
    every worker collects the file)."""
    return templates(catalog(lang))


def test_the_shipped_languages():
    assert languages() == sorted(LANGS)


@pytest.mark.parametrize("lang", ("es", "it"))
def test_every_key_exists_in_both_directions(lang):
    """Every key path of en.yaml is in ``lang`` and vice versa."""
    missing = sorted(set(all_templates("en")) - set(all_templates(lang)))
    extra = sorted(set(all_templates(lang)) - set(all_templates("en")))
    assert missing == [], f"{lang}.yaml lacks: {missing}"
    assert extra == [], f"{lang}.yaml has keys en.yaml lacks: {extra}"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_templates_have_one_and_other(lang):
    """i18n.pick reads `one` for 1 and `other` for any other amount."""
    bad = [key for key, t in all_templates(lang).items()
           if is_plural(t) and set(t) != PLURAL_FORMS]
    assert bad == []


@functools.cache
def verbs() -> frozenset[str]:
    """The verbs a template may write (``{has}``, ``{has_pl}``: grammar.verbs)
    and the words it says its subject again with (``{lo}``, ``{la}``:
    grammar.subject_words), whichever the language's sentence needs, and the
    subject of an effect said as its subject or after "to" (``{who}``,
    ``{to_who}``: Spanish "+2 tripulantes al objetivo", English "the target
    recovers 2 crew"): not values the text gives one language and not another."""
    names = {name for lang in LANGS for name in catalog(lang)["grammar"]["verbs"]}
    again = {name for lang in LANGS for name in catalog(lang)["grammar"]["subject_words"]}
    return frozenset(names | {f"{name}_pl" for name in names} | again)


def said(template) -> set[str]:
    """A template's placeholders but its verbs, its subject one placeholder
    whether said as the subject or after "to" (``verbs``)."""
    return {"who" if p == "to_who" else p for p in placeholders(template)} - verbs()


@pytest.mark.parametrize("lang", ("es", "it"))
def test_placeholders_are_the_same_across_languages(lang):
    """A template of ``lang`` uses exactly the placeholders of the English one,
    but for the verbs each language writes its sentence with (``said``)."""
    theirs = all_templates(lang)
    diffs = {key: (sorted(said(t)), sorted(said(theirs[key])))
             for key, t in all_templates("en").items()
             if key in theirs and said(t) != said(theirs[key])}
    assert diffs == {}


def test_every_verb_is_given_in_every_mood_and_person():
    """grammar.verbs: each verb of each language in both moods, for the
    reader, one and several (i18n.grammar.verbs fills them)."""
    for lang in LANGS:
        table = catalog(lang)["grammar"]["verbs"]
        assert set(table) == set(catalog("en")["grammar"]["verbs"]), lang
        for name, forms in table.items():
            assert set(forms) == {"ind", "subj"}, (lang, name)
            assert all(set(f) == {"2", "3", "3 pl"} for f in forms.values()), (lang, name)


@pytest.mark.parametrize("lang", LANGS)
def test_every_ship_type_has_a_gender_with_an_article(lang):
    """`grammar.genders` names every ship type's gender (and a status's whose
    name is a noun), and `articles` has an entry for each gender used (or
    none at all: English names ships bare)."""
    grammar = catalog(lang)["grammar"]
    genders = grammar["genders"]
    base = rc.load_ruleset("en")
    assert {*base.ships, "side"} <= set(genders) <= {*base.ships, *base.statuses, "side"}
    assert set(genders.values()) | {grammar["default_gender"]} <= {"m", "f", "m pl", "f pl"}
    if grammar["articles"]:
        assert set(genders.values()) <= set(grammar["articles"])


@pytest.mark.parametrize("lang", LANGS)
def test_contractions_are_preposition_and_article(lang):
    """A contraction's key is `<preposition> <article>`, the article one of `articles`."""
    grammar = catalog(lang)["grammar"]
    forms = set()
    for rule in grammar["articles"].values():
        forms |= {rule} if isinstance(rule, str) else {form for _, form in rule}
    for key in grammar["contractions"]:
        preposition, article = key.split(" ")
        assert article in forms, (lang, key)


#: Subjects a language may leave out, its verb saying them (Spanish "tienes",
#: Italian "finché è danneggiata"): the only templates that may be empty.
LEFT_OUT = ("exprs.holder.", "exprs.held.")


@pytest.mark.parametrize("lang", LANGS)
def test_templates_are_non_empty_strings(lang):
    for key, t in all_templates(lang).items():
        forms = t.values() if isinstance(t, dict) else [t]
        for form in forms:
            assert isinstance(form, str), key
            assert form.strip() or key.startswith(LEFT_OUT), key


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_card_and_ship_type_has_a_name(edition, lang):
    """§10 card and rule names: every maneuver, order card and ship type of every
    edition has a printed name in `names` of every language."""
    rules = rc.load_ruleset(edition)
    names = catalog(lang)["names"]
    ids = [*rules.maneuvers, *rules.orders, *rules.ships]
    assert [i for i in ids if not names.get(i)] == []


@pytest.mark.parametrize("lang,names", [
    ("en", {"shield": "Shield", "depth_charge": "Depth charge", "ambush": "Ambush",
            "aircraft_carrier": "Aircraft carrier", "intercept": "Intercept"}),
    ("es", {"shield": "Blindaje", "depth_charge": "Carga de profundidad",
            "ambush": "Emboscada", "aircraft_carrier": "Portaaviones",
            "intercept": "Interceptar"}),
    ("it", {"shield": "Scudo", "depth_charge": "Bomba antisommergibile",
            "ambush": "Imboscata", "aircraft_carrier": "Portaerei",
            "intercept": "Intercettatore", "torpedo": "Siluro"}),
])
def test_s10_printed_names(lang, names):
    """§10: a sample of the names listed per language."""
    cat = catalog(lang)["names"]
    assert {k: cat[k] for k in names} == names


# ------------------------------------------------------------------ narration


GAMES = [
    ("en", "war", [["submarine"], ["destroyer"]], 11),
    ("es", "arena", [["submarine", "destroyer", "aircraft_carrier"],
                     ["destroyer", "aircraft_carrier", "submarine"]], 12),
    ("it", "war", [["submarine", "aircraft_carrier"], ["destroyer", "submarine"]], 13),
]


@pytest.fixture(scope="module", params=GAMES, ids=[f"{g[0]}-{g[1]}" for g in GAMES])
def played(request):
    edition, mode, teams, seed = request.param
    game = random_game(edition, seed, mode=mode, teams=teams)
    assert game.is_over
    return game


@pytest.mark.parametrize("lang", LANGS)
def test_narrating_a_whole_random_game(played, lang):
    """Every event of a whole game narrates in every language: no exception, no
    empty line, no unfilled placeholder; turn headers and the end are there."""
    lines = played.narration(lang)
    assert lines == narrate(played.log, lang, natures=played.rules.natures)
    assert len(lines) > 10
    assert all(line.strip() for line in lines)
    assert not [line for line in lines if "{" in line or "}" in line]
    headers = [e for e in played.log if e.kind == "turn_start"]
    assert sum(1 for line in lines if not line.startswith("  ")) == len(headers) + 2
    end = {"en": "Game over: ", "es": "Fin de la partida: ", "it": "Fine della partita: "}
    assert lines[-1].startswith(end[lang])


def test_every_logged_event_but_turn_end_gets_a_line(played):
    """narrate_event is empty only for events not worth a line (turn_end, a
    change of nothing)."""
    from redcode_rules.text.narrate import narrate_event
    for lang in LANGS:
        from redcode_rules.text.narrate import AMOUNT_KEYS
        silent = {e.kind for e in played.log if not narrate_event(e, lang)
                  and e.data.get(AMOUNT_KEYS.get(e.kind)) != 0}  # a change of nothing: silent
        assert silent <= {"turn_end"}, (lang, silent)


def test_no_module_keeps_words_of_its_own_per_language():
    """Every word a player reads comes from lang/*.yaml: no module of the
    package holds a table keyed by language (as render/svg.py once held its words)."""
    from conftest import package_modules

    tables = []
    for module in package_modules():
        for name, value in vars(module).items():
            if isinstance(value, dict) and {"es", "it"} <= set(value):
                tables.append(f"{module.__name__}.{name}")
    assert tables == []


def test_the_svg_words_are_in_every_catalog():
    """svg.py reads its titles, labels and legends from the ``svg`` section."""
    from redcode_rules.render import svg
    game = rc.new_game(rc.load_ruleset("es"), seed=1, placement="fixed")
    assert catalog("es")["svg"]["board"] in svg.board(game, lang="es")
    assert catalog("it")["svg"]["card"] in svg.control_card(game, game.ships[0], lang="it")


def test_generated_italian_contracts_a_preposition_meeting_an_article():
    """A comparison's right side starts with its article: Italian contracts it
    with the preposition before it, as its grammar's contractions say."""
    from redcode_rules.i18n.catalog import contract
    assert contract("it", "è maggiore di l'equipaggio e sono meno di i punti") == \
        "è maggiore dell'equipaggio e sono meno dei punti"
    assert contract("en", "more than the crew") == "more than the crew"


@pytest.mark.parametrize("lang,one,three", [
    ("en", "The blue side scores 1 point (1 in all).", "The blue side scores 3 points (4 in all)."),
    ("es", "El bando azul suma 1 punto (1 en total).",
     "El bando azul suma 3 puntos (4 en total)."),
    ("it", "La squadra blu segna 1 punto (1 in tutto).",
     "La squadra blu segna 3 punti (4 in tutto)."),
])
def test_a_score_says_the_points_scored_and_the_total(lang, one, three):
    from redcode_rules.text.narrate import narrate
    from redcode_rules.model.state import Event
    events = [Event("score", 1, {"side": "blue", "points": 1}),
              Event("score", 1, {"side": "red", "points": 2}),
              Event("score", 1, {"side": "blue", "points": 4})]
    lines = narrate(events, lang)
    assert (lines[0], lines[2]) == ("  " + one, "  " + three)
    assert narrate(events, lang, since=2) == ["  " + three]  # the earlier events still count


@pytest.mark.parametrize("lang,lines", [
    ("en", ["  The blue side scores 2 points (5 in all).", "  The red side loses 1 point (0 in all)."]),
    ("es", ["  El bando azul suma 2 puntos (5 en total).",
            "  El bando rojo pierde 1 punto (0 en total)."]),
    ("it", ["  La squadra blu segna 2 punti (5 in tutto).",
            "  La squadra rossa perde 1 punto (0 in tutto)."]),
])
def test_a_score_counts_from_the_score_the_game_started_with(lang, lines):
    from redcode_rules.text.narrate import narrate
    from redcode_rules.model.state import Event
    events = [Event("score", 1, {"side": "blue", "points": 5}),
              Event("score", 1, {"side": "red", "points": 0}),
              Event("score", 1, {"side": "red", "points": 0})]  # a change of nothing: no line
    assert narrate(events, lang, scores={"blue": 3, "red": 1}) == lines


@pytest.mark.parametrize("lang", ["en", "es", "it"])
@pytest.mark.parametrize("kind,data", [
    ("damage", {"ship": "blue-submarine", "amount": 0, "repairs": 3, "breakdowns": 0}),
    ("regain", {"ship": "blue-submarine", "track": "repair", "amount": 0}),
    ("crew_loss", {"ship": "blue-submarine", "amount": 0}),
    ("draw", {"player": "blue-submarine", "count": 0}),
    ("catchup", {"side": "red", "cards": 0}),
])
def test_a_change_of_nothing_is_not_narrated(lang, kind, data):
    from redcode_rules.text.narrate import narrate, narrate_event
    from redcode_rules.model.state import Event
    data = dict(data)
    assert narrate_event(Event(kind, 1, dict(data)), lang) == ""
    assert narrate([Event(kind, 1, dict(data))], lang) == []
    data[next(k for k in ("amount", "count", "cards") if k in data)] = 1
    assert narrate_event(Event(kind, 1, data), lang) != ""
