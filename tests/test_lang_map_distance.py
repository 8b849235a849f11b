"""Distance in map cards (D2.25): the map cards between two ships' map
cards, diagonals one step, whatever lies between; tested, counted and said
in three languages."""

import pytest

import redcode_rules as rc
from conftest import OPEN_BOARD, card_file, scenario_game

CARDS = """\
order air_strike {
    copies 1
    target enemy ship where distance in map cards <= 1
    effect damage 1 to target; damage 1 to each enemy ship where distance in map cards from it to target = 0
    name en "Air strike" es "Ataque aéreo" it "Attacco aereo"
}
order long_patrol {
    copies 1
    target ship
    effect draw (distance in map cards to target)
    name en "Long patrol" es "Patrulla larga" (f) it "Pattuglia lunga" (f)
}
status picket {
    permanent
    when damaged of enemy { effect regain repair 1 to each friendly ship where distance in map cards from it to self = 0 }
    name en "on picket" es "de piquete" it "di picchetto"
    state es "de piquete" it "di picchetto"
}
deck { keep size }
"""


@pytest.fixture
def cards(tmp_path):
    return card_file(tmp_path, CARDS, "map.rc")


def game(cards, **ships):
    return scenario_game({
        "edition": "en", "extra": [cards], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 4,
        "ships": {"blue-submarine": {"at": "a1"}, "red-destroyer": {"at": "d4"},
                  "red-submarine": {"at": "c4"}, "blue-destroyer": {"at": "h6"}, **ships},
        "hands": {"blue-submarine": ["air_strike", "long_patrol"]}})


def test_a_target_within_one_map_card_and_every_enemy_on_its_map_card(cards):
    """a1 is on map card a1; c4 and d4 on map card c3, one card away
    diagonally (3 boxes): both may be targeted. The strike on d4 hits c4
    too, on the same map card; h6 is far."""
    g = game(cards, **{"red-submarine": {"at": "c4"}})
    assert sorted(m for m in g.legal_moves() if m.startswith("order air_strike")) == [
        "order air_strike red-destroyer", "order air_strike red-submarine"]
    g.play("order air_strike red-destroyer")
    assert (g.ship("red-destroyer").repairs, g.ship("red-submarine").repairs) == (1, 2)


def test_two_map_cards_away_is_out_of_reach_even_three_boxes_away(cards):
    """From b2 (map card a1) e4 is 3 boxes away but 2 map cards (e3's card)."""
    g = game(cards, **{"blue-submarine": {"at": "b2"}, "red-destroyer": {"at": "e4"},
                       "red-submarine": {"at": "g6"}})
    assert not [m for m in g.legal_moves() if m.startswith("order air_strike")]


def test_an_amount_counts_the_map_cards_between(cards):
    """a1 (card a1) to h6 (card g5): 3 cards across, 2 down: 3."""
    g = game(cards)
    g.play("order long_patrol blue-destroyer")
    assert len(g.hand("blue-submarine")) == 1 + 3


@pytest.mark.parametrize("lang, said", [
    ("en", "1 repair damage to the target; 1 repair damage to every enemy ship on the map card "
     "of the target. Target: an enemy ship within 1 map card."),
    ("es", "-1 reparación al objetivo y -1 reparación a cada barco enemigo en la carta de mapa "
     "del objetivo. Objetivo: un barco enemigo a 1 carta de mapa como máximo."),
    ("it", "-1 riparazione al bersaglio e -1 riparazione a ogni nave nemica sulla carta della "
     "mappa del bersaglio. Bersaglio: una nave nemica entro 1 carta della mappa."),
])
def test_the_card_says_map_cards(cards, lang, said):
    assert game(cards).rules.text("air_strike", lang).startswith(said)


@pytest.mark.parametrize("lang, said", [
    ("en", "every friendly ship on the map card of this ship regains 1 repair."),
    ("es", "+1 reparación a cada barco aliado en la carta de mapa de este barco."),
    ("it", "+1 riparazione a ogni nave alleata sulla carta della mappa di questa nave."),
])
def test_a_trigger_counts_map_cards_from_its_holder_and_says_so(cards, lang, said):
    assert game(cards).rules.status_text("picket", lang).endswith(said)


@pytest.mark.parametrize("lang, text", [
    ("en", "You draw N order cards (N = the distance in map cards to the enemy ship nearest "
           "to your ship)."),
    ("es", "Robas N cartas de órdenes (N = la distancia en cartas de mapa al barco enemigo "
           "más cercano a tu barco)."),
    ("it", "Peschi N carte degli ordini (N = la distanza in carte della mappa dalla nave "
           "nemica più vicina alla tua nave)."),
])
def test_the_nearest_ship_in_map_cards_is_said_in_three_languages(lang, text):
    rules = rc.load_source("order c { copies 1  target self  effect draw (distance in map "
                           "cards to nearest enemy ship) }\ndeck { keep size }\n", "c.rc")
    assert rules.text("c", lang).startswith(text)


def test_the_nearest_ship_is_counted_in_map_cards(tmp_path):
    """From a1 the red submarine on c4 is one map card away (diagonally), the
    red destroyer on d4 too: the nearest is 1 map card away; 3 boxes."""
    path = tmp_path / "near.rc"
    path.write_text("order c { copies 1  target self  effect draw (distance in map cards "
                    "to nearest enemy ship) }\ndeck { keep size }\n", "utf-8")
    g = scenario_game({
        "edition": "en", "extra": [str(path)], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 4,
        "ships": {"blue-submarine": {"at": "a1"}, "red-destroyer": {"at": "d4"},
                  "red-submarine": {"at": "c4"}, "blue-destroyer": {"at": "h6"}},
        "hands": {"blue-submarine": ["c"]}})
    g.play("order c")
    assert g.hand("blue-submarine") == ["captain"]
