"""A response on its own ship (D5.7): a response maneuver with no range and
no target acts on the ship that uses it, answering an item whatever its
distance, and its text says no range."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from conftest import card_file, dsl_refusal, scenario_game

BRACE = """\
status braced {
    this turn  modify damage -1
    name en "braced" es "preparado" it "preparata"
    state en "braced" es "preparado" it "preparata"
}
maneuver brace_for_impact {
    cost 1  response  answers maneuvers
    usable if answered is enemy and answered target is own
    effect status braced on self
    name en "Brace for impact" es "Prepararse para el impacto" it "Prepararsi all'impatto"
}
rules { ship_maneuvers 9 }
patch ship destroyer {
    maneuvers movement repair torpedo orders missile depth_charge shield assault brace_for_impact
}
"""


@pytest.fixture
def brace(tmp_path) -> str:
    return card_file(tmp_path, BRACE)


def attacked(brace: str, at: str = "c3") -> rc.Game:
    """The blue submarine on b2 has just used a torpedo on the red destroyer at ``at``."""
    game = scenario_game(f"""
        edition: en
        extra: [{brace}]
        ships:
          blue-submarine: {{at: b2}}
          red-destroyer: {{at: {at}}}
        turn: blue-submarine
        phase: maneuvers
        """)
    game.play("torpedo red-destroyer")
    return game


def test_a_response_on_its_own_ship_is_listed_without_a_target(brace):
    game = attacked(brace)
    assert (game.to_move, game.decision) == ("red-destroyer", "respond")
    assert "respond brace_for_impact" in game.legal_moves()
    game.play("respond brace_for_impact")
    while game.to_move != "blue-submarine":
        game.play("pass")
    destroyer = game.ship("red-destroyer")
    assert (destroyer.repairs, destroyer.crew["brace_for_impact"]) == (3, 1)  # 1 - 1 damage
    assert destroyer.statuses == ("braced",)


def test_a_response_on_its_own_ship_answers_from_beyond_any_range(brace):
    """The torpedo reaches 2 boxes; the destroyer answers it whatever the distance
    to the submarine, as no range is read."""
    game = attacked(brace, at="d2")
    assert "respond brace_for_impact" in game.legal_moves()


def test_its_usable_if_still_decides_when_it_is_listed(brace):
    game = scenario_game(f"""
        edition: en
        extra: [{brace}]
        ships:
          blue-submarine: {{at: b2}}
          red-destroyer: {{at: c3}}
          blue-destroyer: {{at: a3}}
          red-submarine: {{at: b4}}
        turn: blue-submarine
        phase: maneuvers
        """)
    game.play("torpedo red-submarine")  # not the destroyer's own ship: no brace
    moves = [m for m in game.legal_moves() if "brace" in m]
    assert moves == []


def test_its_text_says_own_ship_and_no_range(brace):
    rules = rc.load_ruleset("en", extra=[brace])
    texts = {lang: rules.text("brace_for_impact", lang=lang) for lang in ("en", "es", "it")}
    assert texts["en"] == (
        "Your ship is braced this turn: each damage it takes is 1 less. Usable only if it "
        "answers a card of an enemy and the ship it targets is your own ship. Own ship only. "
        "Cannot be responded to. Usable as a response to a maneuver.")
    assert all("Range" not in t and "Alcance" not in t and "Distanz" not in t
               and "Gittata" not in t for t in texts.values())


def test_a_response_that_targets_a_ship_still_needs_a_range():
    err = dsl_refusal("maneuver zap {\n    cost 2  response\n    target source\n"
                      "    effect cancel answered\n}\n")
    assert err.reason == "maneuver 'zap' targets a ship but has no range (R4.2)"
