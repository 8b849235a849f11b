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
