"""Moves chosen as they resolve (D4.20): a card moves any ship, not only its
own or its target, and a ship toward or away from another; the card's
player chooses each path as the effect resolves (`choose d2 e3`), ship
after ship in seat order. The card file is tests/data/moves_as_they_resolve.rc."""

import pytest

import redcode_rules as rc
from redcode_rules.testing.fuzz import card_fuzz_rules, fuzz_cards

from conftest import OPEN_BOARD, ROOT, dsl_refusal, logged, pass_all, refused, scenario_game

CARDS = str(ROOT / "tests" / "data" / "moves_as_they_resolve.rc")
#: blue-submarine at c3, red-destroyer next to it at d3, blue-destroyer at
#: a1, red-submarine far at h6.
SHIPS = {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "d3"},
         "blue-destroyer": {"at": "a1"}, "red-submarine": {"at": "h6"}}


def _scenario(hand=(), **ships) -> dict:
    return {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
            "deck": ["captain"] * 6, "ships": {**SHIPS, **ships},
            "hands": {"blue-submarine": list(hand)}}


def game(hand=(), **ships) -> rc.Game:
    return scenario_game(_scenario(hand, **ships))


def at(g: rc.Game) -> dict[str, str | None]:
    return {s: g.ship(s).position for s in g.ships}


def test_a_ram_pushes_its_target_away_from_the_ship_that_rams():
    """From d3, away from c3: only the boxes 2 away (e2, e3, e4)."""
    g = game()
    g.play("ram red-destroyer")
    pass_all(g)
    assert (g.decision, g.to_move) == ("choose", "blue-submarine")
    assert g.legal_moves() == ["choose e2", "choose e3", "choose e4"]
    g.play("choose e4")
    assert at(g)["red-destroyer"] == "e4"
    assert g.ship("red-destroyer").repairs == 2
    assert logged(g, "move", "ship", "path") == [("red-destroyer", ["e4"])]


def test_a_path_not_offered_is_refused_and_nothing_changes():
    g = game()
    g.play("ram red-destroyer")
    pass_all(g)
    refused(g, "choose c2")
    refused(g, "choose e3 f3")
    assert g.legal_moves() == ["choose e2", "choose e3", "choose e4"]


def test_a_path_chosen_as_it_resolves_may_be_written_any_legal_way():
    """As play() takes any legal path to a listed move: `choose d4 d5` is the
    listed `choose c4 d5` (same end, same boxes of effect), recorded so."""
    g = game(["converge"])
    g.play("order converge red-submarine")
    assert "choose c4 d5" in g.legal_moves() and "choose d4 d5" not in g.legal_moves()
    g.play("choose d4 d5")
    assert at(g)["blue-submarine"] == "d5"
    assert g.moves[-1] == "choose c4 d5"


def test_each_friendly_ship_is_moved_toward_the_target_ship_after_ship():
    """Converge on red-submarine (h6): blue-submarine first (seat order),
    then blue-destroyer, each along a path of up to 2 boxes ending nearer to
    h6 than it started."""
    g = game(["converge"])
    g.play("order converge red-submarine")
    assert (g.decision, g.to_move) == ("choose", "blue-submarine")
    first = g.legal_moves()
    assert "choose d4 e5" in first and "choose b3" not in first and "choose c2" not in first
    g.play("choose d4 e5")
    second = g.legal_moves()
    assert "choose b2 c3" in second and "choose a2" not in second  # a2 is as far from h6
    g.play("choose b2 c3")
    assert at(g) == {"blue-submarine": "e5", "red-destroyer": "d3", "blue-destroyer": "c3",
                     "red-submarine": "h6"}
    assert g.decision == "main"


def test_every_ship_of_an_area_moves_in_seat_order():
    """Riptide on a1 (a1 to c3): blue-submarine (c3), then blue-destroyer
    (a1); the ships outside the area stay."""
    g = game(["riptide"])
    assert g.ships == ["blue-submarine", "red-destroyer", "blue-destroyer", "red-submarine"]
    g.play("order riptide a1")
    assert g.legal_moves() == ["choose b2", "choose b3", "choose b4", "choose c2", "choose c4",
                               "choose d2", "choose d4"]
    g.play("choose b2")
    assert g.legal_moves() == ["choose a2", "choose b1"]  # b2 is taken now
    g.play("choose b1")
    assert at(g) == {"blue-submarine": "b2", "red-destroyer": "d3", "blue-destroyer": "b1",
                     "red-submarine": "h6"}


def test_one_path_is_taken_unasked_and_a_ship_with_none_is_left():
    """Rammed at d3 with e2 and e4 taken, the destroyer has e3 alone; rammed
    in a corner, none: the ram's damage still lands."""
    g = game(**{"blue-destroyer": {"at": "e2"}, "red-submarine": {"at": "e4"}})
    g.play("ram red-destroyer")
    pass_all(g)
    assert at(g)["red-destroyer"] == "e3" and g.decision == "main"
    g = game(**{"blue-submarine": {"at": "g5"}, "red-destroyer": {"at": "h6"},
                "red-submarine": {"at": "a6"}})
    g.play("ram red-destroyer")
    pass_all(g)
    assert at(g)["red-destroyer"] == "h6" and g.ship("red-destroyer").repairs == 2
    assert g.decision == "main"


def test_a_ship_kept_still_by_a_status_is_not_asked_about():
    """Scatter anchors its own ship, after moving the targets: the second
    target, anchored beforehand, stays; a ship with no free box too."""
    g = game(["scatter"], **{"red-submarine": {"at": "d4", "anchored": True}})
    g.play("order scatter red-destroyer red-submarine")
    assert g.legal_moves() == ["choose e2", "choose e3", "choose e4"]
    g.play("choose e2")
    assert at(g)["red-submarine"] == "d4" and at(g)["red-destroyer"] == "e2"
    assert g.decision == "main"


def test_a_save_and_an_undo_in_the_middle_of_the_moves():
    g = game(["converge"])
    g.play("order converge red-submarine")
    g.play("choose d4 e5")
    saved = g.to_json()
    again = rc.Game.from_json(saved)
    assert again.legal_moves() == g.legal_moves()
    g.undo()
    assert at(g)["blue-submarine"] == "c3"
    assert "choose d4 e5" in g.legal_moves()


def test_the_second_target_swaps_with_the_target():
    g = game(["change_stations"], **{"blue-destroyer": {"at": "c5"}})
    g.play("order change_stations blue-submarine blue-destroyer")
    assert at(g)["blue-submarine"] == "c5" and at(g)["blue-destroyer"] == "c3"


def test_a_path_taken_unasked_sets_its_trigger_off_before_the_next_question():
    """Muster: blue-submarine (1 repair) has one box, b2, with a mine; it
    sinks there before blue-destroyer is asked, and a save, a clone and an
    undo at that question all go on alike."""
    g = scenario_game({**_scenario(["muster"]),
                       "ships": {"blue-submarine": {"at": "a1", "repairs": 1, "breakdowns": 0},
                                 "red-destroyer": {"at": "a2"}, "red-submarine": {"at": "b1"},
                                 "blue-destroyer": {"at": "h6"}},
                       "tokens": [{"token": "mine", "at": "b2", "owner": "red-destroyer"}]})
    g.play("order muster")
    assert g.ship("blue-submarine").sunk and g.score == {"blue": 0, "red": 1}
    assert g.decision == "choose" and "choose g5" in g.legal_moves()
    again, other = rc.Game.from_json(g.to_json()), g.clone()
    for each in (g, again, other):
        each.play("choose g5")
        assert (each.ship("blue-destroyer").position, each.score) == ("g5", {"blue": 0, "red": 1})


def test_a_ship_boxed_in_at_first_is_asked_once_one_before_it_frees_a_box():
    """Muster: blue-destroyer at a1 has no free box until blue-submarine
    leaves b2; then b2 is its one path, taken unasked."""
    g = game(["muster"], **{"blue-submarine": {"at": "b2"}, "blue-destroyer": {"at": "a1"},
                            "red-destroyer": {"at": "a2"}, "red-submarine": {"at": "b1"}})
    g.play("order muster")
    g.play("choose c3")
    assert at(g)["blue-destroyer"] == "b2" and g.decision == "main"


def test_the_ship_a_move_counts_from_never_moves_away_from_itself():
    g = game(["push_all"], **{"blue-destroyer": {"at": "e3"}})
    g.play("order push_all")
    assert g.legal_moves() == ["choose f2", "choose f3", "choose f4"]  # the destroyer's
    g.play("choose f3")
    assert at(g)["blue-submarine"] == "c3" and at(g)["blue-destroyer"] == "f3"


def test_a_move_in_a_mode_another_player_chooses_is_chosen_as_it_resolves():
    """D4.17: the mode is not known when the card is played, so no path is
    written with it; its player chooses it once the mode is chosen."""
    g = game(["ultimatum"])
    g.play("order ultimatum red-destroyer")
    g.play("choose drift")
    assert (g.decision, g.to_move) == ("choose", "blue-submarine")
    assert "choose b2 c1" in g.legal_moves()
    g.play("choose b2 c1")
    assert at(g)["blue-submarine"] == "c1"


@pytest.mark.parametrize("card, error", [
    ("order o { copies 1  target enemy ship  effect move 2 target toward source }",
     "order 'o' acts on the item it answers, so it must be a 'response' (R5.2)"),
    ("order o { copies 1  target area 3x3  effect move 2 each ship in area toward target }",
     "order 'o': a move toward or away from 'target' counts from the card's target ship, and "
     "this card targets a box or an area (D4.20)"),
    ("order o { copies 1  target area 3x3  effect move 1 target }",
     "order 'o' targets an area, not a ship: move its ships with 'move N each ship in area' "
     "(D4.20)"),
])
def test_a_move_with_nothing_to_count_from_is_refused(card, error):
    assert error in dsl_refusal(card + "\ndeck { keep size }\n").reason


@pytest.mark.parametrize("card, lang, said", [
    ("ram", "en", "1 repair damage to the target; the target moves 1 box away from your ship. "
     "Target: an enemy ship. Range 1. Cannot be responded to."),
    ("ram", "es", "-1 reparación al objetivo y el objetivo se mueve 1 casilla alejándose de tu "
     "barco. Objetivo: un barco enemigo. Distancia 1. Sin respuesta."),
    ("ram", "it", "-1 riparazione al bersaglio e il bersaglio si muove di 1 casella "
     "allontanandosi dalla tua nave. Bersaglio: una nave nemica. Distanza 1. Senza risposta."),
    ("converge", "en", "Every friendly ship moves up to 2 boxes toward the target. Target: an "
     "enemy ship. Order card: cannot be responded to."),
    ("converge", "es", "Cada barco aliado se mueve hasta 2 casillas hacia el objetivo. "
     "Objetivo: un barco enemigo. Carta de órdenes: sin respuesta."),
    ("converge", "it", "Ogni nave alleata si muove fino a 2 caselle verso il bersaglio. "
     "Bersaglio: una nave nemica. Carta degli ordini: senza risposta."),
])
def test_the_card_says_where_the_ships_go(card, lang, said):
    assert game().rules.text(card, lang) == said


def test_random_games_with_these_moves_keep_every_invariant(tmp_path):
    failure, usage = fuzz_cards(card_fuzz_rules("en", [CARDS]), games=2, seed=7, out=tmp_path)
    assert failure is None
