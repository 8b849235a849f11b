"""Map-card targets (docs/dsl.md, "Geometry"; D2.19): `target map card` is
an area of one map card, 2x2 with its top-left box on the card grid's
corners, named by that box as an area is. The card file is
tests/data/map_cards.rc; cards/examples/sea_map_blockade.rc is played in
the cookbook."""

import json
from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, pass_all, scenario_game, starting

CARDS = str(ROOT / "tests" / "data" / "map_cards.rc")
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "a1"}, "red-destroyer": {"at": "f4"}},
        "hands": {"blue-submarine": ["blockade", "star_shells"]},
        "turn": "blue-submarine", "phase": "maneuvers", "deck": ["ambush"] * 4}
game = partial(scenario_game, BASE)


def tokens(g: rc.Game) -> list[str]:
    return sorted(t["at"] for t in g.tokens)


def test_a_map_card_target_lists_the_twelve_map_cards():
    """D2.19: on the 8x6 board, the 12 map cards (D2.7), named by their
    top-left boxes; a 2x2 area anywhere else is none."""
    assert starting(game(), "order blockade") == [
        f"order blockade {box}" for box in
        ("a1", "a3", "a5", "c1", "c3", "c5", "e1", "e3", "e5", "g1", "g3", "g5")]


def test_a_blockade_closes_the_four_boxes_of_one_map_card():
    """D2.19 with D2.15: the blockade on the map card at e3 closes e3, f3, e4
    and f4's neighbours on it to the red destroyer (its own box it may leave)."""
    g = game(ships={**BASE["ships"], "red-destroyer": {"at": "g4"}})
    g.play("order blockade e3")
    assert tokens(g) == ["e3", "e4", "f3", "f4"]
    g.play("end")
    moves = starting(g, "movement")
    assert "movement f4" not in moves and "movement f3" not in moves
    assert "movement g3" in moves and "movement h4" in moves


def test_a_box_that_is_no_map_card_corner_is_refused_and_explained():
    g = game()
    assert g.explain("order blockade d3") == (
        "d3 is not the top-left box of a map card: a map card is named by its top-left box, "
        "on an odd column and an odd row (a1, c1, a3, …) (D2.19)")
    with pytest.raises(rc.IllegalMove):
        g.play("order blockade d3")
    assert g.tokens == [] and g.hand("blue-submarine") == ["blockade", "star_shells"]


def test_effects_on_the_area_act_on_the_map_card():
    g = game(ships={**BASE["ships"], "red-destroyer": {"at": "f4"},
                    "blue-destroyer": {"at": "a6"}, "red-submarine": {"at": "g4"}})
    g.play("order star_shells e3")
    pass_all(g)
    assert (g.ship("red-destroyer").repairs, g.ship("red-submarine").repairs) == (2, 3)


def test_a_save_with_a_map_card_on_the_stack_loads_and_another_box_is_refused():
    g = game()
    g.play("order star_shells e3")
    assert rc.Game.from_json(g.to_json()) == g
    data = json.loads(g.to_json())
    data["state"]["stack"][0]["area"] = g.engine.board.index("d3")
    with pytest.raises(rc.SaveError, match=r"a map card, named by its top-left box \(D2\.19\)"):
        rc.Game.from_json(json.dumps(data))


def test_the_text_says_a_map_card_in_three_languages():
    said = {lang: card_text(load_ruleset(lang, [CARDS]), "blockade", lang)
            for lang in ("en", "es", "it")}
    assert said["en"].endswith("A map card. Order card: any map card of the board; cannot be "
                               "responded to.")
    assert said["es"].endswith("Una carta de mapa. Carta de órdenes: cualquier carta de mapa "
                               "del tablero; sin respuesta.")
    assert said["it"].endswith("Una carta della mappa. Carta degli ordini: qualsiasi carta "
                               "della mappa del tabellone; senza risposta.")


def test_a_printed_area_keeps_its_record():
    """Only a map card records the words: a printed area card's hash stays."""
    plain = load_ruleset("en").describe()
    extra = load_ruleset("en", [CARDS]).describe()
    assert extra["orders"]["blockade"]["target"] == ["area", 2, 2, "map card"]
    assert all("map card" not in c["target"] for c in plain["orders"].values())
