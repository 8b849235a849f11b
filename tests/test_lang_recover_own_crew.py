"""A maneuver never takes back its own crew (D6.7): its ``recover_crew``
brings crew back from the ship's other maneuvers and withdrawn pile, so a
maneuver is never used again before its ship recovers (R4.1)."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from conftest import card_file, scenario_game

CARDS = """\
rules { ship_maneuvers 9 }
maneuver quartermaster { cost 1  effect draw 1; recover_crew 1 to self }
patch ship destroyer {
    maneuvers movement repair torpedo orders missile depth_charge shield assault quartermaster
}
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> str:
    return card_file(tmp_path_factory.mktemp("own_crew"), CARDS)


def game(cards: str, destroyer: str) -> rc.Game:
    return scenario_game(f"""
        edition: en
        extra: [{cards}]
        ships:
          blue-destroyer: {{{destroyer}}}
          red-submarine: {{at: g5}}
        deck: [ambush, evasion, captain, mechanic]
        turn: blue-destroyer
        phase: maneuvers
        """)


def test_with_nothing_else_out_nothing_comes_back(cards):
    g = game(cards, "at: b2")
    g.play("quartermaster")
    destroyer = g.ship("blue-destroyer")
    assert (destroyer.reserve, destroyer.crew["quartermaster"]) == (5, 1)
    assert "quartermaster" not in g.legal_moves()  # used until its ship recovers (R4.1)


def test_the_crew_comes_back_from_another_maneuver_without_a_question(cards):
    g = game(cards, "at: b2, reserve: 4, crew_on: {torpedo: 2}")
    g.play("quartermaster")
    destroyer = g.ship("blue-destroyer")
    assert g.decision == "main"  # one source left: taken without asking
    assert (destroyer.reserve, destroyer.crew["torpedo"], destroyer.crew["quartermaster"]) == (
        4, 1, 1)


def test_the_choice_leaves_the_maneuver_resolving_out(cards):
    g = game(cards, "at: b2, reserve: 3, crew_on: {torpedo: 2}, withdrawn: 1")
    g.play("quartermaster")
    assert g.legal_moves() == ["recover torpedo", "recover withdrawn"]
