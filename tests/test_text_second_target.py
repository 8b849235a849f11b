"""An effect on the second target's player says the second target (D4.14):
the wording written for the target, with the second target's noun."""

import pytest

import redcode_rules as rc

CARDS = """\
order st_draw { copies 1  target enemy ship  second target friendly other ship  effect draw 1 to second target }
order st_look { copies 1  target enemy ship  second target enemy ship  effect look_hand of second target }
deck { keep size }
"""


@pytest.mark.parametrize("card, lang, said", [
    ("st_draw", "en", "The second target's player draws 1 order card."),
    ("st_draw", "es", "El jugador que controla el segundo objetivo roba 1 carta de órdenes."),
    ("st_draw", "it", "Il giocatore che controlla il secondo bersaglio pesca 1 carta degli "
                      "ordini."),
    ("st_look", "en", "You look at the hand of the second target's player."),
    ("st_look", "es", "Miras la mano del jugador que controla el segundo objetivo."),
    ("st_look", "it", "Guardi la mano del giocatore che controlla il secondo bersaglio."),
])
def test_a_player_effect_on_the_second_target_names_it(card, lang, said):
    assert rc.load_source(CARDS, "en").text(card, lang).startswith(said)
