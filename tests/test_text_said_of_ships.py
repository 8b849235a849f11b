"""How a card says a ship and its state where the sentence needs care: a
state the language says with "have" (Italian "con il radar disturbato":
"ha", "non ha più"), in a trigger, the ship its event happened to as
"that ship" and the holder named again after a preposition, and a distance
between two ships said with both ends where it is an amount."""

import pytest

import redcode_rules as rc

CARDS = """\
status jammed {
    this turn
    modify range -1
    name en "jammed" es "interferido" it "disturbo radar" (m)
    state es "con el radar interferido" it "con il radar disturbato"
}
order unjam { copies 1  target ship
    effect damage 1 to target if target is jammed; remove_status jammed of target }
status picket {
    permanent
    when targeted of self by enemy maneuvers {
        effect damage 1 to source if distance from source to self <= repairs of self }
}
order range_finder { copies 1  target ship
    effect damage (distance from target to self) to target }
status watch {
    permanent
    when enters of enemy { effect regain repair 1 to self if distance from target to self <= 2 }
    name en "watch" es "vigía" it "vedetta"
    state es "de vigía" it "di vedetta"
}
deck { keep size }
"""


@pytest.fixture(scope="module")
def rules():
    return rc.load_source(CARDS, "en")


@pytest.mark.parametrize("lang, said", [
    ("en", "1 repair damage to the target if it is jammed; the target is no longer jammed."),
    ("es", "-1 reparación al objetivo si tiene el radar interferido; el objetivo deja de "
     "tener el radar interferido."),
    ("it", "-1 riparazione al bersaglio se ha il radar disturbato; il bersaglio non ha più il "
     "radar disturbato."),
])
def test_a_state_said_with_have_is_tested_and_ended_with_have(rules, lang, said):
    assert rules.text("unjam", lang).startswith(said)


@pytest.mark.parametrize("lang, said", [
    ("en", "this ship regains 1 repair if that ship is within 2 boxes of it."),
    ("es", "este barco recupera +1 reparación si ese barco está a distancia 2 como máximo de "
     "este barco."),
    ("it", "questa nave recupera +1 riparazione se quella nave è a distanza 2 al massimo da "
     "questa nave."),
])
def test_a_trigger_says_the_ship_of_its_event_and_names_its_holder_again(rules, lang, said):
    assert rules.status_text("watch", lang).endswith(said)


@pytest.mark.parametrize("lang, said", [
    ("en", "N repair damage to the target (N = the distance from the target to your ship)."),
    ("es", "-N reparaciones al objetivo (N = la distancia del objetivo a tu barco)."),
    ("it", "-N riparazioni al bersaglio (N = la distanza tra il bersaglio e la tua nave)."),
])
def test_a_distance_between_two_ships_as_an_amount_says_both_ends(rules, lang, said):
    assert rules.text("range_finder", lang).startswith(said)


SUBJECTS = """\
status adrift_free { this turn  ignores running water }
status low_profile {
    this turn
    limit visibility to at most 2
    untargetable by enemy orders
    name en "low profile" es "perfil bajo" it "profilo basso"
    state es "de perfil bajo" it "defilata"
}
status escort { permanent  affects each friendly destroyer ship  untargetable by enemy orders }
order cut_loose { copies 1  effect status adrift_free on target }
order cut_self { copies 1  effect status adrift_free on self }
order frigates_free { copies 1
    effect status adrift_free on each destroyer ship; status low_profile on each destroyer ship }
order duck { copies 1  effect status low_profile on target }
patch ship destroyer { name en "Frigate" es "Fragata" (f) it "Fregata" (f) }
deck { keep size }
"""


@pytest.fixture(scope="module")
def subjects():
    return rc.load_source(SUBJECTS, "en")


@pytest.mark.parametrize("card, lang, said", [
    ("cut_loose", "it", "Il bersaglio è adrift free per questo turno: l'acqua corrente non lo "
                        "trascina."),
    ("cut_loose", "es", "El objetivo queda adrift free este turno: la corriente no lo "
                        "arrastra."),
    ("cut_self", "it", "La tua nave è adrift free per questo turno: l'acqua corrente non la "
                       "trascina."),
    ("duck", "it", "Il bersaglio viene defilato per questo turno: le carte degli ordini nemiche "
                   "non possono prendere di mira questa nave; non può essere visto da più di 2 "
                   "caselle."),
    ("duck", "es", "El objetivo queda de perfil bajo este turno: las cartas de órdenes enemigas "
                   "no pueden tomarlo como objetivo; no se lo puede ver a más de 2 casillas."),
    ("frigates_free", "es", "Cada fragata queda adrift free este turno: la corriente no la "
                            "arrastra. Cada fragata queda de perfil bajo este turno: las cartas "
                            "de órdenes enemigas no pueden tomarla como objetivo; no se la puede "
                            "ver a más de 2 casillas."),
    ("frigates_free", "it", "Ogni fregata è adrift free per questo turno: l'acqua corrente non "
                            "la trascina. Ogni fregata viene defilata per questo turno: le carte "
                            "degli ordini nemiche non possono prendere di mira questa nave; non "
                            "può essere vista da più di 2 caselle."),
])
def test_a_pronoun_that_says_the_subject_again_agrees_with_it(subjects, card, lang, said):
    """What a status does, said after its subject, names it again by a word
    that takes its gender and number: Italian "il bersaglio … non lo
    trascina", "la tua nave … non la trascina", Spanish "cada fragata … no
    la arrastra", "tomarla", "no se la puede ver"."""
    assert subjects.text(card, lang).startswith(said)


@pytest.mark.parametrize("lang, said", [
    ("es", "Escort, hasta que se hunda: para cada fragata aliada de este barco, las cartas de "
           "órdenes enemigas no pueden tomarla como objetivo."),
    ("it", "Escort, finché non affonda: per ogni fregata alleata di questa nave, le carte degli "
           "ordini nemiche non possono prendere di mira quella nave."),
])
def test_an_aura_says_each_ship_it_reaches_again_in_its_gender(subjects, lang, said):
    assert subjects.status_text("escort", lang) == said


@pytest.mark.parametrize("lang, said", [
    ("es", "-1 reparación al barco que lo causó si la distancia del barco que lo causó a este "
     "barco no es mayor que el número de reparaciones de este barco."),
    ("it", "-1 riparazione alla nave che l'ha causato se la distanza tra la nave che l'ha "
     "causato e questa nave non è maggiore del numero di riparazioni di questa nave."),
])
def test_a_triggers_holder_is_named_after_of_where_the_language_drops_it(rules, lang, said):
    assert rules.status_text("picket", lang).endswith(said)


TRIGGERED = """\
status grudge { permanent
    when damaged of self { effect damage (distance from source to self) to source } }
token beacon { mark "b"  permanent
    when turn_ends of any { effect regain repair (distance from here to target) to target } }
maneuver drop_beacon { cost 1  effect place_token beacon on self }
order hold_grudge { copies 1  effect status grudge on self }
deck { keep size }
patch ship destroyer { maneuvers movement repair torpedo orders missile depth_charge shield
    drop_beacon }
"""


@pytest.mark.parametrize("lang, said", [
    ("en", "(N = the distance from the ship that caused it to this ship)"),
    ("es", "(N = la distancia del barco que lo causó a este barco)"),
    ("it", "(N = la distanza tra la nave che l'ha causato e questa nave)"),
])
def test_a_distance_in_a_triggers_amount_names_its_ships_as_the_trigger_does(lang, said):
    assert said in rc.load_source(TRIGGERED, "en").status_text("grudge", lang)


def test_a_distance_from_a_tokens_box_says_the_token():
    text = rc.load_source(TRIGGERED, "en").text("drop_beacon")
    assert "(N = the distance from this token to that ship)" in text
