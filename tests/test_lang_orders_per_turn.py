"""The order cards a player may play in a turn as a number a status changes
(`modify orders +1`, R7.3 and the parameter registry): a second order card
in the turn, saved and read back, and said in three languages."""

import pytest

import redcode_rules as rc

from conftest import OPEN_BOARD, card_file, refused, scenario_game

CARDS = """\
status double_watch {
    this turn
    modify orders +1
    name en "on double watch" es "de doble guardia" it "di doppia guardia" (f)
    state es "de doble guardia" it "di doppia guardia"
}
order double_watch_card {
    copies 1
    effect status double_watch on self
    name en "Double watch" es "Doble guardia" (f) it "Doppia guardia" (f)
}
status gagged {
    this turn
    modify orders -1
    name en "gagged" es "amordazado" it "imbavagliata" (f)
    state es "amordazado" it "imbavagliata"
}
deck { keep size }
"""


@pytest.fixture
def cards(tmp_path):
    return card_file(tmp_path, CARDS, "orders.rc")


def game(cards, **fields) -> rc.Game:
    return scenario_game({
        "edition": "en", "extra": [cards], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 5,
        "ships": {"blue-submarine": {"at": "c3", "repairs": 1}, "red-destroyer": {"at": "e3"}},
        "hands": {"blue-submarine": ["double_watch_card", "mechanic", "captain"]}, **fields})


def orders(g: rc.Game) -> list[str]:
    return sorted({m.split()[1] for m in g.legal_moves() if m.startswith("order ")})


def test_a_status_lets_its_player_play_one_more_order_card_this_turn(cards):
    g = game(cards)
    g.play("order double_watch_card")
    assert orders(g) == ["captain", "mechanic"]
    g.play("order mechanic blue-submarine")
    assert orders(g) == []
    assert "R7.3" in refused(g, "order captain red-destroyer")
    again = rc.Game.from_json(g.to_json())
    assert orders(again) == [] and again.state.orders_played == 2


def test_without_it_one_order_card_a_turn(cards):
    g = game(cards)
    g.play("order mechanic blue-submarine")
    assert orders(g) == []


def test_a_scenario_may_say_two_orders_played_where_a_status_allows_them(cards):
    g = game(cards, order_played=2)
    assert g.state.orders_played == 2
    with pytest.raises(rc.ScenarioError, match="order_played"):
        scenario_game({"edition": "en", "board": OPEN_BOARD, "phase": "maneuvers",
                       "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}},
                       "order_played": 2})


@pytest.mark.parametrize("lang, said", [
    ("en", "its player may play 1 more order card a turn"),
    ("es", "su jugador puede jugar 1 carta de órdenes más por turno"),
    ("it", "il suo giocatore può giocare 1 carta degli ordini in più per turno"),
])
def test_the_status_says_it(cards, lang, said):
    assert said in game(cards).rules.status_text("double_watch", lang)


def test_a_status_that_takes_the_order_card_away_says_so(cards):
    g = game(cards, ships={"blue-submarine": {"at": "c3", "gagged": True},
                           "red-destroyer": {"at": "e3"}})
    assert orders(g) == []
    assert refused(g, "order mechanic blue-submarine") == (
        "blue-submarine may play no order card this turn: its statuses take its order card "
        "away (R7.3)")
