"""Names, genders, flavour text and states of a designer's own cards, ships
and statuses, per language: the card file's words feed
the same path as the printed cards' (i18n.display_name, ShipName), so the
narration, the rule text, the reference pages and `redcode play` use them.

The expected sentences were read by hand: articles and agreement follow the
gender the file gives (la fragata azul, della fregata blu, fregata rossa).
"""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.i18n import catalog as i18n
from redcode_rules.render.reference import orders_page, ships_page

CARDS = """\
order sea_mine {
    copies 0
    effect damage 1 to target
    name en "Sea mine" es "Mina marina" (f) it "Mina navale" (f)
    flavour en "It waits below." es "Espera bajo el agua." it "Aspetta sott'acqua."
}
ship frigate {
    repairs 2  breakdowns 2  crew 5
    maneuvers movement repair torpedo orders immersion shield radar missile
    name en "Frigate" es "Fragata" (f) it "Fregata" (f)
    flavour en "Fast and thin-skinned."
}
status adrift {
    this turn
    forbids movement
    name en "adrift" es "a la deriva" it "la deriva"
    state it "alla deriva"
}
order cut_cables {
    copies 0
    effect status adrift to target
    name en "Cut cables" es "Cortar amarras" it "Taglio dei cavi"
}
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("cards") / "names.rc"
    path.write_text(CARDS, "utf-8")
    return str(path)


def duel(cards, card):
    """Blue frigate at a3 holding ``card``; red destroyer at h3."""
    return rc.Game.from_scenario(textwrap.dedent(f"""
        edition: en
        extra: [{cards}]
        mode: war
        ships:
          blue-frigate: {{at: a3}}
          red-destroyer: {{at: h3}}
        hands: {{blue-frigate: [{card}]}}
        deck: []
        turn: blue-frigate
        phase: maneuvers
        """))


def test_the_words_are_compiled_by_language(cards):
    rules = rc.load_ruleset("en", [cards])
    assert rules.words["es"]["sea_mine"] == i18n.Wording(name="Mina marina", gender="f",
                                                         flavour="Espera bajo el agua.")
    assert rules.words["it"]["adrift"] == i18n.Wording(name="la deriva", state="alla deriva")
    assert [rules.name_of("sea_mine", lang) for lang in ("en", "es", "it")] == [
        "Sea mine", "Mina marina", "Mina navale"]
    assert rules.name_of("torpedo", "es") == "Torpedo"  # printed cards: the catalog
    assert rules.flavour("frigate", "it") == "Fast and thin-skinned."  # else English
    assert rules.flavour("torpedo", "en") is None


def test_words_change_no_play_so_not_the_hash(tmp_path, cards):
    renamed = tmp_path / "renamed.rc"
    renamed.write_text(CARDS.replace('"Mina marina"', '"Mina"'), "utf-8")
    a, b = rc.load_ruleset("en", [cards]), rc.load_ruleset("en", [str(renamed)])
    assert a.hash == b.hash and a != b


def test_narration_of_a_custom_order_in_three_languages(cards):
    game = duel(cards, "sea_mine")
    game.play("order sea_mine red-destroyer")
    assert game.narration("en")[-3:] == [
        "  Blue frigate plays Sea mine on red destroyer.",
        "  Sea mine of blue frigate resolves.",
        "  Red destroyer takes 1 damage (repairs 2, breakdowns 3)."]
    assert game.narration("es")[-3:] == [
        "  La fragata azul juega Mina marina sobre el destructor rojo.",
        "  Se resuelve la carta Mina marina de la fragata azul.",
        "  El destructor rojo recibe 1 de daño (reparaciones 2, averías 3)."]
    assert game.narration("it")[-3:] == [
        "  La fregata blu gioca Mina navale sul distruttore rosso.",
        "  Si risolve la carta Mina navale della fregata blu.",
        "  Il distruttore rosso subisce 1 danno (riparazioni 2, avarie 3)."]


def test_narration_of_a_custom_status(cards):
    game = duel(cards, "cut_cables")
    game.play("order cut_cables red-destroyer")
    assert game.narration("es")[-3:] == [
        "  La fragata azul juega Cortar amarras sobre el destructor rojo.",
        "  Se resuelve la carta Cortar amarras de la fragata azul.",
        "  El destructor rojo queda a la deriva."]
    assert game.narration("it")[-1] == "  Il distruttore rosso è alla deriva."


def test_rule_text_names_the_custom_status(cards):
    rules = rc.load_ruleset("en", [cards])
    assert rules.text("cut_cables", "es") == (
        "El objetivo queda a la deriva este turno: no puede moverse. Carta de órdenes: "
        "cualquier barco del tablero; sin respuesta.")
    assert rules.text("cut_cables", "en").startswith("The target is adrift this turn: ")


def test_a_feminine_ship_type_agrees_with_its_side(cards):
    words = rc.load_ruleset("en", [cards]).words
    assert format(i18n.ShipName("red-frigate", "es", words)) == "la fragata roja"
    assert format(i18n.ShipName("red-frigate", "it", words), "su") == "sulla fregata rossa"
    assert format(i18n.ShipName("red-frigate", "it")) == "il frigate rosso"  # no words: default
    assert i18n.status_name("adrift", "it", of_ship=True, words=words) == "alla deriva"
    assert i18n.status_name("adrift", "es", of_ship=True, words=words) == "a la deriva"


def test_reference_pages_show_names_and_flavour(cards):
    rules = rc.load_ruleset("en", [cards])
    orders = orders_page(rules, "es").splitlines()
    assert ("| Mina marina<br>`sea_mine` | 0 | -1 reparación al objetivo. Carta de órdenes: "
            "cualquier barco del tablero; sin respuesta.<br>*Espera bajo el agua.* |") in orders
    ships = ships_page(rules, "it").splitlines()
    i = ships.index("## Fregata")
    assert ships[i + 2] == "*Fast and thin-skinned.*"


def test_play_lists_the_hand_by_name(cards):
    from redcode_rules.terminal.session import Menu
    game = duel(cards, "sea_mine")
    game.lang = "it"
    menu = Menu(game, "blue-frigate", i18n.catalog("it")["play"])
    assert menu.title(("order", "blue-frigate", "sea_mine", "order")) == \
        "Mina navale (carta degli ordini)"


# ---------------------------------------------------------------- compiler checks

BAD = """\
order zap {
    copies 0
    effect damage 1 to target
    name en "Zap" fr "Zap" es "Zas" (x) it "Zac" (f) es "Zas"
    flavour en "Bang." (m)
    state en "zapped"
}
ship boat {
    repairs 2  breakdowns 2  crew 5
    maneuvers movement repair torpedo orders immersion shield radar missile
    name en "" esp "Barca" (f pl)
}
"""


def test_every_bad_word_is_reported_with_its_place():
    with pytest.raises(rc.DslError) as info:
        rc.load_source(BAD, "bad.rc")
    assert [(e.line, e.column, e.reason, e.suggestion) for e in info.value.errors] == [
        (4, 19, "order 'zap': no language 'fr'; the languages are en, es, it (lang/*.yaml)",
         None),
        (4, 38, "order 'zap': no gender '(x)'; a gender is one of (m), (f), (m pl), (f pl)",
         None),
        (4, 54, "order 'zap' gives its name in 'es' twice", None),
        (5, 25, "order 'zap': only a name has a gender, not the flavour", None),
        (6, 5, "order 'zap' has no 'state': a state is what a status is called as said of "
               "a ship", None),
        (11, 10, "ship 'boat': the name in 'en' is empty", None),
        (11, 16, "ship 'boat': no language 'esp'; the languages are en, es, it "
                 "(lang/*.yaml)", "es"),
    ]


def test_a_name_too_long_and_a_misspelt_gender():
    text = ('patch order kamikaze { name en "' + "x" * 41 + '" }\n'
            'patch ship submarine { name it "Sommergibile" (m pll) }\n')
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "long.rc")
    assert [(e.line, e.reason, e.suggestion) for e in info.value.errors] == [
        (1, "order 'kamikaze': the name in 'en' is longer than 40 characters", None),
        (2, "ship 'submarine': no gender '(m pll)'; a gender is one of (m), (f), (m pl), "
            "(f pl)", "m pl"),
    ]


def test_a_patch_renames_a_printed_card_language_by_language():
    rules = rc.load_source('patch order kamikaze { name it "Attacco suicida" }\n'
                           'patch order kamikaze { name es "Ataque suicida" }\n')
    assert rules.name_of("kamikaze", "it") == "Attacco suicida"
    assert rules.name_of("kamikaze", "es") == "Ataque suicida"
    assert rules.name_of("kamikaze", "en") == "Kamikaze"


def test_an_illegal_move_is_explained_with_the_status_state(cards):
    game = rc.Game.from_scenario(textwrap.dedent(f"""
        extra: [{cards}]
        ships:
          blue-frigate: {{at: a3, adrift: true}}
          red-destroyer: {{at: h3}}
        turn: blue-frigate
        phase: maneuvers
        """))
    said = {}
    for lang in ("en", "es", "it"):
        game.lang = lang
        said[lang] = game.explain("movement a4")
    assert said == {
        "en": "blue-frigate is adrift and cannot be moved this turn (R9)",
        "es": "blue-frigate está a la deriva y no puede moverse este turno (R9)",
        "it": "blue-frigate è alla deriva e non può muoversi per questo turno (R9)"}


def test_a_bar_in_a_name_does_not_split_a_reference_table_cell():
    rules = rc.load_source('patch order kamikaze { name en "Hit|Run" flavour en "a|b" }\n')
    [row] = [line for line in orders_page(rules, "en").splitlines() if "`kamikaze`" in line]
    assert row.startswith("| Hit\\|Run<br>`kamikaze` | 2 | ")
    assert row.endswith("<br>*a\\|b* |")
