"""Card texts generated from the compiled effects (text/cards.py, lang/*.yaml).

The printed cards' texts, every language, are the golden texts of
tests/test_text_golden.py; here, what the texts must say whatever their
words: §10's differences follow the edition's effects, and cards written
only in the DSL get text in every language (INTERFACE: ``rules.text``),
with the numbers of their effects.
"""

import pytest

import redcode_rules as rc

LANGS = ("en", "es", "it")


@pytest.mark.parametrize("lang,fragment", [
    ("en", "1 breakdown damage to the target"),
    ("es", "-1 avería al objetivo"),
    ("it", "-1 avaria al bersaglio"),
])
def test_s10_assault_text_follows_the_edition_effects(lang, fragment):
    """§10: the text is generated from the effects, so assault reads as breakdown
    damage in es and it, and as repair damage in en, in every language."""
    assert rc.load_ruleset("es").text("assault", lang).startswith(fragment)
    assert rc.load_ruleset("it").text("assault", lang).startswith(fragment)
    assert fragment not in rc.load_ruleset("en").text("assault", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_s10_italian_countermeasure_text_has_no_self_repair(lang):
    """§10 (D): the Italian countermeasure has one effect and cannot be responded to."""
    it_text = rc.load_ruleset("it").text("countermeasure", lang)
    en_text = rc.load_ruleset("en").text("countermeasure", lang)
    not_respondable = {"en": "Cannot be responded to.", "es": "Sin respuesta.",
                       "it": "Senza risposta."}[lang]
    assert not_respondable in it_text
    assert not_respondable not in en_text
    assert len(it_text) < len(en_text)


# ------------------------------------------------------------------ cards written in the DSL


SALVO = "order salvo { copies 0 effect damage 1 to target; draw 1 }"


@pytest.mark.parametrize("lang,expected", [
    ("en", "1 repair damage to the target; you draw 1 order card. "
           "Order card: any ship on the board; cannot be responded to."),
    ("es", "-1 reparación al objetivo y robas 1 carta de órdenes. "
           "Carta de órdenes: cualquier barco del tablero; sin respuesta."),
    ("it", "-1 riparazione al bersaglio e peschi 1 carta degli ordini. "
           "Carta degli ordini: qualsiasi nave sul tabellone; senza risposta."),
])
def test_dsl_order_card_gets_text_in_every_language(lang, expected):
    """A new order card written only in the DSL (copies 0 keeps the deck at 30,
    R1.4) has text in every language, from the same templates as the printed cards."""
    rules = rc.load_source(SALVO, "x.rc")
    assert len(rules.deck) == 30
    assert rules.orders["salvo"].copies == 0
    assert rules.text("salvo", lang) == expected


NEW_CARDS = """
order salvo { copies 0 effect damage 2 to target; draw 3 }
maneuver volley {
    cost 2  range 4  respondable
    effect damage 3 to target; crew_loss 2 to self
}
"""


@pytest.mark.parametrize("lang,salvo,volley", [
    ("en", ["2 repair damage", "you draw 3 order cards"],
     ["3 repair damage", "your ship loses 2 crew", "Range 4.", "Can be responded to."]),
    ("es", ["-2 reparaciones", "robas 3 cartas de órdenes"],
     ["-3 reparaciones", "tu barco pierde 2 tripulantes", "Distancia 4.", "Admite respuesta."]),
    ("it", ["-2 riparazioni", "peschi 3 carte degli ordini"],
     ["-3 riparazioni", "la tua nave perde 2 membri dell'equipaggio", "Distanza 4.",
      "Ammette risposta."]),
])
def test_dsl_cards_text_has_their_numbers_and_plural_forms(lang, salvo, volley):
    """Numbers other than 1 take the `other` form of the templates; a new maneuver's
    range and response flag are part of its text."""
    rules = rc.load_source(NEW_CARDS, "x.rc")
    salvo_text, volley_text = rules.text("salvo", lang), rules.text("volley", lang)
    for fragment in salvo:
        assert fragment in salvo_text
    for fragment in volley:
        assert fragment in volley_text
    assert "{" not in salvo_text + volley_text


@pytest.mark.parametrize("lang,who", [("en", "target"), ("es", "objetivo"),
                                      ("it", "bersaglio")])
def test_dsl_draw_to_target_text_names_the_target(lang, who):
    """`draw N to target` makes the target's player draw (effects.Draw applies to
    the selected ship): its text must not read like `draw N` (you draw)."""
    rules = rc.load_source("order gift { copies 0 effect draw 2 to target }\n"
                           "order haul { copies 0 effect draw 2 }", "x.rc")
    gift, haul = rules.text("gift", lang), rules.text("haul", lang)
    assert gift != haul
    assert who in gift.split(".")[0].lower()
