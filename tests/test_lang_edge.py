"""The edge of the board (D2.24): `box of SUBJECT is edge` and `target …
edge box`, the boxes of the first and last rows and columns."""

import pytest

from conftest import OPEN_BOARD, card_file, refused, scenario_game

CARDS = """\
order off_the_chart {
    copies 1
    usable if box of self is edge
    target free edge box within 2
    effect jump to target
    name en "Off the chart" es "Fuera de la carta" it "Fuori dalla carta"
}
order edge_hit {
    copies 1
    effect damage 1 to each enemy ship where box of it is edge
    name en "Edge hit" es "Golpe de borde" it "Colpo di bordo"
}
deck { keep size }
"""


@pytest.fixture
def cards(tmp_path):
    return card_file(tmp_path, CARDS, "edge.rc")


def game(cards, **ships):
    return scenario_game({
        "edition": "en", "extra": [cards], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 4,
        "ships": {"blue-submarine": {"at": "a3"}, "red-destroyer": {"at": "h6"},
                  "red-submarine": {"at": "d4"}, "blue-destroyer": {"at": "e3"}, **ships},
        "hands": {"blue-submarine": ["off_the_chart", "edge_hit"]}})


def test_a_box_target_on_the_edge_lists_only_the_edge_boxes_in_reach(cards):
    """From a3 within 2: column a but its own box, and b1 and c1 of the first
    row; not b2 nor c3, inside the board."""
    g = game(cards)
    listed = sorted(m.split()[-1] for m in g.legal_moves() if m.startswith("order off_the_chart"))
    assert listed == ["a1", "a2", "a4", "a5", "b1", "c1"]


def test_a_box_not_on_the_edge_is_refused_saying_so(cards):
    g = game(cards)
    assert "b3 is not on the edge of the board (D2.24)" in refused(g, "order off_the_chart b3")


def test_a_card_usable_only_from_the_edge(cards):
    g = game(cards, **{"blue-submarine": {"at": "c3"}})
    assert not [m for m in g.legal_moves() if m.startswith("order off_the_chart")]


def test_a_set_of_ships_on_the_edge(cards):
    g = game(cards)
    g.play("order edge_hit")
    assert (g.ship("red-destroyer").repairs, g.ship("red-submarine").repairs) == (2, 3)


@pytest.mark.parametrize("lang, said", [
    ("en", "1 repair damage to every enemy ship on the edge of the board."),
    ("es", "-1 reparación a cada barco enemigo en el borde del tablero."),
    ("it", "-1 riparazione a ogni nave nemica sul bordo del tabellone."),
])
def test_the_card_says_the_edge(cards, lang, said):
    assert game(cards).rules.text("edge_hit", lang).startswith(said)
