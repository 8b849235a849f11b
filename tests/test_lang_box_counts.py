"""Boxes of a kind around a ship (docs/rules.md D2.22): `number of WORD boxes
[within N [of SUBJECT]]`, islands, open or running water, free boxes, start
cards or a token's boxes, on the board of the moment; played in scenarios
with exact values, with its text in three languages and the compiler's
checks.
"""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.rules.exprs import BoxCount, Scope, Subject

from conftest import dsl_refusal, starting

CARDS = """\
token mine { mark "*"  name en "mine" es "mina" (f) it "mina" (f) }
token reef { mark "r"  terrain island  name en "reef" es "arrecife" it "scoglio" }
order shelter_cove { copies 0
    effect regain repair 1 to self;
           regain repair 1 to self if number of island boxes within 1 of self > 0 }
order reef_hunt { copies 0
    effect damage 1 to each enemy ship where number of running boxes within 1 of it >= 2 }
order minesweep { copies 0  usable if number of mine boxes within 2 of self = 0  effect draw 1 }
order open_sea { copies 0  target enemy ship
    effect damage (number of free boxes within 1 of target) to target }
"""

# c3 is an island; d4 and e4 running water
BOARD = """\
........
........
..#.....
...~~...
........
........
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("boxes") / "boxes.rc"
    path.write_text(CARDS)
    return str(path)


def game(cards: str, card: str, blue: str, red: str = "h6", more: str = "") -> rc.Game:
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}]\nboard: |\n{textwrap.indent(BOARD, '  ')}ships:\n"
        f"  blue-submarine: {{at: {blue}, repairs: 1}}\n  red-destroyer: {{at: {red}}}\n"
        f"hands: {{blue-submarine: [{card}]}}\ndeck: [boatswain]\n"
        "turn: blue-submarine\nphase: maneuvers\n" + more)


@pytest.mark.parametrize("at,repairs", [("b2", 3), ("d2", 3), ("e2", 2), ("h1", 2)])
def test_a_ship_next_to_an_island(cards, at, repairs):
    g = game(cards, "shelter_cove", at)
    g.play("order shelter_cove")
    assert g.ship_state("blue-submarine").repairs == repairs


def test_an_island_made_by_a_terrain_token_counts_D2_14(cards):
    g = game(cards, "shelter_cove", "h1", more="tokens: [{token: reef, at: g2, "
                                                "owner: red-destroyer}]\n")
    g.play("order shelter_cove")
    assert g.ship_state("blue-submarine").repairs == 3


@pytest.mark.parametrize("red,hit", [("d5", True), ("c4", False), ("e3", True), ("h6", False)])
def test_the_ships_with_two_boxes_of_running_water_around_them(cards, red, hit):
    """d5 and e3 touch d4 and e4; c4 touches d4 only (its own box is not
    counted, as a ship on e4 would not count e4)."""
    g = game(cards, "reef_hunt", "a6", red)
    g.play("order reef_hunt")
    assert g.ship_state("red-destroyer").repairs == (2 if hit else 3)


def test_a_ships_own_box_is_not_counted(cards):
    g = game(cards, "reef_hunt", "a6", "e4")  # on running water, next to d4 only
    g.play("order reef_hunt")
    assert g.ship_state("red-destroyer").repairs == 3


@pytest.mark.parametrize("mine,usable", [("c2", False), ("d4", True)])
def test_the_boxes_a_token_lies_on(cards, mine, usable):
    g = game(cards, "minesweep", "a1", more=f"tokens: [{{token: mine, at: {mine}, "
                                             "owner: red-destroyer}]\n")
    assert starting(g, "order minesweep") == (["order minesweep"] if usable else [])


def test_free_boxes_around_the_target(cards):
    # around g6: f5, g5, h5, f6, h6; the blue submarine on f6
    g = game(cards, "open_sea", "f6", "g6")
    g.play("order open_sea red-destroyer")
    assert g.ship_state("red-destroyer").repairs == 3 - 4 + 3  # 4 damage: a breakdown spent
    assert g.ship_state("red-destroyer").breakdowns == 2


def test_the_whole_board_and_a_ship_off_the_board_D9_3(cards):
    g = game(cards, "open_sea", "f6", "g6")
    queries = g.engine.queries
    assert BoxCount(("island",)).read(queries, Scope(seat=0)) == 1
    assert BoxCount(("running",)).read(queries, Scope(seat=0)) == 2
    assert BoxCount(("free",)).read(queries, Scope(seat=0)) == 48 - 1 - 2
    g = game(cards, "open_sea", "f6", "g6")
    g.state.ships[1].position = None
    assert BoxCount(("free",), 1, Subject.TARGET).read(g.engine.queries,
                                                         Scope(seat=0, target=1)) == 0


@pytest.mark.parametrize("card,lang,text", [
    ("shelter_cove", "en", "Your ship regains 1 repair; your ship regains 1 repair if there is "
                           "at least 1 island within 1 box of your ship."),
    ("shelter_cove", "es", "Tu barco recupera +1 reparación y tu barco recupera +1 reparación "
                           "si hay al menos 1 islote a distancia 1 como máximo de tu barco."),
    ("shelter_cove", "it", "La tua nave recupera +1 riparazione e la tua nave recupera +1 "
                           "riparazione se c'è almeno 1 isola a distanza 1 al massimo dalla "
                           "tua nave."),
    ("reef_hunt", "en", "1 repair damage to every enemy ship with at least 2 boxes of running "
                        "water within 1 box."),
    ("minesweep", "es", "Robas 1 carta de órdenes. Solo se puede usar si no hay ninguna casilla "
                        "con una ficha de mina a distancia 2 como máximo de tu barco."),
    ("open_sea", "it", "-N riparazioni al bersaglio (N = il numero di caselle libere a "
                       "distanza 1 al massimo dal bersaglio)."),
])
def test_the_text_of_a_count_of_boxes(cards, card, lang, text):
    rules = rc.load_ruleset("en", extra=[cards])
    assert rules.text(card, lang=lang).startswith(text)


@pytest.mark.parametrize("body,reason,suggestion", [
    ("usable if number of island running boxes > 0", "'number of … boxes' counts one kind of "
     "box: island, open, running, free, start or a token's name (`number of island boxes "
     "within 1 of self`)", None),
    ("usable if number of islnd boxes > 0", "'islnd' does not describe a kind of box: island, "
     "open, running, free, start or a token", "island"),
])
def test_a_count_of_boxes_names_one_known_kind(body, reason, suggestion):
    err = dsl_refusal(f"order x {{ copies 0  {body}  effect draw 1 }}")
    assert (err.reason, err.suggestion) == (reason, suggestion)


def test_no_token_is_named_like_a_kind_of_box():
    err = dsl_refusal('token free { mark "*" }\norder x { copies 0  effect draw 1 }')
    assert err.reason == ("token 'free' is named like a kind of box (island, open, running, "
                          "free, start), which a count of boxes would read instead of it: "
                          "give it another name")


@pytest.mark.parametrize("lang,text", [
    ("en", "and only while there is at least 1 island within 1 box of it: its maneuvers' "
           "range is 1 more"),
    ("es", "solo mientras haya al menos 1 islote a distancia 1 como máximo de este barco"),
    ("it", "solo finché c'è almeno 1 isola a distanza 1 al massimo da questa nave"),
])
def test_a_count_around_the_ship_that_has_a_status_names_it(lang, text, tmp_path):
    path = tmp_path / "cove.rc"
    path.write_text("status sheltered { permanent  while number of island boxes within 1 of "
                    "self > 0  modify range +1 }\n")
    said = rc.load_ruleset("en", extra=[str(path)]).status_text("sheltered", lang=lang)
    assert text in said
