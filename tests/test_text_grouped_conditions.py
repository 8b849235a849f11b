"""Card text whose structure a player must hear: alternatives inside
conditions that all hold ("either … or"), a condition of a status said
before its rules, the ship a status's trigger holds said "this ship" where
"it" is another, a ship named again after a preposition in Spanish and
Italian, and an effect after the end of a status kept in its trigger."""

import pytest

import redcode_rules as rc

CARDS = """\
rules { orders_respondable yes }
status braced {
    this turn  for 1 use
    modify damage -1
    name en "braced" es "preparado" it "pronta" (f)
    state es "preparado" it "pronta"
}
status riposte {
    this turn
    when damaged of self by enemy once per turn {
        effect damage 2 to source if self is destroyer;
               remove_status riposte on self; crew_loss 1 to self
    }
    name en "ready to retaliate" es "listo para replicar" it "pronta a rispondere" (f)
    state es "listo para replicar" it "pronta a rispondere"
}
order jam {
    copies 1
    response  answers maneuvers
    usable if answered is enemy and (answered is torpedo or answered is heavy_torpedo)
    effect cancel answered
    name en "Jam" es "Interferencia" (f) it "Disturbo"
}
order either_way {
    copies 1
    usable if cards in hand > 3 or (turn > 4 and cards in deck < 10)
    effect draw 1
    name en "Either way" es "De todos modos" it "Comunque"
}
order all_three {
    copies 1
    usable if cards in hand > 3 or (turn > 4 and cards in deck < 10 and repairs of self < 3)
    effect draw 1
    name en "All three" es "Las tres" it "Tutte e tre"
}
order smoke {
    copies 1
    response  answers maneuvers
    effect status braced on answered target if distance from source to answered target >= 3
    name en "Smoke" es "Humo" it "Fumo"
}
order riposte_card {
    copies 1
    target friendly ship
    effect status riposte on target
    name en "Riposte" es "Réplica" (f) it "Replica" (f)
}
deck { keep size }
"""


@pytest.fixture(scope="module")
def rules():
    return rc.load_source(CARDS, "en")


@pytest.mark.parametrize("lang, said", [
    ("en", "Usable only if it answers a card of an enemy and either it answers Torpedo or it "
     "answers Heavy torpedo."),
    ("es", "Solo se puede usar si responde a una carta de un enemigo y o bien responde a "
     "Torpedo o responde a Torpedo pesado."),
    ("it", "Utilizzabile solo se risponde a una carta di un nemico e o risponde a Siluro o "
     "risponde a Siluro pesante."),
])
def test_alternatives_among_conditions_that_all_hold_are_heard_as_one(rules, lang, said):
    assert said in rules.text("jam", lang)


@pytest.mark.parametrize("lang, said", [
    ("en", "Usable only if you have more than 3 order cards or both it is after turn 4 and the "
     "number of cards in the deck is less than 10."),
    ("es", "Solo se puede usar si tienes más de 3 cartas de órdenes o tanto es después del "
     "turno 4 como el número de cartas del mazo es menor que 10."),
    ("it", "Utilizzabile solo se hai più di 3 carte degli ordini o sia è dopo il turno 4 sia "
     "il numero di carte del mazzo è minore di 10."),
])
def test_conditions_that_all_hold_among_alternatives_are_heard_as_one(rules, lang, said):
    assert said in rules.text("either_way", lang)


@pytest.mark.parametrize("lang, said", [
    ("en", "or all of these: it is after turn 4, the number of cards in the deck is less than "
     "10 and your ship has fewer than 3 repairs."),
    ("es", "o todo esto a la vez: es después del turno 4, el número de cartas del mazo es "
     "menor que 10 y tu barco tiene menos de 3 reparaciones."),
    ("it", "o tutto questo insieme: è dopo il turno 4, il numero di carte del mazzo è minore "
     "di 10 e la tua nave ha meno di 3 riparazioni."),
])
def test_three_conditions_among_alternatives_are_one_list(rules, lang, said):
    assert said in rules.text("all_three", lang)


@pytest.mark.parametrize("lang, said", [
    ("en", "If the ship that performed the card it answers is 3 or more boxes away from the ship "
     "it targets, the ship it targets is braced this turn, for a single use: each damage it "
     "takes is 1 less."),
    ("es", "Si el barco que ejecutó la carta a la que responde está a distancia 3 o más del "
     "barco al que apunta, el barco al que apunta queda preparado este turno, para un solo "
     "uso: cada daño que recibe se reduce en 1."),
    ("it", "Se la nave che ha eseguito la carta a cui risponde è a distanza 3 o più dalla nave "
     "presa di mira, la nave presa di mira"),
])
def test_a_condition_of_a_status_is_said_before_its_rules(rules, lang, said):
    assert rules.text("smoke", lang).startswith(said)


@pytest.mark.parametrize("lang, said", [
    ("en", "when this ship takes damage from an enemy ship (once per turn), 2 repair damage to "
     "the ship that caused it if this ship is a destroyer; this ship is no longer ready to "
     "retaliate and loses 1 crew from the reserve."),
    ("es", "-2 reparaciones al barco que lo causó si este barco es un destructor; este barco "
     "deja de estar listo para replicar y pierde 1 tripulante de la reserva."),
    ("it", "-2 riparazioni alla nave che l'ha causato se questa nave è un distruttore; questa "
     "nave non è più pronta a rispondere e perde 1 membro dell'equipaggio dalla riserva."),
])
def test_a_trigger_says_its_holder_as_this_ship_and_keeps_its_effects_together(rules, lang,
                                                                                said):
    assert rules.status_text("riposte", lang).endswith(said)
