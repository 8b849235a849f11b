"""Narration in Spanish and Italian: articles, contractions and agreement.

Snapshot tests: every kind of log event, narrated in es and it, compared
with sentences written out here and read by hand. Ship names take their
definite article ("el submarino azul", "la portaerei rossa"), prepositions
contract with it ("del", "al", "sul", "della"), colours agree with the
noun ("portaerei rossa", "squadra rossa"), a status's state agrees with
the ship ("la portaerei rossa viene intercettata"), a card that resolves is
named with the word for its kind ("la maniobra Órdenes"), counts are digits
("recupera 1 tripulante"), and a trigger says what fired, never the
engine's word for it ("Se activa la mina de d3"). The mechanism is
i18n.ShipName, i18n/grammar.py, text/statuses.py and the `grammar` section
of lang/*.yaml; English is unchanged but for the same fixes.
"""

import pytest

import redcode_rules as rc
from redcode_rules.i18n.catalog import ShipName, article, with_article
from redcode_rules.model.state import Event
from redcode_rules.text.narrate import narrate, narrate_event

from conftest import EXAMPLES

S, D, C = "blue-submarine", "red-destroyer", "red-aircraft_carrier"
#: The words of the mine token of cards/examples/triggers_mine.rc (mina, f).
MINE = rc.load_ruleset("en", extra=[str(EXAMPLES / "triggers_mine.rc")]).words

# (event kind, data, Spanish, Italian)
CASES = [
    ("game_start", {"mode": "war", "board": []},
     "Empieza una partida en modo guerra.",
     "Inizia una partita in modalità guerra."),
    ("turn_start", {"player": C},
     "Turno 3: portaaviones rojo.",
     "Turno 3: portaerei rossa."),
    ("recover", {"ship": S, "source": "torpedo"},
     "El submarino azul recupera 1 tripulante de Torpedo.",
     "Il sottomarino blu recupera 1 membro dell'equipaggio da Siluro."),
    ("recover", {"ship": C, "source": "withdrawn"},
     "El portaaviones rojo recupera 1 tripulante retirado.",
     "La portaerei rossa recupera 1 membro dell'equipaggio ritirato."),
    ("use", {"player": S, "card": "torpedo", "target": D},
     "El submarino azul usa Torpedo sobre el destructor rojo.",
     "Il sottomarino blu usa Siluro sul distruttore rosso."),
    ("use", {"player": D, "card": "torpedo", "target": C},
     "El destructor rojo usa Torpedo sobre el portaaviones rojo.",
     "Il distruttore rosso usa Siluro sulla portaerei rossa."),
    ("use", {"player": S, "card": "movement", "path": ["c3", "d4"]},
     "El submarino azul usa Movimiento hacia c3 d4.",
     "Il sottomarino blu usa Movimento verso c3 d4."),
    ("use", {"player": C, "card": "repair"},
     "El portaaviones rojo usa Reparar.",
     "La portaerei rossa usa Riparazione."),
    ("respond", {"player": C, "card": "shield", "target": S},
     "El portaaviones rojo responde con Blindaje sobre el submarino azul.",
     "La portaerei rossa risponde con Scudo sul sottomarino blu."),
    ("order", {"player": S, "card": "atomic_bomb", "area": "c3"},
     "El submarino azul juega Bomba atómica sobre el área de c3.",
     "Il sottomarino blu gioca Bomba atomica sull'area di c3."),
    ("order", {"player": D, "card": "kamikaze", "target": C},
     "El destructor rojo juega Kamikaze sobre el portaaviones rojo.",
     "Il distruttore rosso gioca Kamikaze sulla portaerei rossa."),
    ("order", {"player": S, "card": "evasion", "target": C, "path": ["c3", "d3"]},
     "El submarino azul juega Evasión sobre el portaaviones rojo hacia c3 d3.",
     "Il sottomarino blu gioca Evasione sulla portaerei rossa verso c3 d3."),
    ("pass", {"player": C},
     "El portaaviones rojo pasa.",
     "La portaerei rossa passa."),
    ("resolve", {"player": S, "card": "orders"},
     "Se resuelve la maniobra Órdenes del submarino azul.",
     "Si risolve la manovra Ordini del sottomarino blu."),
    ("resolve", {"player": C, "card": "torpedo"},
     "Se resuelve la maniobra Torpedo del portaaviones rojo.",
     "Si risolve la manovra Siluro della portaerei rossa."),
    ("cancelled", {"player": C, "card": "assault"},
     "Se anula la maniobra Asalto del portaaviones rojo.",
     "Viene annullata la manovra Assalto della portaerei rossa."),
    ("wasted", {"player": S, "card": "torpedo"},
     "Se pierde la maniobra Torpedo del submarino azul.",
     "La manovra Siluro del sottomarino blu va a vuoto."),
    ("cancel", {"player": C, "card": "torpedo", "of": S},
     "El portaaviones rojo anula la maniobra Torpedo del submarino azul.",
     "La portaerei rossa annulla la manovra Siluro del sottomarino blu."),
    ("damage", {"ship": C, "amount": 2, "repairs": 1, "breakdowns": 3},
     "El portaaviones rojo recibe 2 de daño (reparaciones 1, averías 3).",
     "La portaerei rossa subisce 2 danni (riparazioni 1, avarie 3)."),
    ("damage", {"ship": S, "amount": 1, "repairs": 2, "breakdowns": 3},
     "El submarino azul recibe 1 de daño (reparaciones 2, averías 3).",
     "Il sottomarino blu subisce 1 danno (riparazioni 2, avarie 3)."),
    ("regain", {"ship": S, "track": "repair", "amount": 1},
     "El submarino azul recupera 1 reparación.",
     "Il sottomarino blu recupera 1 riparazione."),
    ("regain", {"ship": C, "track": "breakdown", "amount": 2},
     "El portaaviones rojo recupera 2 averías.",
     "La portaerei rossa recupera 2 avarie."),
    ("crew_loss", {"ship": C, "amount": 1},
     "El portaaviones rojo pierde 1 tripulante.",
     "La portaerei rossa perde 1 membro dell'equipaggio."),
    ("crew_loss", {"ship": D, "amount": 2},
     "El destructor rojo pierde 2 tripulantes.",
     "Il distruttore rosso perde 2 membri dell'equipaggio."),
    ("move", {"ship": C, "path": ["c3", "d4"]},
     "El portaaviones rojo se mueve a d4.",
     "La portaerei rossa si muove in d4."),
    ("draw", {"player": C, "count": 1},
     "El portaaviones rojo roba 1 carta de órdenes.",
     "La portaerei rossa pesca 1 carta degli ordini."),
    ("draw", {"player": S, "count": 2},
     "El submarino azul roba 2 cartas de órdenes.",
     "Il sottomarino blu pesca 2 carte degli ordini."),
    ("discard", {"player": C, "card": "ambush"},
     "El portaaviones rojo descarta Emboscada.",
     "La portaerei rossa scarta Imboscata."),
    ("reshuffle", {"cards": 12},
     "Los descartes se barajan en un nuevo mazo de 12 cartas.",
     "Gli scarti vengono mescolati in un nuovo mazzo di 12 carte."),
    ("status", {"ship": C, "status": "intercepted"},
     "El portaaviones rojo queda interceptado.",
     "La portaerei rossa viene intercettata."),
    ("status", {"ship": S, "status": "intercepted"},
     "El submarino azul queda interceptado.",
     "Il sottomarino blu viene intercettato."),
    ("status_end", {"ship": C, "status": "intercepted"},
     "El portaaviones rojo deja de estar interceptado.",
     "La portaerei rossa non è più intercettata."),
    ("sunk", {"ship": S, "by": C},
     "*** ¡El portaaviones rojo hunde al submarino azul! ***",
     "*** La portaerei rossa affonda il sottomarino blu! ***"),
    ("sunk", {"ship": C, "by": D},
     "*** ¡El destructor rojo hunde al portaaviones rojo! ***",
     "*** Il distruttore rosso affonda la portaerei rossa! ***"),
    ("score", {"side": "red", "points": 2},
     "El bando rojo tiene 2 puntos.",
     "La squadra rossa ha 2 punti."),
    ("catchup", {"side": "red", "cards": 2},
     "El bando rojo recibe 2 cartas de órdenes (compensación).",
     "La squadra rossa riceve 2 carte degli ordini (compensazione)."),
    ("respawn", {"ship": C, "box": "g5"},
     "El portaaviones rojo vuelve a la batalla en g5.",
     "La portaerei rossa torna in battaglia in g5."),
    ("wait", {"ship": C},
     "El portaaviones rojo espera: no hay casilla libre en su carta inicial.",
     "La portaerei rossa aspetta: nessuna casella libera sulla sua carta iniziale."),
    ("game_over", {"winner": "red", "reason": "points"},
     "Fin de la partida: rojo (puntos de victoria).",
     "Fine della partita: rosso (punti vittoria)."),
    ("game_over", {"winner": "blue", "reason": "eliminated"},
     "Fin de la partida: azul (la flota enemiga está hundida).",
     "Fine della partita: blu (la flotta nemica è affondata)."),
    ("trigger", {"trigger": "token:mine:0", "holder": "mine d3"},
     "Se activa la mina de d3.",
     "Scatta la mina in d3."),
    ("trigger", {"trigger": "status:intercepted:0", "holder": C},
     "Se activa el estado «interceptado» del portaaviones rojo.",
     "Si attiva lo stato «intercettazione» della portaerei rossa."),
    ("trigger", {"trigger": "ship:submarine:0", "holder": S},
     "Se activa una habilidad del submarino azul.",
     "Si attiva un'abilità del sottomarino blu."),
    ("token", {"token": "mine", "box": "c3"},
     "Se coloca una ficha de mina en c3.",
     "Si piazza un segnalino mina in c3."),
    ("token_removed", {"token": "mine", "box": "c3"},
     "Se retira la ficha de mina de c3.",
     "Si rimuove il segnalino mina da c3."),
    ("look", {"player": S, "of": D},
     "El submarino azul mira la mano del destructor rojo.",
     "Il sottomarino blu guarda la mano del distruttore rosso."),
    ("take", {"player": S, "of": D},
     "El submarino azul toma 1 carta de órdenes del destructor rojo.",
     "Il sottomarino blu prende 1 carta degli ordini dal distruttore rosso."),
    ("deck_top", {"player": S},
     "El submarino azul pone 1 carta de órdenes encima del mazo.",
     "Il sottomarino blu mette 1 carta degli ordini in cima al mazzo."),
    ("prevent", {"ship": S, "status": "intercepted", "amount": 1},
     "El submarino azul evita 1 de daño (interceptado).",
     "Il sottomarino blu evita 1 danno (intercettazione)."),
    ("redirect", {"ship": S, "to": C, "status": "intercepted"},
     "El daño del submarino azul va al portaaviones rojo (interceptado).",
     "Il danno del sottomarino blu va alla portaerei rossa (intercettazione)."),
    ("turn_end", {"player": S}, "", ""),
]

ENGINE_EVENTS = {"game_start", "turn_start", "recover", "use", "respond", "order", "pass",
                 "resolve", "cancelled", "wasted", "cancel", "damage", "regain", "crew_loss",
                 "move", "draw", "discard", "reshuffle", "status", "sunk", "score", "catchup",
                 "respawn", "wait", "game_over", "turn_end", "status_end", "trigger", "token",
                 "token_removed", "look", "take", "deck_top", "prevent", "redirect"}


def test_the_cases_cover_every_event_kind():
    assert {kind for kind, *_ in CASES} == ENGINE_EVENTS


@pytest.mark.parametrize("kind,data,es,it", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_every_event_in_spanish_and_italian(kind, data, es, it):
    event = Event(kind, 3, dict(data))
    natures = {"intercepted": "harmful"}  # as the base cards' Ruleset.natures say
    assert narrate_event(event, "es", MINE, natures=natures) == es
    assert narrate_event(event, "it", MINE, natures=natures) == it


@pytest.mark.parametrize("kind,data,en", [
    ("resolve", {"player": S, "card": "orders"}, "Orders of blue submarine resolves."),
    ("recover", {"ship": S, "source": "withdrawn"}, "Blue submarine recovers 1 withdrawn crew."),
    ("draw", {"player": S, "count": 1}, "Blue submarine draws 1 order card."),
    ("trigger", {"trigger": "token:mine:0", "holder": "mine d3"},
     "The mine at d3 is set off."),
    ("trigger", {"trigger": "ship:submarine:0", "holder": S},
     "An ability of blue submarine takes effect."),
    ("trigger", {"trigger": "status:intercepted:0", "holder": C},
     "The status \"intercepted\" of red aircraft carrier takes effect."),
    ("sunk", {"ship": S, "by": C}, "*** Blue submarine is sunk by red aircraft carrier! ***"),
    ("use", {"player": S, "card": "torpedo", "target": D},
     "Blue submarine uses Torpedo on red destroyer."),
    ("score", {"side": "red", "points": 2}, "The red side has 2 points."),
])
def test_english_names_ships_without_an_article(kind, data, en):
    assert narrate_event(Event(kind, 3, dict(data)), "en", MINE) == en


# ------------------------------------------------------------------ the mechanism


@pytest.mark.parametrize("word,gender,expected", [
    ("sottomarino", "m", "il"), ("zaino", "m", "lo"), ("scoglio", "m", "lo"),
    ("incrociatore", "m", "l'"), ("portaerei", "f", "la"), ("ammiraglia", "f", "l'"),
    ("incrociatori", "m pl", "gli"), ("sottomarini", "m pl", "i"), ("navi", "f pl", "le"),
])
def test_italian_articles_follow_the_next_words_sound(word, gender, expected):
    assert article("it", gender, word) == expected


@pytest.mark.parametrize("lang,phrase,gender,preposition,expected", [
    ("it", "incrociatore blu", "m", "di", "dell'incrociatore blu"),
    ("it", "scoglio rosso", "m", "su", "sullo scoglio rosso"),
    ("it", "portaerei rossa", "f", "a", "alla portaerei rossa"),
    ("it", "portaerei rossa", "f", "con", "con la portaerei rossa"),   # no contraction
    ("es", "submarino azul", "m", "de", "del submarino azul"),
    ("es", "submarino azul", "m", "a", "al submarino azul"),
    ("es", "fragata azul", "f", "de", "de la fragata azul"),
    ("es", "submarino azul", "m", "sobre", "sobre el submarino azul"),
    ("en", "blue submarine", "m", "", "blue submarine"),
])
def test_preposition_and_article_contract_per_language(lang, phrase, gender, preposition,
                                                       expected):
    assert with_article(lang, phrase, gender, preposition) == expected


def test_a_ship_type_without_a_gender_takes_the_default():
    assert f"{ShipName('blue-battleship', 'it'):di}" == "del battleship blu"
    assert f"{ShipName('blue-battleship', 'es'):a}" == "al battleship azul"


def test_a_ship_named_by_a_scenario_is_a_proper_name():
    assert f"{ShipName('nautilus', 'es'):de}" == "de nautilus"
    assert f"{ShipName('nautilus', 'it')}" == "nautilus"
    assert narrate_event(Event("pass", 1, {"player": "nautilus"}), "es") == "Nautilus pasa."


def test_a_card_that_resolves_is_named_by_the_kind_it_was_declared_as():
    """narrate reads from the log whether a card was used as a maneuver or
    played as an order card: "la carta Emboscada", "la maniobra Torpedo"."""
    log = [Event("order", 1, {"player": S, "card": "ambush", "target": D}),
           Event("resolve", 1, {"player": S, "card": "ambush"}),
           Event("use", 1, {"player": D, "card": "torpedo", "target": S}),
           Event("resolve", 1, {"player": D, "card": "torpedo"})]
    assert [line.strip() for line in narrate(log, "es")][1::2] == [
        "Se resuelve la carta Emboscada del submarino azul.",
        "Se resuelve la maniobra Torpedo del destructor rojo."]
    assert [line.strip() for line in narrate(log, "it")][1::2] == [
        "Si risolve la carta Imboscata del sottomarino blu.",
        "Si risolve la manovra Siluro del distruttore rosso."]


def test_a_cancellation_is_told_once():
    """The response that cancels says so; the cancelled item's turn to resolve
    adds no second line ("Se anula …" after "… anula …")."""
    log = [Event("use", 1, {"player": S, "card": "torpedo", "target": D}),
           Event("respond", 1, {"player": D, "card": "shield", "target": S}),
           Event("resolve", 1, {"player": D, "card": "shield"}),
           Event("cancel", 1, {"player": D, "card": "torpedo", "of": S}),
           Event("cancelled", 1, {"player": S, "card": "torpedo"})]
    lines = [line.strip() for line in narrate(log, "es")]
    assert lines[-1] == "El destructor rojo anula la maniobra Torpedo del submarino azul."
    assert not [line for line in lines if line.startswith("Se anula")]
    alone = narrate([log[-1]], "es")  # told alone, it still says what happened
    assert alone == ["  Se anula la maniobra Torpedo del submarino azul."]
