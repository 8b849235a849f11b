"""A status that is only a mark (D9.19), read by tests and sets, and a
count of the ships a set names (`number of … ships … where …`): played on a
board with exact values and said in three languages."""

import pytest

import redcode_rules as rc
from conftest import OPEN_BOARD, card_file, scenario_game

CARDS = """\
status marked {
    until end of your next turn
    name en "marked" es "marcado" it "segnato"
    state es "marcado" it "segnata"
}
order spot {
    copies 1
    effect status marked on target
    name en "Spot" es "Avistar" it "Avvistare"
}
order strike {
    copies 1
    effect damage 2 to target if target is marked; damage 1 to each marked enemy ship
    name en "Strike" es "Golpe" it "Colpo"
}
order line_of_battle {
    copies 1
    target self
    effect recover_crew (number of friendly ships where distance in map cards from it to self = 0) to self
    name en "Line of battle" es "Línea de batalla" (f) it "Linea di battaglia" (f)
}
deck { keep size }
"""


@pytest.fixture
def cards(tmp_path):
    return card_file(tmp_path, CARDS, "marks.rc")


def game(cards, **ships):
    return scenario_game({
        "edition": "en", "extra": [cards], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 4,
        "ships": {"blue-submarine": {"at": "a1"}, "red-destroyer": {"at": "d4"},
                  "red-submarine": {"at": "c4"}, "blue-destroyer": {"at": "b2"}, **ships},
        "hands": {"blue-submarine": ["spot", "strike", "line_of_battle"]}})


def test_a_mark_does_nothing_by_itself(cards):
    g = game(cards)
    before = g.ship("red-destroyer")
    g.play("order spot red-destroyer")
    after = g.ship("red-destroyer")
    assert after.statuses == ("marked",)
    assert (after.repairs, after.reserve, after.position) == \
        (before.repairs, before.reserve, before.position) == (3, 6, "d4")


def test_a_card_reads_a_mark(cards):
    """Red's destroyer is marked: Strike deals 2 to it (marked), and 1 to
    every marked enemy ship, it again: 3 in all, a breakdown lost and the
    repairs refilled (R3.1); the unmarked red submarine takes nothing."""
    g = game(cards, **{"red-destroyer": {"at": "d4", "marked": {
        "lasts": "until end of your next turn", "left": 1}}})
    g.play("order strike red-destroyer")
    hit, spared = g.ship("red-destroyer"), g.ship("red-submarine")
    assert (hit.repairs, hit.breakdowns, spared.repairs, spared.breakdowns) == (3, 2, 3, 3)


def test_strike_on_an_unmarked_ship_does_nothing(cards):
    g = game(cards)
    g.play("order strike red-submarine")
    assert (g.ship("red-submarine").repairs, g.ship("red-destroyer").repairs) == (3, 3)


def test_a_count_reads_the_sets_condition(cards):
    """Blue's submarine on a1 and destroyer on b2 share map card a1: 2
    friendly ships there, so 2 crew come back; red's ships on c4, d4 do
    not count (another map card, and enemies)."""
    g = game(cards, **{"blue-submarine": {"at": "a1", "reserve": 2, "withdrawn": 4}})
    g.play("order line_of_battle")
    assert (g.ship("blue-submarine").reserve, g.ship("blue-submarine").withdrawn) == (4, 2)


def test_a_count_with_one_friendly_ship_on_the_card(cards):
    g = game(cards, **{"blue-submarine": {"at": "a1", "reserve": 2, "withdrawn": 4},
                       "blue-destroyer": {"at": "h6"}})
    g.play("order line_of_battle")
    assert g.ship("blue-submarine").reserve == 3


@pytest.mark.parametrize("lang, card, text", [
    ("en", "spot", "The target is marked until the end of your next turn."),
    ("es", "spot", "El objetivo queda marcado hasta el final de tu próximo turno."),
    ("it", "spot", "Il bersaglio viene segnato fino alla fine del tuo prossimo turno."),
    ("en", "strike", "2 repair damage to the target if it is marked; 1 repair damage to "
                     "every marked enemy ship."),
    ("es", "strike", "-2 reparaciones al objetivo si está marcado; -1 reparación a cada "
                     "barco enemigo marcado."),
    ("it", "strike", "-2 riparazioni al bersaglio se è segnato; -1 riparazione a ogni nave "
                     "nemica segnata."),
    ("en", "line_of_battle", "Your ship recovers N crew (N = the number of friendly ships "
                             "on the map card of your ship)."),
])
def test_marks_and_counts_are_said_in_three_languages(cards, lang, card, text):
    said = rc.load_ruleset("en", extra=[cards]).text(card, lang)
    assert said.startswith(text), said


def test_a_marks_own_text_is_its_name_and_time(cards):
    rules = rc.load_ruleset("en", extra=[cards])
    assert rules.status_text("marked", "en") == "Marked, until the end of your next turn."
    assert rules.status_text("marked", "it") == \
        "Segnato, fino alla fine del tuo prossimo turno."


@pytest.mark.parametrize("effect, lang, text", [
    ("damage 1 to each enemy ship where it is damaged", "en",
     "1 repair damage to every damaged enemy ship."),
    ("damage 1 to each enemy ship where it is damaged", "es",
     "-1 reparación a cada barco enemigo dañado."),
    ("draw (number of friendly ships within 2 where it is damaged)", "en",
     "You draw N order cards (N = the number of damaged friendly ships within 2 boxes of "
     "your ship)."),
    ("damage 1 to each enemy ship where crew withdrawn of it >= 1", "en",
     "1 repair damage to every enemy ship, if the number of withdrawn crew of that ship is at "
     "least 1."),
    ("damage 1 to each enemy ship where crew withdrawn of it >= 1", "es",
     "-1 reparación a cada barco enemigo, si el número de tripulantes retirados de ese barco "
     "no es menor que 1."),
    ("draw 1 if number of friendly ships within 2 where repairs of it < 2 >= 1", "it",
     "Peschi 1 carta degli ordini se c'è almeno 1 nave alleata a distanza 2 al massimo "
     "dalla tua nave con meno di 2 riparazioni."),
])
def test_what_a_set_says_of_each_ship_is_a_word_of_its_noun(effect, lang, text):
    rules = rc.load_source(f"order x {{ copies 1  target self  effect {effect} }}\n"
                           "deck { keep size }\n", "x.rc")
    assert rules.text("x", lang).startswith(text)


@pytest.mark.parametrize("effect, text", [
    ("draw (number of enemy ships where crew withdrawn of it >= 1)",
     "You draw N order cards (N = the number of enemy ships for which the number of "
     "withdrawn crew of that ship is at least 1)."),
    ("damage 1 to each enemy ship where repairs of it < 2 or crew withdrawn of it > 0",
     "1 repair damage to every enemy ship, if that ship has fewer than 2 repairs or the "
     "number of withdrawn crew of that ship is at least 1."),
])
def test_a_condition_of_a_count_or_a_set_is_said_whole(effect, text):
    rules = rc.load_source(f"order x {{ copies 1  target self  effect {effect} }}\n"
                           "deck { keep size }\n", "x.rc")
    assert rules.text("x", "en").startswith(text)
