"""Control cards of any size (R1.5, D1.5): a ship type lists from 1 maneuver
up to the rule option ``ship_maneuvers``, and raising the option gives one
ship type more without adding any to the others."""

from __future__ import annotations

import random

import pytest

import redcode_rules as rc
from conftest import card_file, play_checking_invariants, scenario_game

NINTH = """\
rules { ship_maneuvers 9 }
maneuver depth_sweep {
    cost 2  range 2
    effect damage 1 to target
}
patch ship destroyer {
    maneuvers movement repair torpedo orders missile depth_charge shield assault depth_sweep
}
"""

CUTTER = """\
ship cutter {
    repairs 2  breakdowns 1  crew 5
    maneuvers movement repair torpedo orders shield
    letter k
}
"""


@pytest.fixture
def ninth(tmp_path) -> str:
    return card_file(tmp_path, NINTH)


def test_a_ninth_maneuver_goes_on_one_control_card_only(ninth):
    rules = rc.load_ruleset("en", extra=[ninth])
    assert len(rules.ships["destroyer"].maneuvers) == 9
    assert [len(rules.ships[t].maneuvers) for t in ("submarine", "aircraft_carrier")] == [8, 8]
    assert rules.options.ship_maneuvers == 9


def test_the_ninth_maneuver_is_listed_and_played_with_its_crew(ninth):
    game = scenario_game(f"""
        edition: en
        extra: [{ninth}]
        ships:
          blue-destroyer: {{at: b2}}
          red-submarine: {{at: c3}}
        turn: blue-destroyer
        phase: maneuvers
        """)
    assert [m for m in game.legal_moves() if m.startswith("depth_sweep")] == [
        "depth_sweep blue-destroyer", "depth_sweep red-submarine"]
    game.play("depth_sweep red-submarine")
    destroyer = game.ship("blue-destroyer")
    assert (destroyer.reserve, destroyer.crew["depth_sweep"]) == (4, 2)
    assert game.ship("red-submarine").repairs == 2
    assert list(game.ship("red-submarine").crew) == list(
        game.rules.ships["submarine"].maneuvers)


def test_a_scenario_puts_crew_on_the_ninth_maneuver_and_saves_it(ninth):
    game = scenario_game(f"""
        edition: en
        extra: [{ninth}]
        ships:
          blue-destroyer: {{at: b2, reserve: 4, crew_on: {{depth_sweep: 2}}}}
          red-submarine: {{at: c3}}
        turn: blue-destroyer
        phase: maneuvers
        """)
    assert not any(m.startswith("depth_sweep") for m in game.legal_moves())  # R4.1: in use
    assert rc.Game.from_json(game.to_json()) == game
    assert "crew_on: {depth_sweep: 2}" in game.to_scenario()


@pytest.mark.parametrize("seed", [1, 2])
def test_games_with_control_cards_of_different_sizes_keep_every_invariant(tmp_path, seed):
    nine = rc.load_ruleset("en", extra=[card_file(tmp_path, NINTH, "nine.rc")])
    five = rc.load_ruleset("en", extra=[card_file(tmp_path, CUTTER, "five.rc")])
    for rules, teams in ((nine, None), (five, [["cutter"], ["destroyer"]])):
        game = rc.new_game(rules, seed=seed, placement="fixed",
                           **({"teams": teams} if teams else {}))
        play_checking_invariants(game, seed, 300)
        assert len(game.moves) == 300 or game.is_over
        assert rc.Game.from_json(game.to_json()) == game


def test_a_smaller_control_card_is_a_ship_type_of_its_own(tmp_path):
    rules = rc.load_ruleset("en", extra=[card_file(tmp_path, CUTTER)])
    assert rules.ships["cutter"].maneuvers == ("movement", "repair", "torpedo", "orders",
                                                "shield")
    game = rc.new_game(rules, seed=4, placement="fixed", teams=[["cutter"], ["destroyer"]])
    rnd = random.Random(4)
    while not game.is_over and len(game.moves) < 120:
        legal = game.legal_moves()
        if game.to_move == "blue-cutter" and game.decision == "main":
            heads = {m.split()[0] for m in legal}
            assert heads <= {"movement", "repair", "torpedo", "orders", "shield", "end",
                             "order"}
        game.play(rnd.choice(legal))
    assert game.ship("blue-cutter").maneuvers == rules.ships["cutter"].maneuvers


ADDED = """\
rules { ship_maneuvers 9 }
maneuver depth_sweep { cost 2  range 2  effect damage 1 to target }
patch ship destroyer { maneuvers + depth_sweep }
patch ship submarine { maneuvers - floating_mine }
"""


def test_a_patch_adds_or_takes_off_maneuvers_and_keeps_the_others(tmp_path):
    rules = rc.load_ruleset("en", extra=[card_file(tmp_path, ADDED)])
    assert rules.ships["destroyer"].maneuvers == (
        "movement", "repair", "torpedo", "orders", "missile", "depth_charge", "shield",
        "assault", "depth_sweep")
    assert rules.ships["submarine"].maneuvers == (
        "movement", "repair", "torpedo", "orders", "immersion", "countermeasure",
        "heavy_torpedo")


def test_two_files_that_each_add_a_maneuver_both_add_it(tmp_path):
    first = card_file(tmp_path, ADDED, "first.rc")
    second = card_file(tmp_path, "maneuver flare { cost 1  effect draw 1 }\n"
                       "rules { ship_maneuvers 10 }\n"
                       "patch ship destroyer { maneuvers + flare }\n", "second.rc")
    rules = rc.load_ruleset("en", extra=[first, second])
    assert rules.ships["destroyer"].maneuvers[-2:] == ("depth_sweep", "flare")


@pytest.mark.parametrize("text,reason", [
    ("patch ship destroyer { maneuvers + torpedo }",
     "ship 'destroyer' has maneuver 'torpedo' already"),
    ("patch ship destroyer { maneuvers - radar }",
     "ship 'destroyer' has no maneuver 'radar' to take off; it has movement, repair, torpedo, "
     "orders, missile, depth_charge, shield, assault"),
    ("ship x { repairs 3 breakdowns 3 crew 6 maneuvers + torpedo }",
     "'maneuvers + torpedo' changes the control card of a ship type of the files below, in a "
     "patch; a new ship type lists its maneuvers ('maneuvers movement repair torpedo orders …')"),
])
def test_a_change_of_maneuvers_is_checked_against_the_files_below(text, reason):
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text + "\n", "x.rc")
    assert info.value.reason == reason
