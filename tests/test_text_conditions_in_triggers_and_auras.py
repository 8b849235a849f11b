"""Texts of a condition in a trigger or an aura, and of a ship's own words:
a trigger's holder is "this ship" in its condition as in its effects, an
aura's ships are named by their type in every language, `own` is "your own
ship", and Italian "e" before "è" is "ed"."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from redcode_rules.text.cards import trigger_sentences

SOURCE = """
status inspired {
    this turn  for 1 use
    modify cost -1
    name en "inspired" es "inspirado" it "ispirato"
    state es "inspirado" it "ispirata"
}
patch ship aircraft_carrier {
    when turn_starts of friendly {
        effect status inspired on target if crew in reserve of self >= 3 and distance in map cards from self to target = 0
    }
}
status convoy {
    permanent
    affects each friendly aircraft_carrier ship where distance in map cards from it to self = 0
    untargetable by enemy orders
    name en "convoy" es "convoy" it "convoglio"
    state es "en convoy" it "in convoglio"
}
patch ship destroyer { ability convoy }
order own_guard { copies 1 response answers maneuvers usable if answered target is own effect cancel answered }
order own_sub { copies 1 target ship where it is own submarine effect draw 1 }
deck { keep size }
"""


@pytest.fixture(scope="module")
def rules() -> rc.Ruleset:
    return rc.load_source(SOURCE, "words.rc")


@pytest.mark.parametrize("lang, text", [
    ("en", "At the start of a friendly player's turn, if this ship has at least 3 crew in "
           "reserve and this ship is on the map card of that ship, that ship is inspired"),
    ("es", "Al comienzo del turno de un jugador aliado, si este barco tiene al menos 3 "
           "tripulantes en la reserva y este barco está en la carta de mapa de ese barco, "
           "ese barco queda inspirado"),
    ("it", "All'inizio del turno di un giocatore alleato, se questa nave ha almeno 3 membri "
           "dell'equipaggio in riserva e questa nave è sulla carta della mappa di quella "
           "nave, quella nave viene ispirata"),
])
def test_a_triggers_holder_is_this_ship_in_its_condition(rules, lang, text):
    [said] = trigger_sentences(rules.ships["aircraft_carrier"].triggers, lang,
                               statuses=rules.statuses, names=rules.words,
                               types=frozenset(rules.ships))
    assert said.startswith(text)


@pytest.mark.parametrize("lang, text", [
    ("en", "Convoy, until it is sunk: for every aircraft carrier friendly to this ship on the map "
           "card of this ship, enemy order cards cannot target it."),
    ("es", "Convoy, hasta que se hunda: para cada portaaviones aliado de este barco en la carta "
           "de mapa de este barco, las cartas de órdenes enemigas no pueden tomarlo como "
           "objetivo."),
    ("it", "Convoglio, finché non affonda: per ogni portaerei alleata di questa nave sulla "
           "carta della mappa di questa nave, le carte degli ordini nemiche non possono "
           "prendere di mira quella nave."),
])
def test_an_auras_ships_are_named_by_their_type(rules, lang, text):
    assert rules.status_text("convoy", lang) == text


@pytest.mark.parametrize("lang, guard, sub", [
    ("en", "Usable only if the ship it targets is your own ship.",
     "Target: a ship, if that ship is your own submarine."),
    ("es", "Solo se puede usar si el barco al que apunta es tu propio barco.",
     "Objetivo: un barco, si ese barco es tu propio submarino."),
    ("it", "Utilizzabile solo se la nave presa di mira è la tua nave.",
     "Bersaglio: una nave, se quella nave è il tuo sottomarino."),
])
def test_own_is_the_cards_own_ship(rules, lang, guard, sub):
    assert guard in rules.text("own_guard", lang)
    assert sub in rules.text("own_sub", lang)


def test_italian_and_before_e_is_ed():
    rules = rc.load_source(
        'status z { while crew in reserve of self >= 3 and box of self is edge\n'
        '  modify cost -1  name en "z" es "z" it "z" state es "z" it "z" }\n'
        'patch ship destroyer { ability z }\ndeck { keep size }\n', "z.rc")
    said = rules.status_text("z", "it")
    assert said.startswith("Z, finché ha almeno 3 membri dell'equipaggio in riserva ed è sul "
                           "bordo del tabellone:")


GIVEN = """
status lit_up { until end of your next turn  affects each enemy ship  modify range +1 }
status beacon_light { this turn  affects each friendly ship within 2 of self  modify range +1 }
maneuver star_shell { cost 1  range 3  target enemy ship  effect status lit_up on target }
maneuver illuminate { cost 1  effect status lit_up on self }
order flare { copies 1  effect status lit_up on target }
order signal { copies 1  target friendly ship  effect status beacon_light on target }
order mark_enemy { copies 1  target enemy ship  effect status beacon_light on target }
order flares_all { copies 1  effect status beacon_light on each ship in sight }
patch ship destroyer {
    maneuvers movement repair torpedo orders missile depth_charge shield star_shell
}
deck { keep size }
"""


@pytest.fixture(scope="module")
def given() -> rc.Ruleset:
    return rc.load_source(GIVEN, "given.rc")


@pytest.mark.parametrize("card, lang, text", [
    # given to an enemy: the ships it reaches are the reader's
    ("star_shell", "en", "The target is lit up until the end of your next turn: for every "
                         "friendly ship, its maneuvers' range is 1 more."),
    ("star_shell", "es", "El objetivo queda lit up hasta el final de tu próximo turno: para "
                         "cada barco aliado, sus maniobras llegan 1 casilla más lejos."),
    ("star_shell", "it", "Il bersaglio è lit up fino alla fine del tuo prossimo turno: per ogni "
                         "nave alleata, le sue manovre arrivano 1 casella più lontano."),
    ("mark_enemy", "en", "The target is beacon light this turn: for every enemy ship within 2 "
                         "boxes of the target, its maneuvers' range is 1 more."),
    ("mark_enemy", "es", "El objetivo queda beacon light este turno: para cada barco enemigo a "
                         "distancia 2 como máximo del objetivo, sus maniobras llegan 1 casilla "
                         "más lejos."),
    ("mark_enemy", "it", "Il bersaglio è beacon light per questo turno: per ogni nave nemica a "
                         "distanza 2 al massimo dal bersaglio, le sue manovre arrivano 1 "
                         "casella più lontano."),
    # given to the card's own ship or a friendly one: the sides are the reader's already
    ("illuminate", "en", "Your ship is lit up until the end of your next turn: for every enemy "
                         "ship, its maneuvers' range is 1 more."),
    ("signal", "en", "The target is beacon light this turn: for every friendly ship within 2 "
                     "boxes of the target, its maneuvers' range is 1 more."),
    # given to a ship of either side: said of the ship that has it
    ("flare", "en", "The target is lit up until the end of your next turn: for every ship that "
                    "is an enemy of the target, its maneuvers' range is 1 more."),
    ("flare", "es", "El objetivo queda lit up hasta el final de tu próximo turno: para cada "
                    "barco enemigo del objetivo, sus maniobras llegan 1 casilla más lejos."),
    ("flare", "it", "Il bersaglio è lit up fino alla fine del tuo prossimo turno: per ogni nave "
                    "nemica del bersaglio, le sue manovre arrivano 1 casella più lontano."),
    ("flares_all", "en", "Every ship in the visual field is beacon light this turn: for every "
                         "ship friendly to that ship within 2 boxes of that ship, its maneuvers' "
                         "range is 1 more."),
    ("flares_all", "es", "Cada barco en el campo de visión queda beacon light este turno: para "
                         "cada barco aliado de ese barco a distancia 2 como máximo de ese "
                         "barco, sus maniobras llegan 1 casilla más lejos."),
    ("flares_all", "it", "Ogni nave nel campo visivo è beacon light per questo turno: per ogni "
                         "nave alleata di quella nave a distanza 2 al massimo da quella nave, "
                         "le sue manovre arrivano 1 casella più lontano."),
])
def test_an_aura_given_by_a_card_says_its_sides_as_the_reader_sees_them(given, card, lang,
                                                                         text):
    """An aura's sides are its holder's: given to an enemy, "every enemy ship"
    are the reader's own ships; where the card does not say the holder's
    side, they are said of the holder ("an enemy of the target")."""
    assert given.text(card, lang).startswith(text + " ")


@pytest.mark.parametrize("lang, text", [
    ("en", "Lit up, until the end of your next turn: for every ship that is an enemy of this "
           "ship, its maneuvers' range is 1 more."),
    ("es", "Lit up, hasta el final de tu próximo turno: para cada barco enemigo de este barco, "
           "sus maniobras llegan 1 casilla más lejos."),
    ("it", "Lit up, fino alla fine del tuo prossimo turno: per ogni nave nemica di questa nave, "
           "le sue manovre arrivano 1 casella più lontano."),
])
def test_an_auras_reference_text_says_whose_enemies_it_reaches(given, lang, text):
    assert given.status_text("lit_up", lang) == text
