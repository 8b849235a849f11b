"""`give N player|random to SHIP` (D7.16): the card's player gives cards of
its own hand to the player of the target or the source; both know them,
nobody else; played with exact values, in a resample and said in three
languages."""

import random

import pytest

import redcode_rules as rc

from conftest import OPEN_BOARD, card_file, dsl_refusal, scenario_game

CARDS = """\
order supply_run {
    copies 1
    target friendly other ship
    effect give 1 player to target
    name en "Supply run" es "Suministro" it "Rifornimento"
}
order dump {
    copies 1
    target enemy ship
    effect give 2 random to target
    name en "Dump" es "Descarga" it "Scarico"
}
deck { keep size }
"""


@pytest.fixture
def cards(tmp_path):
    return card_file(tmp_path, CARDS, "give.rc")


def game(cards, hand):
    return scenario_game({
        "edition": "en", "extra": [cards], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 6,
        "ships": {"blue-submarine": {"at": "a1"}, "red-destroyer": {"at": "d4"},
                  "blue-destroyer": {"at": "b2"}, "red-submarine": {"at": "h6"}},
        "hands": {"blue-submarine": hand}})


def test_a_card_of_the_players_choice_goes_to_an_ally_who_alone_learns_it(cards):
    g = game(cards, ["supply_run", "mechanic", "ambush"])
    g.play("order supply_run blue-destroyer")
    assert (g.to_move, g.legal_moves()) == ("blue-submarine", ["choose ambush",
                                                               "choose mechanic"])
    g.play("choose mechanic")
    assert (g.hand("blue-submarine"), g.hand("blue-destroyer")) == (["ambush"], ["mechanic"])
    assert g.narration("en")[-1] == "  Blue submarine gives 1 order card to blue destroyer."
    assert g.known_hand("blue-submarine", "blue-destroyer") == ["mechanic"]
    assert g.known_hand("red-destroyer", "blue-destroyer") == []


def test_cards_at_random_and_no_more_than_the_hand_holds(cards):
    g = game(cards, ["dump", "mechanic"])
    g.play("order dump red-destroyer")
    assert (g.hand("blue-submarine"), g.hand("red-destroyer")) == ([], ["mechanic"])


def test_a_resample_keeps_what_the_giver_knows(cards):
    g = game(cards, ["supply_run", "mechanic", "ambush"])
    g.play("order supply_run blue-destroyer")
    g.play("choose mechanic")
    other = g.resample("blue-submarine", random.Random(3))
    assert other.hand("blue-destroyer") == ["mechanic"]


def test_a_give_is_to_one_other_player():
    err = dsl_refusal("order x {\n    copies 1\n    effect give 1 player to self\n}\n"
                      "deck { keep size }\n")
    assert err.line == 3 and "cannot act on 'self'" in err.reason


@pytest.mark.parametrize("lang, text", [
    ("en", "You give 1 order card of your choice from your hand to the target's player."),
    ("es", "Das 1 carta de órdenes a tu elección de tu mano al jugador que controla el "
           "objetivo."),
    ("it", "Dai 1 carta degli ordini a tua scelta dalla tua mano al giocatore che controlla "
           "il bersaglio."),
])
def test_a_give_is_said_in_three_languages(cards, lang, text):
    assert rc.load_ruleset("en", extra=[cards]).text("supply_run", lang).startswith(text)
