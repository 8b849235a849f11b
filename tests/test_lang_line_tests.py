"""A ship on the straight lines from another (D2.10) as a condition:
``SUBJECT is [not] in line|row|column|diagonal [within N] [of SUBJECT]``,
in a target filter and after an effect, read as the lines of a set are
(cut at islands, never by a ship), said in three languages."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from conftest import card_file, dsl_refusal, pass_all, scenario_game

CARDS = """\
maneuver plunging_fire {
    cost 2  range 4
    target enemy ship where it is in column of self
    effect damage 1 to target
}
maneuver broadside_fire {
    cost 2  range 4
    effect damage 2 to target if target is in row within 2 of self;
           damage 1 to target if target is not in row within 2 of self
}
patch ship destroyer {
    maneuvers movement repair torpedo orders missile depth_charge plunging_fire broadside_fire
}
"""

BOARD = """\
  ........
  ........
  ...#....
  ........
  ........
  ........
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> str:
    return card_file(tmp_path_factory.mktemp("lines"), CARDS)


def game(cards: str, submarine: str, carrier: str = "h6") -> rc.Game:
    """2v2: the blue destroyer on d1 (its column runs down to the island on
    d3), the red submarine and aircraft carrier where given."""
    return scenario_game(f"edition: en\nextra: [{cards}]\nboard: |\n{BOARD}ships:\n"
                         f"  blue-destroyer: {{at: d1}}\n  red-submarine: {{at: {submarine}}}\n"
                         f"  blue-submarine: {{at: a6}}\n"
                         f"  red-aircraft_carrier: {{at: {carrier}}}\n"
                         "turn: blue-destroyer\nphase: maneuvers\n")


def test_a_target_filter_keeps_the_ships_on_its_lines(cards):
    g = game(cards, submarine="d2", carrier="f1")  # d2 in the column, f1 in the row
    assert [m for m in g.legal_moves() if m.startswith("plunging_fire")] == [
        "plunging_fire red-submarine"]


def test_an_island_cuts_a_line(cards):
    g = game(cards, submarine="d4", carrier="f1")  # d4 behind the island on d3
    assert [m for m in g.legal_moves() if m.startswith("plunging_fire")] == []


@pytest.mark.parametrize("box,repairs", [("f1", 1), ("g1", 2), ("e2", 2)])
def test_a_condition_reads_the_row_within_its_reach(cards, box, repairs):
    """f1: in the row, 2 boxes away (2 damage); g1: in the row, 3 away, and
    e2: on a diagonal (1 damage each)."""
    g = game(cards, submarine=box)
    g.play("broadside_fire red-submarine")
    pass_all(g)
    assert g.ship("red-submarine").repairs == repairs


@pytest.mark.parametrize("lang,text", [
    ("en", "1 repair damage to the target. Target: an enemy ship in the column of your ship."),
    ("es", "-1 reparación al objetivo. Objetivo: un barco enemigo en la columna de tu barco."),
    ("it", "-1 riparazione al bersaglio. Bersaglio: una nave nemica nella colonna della tua "
           "nave."),
])
def test_the_filter_in_three_languages(cards, lang, text):
    assert rc.load_ruleset("en", extra=[cards]).text("plunging_fire", lang=lang).startswith(
        text)


def test_the_condition_and_its_negation_in_its_text(cards):
    assert rc.load_ruleset("en", extra=[cards]).text("broadside_fire").startswith(
        "2 repair damage to the target if it is in the row of your ship within 2 boxes; 1 "
        "repair damage to the target if it is not in the row of your ship within 2 boxes.")


@pytest.mark.parametrize("usable,reason", [
    ("self is in line of self",
     "'self is in line of self' asks whether a ship is on its own lines, and none is "
     "(D2.10): test another ship (`target is in line of self`)"),
    ("enemy is in row of self",
     "'in row' tests ships, and 'enemy' names none: write self, target, source, it or "
     "answered target (`target is in row of self`)"),
])
def test_a_line_test_is_between_two_ships(usable, reason):
    err = dsl_refusal(f"order o {{ copies 0  usable if {usable}  effect draw 1 }}\n")
    assert err.reason == reason


def test_a_status_while_cannot_test_its_ships_lines():
    err = dsl_refusal("status s { permanent  while self is in row of it  modify range +1 }\n"
                      "order x { copies 0  effect status s on self }")
    assert err.reason == ("status 's': 'while' reads its own ship only, and no ship is in its "
                          "own sight or on its own lines (D2.21, D2.10); test them in an aura "
                          "('affects each enemy ship where self is in sight of it')")


@pytest.mark.parametrize("lang,said", [
    ("en", "N = the number of enemy ships out of the row of your ship"),
    ("es", "N = el número de barcos enemigos fuera de la fila de tu barco"),
    ("it", "N = il numero di navi nemiche fuori dalla fila della tua nave"),
])
def test_a_negated_line_test_follows_the_noun_of_a_count(lang, said):
    rules = rc.load_source("order tally { copies 1\n    effect draw (number of enemy ships "
                           "where it is not in row of self) }\ndeck { keep size }\n", "en")
    assert said in rules.text("tally", lang)
