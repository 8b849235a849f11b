"""Card text that reads like a printed card, in English, Spanish and Italian:
the card set's own names wherever a status or token is said, "another ship",
a subject or an object said once, "otherwise", a whole hand rather than
"99", no bracket inside a bracket, "own ship only" only where a card acts on
its own ship alone, a cancel that names what it answers, and a status given
with its state agreeing with its subject (the nature of a status named only
by a noun choosing how it is said).

The cards are tests/data/designer_cards.rc: card ideas written as a designer
would, not taken from the examples.
"""

import re

import pytest

import redcode_rules as rc
from redcode_rules.i18n.grammar import fuse
from redcode_rules.rules.effects import Selector
from redcode_rules.text.cards import Nature, ship_rule_text, status_nature, token_text
from redcode_rules.text.statuses import gets

from conftest import PLAY_SCENARIO, play_session, shared_rules
from text_lint import DESIGNER, EXAMPLES, LANGS, rulesets


@pytest.fixture(scope="module")
def designer():
    return rc.load_ruleset("en", extra=[str(DESIGNER)])


def texts(rules, card):
    return [rules.text(card, lang) for lang in LANGS]


ORDER = {"en": "Order card: cannot be responded to.", "es": "Carta de órdenes: sin respuesta.",
         "it": "Carta degli ordini: senza risposta."}
ANY = {"en": "Order card: any ship on the board; cannot be responded to.",
       "es": "Carta de órdenes: cualquier barco del tablero; sin respuesta.",
       "it": "Carta degli ordini: qualsiasi nave sul tabellone; senza risposta."}


@pytest.mark.parametrize("card,expected", [
    ("field_repairs", [  # one subject for two effects on it
        "The target regains 2 repairs and recovers 1 crew. " + ANY["en"],
        "+2 reparaciones y +1 tripulante al objetivo. " + ANY["es"],  # as the rulebook says it
        "+2 riparazioni e +1 membro dell'equipaggio al bersaglio. " + ANY["it"]]),
    ("spotter", [  # "another", "otro" without an article
        "You draw 1 order card. Target: another ship. " + ORDER["en"],
        "Robas 1 carta de órdenes. Objetivo: otro barco. " + ORDER["es"],
        "Peschi 1 carta degli ordini. Bersaglio: un'altra nave. " + ORDER["it"]]),
    ("ceasefire", [  # every other ship
        "Every other ship is held by a ceasefire until your next turn: no maneuvers, not even "
        "responses. " + ORDER["en"],
        "Cada uno de los demás barcos queda en alto el fuego hasta tu próximo turno: ninguna "
        "maniobra, ni siquiera respuestas. " + ORDER["es"],
        "Ogni altra nave è in tregua fino al tuo prossimo turno: nessuna manovra, nemmeno "
        "risposte. " + ORDER["it"]]),
    ("fire_control", [  # a status in a filter, by the card set's own words
        "2 repair damage to the target. Target: a burning enemy ship. " + ORDER["en"],
        "-2 reparaciones al objetivo. Objetivo: un barco enemigo en llamas. " + ORDER["es"],
        "-2 riparazioni al bersaglio. Bersaglio: una nave nemica in fiamme. " + ORDER["it"]]),
    ("purge", [  # the whole hand, not "99"
        "The target's player discards their whole hand. " + ANY["en"],
        "El jugador que controla el objetivo descarta toda su mano. " + ANY["es"],
        "Il giocatore che controlla il bersaglio scarta tutta la sua mano. " + ANY["it"]]),
    ("sonar", [  # no range, yet not on its own ship alone
        "1 repair damage to every enemy ship in the visual field within 2 boxes of your ship. "
        "No target. Can be responded to.",
        "-1 reparación a cada barco enemigo en el campo de visión a distancia 2 como máximo "
        "de tu barco. Sin objetivo. Admite respuesta.",
        "-1 riparazione a ogni nave nemica nel campo visivo a distanza 2 al massimo dalla tua "
        "nave. Senza bersaglio. Ammette risposta."]),
    ("paint_target", [  # the effect after a status starts a sentence of its own
        "The target is marked until the end of your next turn: each damage it takes is 1 "
        "more. You draw 1 order card. Target: an enemy ship. " + ORDER["en"],
        "El objetivo queda marcado hasta el final de tu próximo turno: cada daño que recibe "
        "aumenta en 1. Robas 1 carta de órdenes. Objetivo: un barco enemigo. " + ORDER["es"],
        "Il bersaglio viene designato fino alla fine del tuo prossimo turno: ogni danno che "
        "subisce aumenta di 1. Peschi 1 carta degli ordini. Bersaglio: una nave nemica. "
        + ORDER["it"]]),
    ("boarding", [  # the hand named once
        "You look at the hand of the target's player and take 1 order card of your choice "
        "from it. Target: an enemy ship within 1 box. " + ORDER["en"],
        "Miras la mano del jugador que controla el objetivo y tomas de ella 1 carta de órdenes "
        "a tu elección. Objetivo: un barco enemigo a distancia 1 como máximo. " + ORDER["es"],
        "Guardi la mano del giocatore che controlla il bersaglio e ne prendi 1 carta degli "
        "ordini a tua scelta. Bersaglio: una nave nemica a distanza 1 al massimo. "
        + ORDER["it"]]),
])
def test_designer_cards_read_like_printed_cards(designer, card, expected):
    assert texts(designer, card) == expected


def test_an_ability_and_a_change_for_one_card_need_no_bracket_in_a_bracket(designer):
    assert [ship_rule_text(designer.ships["ironclad"], lang, designer.statuses,
                           designer.words, frozenset(designer.ships)) for lang in LANGS] == [
        "Plated: each damage it takes is 1 less; Torpedo costs 1 more crew.",
        "Reforzado: cada daño que recibe se reduce en 1; Torpedo cuesta 1 tripulante más.",
        "Piastratura: ogni danno che subisce diminuisce di 1; Siluro costa 1 membro "
        "dell'equipaggio in più."]


def test_a_cancel_says_what_the_response_may_answer(designer):
    """An order that answers only order cards (by kind or by name) cancels "the
    order card"; with
    no order card that can be answered, a response cancels "the maneuver";
    where one can (open fire), "the maneuver or order card"."""
    assert [t.split(".")[0] for t in texts(designer, "counter_order")] == [
        "Cancel the order card it answers", "Anula la carta de órdenes a la que responde",
        "Annulla la carta degli ordini a cui risponde"]
    assert [t.split(".")[0] for t in texts(designer, "jam_answer")] == [  # two order cards
        "Cancel the order card it answers", "Anula la carta de órdenes a la que responde",
        "Annulla la carta degli ordini a cui risponde"]
    assert [t.split(".")[0] for t in texts(designer, "veto")] == [
        "Cancel the maneuver it answers", "Anula la maniobra a la que responde",
        "Annulla la manovra a cui risponde"]
    rules = rc.load_ruleset("en", extra=[str(EXAMPLES / "ways_to_play.rc")])
    assert [t.split(".")[0] for t in texts(rules, "countermand")] == [
        "Cancel the maneuver or order card it answers",
        "Anula la maniobra o carta de órdenes a la que responde",
        "Annulla la manovra o carta degli ordini a cui risponde"]
    assert rules.text("shield").startswith("Cancel the maneuver or order card it answers.")
    assert rc.load_ruleset("en").text("shield").startswith("Cancel the maneuver it answers.")


COUNTERFIRE = """
maneuver cb { cost 2 range 2 response target source effect damage 1 to source }
order cb_draw { copies 1  response  effect discard 1 random of source; crew_loss 1 to source }
deck { keep size }
"""


@pytest.mark.parametrize("card, lang, said", [
    ("cb", "en", "1 repair damage to the ship that performed the card it answers. Range 2."),
    ("cb", "es", "-1 reparación al barco que ejecutó la carta a la que responde. Distancia 2."),
    ("cb", "it", "-1 riparazione alla nave che ha eseguito la carta a cui risponde. "
                 "Distanza 2."),
    ("cb_draw", "en", "The player of the ship that performed the card it answers discards 1 "
                      "card at random; the ship that performed the card it answers loses 1 "
                      "crew from the reserve."),
    ("cb_draw", "es", "El jugador que controla el barco que ejecutó la carta a la que responde "
                      "descarta 1 carta al azar y -1 tripulante de la reserva al barco que "
                      "ejecutó la carta a la que responde."),
    ("cb_draw", "it", "Il giocatore che controlla la nave che ha eseguito la carta a cui "
                      "risponde scarta 1 carta a caso e -1 membro dell'equipaggio in riserva "
                      "alla nave che ha eseguito la carta a cui risponde."),
])
def test_the_ship_that_performed_what_a_response_answers_is_said_with_that_card(
        tmp_path, card, lang, said):
    """A response's ``source`` names the card it answers, as a cancel does
    ("the maneuver it answers"): "the ship that performed it" named nothing
    the card had said."""
    path = tmp_path / "counterfire.rc"
    path.write_text(COUNTERFIRE)
    assert rc.load_ruleset("en", extra=[str(path)]).text(card, lang).startswith(said)


KAMIKAZE = {"en": "1 breakdown damage to the target (1 breakdown = {worth}).",
            "es": "-1 avería al objetivo (1 avería = {worth}).",
            "it": "-1 avaria al bersaglio (1 avaria = {worth})."}
FULL_TRACK = {"en": "a full repair track", "es": "un marcador de reparaciones completo",
              "it": "un indicatore delle riparazioni completo"}


FIRE = "status fire { permanent  when turn_starts of self { effect breakdown_damage 1 to self } }"
BREAKDOWN = {"en": "(1 breakdown = {worth})", "es": "(1 avería = {worth})",
             "it": "(1 avaria = {worth})"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_breakdown_is_worth_the_repair_track_every_ship_type_has(lang):
    """D9.15: a breakdown damage is one full repair track of the ship that
    takes it; the printed ships all have 3, so Kamikaze says 3 repairs, and
    so does a status's trigger."""
    worth = {"en": "3 repairs", "es": "3 reparaciones", "it": "3 riparazioni"}[lang]
    assert rc.load_ruleset(lang).text("kamikaze", lang).startswith(
        KAMIKAZE[lang].format(worth=worth))
    rules = rc.load_source(FIRE + "\ndeck { keep size }\n", "en")
    assert BREAKDOWN[lang].format(worth=worth) in rules.status_text("fire", lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("patch", [
    "patch ship destroyer { repairs 4 }",  # one ship type holds more
    "status refit { permanent  modify repairs track +1 }",  # a status may change any ship's
])
def test_a_breakdown_is_a_full_repair_track_where_ships_hold_different_ones(lang, patch):
    rules = rc.load_source(f"{patch}\n{FIRE}\ndeck {{ keep size }}\n", "en")
    assert rules.text("kamikaze", lang).startswith(
        KAMIKAZE[lang].format(worth=FULL_TRACK[lang]))
    assert BREAKDOWN[lang].format(worth=FULL_TRACK[lang]) in rules.status_text("fire", lang)


def test_a_condition_and_its_negation_read_as_otherwise():
    rules = rc.load_ruleset("en", extra=[str(EXAMPLES / "exprs_war_bonds.rc")])
    assert [t.split(";")[1].split(" e ")[0].split(" y ")[0] for t in texts(rules, "war_bonds")
            ] == [" otherwise, you draw 1 card", " si no, robas 1 carta",
                  " altrimenti peschi 1 carta"]  # "order card" said whole once, then short


def test_a_condition_shared_by_effects_in_a_row_is_said_once(designer):
    assert texts(designer, "war_chest") == [
        "If the game is in war mode, you draw 1 order card, 1 repair damage to the target and "
        "your ship regains 1 repair; otherwise, your side scores 1 victory point. " + ANY["en"],
        "Si la partida está en modo guerra, robas 1 carta de órdenes, -1 reparación al "
        "objetivo y tu barco recupera +1 reparación; si no, tu bando gana 1 punto de "
        "victoria. " + ANY["es"],
        "Se la partita è in modalità guerra, peschi 1 carta degli ordini, -1 riparazione al "
        "bersaglio e la tua nave recupera +1 riparazione; altrimenti la tua squadra segna 1 "
        "punto vittoria. " + ANY["it"]]


def test_a_token_says_once_how_long_it_stays():
    rules = rc.load_ruleset("en", extra=[str(EXAMPLES / "triggers_smoke.rc")])
    assert [token_text(rules.tokens["smoke"], lang, rules.statuses, rules.words)
            .split(". ")[-1] for lang in LANGS] == [
        "This token stays until the next turn of the player who placed it.",
        "Esta ficha se queda hasta el próximo turno del jugador que la colocó.",
        "Questo segnalino resta fino al prossimo turno del giocatore che l'ha piazzato."]


def test_own_ship_only_is_said_only_of_a_card_acting_on_its_own_ship_alone():
    """Every maneuver without a range of every edition, example file and
    designer's card: "Own ship only." exactly when each effect is on its own ship."""
    said = 0
    for _, rules in rulesets():
        for card in rules.maneuvers.values():
            if card.range is not None:
                continue
            alone = all(e.selector is Selector.SELF for e in card.effects)
            for lang, words in zip(LANGS, ("Own ship only.", "Solo el propio barco.",
                                           "Solo la propria nave.")):
                assert (words in rules.text(card.id, lang)) is alone, (card.id, lang)
            said += alone
    assert said > 0


# ------------------------------------------------------------------ statuses: state and nature

@pytest.mark.parametrize("file,status,nature", [
    (None, "intercepted", Nature.HARMFUL),            # forbids
    ("modifiers_smoke_screen.rc", "smoke", Nature.PROTECTIVE),      # untargetable
    ("modifiers_armoured.rc", "armoured", Nature.PROTECTIVE),       # damage -1
    ("modifiers_radar_jammer.rc", "jammed", Nature.HARMFUL),        # range -1, cost +1
    ("modifiers_decoy.rc", "decoyed", Nature.PROTECTIVE),           # damage sent away
    ("modifiers_fast.rc", "fast", Nature.NEUTRAL),    # moves farther, reaches less
    ("triggers_fire.rc", "burning", Nature.HARMFUL),  # a trigger that damages its ship
    ("while_damage_control.rc", "damage_control_team", Nature.PROTECTIVE),  # costs less
    ("anchor.rc", "anchored", Nature.HARMFUL),
])
def test_a_status_s_nature_is_read_from_what_it_does(file, status, nature):
    rules = shared_rules("en", *([str(EXAMPLES / file)] if file else []))
    assert status_nature(rules.statuses[status]) is nature


def test_a_status_is_given_with_its_state_agreeing_with_its_subject():
    """Every card that gives a ship a status, in every ruleset: the Italian and
    Spanish texts say the status's state after the verb the language gives a
    state of its shape (text/statuses.py), agreeing with the subject ("il
    bersaglio viene intercettato", "la tua nave è in fiamme"), never the
    status as a noun after "subisce", "beneficia di" or "riceve". A player's
    status (``on you``, D9.8) has no ship to be in it: its text says what it
    changes, for which ships."""
    seen = 0
    for _, rules in rulesets():
        for card in [*rules.maneuvers.values(), *rules.orders.values()]:
            for effect in card.effects:
                status = getattr(effect, "status", None)
                if not status or status not in rules.statuses or \
                        effect.selector is Selector.YOU:
                    continue
                for lang in ("es", "it"):
                    text = rules.text(card.id, lang)
                    assert not re.search(r"\b(?:subisce|beneficia|riceve)\b", text.split(":")[0])
                    who = text.split(":")[0]
                    state = gets(status, lang, rules.words, None,
                                 status_nature(rules.statuses[status]).value)
                    assert state.split(" ")[0] in who, (text, state)
                seen += 1
    assert seen > 10


TRIM = """\
status trim {
    this turn
    modify movement +1
    modify range -1
    name en "trimmed for speed" es "aligerado" (m) it "l'assetto veloce" (m)
}
order trim_for_speed {
    copies 4
    effect status trim on target
    name en "Trim for speed" es "Aligerar" it "Alleggerire"
}
patch order ambush { copies 2 }
patch order deserter { copies 2 }
"""


def test_a_status_named_by_a_noun_without_a_state_is_said_by_its_nature():
    """Farther moves but a shorter reach: neutral. Its Italian name is a noun
    with no state, said "sotto l'effetto di"; its Spanish name, with a gender
    and no article, is an adjective that agrees ("queda aligerado")."""
    rules = rc.load_source(TRIM)
    assert status_nature(rules.statuses["trim"]) is Nature.NEUTRAL
    assert [t.split(":")[0] for t in texts(rules, "trim_for_speed")] == [
        "The target is trimmed for speed this turn",
        "El objetivo queda aligerado este turno",
        "Il bersaglio è sotto l'effetto dell'assetto veloce per questo turno"]


JAM = """\
status jammed_guns {
    this turn
    forbids damaging cards
    name en "jammed" es "encasquillado" (m) it "inceppato" (m)
}
status pinned {
    this turn
    forbids maneuvers
    name en "pinned down" es "inmovilizado" (m) it "bloccata" (f)
}
order jam { copies 2  effect status jammed_guns on target  name en "Jam" es "Atasco" it "Inceppamento" }
order pin { copies 2  effect status pinned on target  name en "Pin" es "Inmovilizar" it "Bloccare" }
patch order ambush { copies 2 }
patch order deserter { copies 2 }
"""


def test_an_italian_status_named_by_a_participle_with_a_gender_is_a_state():
    """A gender makes an Italian status name a noun ("furtività" (f)), but
    not one that ends as a participle: "inceppato" (m) and "bloccata" (f) are
    said of the ship as they are, agreeing with it, never "colpito
    dall'inceppato"."""
    rules = rc.load_source(JAM)
    assert [rules.text(card, "it").split(":")[0] for card in ("jam", "pin")] == [
        "Il bersaglio viene inceppato per questo turno",
        "Il bersaglio viene bloccato per questo turno"]


def test_redcode_play_says_own_ship_only_only_of_a_card_acting_on_its_own_ship():
    scenario = {**PLAY_SCENARIO, "extra": [str(DESIGNER)]}
    s, out = play_session(["card sonar", "card movement", "quit"], scenario=scenario)
    s.run()
    heads = [line for line in out.getvalue().splitlines() if "— maneuver" in line]
    assert heads == ["Sonar (sonar) — maneuver · costs 1 crew · no target",
                     "Movement (movement) — maneuver · costs 1 crew · own ship only"]


MOOR = """\
status held {
    until start of its next turn
    forbids maneuvers nature protective
    name en "held in port" es "en puerto" (m) it "la sosta in porto" (f)
}
order moor { copies 4  effect status held on target  name en "Moor" es "Amarrar" it "Ormeggio" }
patch order ambush { copies 2 }
patch order deserter { copies 2 }
patch status intercepted { nature neutral }
"""


def test_a_declared_nature_chooses_the_phrase_over_what_the_status_does():
    """`nature protective` after a list of forbids ends it; a patch sets the
    nature of a printed status. Words only: the status forbids the same. The
    nature says a status named by a noun with no state ("sotto la protezione
    di"); one with a state is said by it whatever its nature."""
    rules = rc.load_source(MOOR)
    held, intercepted = rules.statuses["held"], rules.statuses["intercepted"]
    assert (held.nature, intercepted.nature) == (Nature.PROTECTIVE, Nature.NEUTRAL)
    assert [f.value for f in held.forbids] == ["maneuvers"]
    assert rules.text("moor", "it").split(":")[0] == (
        "Il bersaglio è sotto la protezione della sosta in porto fino al suo prossimo turno")
    assert rules.text("intercept", "it").split(":")[0] == (
        "-1 riparazione al bersaglio e il bersaglio viene intercettato fino al suo prossimo "
        "turno")
    assert rules.hash == rc.load_source(MOOR.replace(" nature protective", "")
                                        .replace("patch status intercepted { nature neutral }\n",
                                                 "")).hash


@pytest.mark.parametrize("text,column,reason,suggestion", [
    ("status s { this turn forbids orders nature harmfull }\n", 44,
     "status 's': its nature is harmful, protective, neutral, not 'harmfull'", "harmful"),
    ("status s { this turn nature good forbids orders }\n", 29,
     "status 's': its nature is harmful, protective, neutral, not 'good'", None),
])
def test_a_nature_that_is_none_is_refused(text, column, reason, suggestion):
    with pytest.raises(rc.DslError) as err:
        rc.load_source(text)
    assert (err.value.line, err.value.column, err.value.reason, err.value.suggestion) == (
        1, column, reason, suggestion)


WIPE = """\
order wipe {
    copies 4
    effect put_on_deck 99 random of target; crew_loss 99 to target; regain repair 99 to self
    name en "Wipe" es "Barrido" it "Spazzata"
}
patch order ambush { copies 2 }
patch order deserter { copies 2 }
"""


def test_an_amount_no_hand_track_or_reserve_reaches_reads_as_all_of_it():
    """A designer's `99` for "all" is said as all: the whole hand, all the
    reserve crew, repairs up to the maximum (the effect takes no more)."""
    rules = rc.load_source(WIPE)
    assert texts(rules, "wipe") == [
        "The target's player puts their whole hand on top of the deck; the target loses all "
        "its reserve crew; your ship regains repairs up to its maximum. " + ANY["en"],
        "El jugador que controla el objetivo pone toda su mano encima del mazo, el objetivo "
        "pierde todos los tripulantes de la reserva y tu barco recupera reparaciones hasta el "
        "máximo. " + ANY["es"],
        "Il giocatore che controlla il bersaglio mette tutta la sua mano in cima al mazzo, il "
        "bersaglio perde tutto l'equipaggio della riserva e la tua nave recupera riparazioni "
        "fino al massimo. " + ANY["it"]]


STEADY = """
status steady_guns {
    this turn
    modify range +1 on ranged maneuvers
    name en "ready to fire" es "listo para disparar" it "artiglieri pronti" (m pl)
    state es "listo para disparar" it "pronta al fuoco"
}
order steady {
    copies 1
    effect regain repair 1 on self; status steady_guns on self
}
deck { keep size }
"""


def test_italian_joins_a_clause_that_starts_with_e_by_ed(tmp_path):
    path = tmp_path / "steady.rc"
    path.write_text(STEADY)
    rules = rc.load_ruleset("en", extra=[str(path)])
    assert rules.text("steady", "it") == (
        "La tua nave recupera +1 riparazione ed è pronta al fuoco per questo turno: le sue "
        "manovre a distanza arrivano 1 casella più lontano. " + ORDER["it"])


@pytest.mark.parametrize("lang, text, expected", [
    ("it", "danneggiata e è vicina e entra", "danneggiata ed è vicina ed entra"),
    ("es", "barcos y islas y hielo", "barcos e islas y hielo"),
    ("es", "uno o otro o uno", "uno u otro o uno"),
    ("en", "a enemy and an card", "an enemy and a card"),
])
def test_a_conjunction_takes_the_form_the_next_sound_wants(lang, text, expected):
    assert fuse(lang, text) == expected


LOOK_THEN_DRAW = """
order scry { copies 1  effect arrange 3 of deck; draw 1 }
order plunge { copies 1  target enemy ship  second target enemy ship within 2 of target
               effect damage 3 to target; damage (damage left over) to second target }
order countermand { copies 1  response  answers orders  effect cancel answered; draw 1 }
deck { keep size }
"""


@pytest.fixture
def look_then_draw(tmp_path):
    path = tmp_path / "look.rc"
    path.write_text(LOOK_THEN_DRAW)
    return rc.load_ruleset("en", extra=[str(path)])


def test_a_look_at_the_deck_then_a_draw_reads_as_one_voice_and_one_and(look_then_draw):
    """Spanish and Italian say the look as they say the draw ("miras",
    "robas"), and never "y … y": a clause that already holds the last joiner
    is followed by a semicolon; after the deck's cards, a card is a card."""
    assert [look_then_draw.text("scry", lang) for lang in ("en", "es", "it")] == [
        "Look at the top 3 cards of the deck and put them back in any order; you draw 1 card. "
        "Order card: cannot be responded to.",
        "Miras las 3 primeras cartas del mazo y las devuelves en el orden que quieras; robas "
        "1 carta. Carta de órdenes: sin respuesta.",
        "Guardi le prime 3 carte del mazzo e le rimetti nell'ordine che vuoi; peschi 1 carta. "
        "Carta degli ordini: senza risposta."]


def test_a_draw_says_card_after_any_card_was_named(look_then_draw):
    """One rule for the long noun: said whole at the first card named, short after."""
    assert look_then_draw.text("countermand", "en").startswith(
        "Cancel the order card it answers; you draw 1 card.")
    assert look_then_draw.text("scry", "en").startswith(
        "Look at the top 3 cards of the deck and put them back in any order; you draw 1 card.")


def test_the_damage_left_over_reads_plainly(look_then_draw):
    assert "(N = the damage left over after the sinking)" in look_then_draw.text("plunge", "en")
