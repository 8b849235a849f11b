"""How a card says a count of things: "the number of …" in every language,
whatever it counts (cards used, ships lost, repairs, crew, points), so that
"N = …" names a number, not the things."""

from __future__ import annotations

import pytest

import redcode_rules as rc

CARDS = """
order tally { copies 1  target enemy ship
    effect damage (number of maneuvers used by self this turn) to target }
order tally_named { copies 1  target enemy ship
    effect damage (number of torpedo used by enemy this game) to target }
order losses { copies 1  effect draw (ships lost of friendly this game + cards in deck) }
order census { copies 1  target enemy ship
    effect damage (repairs of target + crew in reserve of self + ships in sight of self
                   + score of you + crew withdrawn of self) to target }
deck { keep size }
"""


@pytest.fixture(scope="module")
def rules() -> rc.Ruleset:
    return rc.load_source(CARDS, "counts.rc")


@pytest.mark.parametrize("card, lang, said", [
    ("tally", "en", "N repair damage to the target (N = the number of maneuvers your ship has "
                    "used this turn)."),
    ("tally", "es", "-N reparaciones al objetivo (N = el número de maniobras que tu barco ha "
                    "usado en este turno)."),
    ("tally", "it", "-N riparazioni al bersaglio (N = il numero di manovre che la tua nave ha "
                    "usato in questo turno)."),
    ("tally_named", "en", "N repair damage to the target (N = the number of Torpedo cards the "
                          "enemy side has used this game)."),
    ("tally_named", "es", "-N reparaciones al objetivo (N = el número de cartas Torpedo que el "
                          "bando enemigo ha usado en esta partida)."),
    ("tally_named", "it", "-N riparazioni al bersaglio (N = il numero di carte Siluro che la "
                          "squadra nemica ha usato in questa partita)."),
    ("losses", "en", "You draw N order cards (N = the number of ships your side has lost this "
                     "game plus the number of cards in the deck)."),
    ("losses", "es", "Robas N cartas de órdenes (N = el número de barcos que tu bando ha "
                     "perdido en esta partida más el número de cartas del mazo)."),
    ("losses", "it", "Peschi N carte degli ordini (N = il numero di navi che la tua squadra ha "
                     "perso in questa partita più il numero di carte del mazzo)."),
    ("census", "en", "N repair damage to the target (N = the number of repairs of the target "
                     "plus the number of crew in the reserve of your ship plus the number of "
                     "ships in the visual field of your ship plus the number of points of your "
                     "side plus the number of withdrawn crew of your ship)."),
    ("census", "es", "-N reparaciones al objetivo (N = el número de reparaciones del objetivo "
                     "más el número de tripulantes en la reserva de tu barco más el número de "
                     "barcos en el campo de visión de tu barco más el número de puntos de tu "
                     "bando más el número de tripulantes retirados de tu barco)."),
    ("census", "it", "-N riparazioni al bersaglio (N = il numero di riparazioni del bersaglio "
                     "più il numero di membri dell'equipaggio in riserva della tua nave più il "
                     "numero di navi nel campo visivo della tua nave più il numero di punti "
                     "della tua squadra più il numero di membri ritirati della tua nave)."),
])
def test_a_count_is_said_as_the_number_of_what_it_counts(rules, card, lang, said):
    assert rules.text(card, lang).startswith(said)


NONE = """
order fresh { copies 1  usable if number of maneuvers used by self this turn = 0  effect draw 1 }
order first_blood { copies 1  target enemy ship
    effect damage 2 to target if ships lost of friendly this game < 1;
           draw 1 if cards in deck = 0 }
order coup { copies 1  target enemy ship
    effect damage 1 to target if 0 = hull of target; draw 1 if crew withdrawn of self != 0 }
order rested { copies 1  effect draw 1 if crew withdrawn of self = 0 }
deck { keep size }
"""


@pytest.fixture(scope="module")
def none() -> rc.Ruleset:
    return rc.load_source(NONE, "none.rc")


@pytest.mark.parametrize("card, lang, said", [
    ("fresh", "en", "You draw 1 order card. Usable only if your ship has used no maneuvers this "
                    "turn."),
    ("fresh", "es", "Robas 1 carta de órdenes. Solo se puede usar si tu barco no ha usado "
                    "maniobras en este turno."),
    ("fresh", "it", "Peschi 1 carta degli ordini. Utilizzabile solo se la tua nave non ha "
                    "usato manovre in questo turno."),
    ("first_blood", "en", "2 repair damage to the target if your side has lost no ships this "
                          "game; you draw 1 order card if there are no cards in the deck."),
    ("first_blood", "es", "-2 reparaciones al objetivo si tu bando no ha perdido barcos en esta "
                          "partida; robas 1 carta de órdenes si no hay cartas en el mazo."),
    ("first_blood", "it", "-2 riparazioni al bersaglio se la tua squadra non ha perso navi in "
                          "questa partita; peschi 1 carta degli ordini se non ci sono carte nel "
                          "mazzo."),
    ("coup", "en", "1 repair damage to the target if the hull of the target (the repair damage "
                   "it can still take) is 0; you draw 1 order card if the number of withdrawn "
                   "crew of your ship is at least 1."),
    ("coup", "es", "-1 reparación al objetivo si el casco del objetivo (el daño de reparación "
                   "que aún puede recibir) es 0; robas 1 carta de órdenes si el número de "
                   "tripulantes retirados de tu barco no es menor que 1."),
    ("coup", "it", "-1 riparazione al bersaglio se lo scafo del bersaglio (i danni alle "
                   "riparazioni che può ancora subire) è 0; peschi 1 carta degli ordini se il "
                   "numero di membri dell'equipaggio ritirati della tua nave non è minore di 1."),
    ("rested", "en", "You draw 1 order card if no crew of your ship is withdrawn."),
    ("rested", "es", "Robas 1 carta de órdenes si ningún tripulante de tu barco está "
                     "retirado."),
    ("rested", "it", "Peschi 1 carta degli ordini se nessun membro dell'equipaggio della tua "
                     "nave è ritirato."),
])
def test_a_count_compared_with_zero_says_none(none, card, lang, said):
    """None of a count is said as the project says none elsewhere ("has no
    order cards", "there is no island"): "has used no maneuvers", "there are
    no cards in the deck", and "… is 0" where nothing is had or there; never
    "are equal to 0", "0 is equal to …"."""
    assert none.text(card, lang).startswith(said)


PREVENTS = """\
status deflector { this turn  prevent the next 1 damage }
status shielded { this turn  prevent the next 2 damage }
order deflect { copies 1  effect status deflector on self }
order shield_up { copies 1  effect status shielded on self }
deck { keep size }
"""


@pytest.mark.parametrize("card, lang, said", [
    ("deflect", "en", "the next point of damage it would take is ignored"),
    ("shield_up", "en", "the next 2 points of damage it would take are ignored"),
    ("deflect", "es", "el próximo punto de daño que reciba se ignora"),
    ("shield_up", "es", "los próximos 2 puntos de daño que reciba se ignoran"),
    ("deflect", "it", "il prossimo danno che subirebbe è ignorato (1 punto)"),
    ("shield_up", "it", "i prossimi 2 danni che subirebbe sono ignorati"),
])
def test_damage_prevented_is_said_in_points_not_hits(card, lang, said):
    """A status that prevents 1 damage takes 1 point off the next hit, not the
    whole hit: the text says points (Italian counts damage in units already)."""
    assert said in rc.load_source(PREVENTS, "en").text(card, lang)


@pytest.mark.parametrize("lang, said", [
    ("en", "if your ship has a number of missing breakdowns other than 3"),
    ("es", "si tu barco tiene un número de averías perdidas distinto de 3"),
    ("it", "se la tua nave ha un numero di avarie perse diverso da 3"),
])
def test_a_count_unequal_to_a_number_says_it_in_the_plural(lang, said):
    rules = rc.load_source("order o { copies 1  effect draw 1 if not breakdowns missing = 3 }\n"
                           "deck { keep size }\n", "en")
    assert said in rules.text("o", lang)


def test_the_cards_the_answered_items_target_used_are_counted_in_words():
    rules = rc.load_source("order o { copies 1  response  answers maneuvers\n"
                           "    effect draw 1 if number of cards used by answered target this "
                           "turn > 1 }\ndeck { keep size }\nrules { orders_respondable yes }\n",
                           "en")
    assert "the number of cards the ship it targets has used this turn is more than 1" in \
        rules.text("o")


@pytest.mark.parametrize("lang, one, two", [
    ("es", "Radar de otros jugadores no puede tomarlo como objetivo",
     "Torpedo y Radar de otros jugadores no pueden tomarlo como objetivo"),
    ("it", "Radar degli altri giocatori non può prendere di mira questa nave",
     "Siluro e Radar degli altri giocatori non possono prendere di mira questa nave"),
])
def test_one_card_named_that_cannot_target_takes_a_singular_verb(lang, one, two):
    rules = rc.load_source("status lone { this turn  untargetable by radar }\n"
                           "status pair { this turn  untargetable by torpedo, radar }\n"
                           "order a { copies 1  effect status lone on target }\n"
                           "order b { copies 1  effect status pair on target }\n"
                           "deck { keep size }\n", "en")
    assert one in rules.text("a", lang) and two in rules.text("b", lang)


def test_alternatives_among_conditions_that_all_hold_are_said_last():
    """`A and (B or C) and D` is said "A and D and either B or C": no "and"
    after the alternatives can be read as the last one's."""
    rules = rc.load_source(
        "maneuver m { cost 1  response  answers maneuvers  range 2  target source\n"
        "    usable if answered is enemy and (answered is torpedo or answered is missile) "
        "and answered target is friendly\n    effect damage 1 to source }\n"
        "patch ship destroyer { maneuvers movement repair torpedo orders missile "
        "depth_charge shield m }\n", "en")
    assert "Usable only if it answers a card of an enemy and the ship it targets is a " \
        "friendly ship and either it answers Torpedo or it answers Missile." in rules.text("m")
