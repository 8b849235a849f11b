"""A `damaged` trigger knows the damage and the card that dealt it (D9.20):
`damage dealt` in its effects is the damage that set it off, and `by WHO
CLASS` narrows it to a class of cards; played with exact values and said in
three languages."""

import pytest

import redcode_rules as rc

from conftest import OPEN_BOARD, card_file, dsl_refusal, scenario_game

CARDS = """\
status counter_battery {
    until start of your next turn
    when damaged of friendly by enemy order cards { effect damage (damage dealt) to source }
    name en "counter-battery" es "contrabatería" it "controbatteria"
    state es "en contrabatería" it "in controbatteria"
}
order counter_fire { copies 1  effect status counter_battery on you }
deck { keep size }
"""
HELD = {"lasts": "until start of your next turn", "left": 1}


@pytest.fixture
def cards(tmp_path):
    return card_file(tmp_path, CARDS, "counter.rc")


def game(cards):
    """Blue holds the counter-battery; red's destroyer is to play."""
    return scenario_game({
        "edition": "en", "extra": [cards], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 3, "turn": "red-destroyer",
        "ships": {"blue-submarine": {"at": "a1", "counter_battery": HELD},
                  "red-destroyer": {"at": "d4"}, "blue-destroyer": {"at": "c4"},
                  "red-submarine": {"at": "h6"}},
        "hands": {"red-destroyer": ["ambush", "deserter"]}})


def test_an_enemy_order_cards_damage_comes_back_as_much(cards):
    """Red's ambush deals 2 to blue's destroyer: 2 come back to red's."""
    g = game(cards)
    g.play("order ambush blue-destroyer")
    assert (g.ship("blue-destroyer").repairs, g.ship("red-destroyer").repairs) == (1, 1)
    assert g.narration("en")[-2:] == [
        '  The status "counter-battery" of blue submarine takes effect.',
        "  Red destroyer takes 2 damage (repairs 1, breakdowns 3)."]


def test_a_maneuvers_damage_is_not_an_order_cards(cards):
    g = game(cards)
    g.play("torpedo blue-destroyer")
    while "pass" in g.legal_moves():
        g.play("pass")
    assert (g.ship("blue-destroyer").repairs, g.ship("red-destroyer").repairs) == (2, 3)


def test_damage_left_over_still_needs_a_damage_before_it():
    err = dsl_refusal("status s {\n    permanent\n    when damaged of self {\n"
                      "        effect damage (damage left over) to source\n    }\n}\n")
    assert err.line == 4
    assert "'damage left over' reads what an earlier damage effect" in err.reason


def test_a_class_of_cards_is_not_for_a_sinking():
    err = dsl_refusal("status s {\n    permanent\n"
                      "    when sunk of self by enemy order cards { effect draw 1 }\n}\n")
    assert err.line == 3
    assert "'damaged' (the card that deals it); for 'sunk' it names who" in err.reason


@pytest.mark.parametrize("lang, text", [
    ("en", "Counter-battery, until your next turn: when a friendly ship takes damage from an "
           "enemy ship with an order card, N repair damage to the ship that caused it (N = "
           "the damage just dealt)."),
    ("es", "Contrabatería, hasta tu próximo turno: cuando un barco aliado recibe daño de un "
           "barco enemigo con una carta de órdenes, -N reparaciones al barco que lo causó (N "
           "= el daño recién causado)."),
    ("it", "Controbatteria, fino al tuo prossimo turno: quando una nave alleata subisce danni "
           "da una nave nemica con una carta degli ordini, -N riparazioni alla nave che l'ha "
           "causato (N = i danni appena inflitti)."),
])
def test_the_counter_battery_is_said_in_three_languages(cards, lang, text):
    assert rc.load_ruleset("en", extra=[cards]).status_text("counter_battery", lang) == text


ASKS = """\
status return_fire {
    permanent
    when damaged of self by enemy { effect may { damage (1 + damage dealt) to source } }
    name en "return fire" es "fuego de respuesta" it "fuoco di risposta"
    state es "en fuego de respuesta" it "in fuoco di risposta"
}
status armoured_plates {
    permanent
    when damaged of self by any order cards { effect draw 1 to self }
    name en "armoured plates" es "placas blindadas" it "piastre corazzate"
    state es "blindado" it "corazzata"
}
deck { keep size }
"""


def test_a_damage_trigger_that_asks_keeps_the_damage_and_deals_none_of_a_card(tmp_path):
    """Blue's return fire asks its player (D4.16) and still reads the
    torpedo's 1 damage: 1 + 1 back to red. That damage is a trigger's, of
    no card: red's plates, for order cards' damage, stay still."""
    path = tmp_path / "asks.rc"
    path.write_text(ASKS, "utf-8")
    g = scenario_game({
        "edition": "en", "extra": [str(path)], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 3, "turn": "red-destroyer",
        "ships": {"blue-submarine": {"at": "c3", "return_fire": {"lasts": "permanent"}},
                  "red-destroyer": {"at": "e3", "armoured_plates": {"lasts": "permanent"}}},
        "hands": {}})
    g.play("torpedo blue-submarine")
    while "pass" in g.legal_moves():
        g.play("pass")
    assert g.legal_moves() == ["choose no", "choose yes"]
    g.play("choose yes")
    assert (g.ship("blue-submarine").repairs, g.ship("red-destroyer").repairs) == (2, 1)
    assert g.hand("red-destroyer") == []
